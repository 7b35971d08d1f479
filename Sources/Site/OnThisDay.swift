import PhotiCaseDiary

/// The home page's "과거의 오늘" (on this day), as Day One shows it: the
/// entries of today's month and day in earlier years, the most recent year
/// first, each with how long ago it was. An entry of 29 February shows on
/// 28 February in a year that has no 29th, so it is not missed three years
/// in four.
struct OnThisDay: Sendable, Hashable {
    var today: CalendarDate
    /// Newest first.
    var entries: [Entry]

    /// Nil when no earlier year has an entry on this day.
    init?(diary: [Entry], today: CalendarDate) {
        let lastOfFebruary = today.month == 2 && today.day == 28 && CalendarDate.daysIn(year: today.year, month: 2) == 28
        let found = diary.filter { entry in
            let d = entry.date
            guard d.year < today.year, d.month == today.month else { return false }
            return d.day == today.day || (lastOfFebruary && d.day == 29)
        }
        guard !found.isEmpty else { return nil }
        self.today = today
        entries = found.reversed()
    }

    /// The dates it shows, the oldest to today: an entry held on one of
    /// them may be one this run cannot see (`SitePage.neighbourhood`).
    var span: ClosedRange<CalendarDate> { (entries.last?.date ?? today)...today }

    func write(_ w: inout PageWriter) {
        w.html.open("section", [("class", "on-this-day"), ("aria-labelledby", "on-this-day-title")])
        let strings = w.strings
        w.html.element("h2", [("id", "on-this-day-title")], strings.onThisDay)
        w.html.element("p", [("class", "lede")],
                       strings.onThisDayLede(entries.map { strings.yearsAgo(today.year - $0.date.year) }
                           .reduce(into: [String]()) { seen, text in
                               if !seen.contains(text) { seen.append(text) }
                           }))
        EntryCard(layout: .row, date: .full).list(entries, into: &w, class: "rows")
        w.html.close("section")
    }
}
