import PhotiCaseDiary

/// The book's words: its gallery and list pages, the years' timelines,
/// reviews and index.
extension SiteStrings {
    // MARK: Gallery and list

    /// A page of a view: `갤러리 2쪽`, `Gallery, page 2`; also a timeline
    /// image's page.
    func page(_ name: String, _ n: Int) -> String { pick("\(name) \(n)쪽", "\(name), page \(n)") }
    var noTicketsYet: String { pick("아직 티켓이 없어요.", "No tickets yet.") }
    /// Under the book's title: `별점순 · 티켓 12장 · 1 / 2쪽`.
    func bookLede(total: Int, page: Int, of pageCount: Int) -> String {
        pick("별점순 · \(count(total)) · \(page) / \(pageCount)쪽", "Best first · \(count(total)) · page \(page) of \(pageCount)")
    }
    var pagesPager: String { pick("앞뒤 쪽", "Previous and next page") }
    var previousPage: String { pick("이전 쪽", "Previous page") }
    var nextPage: String { pick("다음 쪽", "Next page") }
    var pageNumbers: String { pick("쪽 번호", "Pages") }
    /// A page number's link, read aloud: `3쪽`, `Page 3`.
    func pageNumber(_ n: Int) -> String { pick("\(n)쪽", "Page \(n)") }
    /// The tabs of the book's views.
    var bookViews: String { pick("티켓북 보기", "Ticket book views") }
    /// A year's tab: `2022 타임라인`.
    func timelineTab(_ year: Int) -> String { pick("\(year) 타임라인", "\(year) timeline") }
    /// The tab to the search, the same book with filters.
    var chooseFromBook: String { pick("골라 보기", "Filter") }

    // MARK: Timelines and years

    /// `2022년 타임라인`, `2022 timeline`.
    func timeline(_ year: Int) -> String { pick("\(year)년 타임라인", "\(year) timeline") }
    /// Under a timeline's title: `오래된 순 · 티켓 12장`.
    func oldestFirst(_ n: Int) -> String { pick("오래된 순 · \(count(n))", "Oldest first · \(count(n))") }
    var yearPager: String { pick("앞뒤 해", "Previous and next year") }
    /// `2022년 돌아보기`, `2022 in review`.
    func yearReview(_ year: Int) -> String { pick("\(year)년 돌아보기", "\(year) in review") }
    func seeTimeline(_ year: Int) -> String { pick("\(year)년 타임라인 보기", "See the \(year) timeline") }
    func searchYear(_ year: Int) -> String { pick("\(year)년 기록 모두 찾아보기", "Find every entry of \(year)") }
    /// A month's count over its bar: `4개`, `4`.
    func chartCount(_ n: Int) -> String { pick("\(n)개", "\(n)") }
    var kind: String { pick("종류", "Kind") }
    /// The years' table: its columns.
    var yearColumn: String { pick("해", "Year") }
    var ticketsColumn: String { pick("티켓", "Tickets") }
    var monthsColumn: String { pick("달", "Months") }
    /// A month's link in the years' table, read aloud: `2022년 8월 (4개)`.
    func monthWithEntries(_ m: MonthKey, _ n: Int) -> String { "\(month(m)) (\(entries(n)))" }
}
