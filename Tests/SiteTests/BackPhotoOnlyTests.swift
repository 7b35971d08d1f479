import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// An entry with only a back photo shows that photo wherever a row shows
/// an entry (entry-format.md): the list, the timeline and the search's
/// results show a square of its feed image, not a blank square.
@Suite struct BackPhotoOnlyTests {
    static func input() -> SiteInput {
        var backOnly = Entry(id: "back-only", folder: "/book/a", title: "뒷면만", date: CalendarDate("2022-08-02")!,
                             rating: 4, kind: .exhibition)
        backOnly.back = FacePhoto(name: "back.jpg", path: "/book/a/back.jpg")
        var front = Entry(id: "front", folder: "/book/b", title: "앞면", date: CalendarDate("2022-08-05")!,
                          rating: 3, kind: .movie)
        front.front = FacePhoto(name: "front.jpg", path: "/book/b/front.jpg")
        let none = Entry(id: "none", folder: "/book/c", title: "사진 없음", date: CalendarDate("2022-08-07")!,
                         rating: 2, kind: .book)
        var input = SitePagesTests.input([backOnly, front, none])
        input.links = SiteLinks(entryName: SitePagesTests.encode,
                                placements: TestRegistry.tickets + TestRegistry.shares + TestRegistry.days)
        input.pageSize = 10
        return input
    }

    @Test func rowsShowTheBackPhotoThroughTheFeedImage() throws {
        let pages = SitePagesTests.rendered(Self.input())
        let list = try #require(pages.first { $0.key.hasPrefix("site/book/list") }?.value)
        #expect(list.contains(#"<span class="crop feed"><img src="../../tickets/back-only/feed.jpg" alt width="1080" height="1350""#),
                "\(list)")
        // The front photo's row keeps its face; no photo at all, the blank square.
        #expect(list.contains(#"<span class="crop"><img src="../../tickets/front/front.webp""#))
        #expect(list.contains(#"class="crop blank kind-book""#))
        #expect(!list.contains(#"class="crop blank kind-exhibition""#))
        let timeline = try #require(pages.first { $0.key.hasPrefix("site/book/timeline") }?.value)
        #expect(timeline.contains(#"<span class="crop feed"><img src="../../tickets/back-only/feed.jpg""#))
        let index = pages.filter { $0.key.hasPrefix("site/search/") }.values.joined()
        #expect(index.contains(#"["../tickets/back-only/feed.jpg",1080,1350]"#), "\(index)")
        let style = try #require(pages["site/style.css"])
        #expect(style.contains(".crop.feed img { width: 150%; left: -25%; top: -20.83%; }"))
    }

    /// Without the feed image (a run without `shares`) the row stays blank.
    @Test func withoutTheFeedImageTheRowIsBlank() throws {
        var input = Self.input()
        input.links = SiteLinks(entryName: SitePagesTests.encode, placements: TestRegistry.tickets + TestRegistry.days)
        let list = try #require(SitePagesTests.rendered(input).first { $0.key.hasPrefix("site/book/list") }?.value)
        #expect(list.contains(#"class="crop blank kind-exhibition""#))
    }
}
