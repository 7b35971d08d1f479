import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// The pagers a day, a month and the book's order page their entries in,
/// one entry a page: what they hold and what works without script.
@Suite struct EntryPagerTests {
    /// `count` entries on 2022-08-20, rated so their thumbnail order (best
    /// first) is the reverse of their titles' order.
    static func day(_ count: Int) -> [Entry] {
        (0..<count).map { i in
            Entry(id: "e\(i)", folder: "/book/e\(i)", title: "기록 \(i)", date: CalendarDate("2022-08-20")!,
                  rating: Double(i % 11) / 2, kind: .movie)
        }
    }

    static func page(_ path: String, _ entries: [Entry]) throws -> String {
        try #require(SitePagesTests.rendered(SitePagesTests.input(entries))[path])
    }

    /// The `id`s of a pager's pages and the entry page each links, in order.
    static func slides(_ html: String) -> [(id: String, link: String)] {
        html.matches(of: /<li class="slide" id="([^"]+)"><a class="card tile" href="([^"]+)"/).map { (String($0.1), String($0.2)) }
    }

    @Test func aDayOfSeveralEntriesIsOnePagerInThumbnailOrder() throws {
        let entries = Self.day(3)
        let html = try Self.page("site/days/2022-08-20.html", entries)
        #expect(html.components(separatedBy: "<section class=\"entry-pager").count - 1 == 1)
        // A pager at a phone's width, a grid of the cards from a desktop's.
        #expect(html.contains("<section class=\"entry-pager narrow-paged\" aria-label=\"이날의 기록\">"))
        let style = try #require(SitePagesTests.rendered(SitePagesTests.input(entries))["site/style.css"])
        #expect(style.contains("@media (max-width: 859px) {\n  .narrow-paged .pager-track { display: flex;"))
        let order = EntryOrder.sorted(entries).map { "../../site/entries/\($0.id).html" }
        #expect(Self.slides(html).map(\.link) == order)
        #expect(Self.slides(html).map(\.id) == ["entry-1", "entry-2", "entry-3"])
        // No more tiles besides; made focusable by the script where it
        // pages, so a keyboard scrolls it.
        #expect(html.contains("<ul class=\"pager-track tiles\" aria-label=\"이날의 기록 3개\">"))
        // Links and the page's neighbours work without script; the control
        // is the script's to show.
        #expect(html.contains("<div class=\"page-control\" hidden>"))
        #expect(html.components(separatedBy: "class=\"dot\"").count - 1 == 3)
        #expect(html.contains("aria-label=\"1번째 기록: \(SiteText.title(EntryOrder.sorted(entries)[0]))\" aria-current=\"true\""))
        #expect(html.contains("<span class=\"sr-only page-status\" aria-live=\"polite\"></span>"))
    }

    @Test func manyEntriesCountInsteadOfDotsAndOneNeedsNoControl() throws {
        let many = try Self.page("site/days/2022-08-20.html", Self.day(EntryPager.maxDots + 1))
        #expect(!many.contains("class=\"dot\"") && many.contains("<span class=\"page-count\" aria-hidden=\"true\">1 / 11</span>"))
        let ten = try Self.page("site/days/2022-08-20.html", Self.day(EntryPager.maxDots))
        #expect(ten.components(separatedBy: "class=\"dot\"").count - 1 == 10 && !ten.contains("page-count"))
        let one = try Self.page("site/days/2022-08-20.html", Self.day(1))
        #expect(Self.slides(one).count == 1 && !one.contains("page-control"))
    }

    @Test func theBooksOrderAndAMonthPageOnTouchScreens() throws {
        let gallery = try Self.page("site/book/gallery-001.html", SitePagesTests.entries())
        // The ranked grid itself pages on a touch screen, focusable by script.
        #expect(gallery.contains("<section class=\"entry-pager touch-paged\" aria-label=\"갤러리 1쪽\"><ol class=\"pager-track tiles ranked\" aria-label=\"갤러리 1쪽 2개\">"))
        #expect(Self.slides(gallery).count == 2 && gallery.contains("<span class=\"rank\">#1</span>"))
        let month = try Self.page("site/months/2022-08.html", SitePagesTests.entries())
        #expect(month.contains("<section class=\"entry-pager touch-paged touch-only\" aria-label=\"이달의 기록\">"))
        // August's entries by day, each day in thumbnail order, then the list of days.
        #expect(Self.slides(month).map(\.link) == ["../../site/entries/b.html", "../../site/entries/2022%252F08%252Fdecision.html"])
        let pager = try #require(month.range(of: "entry-pager")), days = try #require(month.range(of: "class=\"days\""))
        #expect(pager.lowerBound < days.lowerBound)
    }

    @Test func theStyleSheetSnapsOneEntryAPageAndHonoursReducedMotion() throws {
        let css = try #require(SitePagesTests.rendered()["site/style.css"])
        #expect(css.contains(".paged .pager-track { display: flex;") && css.contains("scroll-snap-type: x mandatory;"))
        #expect(css.contains(".paged .slide { flex: 0 0 100%; min-width: 0; scroll-snap-align: center; scroll-snap-stop: always;"))
        let touch = try #require(css.range(of: "@media (hover: none) and (pointer: coarse) {\n  .touch-paged .pager-track"))
        #expect(css[touch.upperBound...].contains("  .touch-only { display: block; }\n  .touch-only ~ .days { display: none; }"))
        // Hidden first, shown by the rule for touch screens after it.
        #expect(try #require(css.range(of: ".touch-only { display: none; }")).lowerBound < touch.lowerBound)
        #expect(css.contains("@media (prefers-reduced-motion: no-preference) { .pager-track { scroll-behavior: smooth; } }"))
        let script = try #require(SitePagesTests.rendered()["site/site.js"])
        #expect(script.contains("prefers-reduced-motion: reduce") && script.contains("behavior: still.matches ? \"auto\" : \"smooth\""))
    }

    /// Right-to-left text: every element the site writes holding an
    /// entry's title, memo, companion or credit takes its direction from
    /// its text (`dir="auto"`), so Arabic and Hebrew align and read right
    /// to left; the browser test measures where the ink falls.
    @Test func rightToLeftTextTakesItsDirectionEverywhere() throws {
        let title = "הסרט 2 של Nolan", memo = "ذهبنا مع Jamie في الساعة 9", friend = "سارة", credit = "أصغر فرهادي"
        var entries = SitePagesTests.entries()
        entries[1].title = title
        entries[1].memo = memo
        entries[1].friends = [friend]
        entries[1].director = credit
        let pages = SitePagesTests.rendered(SitePagesTests.input(entries))
        var shown = 0
        for (path, page) in pages where path.hasSuffix(".html") {
            for text in [title, memo, friend, credit] {
                for match in page.ranges(of: text) {
                    // Attribute values (`aria-label`, `alt`) and the tab's
                    // title are not laid out on the page.
                    let before = page[..<match.lowerBound]
                    if before.hasSuffix("<title>") || before.last(where: { $0 == "<" || $0 == ">" }) == "<" { continue }
                    let tagStart = try #require(before.lastIndex(of: "<"))
                    let tag = page[tagStart..<match.lowerBound]
                    // Text right after its element's tag, or after a line
                    // break in a memo paragraph that is itself `dir="auto"`.
                    #expect(tag.contains("dir=\"auto\"") || (tag == "<br>" && before.contains("<p dir=\"auto\">")),
                            "\(path): \(tag)\(text)")
                    shown += 1
                }
            }
        }
        #expect(shown > 15)
    }
}
