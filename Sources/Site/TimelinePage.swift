import PhotiCaseDiary

/// A year's timeline: its months in order, each under a heading that links
/// to the month's calendar, the entries oldest first; links to the year's
/// timeline images and to the years before and after.
struct TimelinePage: Sendable {
    var year: TimelineYear
    /// How many timeline images the year has (1 when it fits one page).
    var imagePages: Int
    var previous: Int?
    var next: Int?
    var years: [Int]

    func render(_ w: inout PageWriter) -> [UInt8] {
        let y = year.year, strings = w.strings
        return w.page(title: strings.timeline(y), section: nil) { w in
            w.html.element("h1", strings.timeline(y))
            let count = year.months.reduce(0) { $0 + $1.entries.count }
            w.html.element("p", [("class", "lede")], strings.oldestFirst(count))
            BookTabs(current: .timeline(y), years: years).write(&w)
            for section in year.months {
                let month = MonthKey(year: section.year, month: section.month)
                w.html.open("section", [("class", "timeline-month")])
                w.html.open("h2")
                w.link(.month(year: month.year, month: month.month), strings.cards.monthHeader(section.month, continued: false))
                w.html.close("h2")
                EntryCard(layout: .row, date: .dayOfMonth).list(section.entries, into: &w, class: "rows")
                w.html.close("section")
            }
            images(&w)
            w.pager(label: strings.yearPager, previous: previous.map { .init(target: .timeline(year: $0), text: strings.timeline($0)) },
                    next: next.map { .init(target: .timeline(year: $0), text: strings.timeline($0)) })
        }
    }

    /// Each declared image of the year's timeline, every page of it that
    /// is made.
    private func images(_ w: inout PageWriter) {
        for placement in w.links.placements(.timelineLink) {
            let pages = (1...max(1, imagePages)).compactMap { n -> (Int, PlacedImage)? in
                let subject = SitePlacement.Subject.timeline(year: year.year, page: imagePages > 1 ? n : nil)
                return w.placed(placement, subject).map { (n, $0) }
            }
            w.imageLinks(pages.map { n, image in
                (image.href, pages.count > 1 ? w.strings.page(placement.alt, n) : placement.label)
            })
        }
    }
}
