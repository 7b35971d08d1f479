import PhotiCaseDiary

/// A month's page, and the home page (`index.html`, today's month): the
/// month as a calendar whose days with entries show their thumbnail and
/// link to the day, the months before and after that have sheets, and
/// beside it, each day with its entries. A home page whose month has no
/// entry yet shows the diary beside the calendar instead (`HomeDiary`).
struct MonthPage: Sendable {
    var month: MonthKey
    /// The month's entries by day of month, each day in thumbnail order.
    var days: [Int: [Entry]]
    var previous: MonthKey?
    var next: MonthKey?
    /// Today, when it falls in this month (marked on the calendar).
    var today: CalendarDate?
    var firstWeekday: FirstWeekday
    /// The public holidays the calendar shows, by date, each with its
    /// names (the theme's `holidays`; none with `none`).
    var holidays: [CalendarDate: [String]] = [:]
    /// True for `index.html`.
    var isHome: Bool
    /// True for a month before today's: it has no entry, not "none yet".
    var isPast: Bool
    /// On the home page when the month has no entry: the latest entries,
    /// a year's numbers and the latest month with entries.
    var diary: HomeDiary?
    /// On the home page: the entries of today's date in earlier years.
    var onThisDay: OnThisDay?
    /// On the home page with `--site-url`: its link preview.
    var homePreview: HomePreview?

    func render(_ w: inout PageWriter) -> [UInt8] {
        let strings = w.strings
        let name = strings.month(month)
        return w.page(title: isHome ? strings.calendar + " · " + name : name, section: .calendar,
                      preview: homePreview?.linkPreview(w)) { w in
            if !isHome { w.breadcrumbs([(.home, strings.calendar)]) }
            w.html.element("h1", [("id", "month-title")], name)
            let count = days.values.reduce(0) { $0 + $1.count }
            w.html.open("p", [("class", "lede")])
            w.html.text(count > 0 ? strings.monthEntries(count) : isPast ? strings.noEntriesThisMonth : strings.noEntriesThisMonthYet)
            if count == 0, let latest = diary?.latestMonth {
                w.html.text(" ")
                // The arrow points the way time goes, as the pager's do:
                // left to an earlier month, right to a later one.
                let name = strings.latestMonth(strings.month(latest))
                w.link(.month(year: latest.year, month: latest.month), latest < month ? "← " + name : name + " →")
            }
            w.html.close("p")
            pager(&w)
            onThisDay?.write(&w)
            // Side by side on a wide screen, the calendar above its days on a phone.
            w.html.open("div", [("class", "month-view")])
            w.html.open("div", [("class", "month-calendar")])
            calendar(&w)
            w.imageLinks(w.placed(.monthLink, .month(month)).map { ($0.href, strings.monthImage(name, $0.placement.label)) })
            w.html.close("div")
            if let diary, days.isEmpty {
                diary.write(&w)
            } else {
                // On a touch screen the month's entries page one by one
                // instead of the list of days.
                w.html.open("div", [("class", "month-entries")])
                EntryPager(mode: .touchOnly, label: strings.monthEntriesLabel, id: "entry", date: .dayOfMonth)
                    .write(days.keys.sorted().flatMap { days[$0] ?? [] }, into: &w)
                dayList(&w)
                w.html.close("div")
            }
            w.html.close("div")
        }
    }

    private func pager(_ w: inout PageWriter) {
        func path(_ m: MonthKey) -> SitePath { .month(year: m.year, month: m.month) }
        let strings = w.strings
        w.pager(label: strings.monthPager, previous: previous.map { .init(target: path($0), text: strings.month($0)) },
                next: next.map { .init(target: path($0), text: strings.month($0)) })
    }

    /// The month grid as a table: weekday headers, whole weeks, other
    /// months' days dimmed and without links.
    private func calendar(_ w: inout PageWriter) {
        let grid = MonthGrid(year: month.year, month: month.month, firstWeekday: firstWeekday)
        let weekdays = MonthGrid.columnWeekdays(firstWeekday)
        let names = w.strings.cards.weekdayNames
        w.html.open("table", [("class", "calendar"), ("aria-labelledby", "month-title")])
        w.html.raw("<thead><tr>")
        for weekday in weekdays {
            w.html.element("th", [("scope", "col"), ("class", Self.weekdayClass(weekday)), ("abbr", w.strings.weekday(weekday))],
                           names[weekday])
        }
        w.html.raw("</tr></thead><tbody>")
        for row in 0..<grid.rows {
            w.html.raw("<tr>")
            for date in grid.days[(row * 7)..<(row * 7 + 7)] { cell(&w, date, own: grid.contains(date)) }
            w.html.raw("</tr>")
        }
        w.html.raw("</tbody>")
        w.html.close("table")
    }

    private func cell(_ w: inout PageWriter, _ date: CalendarDate, own: Bool) {
        let holiday = holidays[date].map { $0.map(w.strings.holiday).joined(separator: " · ") }
        let classes = [own ? nil : "out", date == today ? "today" : nil, Self.weekdayClass(date.weekday),
                       holiday == nil ? nil : "hol"].compactMap { $0 }
        w.html.open("td", [("class", classes.isEmpty ? nil : classes.joined(separator: " ")),
                           ("aria-current", date == today ? "date" : nil)])
        // The holiday's name under the day's number (cut short on a phone,
        // whole in its tooltip); other months' days keep only the colour.
        func number() {
            w.html.element("span", [("class", "num")], String(date.day))
            if own, let holiday { w.html.element("span", [("class", "hol-name"), ("title", holiday)], holiday) }
        }
        guard own, let entries = days[date.day], !entries.isEmpty else {
            number()
            w.html.close("td")
            return
        }
        let label = w.strings.shortDate(date) + (holiday.map { " (\($0))" } ?? "") + ": " + w.strings.title(entries[0])
            + (entries.count > 1 ? w.strings.andMore(entries.count - 1) : "")
        w.html.open("a", [("href", w.href(SitePath.day(date))), ("aria-label", label)])
        number()
        if let thumb = w.placed(.dayCell, .day(date)).first {
            w.image(thumb, alt: "", class: "day-thumb")
        } else {
            w.html.element("span", [("class", "dot")], String(entries.count))
        }
        w.html.close("a")
        w.html.close("td")
    }

    /// Each day with entries, as a heading linking to the day and its
    /// entries as rows.
    private func dayList(_ w: inout PageWriter) {
        guard !days.isEmpty else { return }
        w.html.open("section", [("class", "days"), ("aria-labelledby", "days-title")])
        w.html.element("h2", [("id", "days-title")], w.strings.daysHeading)
        for day in days.keys.sorted() {
            guard let date = CalendarDate(year: month.year, month: month.month, day: day), let entries = days[day] else {
                continue
            }
            w.html.open("section", [("class", "day")])
            w.html.open("h3")
            w.link(.day(date), w.strings.shortDate(date))
            w.html.close("h3")
            EntryCard(layout: .row).list(entries, into: &w, class: "rows")
            w.html.close("section")
        }
        w.html.close("section")
    }

    static func weekdayClass(_ weekday: Int) -> String? {
        weekday == 0 ? "sun" : weekday == 6 ? "sat" : nil
    }
}
