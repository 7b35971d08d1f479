import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// The site's paths, as the cache's closed world checks them.
@Suite struct SitePathTests {
    static func isName(_ name: String) -> Bool { !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") }

    static let made: [SitePath] = [
        .home, .style, .script, .month(year: 2022, month: 8), .month(year: 1, month: 1),
        .day(CalendarDate("2022-08-20")!), .entry(name: "2022%2F08%2Fdecision"), .entry(name: "헤어질"),
        .gallery(page: 1), .list(page: 12), .gallery(page: 1000), .timeline(year: 2022), .yearsIndex, .year(9999),
        .search, .searchScript, .searchIndex(year: 2022), .searchIndex(year: 1),
    ]

    @Test(arguments: made)
    func everyPathTheSiteMakesReadsBack(_ path: SitePath) {
        #expect(SitePath(relative: path.relative, isEntryName: Self.isName) == path)
    }

    @Test(arguments: [
        "index.htm", "site/index.html", "site/style.js", "site/months/2022-8.html", "site/months/2022-13.html",
        "site/days/2022-02-30.html", "site/days/2022-08-20.htm", "site/entries/.hidden.html", "site/entries/.html",
        "site/book/gallery-000.html", "site/book/gallery-1.html", "site/book/list-+01.html",
        "site/book/timeline-10000.html", "site/years/0000.html", "site/years/index2.html", "site/../index.html",
        "site/entries/a/b.html", "/index.html", "site//style.css", "site/other/x.html", "", "site/",
        "site/search/22.js", "site/search/2022.html", "site/search/10000.js", "site/search/0000.js", "site/search.js.html",
        "site/search/index.js", "search.html", "site/search/2022/x.js",
    ])
    func nothingElseIsASitePath(_ relative: String) {
        #expect(SitePath(relative: relative, isEntryName: Self.isName) == nil)
    }
}
