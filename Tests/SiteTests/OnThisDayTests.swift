import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// The home page shows the entries of today's date in earlier years
/// ("과거의 오늘"), as Day One does; not those of this year, and only on
/// the home page.
@Suite struct OnThisDayTests {
    static func home(today: String, _ entries: [Entry] = SitePagesTests.entries()) throws -> (String, [String: String]) {
        var input = SitePagesTests.input(entries)
        input.today = CalendarDate(today)!
        let pages = SitePagesTests.rendered(input)
        return (try #require(pages["index.html"]), pages)
    }

    @Test func aYearAgoTodayIsOnTheHomePage() throws {
        let (home, pages) = try Self.home(today: "2023-08-27")
        let section = try #require(home.range(of: "<section class=\"on-this-day\""))
        let rest = home[section.lowerBound...]
        #expect(rest.contains("<h2 id=\"on-this-day-title\">과거의 오늘</h2>"))
        #expect(rest.contains("<p class=\"lede\">1년 전 오늘의 기록</p>"))
        // The entry of 2022-08-27, a link to its page; not the one of the 20th.
        let links = rest.prefix(while: { _ in true }).matches(of: /<a class="card row" href="([^"]+)"/).map { String($0.1) }
        #expect(links.first == "site/entries/2022%252F08%252Fdecision.html", "\(links)")
        #expect(!String(rest.split(separator: "</section>")[0]).contains("site/entries/b.html"))
        // The month's own page does not show it.
        let month = try #require(pages["site/months/2023-08.html"])
        #expect(!month.contains("on-this-day"))
    }

    @Test func thisYearsEntriesAndOtherDaysAreNotShown() throws {
        #expect(try !Self.home(today: "2022-08-27").0.contains("on-this-day"))
        #expect(try !Self.home(today: "2023-08-26").0.contains("on-this-day"))
    }

    /// An entry of 29 February shows on the 28th in a year without a 29th,
    /// and on the 29th in a leap year; several years, newest first.
    @Test func leapDaysAndSeveralYears() throws {
        let leap = Entry(id: "leap", folder: "/book/leap", title: "윤일", date: CalendarDate("2020-02-29")!, rating: 3,
                         kind: .movie)
        let older = Entry(id: "older", folder: "/book/older", title: "오래전", date: CalendarDate("2019-02-28")!, rating: 3,
                          kind: .movie)
        let (home, _) = try Self.home(today: "2021-02-28", [older, leap])
        #expect(home.contains("<p class=\"lede\">1년 전 · 2년 전 오늘의 기록</p>"), "\(home)")
        let links = home.matches(of: /<a class="card row" href="site\/entries\/([^".]+)\.html"/).map { String($0.1) }
        #expect(Array(links.prefix(2)) == ["leap", "older"], "\(links)")
        let (inLeapYear, _) = try Self.home(today: "2024-02-28", [leap])
        #expect(!inLeapYear.contains("on-this-day"))
        let (onTheDay, _) = try Self.home(today: "2024-02-29", [leap])
        #expect(onTheDay.contains("<p class=\"lede\">4년 전 오늘의 기록</p>"))
    }
}
