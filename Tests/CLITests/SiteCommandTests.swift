import Foundation
import Testing

/// `render`'s site: on by default, `--no-site` and `--only site`, the
/// cache's files.
@Suite(.serialized) struct SiteCommandTests {
    @Test func theSiteIsMadeByDefaultAndLeftOutWithNoSite() throws {
        let book = try RenderCommandTests.Book()
        try book.add("a", date: "2022-08-27", memo: "<b>memo</b>")
        let plain = try Tool.run(["render", book.root, "--cache", book.cache, "--today", "2022-08-30", "--progress", "none"])
        #expect(plain.status == 0, "\(plain.stderr)")
        for file in ["index.html", "site/style.css", "site/site.js", "site/entries/a.html", "site/days/2022-08-27.html",
                     "site/months/2022-08.html", "site/book/gallery-001.html", "site/years/2022.html"] {
            #expect(book.files().contains(file), "\(file)")
        }
        let page = try String(contentsOfFile: book.cache + "/site/entries/a.html", encoding: .utf8)
        #expect(page.contains("&lt;b&gt;memo&lt;/b&gt;") && page.contains("src=\"../../tickets/a/front.webp\""))

        let other = try RenderCommandTests.Book()
        try other.add("a", date: "2022-08-27")
        let noSite = try Tool.run(["render", other.root, "--cache", other.cache, "--no-site", "--progress", "none"])
        #expect(noSite.status == 0, "\(noSite.stderr)")
        #expect(!other.files().contains { $0 == "index.html" || $0.hasPrefix("site/") })
        #expect(other.files().contains("books/gallery-001.jpg"))
        // --only site: pages, without images of kinds not made.
        let only = try Tool.run(["render", other.root, "--cache", other.cache, "--only", "site", "--dry-run"])
        #expect(only.stdout.contains("render index.html") && only.stdout.contains("render site/entries/a.html"))
        #expect(!only.stdout.contains("render tickets/"))
    }

    @Test(arguments: [["--only", "site", "--no-site"], ["--only", "sites"], ["--only", "shares,"], ["--only", "days,,site"]] + [
        "example.com", "ftp://example.com/", "https://", "https:///path", "https://exa mple.com/",
        "https://example.com/?q=1", "https://example.com/#top", "javascript:alert(1)", "https://x/\"><b>",
        "https://@/", "//example.com/",
    ].map { ["--site-url", $0] })
    func usageErrors(_ extra: [String]) throws {
        let r = try Tool.run(["render", "/nonexistent-folder", "--cache", "/tmp/pr-unused"] + extra)
        #expect(r.status == 2, "\(r.stderr)")
        if extra.first == "--site-url" { #expect(r.stderr.contains("--site-url: "), "\(r.stderr)") }
        if extra.last?.contains(",") == true { #expect(r.stderr.contains("not an empty word"), "\(r.stderr)") }
    }

    /// A URL `--site-url` refuses is exit 2, before anything is read, with
    /// what is wrong and where (`SiteURLTests` holds every rule).
    @Test(arguments: [
        ("https://example.com:70000/", "--site-url: port 70000 is outside 1-65535"),
        ("https://[1::2::3]/", "--site-url: the IPv6 address '[1::2::3]' has more than one '::'"),
        ("https://example.com/my\u{A0}book/", "--site-url: a space character U+00A0 at character 23"),
        ("https://example.com/\u{2028}", "--site-url: a space character U+2028 at character 21"),
        ("https://example.com/\u{3000}", "--site-url: a space character U+3000 at character 21"),
        ("https://example.com/a%zz/", "--site-url: '%zz' at character 22 is not a percent-escape"),
        ("https://me:secret@example.com/", "--site-url: a user name or password (the '@' at character 18)"),
        ("https://example.com/?x=1", "--site-url: a query (the '?' at character 21)"),
    ])
    func aSiteURLIsRefusedWithWhatAndWhere(_ url: String, _ message: String) throws {
        let book = try RenderCommandTests.Book()
        try book.add("a", date: "2022-08-27")
        let r = try Tool.run(["render", book.root, "--cache", book.cache, "--site-url", url])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: book.cache), "a usage error touches no cache")
    }

    /// An accepted URL is written in one spelling: the link previews use
    /// it whatever case, default port or brackets it was given in.
    @Test func theSiteURLIsWrittenInOneSpelling() throws {
        let book = try RenderCommandTests.Book()
        try book.add("a", date: "2022-08-27")
        let r = try Tool.run(["render", book.root, "--cache", book.cache, "--only", "site", "--progress", "none",
                              "--site-url", "HTTPS://[2001:DB8:0:0:0:0:0:1]:443/티켓"])
        #expect(r.status == 0, "\(r.stderr)")
        let page = try String(contentsOfFile: book.cache + "/site/entries/a.html", encoding: .utf8)
        #expect(page.contains("<meta property=\"og:url\" content=\"https://[2001:db8::1]/%ED%8B%B0%EC%BC%93/site/entries/a.html\">"),
                "\(page)")
    }

    /// `--site-url` adds link previews with absolute URLs to entry and year
    /// pages, and is part of their keys; without it no page, script or
    /// style sheet holds an absolute URL.
    @Test func theSiteURLAddsLinkPreviewsAndNothingElseIsAbsolute() throws {
        let book = try RenderCommandTests.Book()
        try book.add("a", date: "2022-08-27", memo: "first line")
        // Settled at once, as a diary's files are by its cron run: a clean
        // run leaves the mark that finds an unchanged book by stat alone,
        // and the address must be part of it.
        let settled = ["PHOTICASE_SETTLE_SECONDS": "0"]
        func render(_ extra: [String] = []) throws -> Tool.Result {
            try Tool.run(["render", book.root, "--cache", book.cache, "--today", "2022-08-30", "--progress", "none"] + extra,
                         environment: settled)
        }
        let plain = try render()
        #expect(plain.status == 0, "\(plain.stderr)")
        var site = book.files().filter { $0 == "index.html" || $0.hasPrefix("site/") }
        #expect(site.contains("site/search.html") && site.contains("site/search/2022.js") && site.contains("site/search.js"))
        for file in site {
            let text = try String(contentsOfFile: book.cache + "/" + file, encoding: .utf8)
            #expect(!text.contains("http://") && !text.contains("https://") && !text.contains("og:"), "\(file)")
        }
        #expect(try render().stdout.contains("rendered 0,"))
        let shared = try render(["--site-url", "HTTPS://tickets.example.com:8443/my%20book"])
        #expect(shared.status == 0, "\(shared.stderr)")
        // The address is in the entry, year and home pages' keys: they are
        // written again; the entry's shares and the year gain their link
        // previews (1200×630).
        #expect(shared.stdout.contains("rendered 5,"), "\(shared.stdout)")
        #expect(book.files().contains("tickets/a/link.jpg") && book.files().contains("years/2022-link.jpg"))
        let entry = try String(contentsOfFile: book.cache + "/site/entries/a.html", encoding: .utf8)
        let base = "https://tickets.example.com:8443/my%20book/"
        #expect(entry.contains("<meta property=\"og:image\" content=\"\(base)tickets/a/link.jpg\">"))
        #expect(entry.contains("<meta property=\"og:url\" content=\"\(base)site/entries/a.html\">"))
        #expect(entry.contains("<meta property=\"og:title\" content=\"a\">"))
        let year = try String(contentsOfFile: book.cache + "/site/years/2022.html", encoding: .utf8)
        #expect(year.contains("<meta property=\"og:image\" content=\"\(base)years/2022-link.jpg\">"))
        let home = try String(contentsOfFile: book.cache + "/index.html", encoding: .utf8)
        #expect(home.contains("<meta property=\"og:image\" content=\"\(base)years/2022-link.jpg\">"))
        site = book.files().filter { $0 == "index.html" || $0.hasPrefix("site/") }
        for file in site where !["site/entries/a.html", "site/years/2022.html", "index.html"].contains(file) {
            let text = try String(contentsOfFile: book.cache + "/" + file, encoding: .utf8)
            #expect(!text.contains("https://"), "\(file)")
        }
        let again = try render(["--site-url", "HTTPS://tickets.example.com:8443/my%20book"])
        #expect(again.stdout.contains("rendered 0,"), "\(again.stdout)")
        // Without it again, the previews go, and their images.
        let dropped = try render()
        #expect(dropped.stdout.contains("rendered 3,") && dropped.stdout.contains("removed 2 "), "\(dropped.stdout)")
        #expect(!book.files().contains("tickets/a/link.jpg") && !book.files().contains("years/2022-link.jpg"))
        for file in book.files() where file == "index.html" || file.hasPrefix("site/") {
            let text = try String(contentsOfFile: book.cache + "/" + file, encoding: .utf8)
            #expect(!text.contains("https://") && !text.contains("og:"), "\(file)")
        }
    }

    @Test func helpNamesTheSite() throws {
        let help = try Tool.run(["render", "--help"]).stdout
        #expect(help.contains("--no-site") && help.contains("--site-url URL"))
        for kind in ["tickets", "shares", "days", "months", "books", "years", "site"] {
            #expect(help.contains("\n                          \(kind) "), "\(kind) is not listed under --only")
        }
    }
}
