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

    @Test(arguments: [["--only", "site", "--no-site"], ["--only", "sites"]])
    func usageErrors(_ extra: [String]) throws {
        let r = try Tool.run(["render", "/nonexistent-folder", "--cache", "/tmp/pr-unused"] + extra)
        #expect(r.status == 2, "\(r.stderr)")
    }

    @Test func helpNamesTheSite() throws {
        let help = try Tool.run(["render", "--help"]).stdout
        #expect(help.contains("--no-site"))
        for kind in ["tickets", "days", "months", "books", "years", "site"] {
            #expect(help.contains("\n                          \(kind) "), "\(kind) is not listed under --only")
        }
    }
}
