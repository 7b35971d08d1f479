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
        let strings = w.strings
        return w.page(title: strings.longDate(date), section: .calendar) { w in
            let month = MonthKey(date)
            w.breadcrumbs([(.home, strings.calendar), (.month(year: month.year, month: month.month), strings.month(month))])
            w.html.element("h1", strings.longDate(date))
            w.html.element("p", [("class", "lede")], strings.dayEntries(entries.count))
            // Paged on a phone, as the app's day cell pages them; a grid of
            // the day's cards on a desktop's width.
            EntryPager(mode: .narrow, label: strings.dayEntriesLabel, id: "entry").write(entries, into: &w)
            w.downloads(.dayDownload, for: .day(date), name: strings.longDate(date))
            func link(_ day: CalendarDate, next: Bool) -> PageWriter.PagerLink {
                let words = strings.dayLink(day, next: next)
                return .init(target: .day(day), lead: words.lead, text: words.text)
            }
            w.pager(label: strings.dayPager, previous: previous.map { link($0, next: false) },
                    next: next.map { link($0, next: true) })
        }
    }
}
