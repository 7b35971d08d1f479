import PhotiCaseDiary

/// What the home page shows beside a calendar with no entry yet (the
/// first days of a month, or after a quiet one), so the first screen
/// shows the diary and not an empty month: the latest entries, newest
/// first, the numbers of today's year (else of the latest year with
/// entries), and the latest month that has entries.
struct HomeDiary: Sendable {
    /// How many of the latest entries are shown.
    static let recentCount = 6

    var recent: [Entry]
    var summary: YearSummary
    /// True when `summary` is today's year.
    var isThisYear: Bool
    var latestMonth: MonthKey?

    /// Nil for a book without entries (the calendar says so).
    init?(diary: [Entry], timeline: [TimelineYear], today: CalendarDate) {
        guard let last = diary.last else { return nil }
        recent = Array(diary.suffix(Self.recentCount).reversed())
        latestMonth = MonthKey(last.date)
        let year = timeline.last { $0.year == today.year } ?? timeline.last { $0.year < today.year } ?? timeline.last!
        summary = YearSummary(year: year.year, entries: year.months.flatMap(\.entries))
        isThisYear = year.year == today.year
    }

    /// The dates the home page then shows, from the first day of the
    /// year summed up or of the oldest entry shown to the newest: an
    /// entry held on one of them may be one this run cannot see
    /// (`SitePage.neighbourhood`).
    var span: ClosedRange<CalendarDate> {
        let first = CalendarDate(year: summary.year, month: 1, day: 1)!
        let oldest = recent.last.map { min($0.date, first) } ?? first
        return oldest...CalendarDate(year: 9999, month: 12, day: 31)!
    }

    /// The numbers and the entries, as text for the page's key.
    var keyParts: [String] {
        var parts = ["\(summary.year)", "\(summary.count)", summary.averageRating.map(SiteText.average) ?? "-",
                     summary.kinds.map { "\($0.kind.rawValue) \($0.count)" }.joined(separator: ","),
                     summary.companions.map { "\($0.names.joined(separator: "\u{1F}")) \($0.count)" } ?? "-", isThisYear ? "this" : "-",
                     latestMonth.map { "\($0.year)-\($0.month)" } ?? "-"]
        parts.append("\(recent.count)")
        return parts
    }

    func write(_ w: inout PageWriter) {
        w.html.open("div", [("class", "home-diary")])
        w.html.open("section", [("class", "recent"), ("aria-labelledby", "recent-title")])
        w.html.element("h2", [("id", "recent-title")], w.strings.latestEntries)
        EntryCard(layout: .row, date: .full).list(recent, into: &w, class: "rows")
        w.html.open("p", [("class", "more-links")])
        w.html.element("a", [("href", w.href(SearchQuery(sort: .date)))], w.strings.searchAll)
        w.html.close("p")
        w.html.close("section")
        numbers(&w)
        w.html.close("div")
    }

    private func numbers(_ w: inout PageWriter) {
        let year = summary.year, strings = w.strings
        w.html.open("section", [("class", "numbers"), ("aria-labelledby", "numbers-title")])
        w.html.element("h2", [("id", "numbers-title")], strings.yearNumbers(year, thisYear: isThisYear))
        w.html.open("ul", [("class", "stat-grid")])
        var stats = [(strings.ticketsKept, strings.tickets(summary.count))]
        if let average = summary.averageRating { stats.append((strings.cards.averageLabel, SiteText.average(average))) }
        if let top = summary.kinds.max(by: { ($0.count, $1.kind.rawValue) < ($1.count, $0.kind.rawValue) }) {
            stats.append((strings.mostSeenKind, "\(w.kinds.label(top.kind)) \(top.count)"))
        }
        if let companions = summary.companions {
            let tie = companions.names.count > 1
            stats.append((strings.mostTogether(tie: tie),
                          strings.cards.companionNames(companions.names, shown: 3) + strings.timesTogether(companions.count, tie: tie)))
        }
        for (label, value) in stats {
            w.html.open("li")
            w.html.element("span", [("class", "stat-label")], label)
            w.html.element("span", [("class", "stat-value"), ("dir", "auto")], value)
            w.html.close("li")
        }
        w.html.close("ul")
        w.html.open("p", [("class", "more-links")])
        w.link(.year(year), strings.yearReview(year))
        w.html.close("p")
        w.html.close("section")
    }
}
