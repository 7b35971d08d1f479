import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// The site places what the kinds declare: a declaration, and nothing
/// else, makes a page show, link or offer an image.
@Suite struct SitePlacementTests {
    static let sizes = SiteImageSizes.standard

    /// The feed image the cache already holds, shown on entry pages beside
    /// the faces: one declaration, as the kinds declare theirs.
    @Test func aDeclarationForAnExistingImageIsAllItTakesToShowIt() throws {
        let base = EntryPageTests.input()
        let before = SitePagesTests.rendered(base)
        var input = base
        input.links.placements.append(TestRegistry.entry(.entryFigure, "feed.jpg", label: "피드", alt: "피드 이미지",
                                                         size: Self.sizes.feed))
        let after = SitePagesTests.rendered(input)
        let page = try #require(after[EntryPageTests.decision])
        let feed = "../../tickets/2022%252F08%252Fdecision/feed.jpg"
        let title = try #require(page.firstMatch(of: /alt="([^"]+) 티켓 앞면"/)).1
        #expect(page.contains("<figure class=\"face\"><a class=\"zoom\" href=\"\(feed)\"><img src=\"\(feed)\" alt=\"\(title) 피드 이미지\" "
                              + "width=\"1080\" height=\"1350\" loading=\"lazy\" decoding=\"async\">"
                              + "<span class=\"sr-only\"> 크게 보기</span></a><figcaption>피드</figcaption></figure></div>"),
                "after the faces")
        #expect(page.components(separatedBy: "<figure").count - 1 == 3)
        // Only entry pages change, each by the figure alone.
        for (path, html) in after where !path.hasPrefix("site/entries/") { #expect(before[path] == html, "\(path)") }
        for (path, html) in after where path.hasPrefix("site/entries/") {
            let figure = try #require(html.firstRange(of: /<figure class="face"><a class="zoom" href="[^"]+feed\.jpg".*?<\/figure>/))
            #expect(html.replacingCharacters(in: figure, with: "") == before[path], "\(path)")
        }
        // And the page's linked images include it, so it waits for it.
        let rendered = try #require(Site(input).pages().first { $0.path.relative == EntryPageTests.decision })
        #expect(rendered.renderLinking().images.contains("tickets/2022%2F08%2Fdecision/feed.jpg"))
    }

    /// The day thumbnail the cache already holds, offered on day pages.
    @Test func aDeclarationForAnExistingImageIsAllItTakesToOfferIt() throws {
        let before = SitePagesTests.rendered()
        var input = SitePagesTests.input()
        input.links.placements.append(SitePlacement(.dayDownload, label: "썸네일", size: Self.sizes.day) {
            guard case let .day(date) = $0 else { return nil }
            return "days/\(date).jpg"
        })
        let after = SitePagesTests.rendered(input)
        let day = try #require(after["site/days/2022-08-27.html"])
        #expect(day.contains("<a class=\"download\" href=\"../../days/2022-08-27.jpg\" download=\"2022년 8월 27일 (토) 썸네일.jpg\">"))
        #expect(day.contains("<span class=\"download-name\">썸네일</span><span class=\"download-info\">JPEG · 256×256</span>"))
        #expect(day.contains("style=\"width:26px;aspect-ratio:256/256\""))
        // Only day pages change.
        for (path, page) in after where !path.hasPrefix("site/days/") { #expect(before[path] == page, "\(path)") }
        // And the page's linked images include it, so it waits for it.
        let page = try #require(Site(input).pages().first { $0.path.relative == "site/days/2022-08-27.html" })
        #expect(page.renderLinking().images.contains("days/2022-08-27.jpg"))
    }

    /// A document (no pixel size) is offered with its format and a page's
    /// outline, its name across the row like an image's.
    @Test func aDocumentIsOfferedAsAPage() throws {
        var input = SitePagesTests.input()
        input.links.placements.append(SitePlacement(.yearDownload, label: "인쇄용", size: nil) {
            guard case let .year(year) = $0 else { return nil }
            return "print/\(year).pdf"
        })
        let year = try #require(SitePagesTests.rendered(input)["site/years/2022.html"])
        #expect(year.contains("<a class=\"download\" href=\"../../print/2022.pdf\" download=\"2022년 티켓북 인쇄용.pdf\">"
                              + "<span class=\"shape\" style=\"width:18px;aspect-ratio:148/210\" aria-hidden=\"true\"></span>"
                              + "<span class=\"download-name\">인쇄용</span><span class=\"download-info\">PDF</span>"), "\(year)")
    }

    @Test func entryPagesOfferExactlyTheDeclaredImagesInOrder() throws {
        let page = try #require(SitePagesTests.rendered(EntryPageTests.input())[EntryPageTests.decision])
        let labels = page.matches(of: /<span class="download-name">([^<]+)<\/span>/).map { String($0.1) }
        #expect(labels == ["티켓 카드", "스토리", "피드"])
        // A story is tall, a card wide.
        #expect(page.contains("style=\"width:15px;aspect-ratio:1080/1920\"") && page.contains("style=\"width:26px;aspect-ratio:1360/1072\""))
        // Declared for another slot: not offered here.
        var input = SitePagesTests.input()
        input.links.placements = input.links.placements.map { var d = $0; if d.slot == .entryDownload { d.slot = .yearDownload }; return d }
        let none = try #require(SitePagesTests.rendered(input)[EntryPageTests.decision])
        #expect(!none.contains("class=\"download\""))
    }

    /// A slot that shows one image shows the first made by order, then as
    /// declared: the feed image is the preview where it is made, though
    /// the ticket card is declared first.
    @Test func aSlotOfOneImageShowsTheFirstMadeByOrder() {
        let links = EntryPageTests.input().links
        #expect(links.placements(.entryPreview).map(\.label) == ["피드", "티켓 카드"])
        var input = EntryPageTests.input()
        input.links.placements = input.links.placements.map { var p = $0; p.order = 0; return p }
        #expect(input.links.placements(.entryPreview).map(\.label) == ["티켓 카드", "피드"])
    }

    /// Links to images: a month's sheet, a book page's image, and a year's
    /// timeline of several image pages, each page a link; without their
    /// declarations, none.
    @Test func pagesLinkTheImagesDeclaredForThem() throws {
        var input = SitePagesTests.input()
        input.links.placements += [
            SitePlacement(.monthLink, label: "달력 이미지 보기", size: nil) {
                guard case let .month(month) = $0 else { return nil }
                return "months/\(month).png"
            },
            SitePlacement(.bookPageLink, label: "이 쪽을 이미지로 보기", size: nil) {
                guard case let .bookPage(view, page) = $0 else { return nil }
                return "books/\(view.rawValue)-\(page).jpg"
            },
            SitePlacement(.timelineLink, label: "타임라인 이미지 보기", alt: "타임라인 이미지", size: nil) {
                guard case let .timeline(year, page) = $0 else { return nil }
                return "books/timeline-\(year)\(page.map { "-\($0)" } ?? "").jpg"
            },
        ]
        let pages = SitePagesTests.rendered(input)
        #expect(pages["site/months/2022-08.html"]?.contains(
            "<p class=\"sheet-link\"><a href=\"../../months/2022-08.png\">2022년 8월 달력 이미지 보기</a></p>") == true)
        #expect(pages["site/book/list-002.html"]?.contains(
            "<p class=\"sheet-link\"><a href=\"../../books/list-2.jpg\">이 쪽을 이미지로 보기</a></p>") == true)
        #expect(pages["site/book/timeline-2023.html"]?.contains(
            "<p class=\"sheet-link\"><a href=\"../../books/timeline-2023.jpg\">타임라인 이미지 보기</a></p>") == true)
        for (path, page) in SitePagesTests.rendered() where path.hasSuffix(".html") {
            #expect(!page.contains("sheet-link"), "\(path)")
        }
        // A timeline of several image pages links each.
        let year = BookOrder.timeline(chronological: BookOrder.chronologicallySorted(SitePagesTests.entries()))[0]
        var w = PageWriter(.timeline(year: 2022), links: input.links, kinds: SiteKinds(theme: Theme()))
        let html = String(decoding: TimelinePage(year: year, imagePages: 2, previous: nil, next: nil, years: [2022]).render(&w),
                          as: UTF8.self)
        #expect(html.contains("<p class=\"sheet-link\"><a href=\"../../books/timeline-2022-1.jpg\">타임라인 이미지 1쪽</a> · "
                              + "<a href=\"../../books/timeline-2022-2.jpg\">타임라인 이미지 2쪽</a></p>"))
    }
}
