import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// The site's calendar shows public holidays in the Sunday colour with
/// their names; a theme with `holidays: none` shows weekends only.
@Suite struct HolidayCalendarTests {
    /// The `<td>` of `day` in a month page's calendar.
    static func cell(_ html: String, _ day: Int) -> String? {
        html.matches(of: /<td( class="[^"]*")?( aria-current="date")?>(<a [^>]*>)?<span class="num">(\d+)<\/span>.*?<\/td>/)
            .first { Int($0.4) == day && !($0.1 ?? "").contains("out") }.map { String($0.0) }
    }

    @Test func octoberShowsItsHolidaysByName() throws {
        let html = try #require(SitePagesTests.rendered()["site/months/2022-10.html"])
        // 개천절 (Monday), 한글날 (a Sunday) and its substitute on Monday.
        #expect(Self.cell(html, 3) == #"<td class="hol"><span class="num">3</span><span class="hol-name" title="개천절">개천절</span></td>"#)
        #expect(Self.cell(html, 9) == #"<td class="sun hol"><span class="num">9</span><span class="hol-name" title="한글날">한글날</span></td>"#)
        #expect(Self.cell(html, 10)?.contains(#"<span class="hol-name" title="대체공휴일">대체공휴일</span>"#) == true)
        #expect(Self.cell(html, 4) == #"<td><span class="num">4</span></td>"#)
        // 추석's last days and substitute (10-12 September) are last month's.
        #expect(!html.contains("추석"))
        let style = try #require(SitePagesTests.rendered()["site/style.css"])
        #expect(style.contains(".calendar .hol { color: var(--sun); }"))
    }

    @Test func aDayWithEntriesOnAHolidayNamesItInItsLabel() throws {
        let entry = Entry(id: "h", folder: "/book/h", title: "추석 영화", date: CalendarDate("2022-09-10")!, rating: 4, kind: .movie)
        var input = SitePagesTests.input([entry])
        input.months = [MonthKey(year: 2022, month: 9)]
        let html = try #require(SitePagesTests.rendered(input)["site/months/2022-09.html"])
        let cell = try #require(Self.cell(html, 10))
        #expect(cell.contains(#"aria-label="9월 10일 (토) (추석): 추석 영화""#), "\(cell)")
        #expect(cell.contains(#"<span class="hol-name" title="추석">추석</span>"#))
    }

    @Test func aThemeWithoutHolidaysShowsWeekendsOnly() throws {
        var input = SitePagesTests.input()
        input.theme.holidays = .none
        let html = try #require(SitePagesTests.rendered(input)["site/months/2022-10.html"])
        #expect(!html.contains("hol") && Self.cell(html, 9)?.hasPrefix(#"<td class="sun">"#) == true)
    }
}
