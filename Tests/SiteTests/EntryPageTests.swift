import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// An entry's page: each face once and a tap from whole, the images to
/// download, ways into the search, and link previews when the site's
/// address is known. The year's page offers its image.
@Suite struct EntryPageTests {
    /// The test book's links with the share images a later kind makes
    /// (in the registry's order: tickets, shares, days, years).
    static func input(shareImages: Bool = true, siteURL: String? = nil) -> SiteInput {
        var input = SitePagesTests.input()
        input.links.placements = TestRegistry.tickets + (shareImages ? TestRegistry.shares : []) + TestRegistry.days
            + TestRegistry.years
        input.siteURL = siteURL
        return input
    }

    static let decision = "site/entries/2022%2F08%2Fdecision.html"

    @Test func eachFaceIsShownOnceAndOpensWhole() throws {
        let page = try #require(SitePagesTests.rendered(Self.input())[Self.decision])
        let front = "../../tickets/2022%252F08%252Fdecision/front.webp"
        let back = "../../tickets/2022%252F08%252Fdecision/back.webp"
        #expect(page.components(separatedBy: "<img").count - 1 == 2)
        #expect(page.contains("<a class=\"zoom\" href=\"\(front)\"><img src=\"\(front)\""))
        #expect(page.contains("<a class=\"zoom\" href=\"\(back)\"><img src=\"\(back)\""))
        // The ticket card (both faces) is a download, not shown again.
        #expect(!page.contains("<img src=\"../../tickets/2022%252F08%252Fdecision/ticket.webp\""))
    }

    @Test func theCardStoryAndFeedAreDownloads() throws {
        let page = try #require(SitePagesTests.rendered(Self.input())[Self.decision])
        let downloads = page.matches(of: /<a class="download" href="([^"]+)" download="([^"]+)">.*?<span class="download-info">([^<]+)<\/span>/)
            .map { [String($0.1), String($0.2), String($0.3)] }
        let title = "헤어질 <결심> 따옴표 & 'it' <script>alert(1) script>"
        #expect(downloads.map { $0[0] } == ["../../tickets/2022%252F08%252Fdecision/ticket.webp",
                                            "../../tickets/2022%252F08%252Fdecision/story.jpg",
                                            "../../tickets/2022%252F08%252Fdecision/feed.jpg"])
        #expect(downloads.map { $0[2] } == ["WebP · 1360×1072", "JPEG · 1080×1920", "JPEG · 1080×1350"])
        // Saved under the title, without the characters file systems refuse.
        #expect(downloads[1][1] == HTML.escape(SiteText.downloadName(SiteText.title(SitePagesTests.entries()[0]), "스토리", ext: "jpg")))
        #expect(SiteText.downloadName(SiteText.title(SitePagesTests.entries()[0]), "스토리", ext: "jpg")
                == title.replacingOccurrences(of: "<", with: " ").replacingOccurrences(of: ">", with: " ")
                    .split(separator: " ").joined(separator: " ") + " 스토리.jpg")
        // Before the story and feed kind exists, only the card.
        let before = try #require(SitePagesTests.rendered(Self.input(shareImages: false))[Self.decision])
        #expect(before.contains("ticket.webp\" download=") && !before.contains("story.jpg") && !before.contains("feed.jpg"))
    }

    @Test(arguments: [
        ("../../etc/passwd", "스토리", "etc passwd 스토리.jpg"),
        ("a:b*c?\"d|e", "피드", "a b c d e 피드.jpg"),
        ("...hidden", "피드", "hidden 피드.jpg"),
        ("", "피드", "피드.jpg"),
    ])
    func downloadNamesAreSafeFileNames(_ title: String, _ label: String, _ name: String) {
        #expect(SiteText.downloadName(title, label, ext: "jpg") == name)
    }

    @Test func companionsCreditsAndKindsLeadIntoTheSearch() throws {
        let page = try #require(SitePagesTests.rendered()[Self.decision])
        #expect(page.contains("<a class=\"kind kind-movie\" href=\"../../site/search.html#kind=movie\""))
        #expect(page.contains("<a href=\"../../site/search.html#friend=%EB%AF%BC%EC%88%98%22%20onclick%3D%22x\" dir=\"auto\">민수&quot; onclick=&quot;x</a>"))
        #expect(page.contains("<a href=\"../../site/search.html#q=%EB%B0%95%EC%B0%AC%EC%9A%B1%20%3Ci%3E\" dir=\"auto\">박찬욱 &lt;i&gt;</a>"))
        // No `<div>` inside the list of details (older checkers reject it).
        #expect(!page.contains("<dl class=\"details\"><div>"))
    }

    @Test func previewsNeedTheSitesAddressAndUseTheFeedImage() throws {
        let pages = SitePagesTests.rendered(Self.input(siteURL: "https://example.com/my book"))
        let page = try #require(pages[Self.decision])
        let base = "https://example.com/my book/"
        #expect(page.contains("<meta property=\"og:image\" content=\"\(base)tickets/2022%252F08%252Fdecision/feed.jpg\">"))
        #expect(page.contains("<meta property=\"og:image:width\" content=\"1080\">"))
        #expect(page.contains("<meta property=\"og:url\" content=\"\(base)site/entries/2022%252F08%252Fdecision.html\">"))
        #expect(page.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
        #expect(page.contains("<meta property=\"og:description\" content=\"★ 4.5 · 영화 · 2022년 8월 27일 (토) — 첫 줄 &lt;/p&gt;"))
        // Without a feed image, the ticket card.
        let card = try #require(SitePagesTests.rendered(Self.input(shareImages: false, siteURL: "https://x.org/"))[Self.decision])
        #expect(card.contains("<meta property=\"og:image\" content=\"https://x.org/tickets/2022%252F08%252Fdecision/ticket.webp\">"))
        // A year's page shows its image.
        let year = try #require(pages["site/years/2022.html"])
        #expect(year.contains("<meta property=\"og:image\" content=\"\(base)years/2022.jpg\">"))
        #expect(year.contains("<meta property=\"og:title\" content=\"2022년 돌아보기\">"))
        // The home page is the site's (`website`); other pages have none;
        // the address is part of the entry pages' keys.
        #expect((pages["index.html"] ?? "").contains("<meta property=\"og:type\" content=\"website\">"))
        for path in ["site/months/2022-08.html", "site/days/2022-08-27.html", "site/book/gallery-001.html"] {
            #expect(!(pages[path] ?? "og:").contains("og:"), "\(path)")
        }
        let key = { (url: String?) in Site(Self.input(siteURL: url)).pages().first { $0.path.relative == Self.decision }!
            .key { $0.id } }
        #expect(key(nil) != key("https://example.com/") && key("https://a.org/") != key("https://example.com/"))
    }

    @Test func theYearOffersItsImageAndChartsItsMonths() throws {
        let year = try #require(SitePagesTests.rendered(Self.input())["site/years/2022.html"])
        #expect(year.contains("<a class=\"download\" href=\"../../years/2022.jpg\" download=\"2022년 티켓북 한 해 요약.jpg\">"))
        #expect(year.contains("<span class=\"download-name\">한 해 요약</span><span class=\"download-info\">JPEG · 1080×1920</span>"))
        let bars = year.matches(of: /<li style="--n:(\d+)%">/).map { Int($0.1)! }
        #expect(bars == [0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0, 0])
        #expect(year.contains("<a href=\"../../site/months/2022-08.html\"><span class=\"label\">8월</span><span class=\"count\">2개</span>"))
        #expect(year.contains("<span class=\"empty\"><span class=\"label\">1월</span><span class=\"count\">0개</span>"))
    }
}
