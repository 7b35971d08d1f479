import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// With the link previews `render --site-url` makes (1200×630, 1.91:1),
/// an entry's and a year's page show theirs, and the home page, the
/// diary's, shows the latest year's.
@Suite struct LinkPreviewImageTests {
    static let base = "https://example.com/diary/"

    static func pages() -> [String: String] {
        var input = EntryPageTests.input(siteURL: base)
        input.links.placements += TestRegistry.previews
        return SitePagesTests.rendered(input)
    }

    @Test func entryAndYearPagesShowTheirLinkPreview() throws {
        let pages = Self.pages()
        let entry = try #require(pages[EntryPageTests.decision])
        #expect(entry.contains("<meta property=\"og:image\" content=\"\(Self.base)tickets/2022%252F08%252Fdecision/link.jpg\">"))
        #expect(entry.contains("<meta property=\"og:image:width\" content=\"1200\">"))
        #expect(entry.contains("<meta property=\"og:image:height\" content=\"630\">"))
        #expect(entry.contains("<meta property=\"og:type\" content=\"article\">"))
        let year = try #require(pages["site/years/2022.html"])
        #expect(year.contains("<meta property=\"og:image\" content=\"\(Self.base)years/2022-link.jpg\">"))
        #expect(year.contains("<meta property=\"og:image:height\" content=\"630\">"))
        // The feed image and the year's story image stay offered to save.
        #expect(entry.contains("feed.jpg\" download=") && year.contains("years/2022.jpg\" download="))
    }

    @Test func theHomePageIsTheDiarysWithTheLatestYear() throws {
        let home = try #require(Self.pages()["index.html"])
        #expect(home.contains("<meta property=\"og:type\" content=\"website\">"))
        #expect(home.contains("<meta property=\"og:title\" content=\"PhotiCase 티켓북\">"))
        #expect(home.contains("<meta property=\"og:url\" content=\"\(Self.base)index.html\">"))
        // The test book's latest entry up to today (2022-08-30) is of 2022.
        #expect(home.contains("<meta property=\"og:image\" content=\"\(Self.base)years/2022-link.jpg\">"))
        #expect(home.contains("<meta property=\"og:description\" content=\"티켓 "))
        #expect(home.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
    }
}
