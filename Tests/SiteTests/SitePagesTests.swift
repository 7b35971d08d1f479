import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite
import PhotiCaseRaster

/// Whole pages from a book with hostile text: what they show, that no
/// text becomes markup, and that they depend on the entries alone.
@Suite struct SitePagesTests {
    static let hostileTitle = #"<b>헤어질</b> &lt;결심&gt; "따옴표" & 'it' <script>alert(1)</script>"#
    static let hostileMemo = "첫 줄 </p><img src=x onerror=alert(1)>\n\n\"둘째\" 단락 & <b>굵게</b>"

    static func entries() -> [Entry] {
        var a = Entry(id: "2022/08/decision", folder: "/book/a", title: hostileTitle, date: CalendarDate("2022-08-27")!,
                      rating: 4.5, kind: .movie, director: "박찬욱 <i>", year: 2022,
                      friends: ["민수\" onclick=\"x", "<지영>"], memo: hostileMemo)
        a.author = nil
        let b = Entry(id: "b", folder: "/book/b", title: "아몬드", date: CalendarDate("2022-08-20")!, rating: 0.5,
                      kind: .book, director: "손원평")
        let c = Entry(id: "c 100%", folder: "/book/c", title: "🎬🍿 영화의 밤", date: CalendarDate("2023-01-02")!,
                      rating: 3, kind: .other, friends: ["민수"])
        return [a, b, c]
    }

    /// The test book with its faces, tickets and day thumbnails
    /// (`TestRegistry`), or with no image at all.
    static func input(_ entries: [Entry] = entries(), only images: Bool = true) -> SiteInput {
        let links = SiteLinks(entryName: encode, placements: images ? TestRegistry.tickets + TestRegistry.days : [])
        return SiteInput(entries: entries, today: CalendarDate("2022-08-30")!,
                         months: [MonthKey(year: 2022, month: 8), MonthKey(year: 2022, month: 9),
                                  MonthKey(year: 2022, month: 10), MonthKey(year: 2022, month: 11),
                                  MonthKey(year: 2022, month: 12), MonthKey(year: 2023, month: 1)],
                         pageSize: 2, theme: Theme(), sizes: .standard, links: links)
    }

    /// A stand-in for the cache's id encoding: `/`, `%` and space escaped.
    @Sendable static func encode(_ id: String) -> String {
        id.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
            .replacingOccurrences(of: " ", with: "%20")
    }

    static func rendered(_ input: SiteInput = input()) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Site(input).pages().map { ($0.path.relative, String(decoding: $0.render(), as: UTF8.self)) })
    }

    @Test func theSiteHasEveryKindOfPage() {
        let pages = Self.rendered()
        for path in ["index.html", "site/style.css", "site/site.js", "site/months/2022-08.html",
                     "site/months/2023-01.html", "site/days/2022-08-27.html", "site/entries/2022%2F08%2Fdecision.html",
                     "site/entries/c%20100%25.html", "site/book/gallery-001.html", "site/book/gallery-002.html",
                     "site/book/list-002.html", "site/book/timeline-2022.html", "site/book/timeline-2023.html",
                     "site/years/index.html", "site/years/2023.html", "site/search.html", "site/search.js",
                     "site/search/2022.js", "site/search/2023.js"] {
            #expect(pages[path] != nil, "\(path)")
        }
        #expect(pages["site/book/gallery-003.html"] == nil)
        // Style and script, months and home, days, entries, the book's
        // pages, timelines, the years' index, years, search and its
        // script, a search index per year.
        #expect(pages.count == 3 + 6 + 3 + 3 + 4 + 2 + 1 + 2 + 2 + 2)
    }

    /// A title with an unbalanced right-to-left override is isolated in the
    /// page's `<title>`, so the browser's tab does not turn the site's name
    /// round with it; a plain title is written as it is.
    @Test func aTitleWithBidiControlsIsIsolatedInTheTabTitle() throws {
        var entries = Self.entries()
        entries[1].title = "abc\u{202E}def"
        let pages = Self.rendered(Self.input(entries))
        let page = try #require(pages["site/entries/b.html"])
        #expect(page.contains("<title>\u{2068}abc\u{202E}def\u{2069} · 티켓북</title>"))
        let plain = try #require(pages["site/entries/c%20100%25.html"])
        #expect(plain.contains("<title>🎬🍿 영화의 밤 · 티켓북</title>"))
    }

    @Test func hostileTextIsShownAsText() throws {
        let page = try #require(Self.rendered()["site/entries/2022%2F08%2Fdecision.html"])
        // The title: search-API tags removed, entities decoded, then escaped.
        let shown = "헤어질 &lt;결심&gt; &quot;따옴표&quot; &amp; &#39;it&#39; &lt;script&gt;alert(1)&lt;/script&gt;"
        #expect(page.contains("<h1 dir=\"auto\">\(shown)</h1>"))
        #expect(page.contains("<title>\(shown) · 티켓북</title>"))
        #expect(page.contains("alt=\"\(shown) 티켓 앞면\""))
        #expect(page.contains("첫 줄 &lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(page.contains("&quot;둘째&quot; 단락 &amp; &lt;b&gt;굵게&lt;/b&gt;"))
        #expect(page.contains("민수&quot; onclick=&quot;x") && page.contains("&lt;지영&gt;"))
        #expect(page.contains("박찬욱 &lt;i&gt;"))
        for (path, page) in Self.rendered() {
            #expect(!page.contains("<script>alert") && !page.contains("<img src=x") && !page.contains("<b>")
                    && !page.contains("<i>") && !page.contains(" onclick=\""))
            // site.js on every page; the search page adds its indexes and script.
            let scripts = page.components(separatedBy: "<script").count - 1
            #expect(scripts <= (path == "site/search.html" ? 1 + 2 + 1 : 1), "\(path)")
        }
    }

    @Test func idsReachURLsAsEncodedFileNames() throws {
        let pages = Self.rendered()
        let day = try #require(pages["site/days/2022-08-27.html"])
        #expect(day.contains("href=\"../../site/entries/2022%252F08%252Fdecision.html\""))
        #expect(day.contains("src=\"../../tickets/2022%252F08%252Fdecision/front.webp\""))
        let home = try #require(pages["index.html"])
        #expect(home.contains("href=\"site/days/2022-08-27.html\"") && home.contains("src=\"days/2022-08-27.jpg\""))
        #expect(pages["site/years/2023.html"]?.contains("href=\"../../site/entries/c%2520100%2525.html\"") == true)
    }

    @Test func everyPageIsADocumentInKoreanWithOneH1() {
        for (path, page) in Self.rendered() where path.hasSuffix(".html") {
            #expect(page.hasPrefix("<!doctype html>\n<html lang=\"ko\">"), "\(path)")
            #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"), "\(path)")
            #expect(page.components(separatedBy: "<h1").count == 2, "\(path)")
            #expect(!page.contains("http://") && !page.contains("https://"), "\(path)")
            #expect(!page.unicodeScalars.contains("\u{0}"), "\(path)")
        }
    }

    @Test func theNavigationCallsOnlyThePageItselfTheCurrentPage() throws {
        let pages = Self.rendered()
        // The home page is the calendar link's target; a day's page is in
        // the calendar's section but is not that page.
        let home = try #require(pages["index.html"])
        let day = try #require(pages["site/days/2022-08-27.html"])
        let gallery = try #require(pages["site/book/gallery-001.html"])
        let list2 = try #require(pages["site/book/list-002.html"])
        #expect(home.contains(#"aria-current="page">달력</a>"#))
        #expect(day.contains(#"aria-current="true">달력</a>"#))
        #expect(!day.contains(#"aria-current="page">달력"#))
        #expect(gallery.contains(#"aria-current="page">갤러리</a>"#))
        #expect(list2.contains(#"aria-current="true">목록</a>"#))
    }

    @Test func imagesAreLeftOutWhenTheirKindIsNotMade() throws {
        let pages = Self.rendered(Self.input(only: false))
        let entry = try #require(pages["site/entries/b.html"])
        #expect(!entry.contains("<img") && !entry.contains("이미지 내려받기") && !entry.contains(" download"))
        #expect(!(pages["index.html"] ?? "").contains("<img"))
    }

    @Test func pagesDependOnTheEntriesAloneNotTheirOrder() {
        let once = Self.rendered()
        #expect(Self.rendered(Self.input(Self.entries().reversed())) == once)
        #expect(Self.rendered() == once)
    }

    @Test func entryPagesLinkTheirNeighboursInDiaryOrder() throws {
        let page = try #require(Self.rendered()["site/entries/2022%2F08%2Fdecision.html"])
        #expect(page.contains("rel=\"prev\" href=\"../../site/entries/b.html\""))
        #expect(page.contains("rel=\"next\" href=\"../../site/entries/c%2520100%2525.html\""))
    }

    @Test func theStyleSheetHasBothSchemesInTheThemesColours() throws {
        let css = try #require(Self.rendered()["site/style.css"])
        #expect(css.hasPrefix(":root {\n  color-scheme: light dark;\n  --bg: #fbf7f0;"))
        #expect(!css.contains("@import") && !css.contains("url("))
        let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark) {\n  :root {\n    --bg: #"))
        let darkBG = SiteStyle.hex(SitePalette(theme: Theme(), scheme: .dark).bg)
        #expect(css[dark.upperBound...].hasPrefix(darkBG.dropFirst()))
        #expect(darkBG != "#fbf7f0")
    }
}
