import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// The home page opens on today's month; when that month has no entry,
/// the diary is beside the calendar instead of an empty month alone.
@Suite struct HomePageTests {
    static func input(today: String) -> SiteInput {
        var input = SitePagesTests.input()
        input.today = CalendarDate(today)!
        return input
    }

    @Test func anEmptyMonthsHomeShowsTheLatestEntriesAndTheYearsNumbers() throws {
        // Today is in March 2023; the last entry was in January.
        let input = Self.input(today: "2023-03-05")
        let pages = SitePagesTests.rendered(input)
        let home = try #require(pages["index.html"])
        #expect(home.contains("<h1 id=\"month-title\">2023년 3월</h1>"))
        #expect(home.contains("이달에는 아직 기록이 없어요."))
        // Back in time: the arrow points left, as the pager's "previous".
        #expect(home.contains("<a href=\"site/months/2023-01.html\">← 마지막으로 기록한 달: 2023년 1월</a>"))
        // The latest first, each a link to its page.
        let recent = try #require(home.range(of: "최근 기록"))
        let links = home[recent.upperBound...].matches(of: /<a class="card row" href="([^"]+)"/).map { String($0.1) }
        #expect(Array(links.prefix(3)) == ["site/entries/c%2520100%2525.html", "site/entries/2022%252F08%252Fdecision.html",
                                           "site/entries/b.html"])
        // This year's numbers: one ticket so far, with a link to the year.
        #expect(home.contains("올해의 기록 (2023년)"))
        #expect(home.contains("<span class=\"stat-label\">남긴 티켓</span><span class=\"stat-value\" dir=\"auto\">1장</span>"))
        #expect(home.contains("href=\"site/years/2023.html\">2023년 돌아보기</a>"))
        // The month's own page stays a calendar alone.
        let month = try #require(pages["site/months/2023-03.html"])
        #expect(!month.contains("최근 기록"))
    }

    /// Entries dated after today (a diary kept ahead, a clock set back):
    /// the latest month is later, and its link points right.
    @Test func aLaterLatestMonthPointsRight() throws {
        let home = try #require(SitePagesTests.rendered(Self.input(today: "2021-05-01"))["index.html"])
        #expect(home.contains("<a href=\"site/months/2023-01.html\">마지막으로 기록한 달: 2023년 1월 →</a>"))
    }

    /// The sort's default option names the order it gives: the newest
    /// first with no words (the page as it opens), the best match with
    /// words (the script renames it).
    @Test func theDefaultSortIsNamedForWhatItDoes() throws {
        let pages = SitePagesTests.rendered(Self.input(today: "2023-03-05"))
        let search = try #require(pages["site/search.html"])
        #expect(search.contains("<option value>기본: 최근 날짜순</option>"))
        #expect(!search.contains(">알맞은 순<"))
        let script = try #require(pages["site/search.js"])
        #expect(script.contains("fields.sort.options[0].textContent = words.length ? \"기본: 알맞은 순\" : \"기본: 최근 날짜순\";"))
    }

    @Test func aYearWithoutEntriesYetShowsTheLatestYearsNumbers() throws {
        let home = try #require(SitePagesTests.rendered(Self.input(today: "2024-02-01"))["index.html"])
        #expect(home.contains("<h2 id=\"numbers-title\">2023년의 기록</h2>"))
    }

    @Test func aMonthWithEntriesShowsItsDaysNotTheDiary() throws {
        let home = try #require(SitePagesTests.rendered()["index.html"])
        #expect(home.contains("이달의 기록 2개") && home.contains("날짜별 기록"))
        #expect(!home.contains("최근 기록") && !home.contains("마지막으로 기록한 달"))
    }

    /// Only today's month (or a later one) has no entries "yet".
    @Test func aPastEmptyMonthDoesNotSayNotYet() throws {
        let pages = SitePagesTests.rendered(Self.input(today: "2023-03-05"))
        for month in ["2022-09", "2022-10", "2022-11", "2022-12"] {
            let page = try #require(pages["site/months/\(month).html"], "\(month)")
            #expect(page.contains("<p class=\"lede\">이달에는 기록이 없어요.</p>"), "\(month)")
            #expect(!page.contains("아직"), "\(month)")
        }
        #expect(pages["site/months/2023-03.html"]?.contains("이달에는 아직 기록이 없어요.") == true)
    }

    /// The home page beside an empty month shows entries of other months:
    /// an entry held on one of their dates holds it (see
    /// `SitePage.neighbourhood`), and its key follows those entries.
    @Test func theDiaryOnTheHomePageIsPartOfItsNeighbourhoodAndKey() throws {
        let pages = Site(Self.input(today: "2023-03-05")).pages()
        let home = try #require(pages.first { $0.path == .home })
        let span = try #require(home.neighbourhood)
        #expect(span.contains(CalendarDate("2022-08-20")!) && span.contains(CalendarDate("2023-03-05")!))
        let key = { (mark: String) in home.key { $0.id == "b" ? "b|" + mark : $0.id + "|1" } }
        #expect(key("1") != key("2"))
        let withEntries = try #require(Site(SitePagesTests.input()).pages().first { $0.path == .home })
        #expect(withEntries.neighbourhood == nil)
    }
}
