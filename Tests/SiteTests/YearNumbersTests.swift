import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// The year in numbers, as Letterboxd's year in review has them, on the
/// site's year page: the count, the average rating, entries by kind and by
/// month, the highest rated, and who came along most. (The year image
/// draws the same: `BookTimelineYearTests`.)
@Suite struct YearNumbersTests {
    @Test func theYearPageHasEveryNumber() throws {
        var entries = SitePagesTests.entries()
        entries[0].friends = ["민수", "지영"]
        entries[1].friends = ["민수"]
        let year = try #require(SitePagesTests.rendered(SitePagesTests.input(entries))["site/years/2022.html"])
        // How many, and the average of 4.5 and 0.5.
        #expect(year.contains("<dt>남긴 티켓</dt><dd>"), "\(year)")
        #expect(year.contains("<dt>평균 별점</dt><dd>2.5</dd>"))
        // By kind, each a link to its entries of the year.
        #expect(year.contains(">영화 1</a>") && year.contains(">책 1</a>"))
        // Who came along most: 민수, twice.
        #expect(year.contains("<dt>가장 많이 함께한 사람</dt>") && year.contains("(2번)"))
        // By month: August's two, the other months none.
        #expect(year.contains("<span class=\"label\">8월</span><span class=\"count\">2개</span>"))
        #expect(year.contains("<span class=\"label\">1월</span><span class=\"count\">0개</span>"))
        // The highest rated first among the best.
        let best = try #require(year.range(of: "올해의 베스트"))
        let first = year[best.upperBound...].firstMatch(of: /href="([^"]+)"/).map { String($0.1) }
        #expect(first?.contains("decision") == true, "\(first ?? "none")")
    }
}
