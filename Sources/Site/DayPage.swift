import PhotiCaseDiary

/// A day's page: the day's entries, in the order the day's thumbnail
/// shows them (best first), as the pages of one pager on a phone (as the
/// app's day cell pages them) and a grid of their cards on a desktop; the
/// images the kinds offer for a day; and the days before and after that
/// have entries.
struct DayPage: Sendable {
    var date: CalendarDate
    var entries: [Entry]
    var previous: CalendarDate?
    var next: CalendarDate?

    func render(_ w: inout PageWriter) -> [UInt8] {
        w.page(title: SiteText.longDate(date), section: .calendar) { w in
            let month = MonthKey(date)
            w.breadcrumbs([(.home, "달력"), (.month(year: month.year, month: month.month), SiteText.month(month))])
            w.html.element("h1", SiteText.longDate(date))
            w.html.element("p", [("class", "lede")], "이날의 기록 \(entries.count)개")
            // Paged on a phone, as the app's day cell pages them; a grid of
            // the day's cards on a desktop's width.
            EntryPager(mode: .narrow, label: "이날의 기록", id: "entry").write(entries, into: &w)
            w.downloads(.dayDownload, for: .day(date), name: SiteText.longDate(date))
            w.pager(label: "앞뒤 날짜",
                    previous: previous.map { .init(target: .day($0), lead: "이전 기록한 날: \($0.year)년 ",
                                                   text: SiteText.shortDate($0)) },
                    next: next.map { .init(target: .day($0), lead: "다음 기록한 날: \($0.year)년 ",
                                           text: SiteText.shortDate($0)) })
        }
    }
}
