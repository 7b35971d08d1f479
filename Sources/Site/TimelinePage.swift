import Diary

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
    var sizes: SiteImageSizes

    func render(_ w: inout PageWriter) -> [UInt8] {
        let y = year.year
        return w.page(title: "\(y)년 타임라인", section: nil) { w in
            w.html.element("h1", "\(y)년 타임라인")
            let count = year.months.reduce(0) { $0 + $1.entries.count }
            w.html.element("p", [("class", "lede")], "오래된 순 · \(SiteText.count(count))")
            BookTabs(current: .timeline(y), years: years).write(&w)
            for section in year.months {
                let month = MonthKey(year: section.year, month: section.month)
                w.html.open("section", [("class", "timeline-month")])
                w.html.open("h2")
                w.link(.month(year: month.year, month: month.month), "\(section.month)월")
                w.html.close("h2")
                EntryCard(layout: .row, date: .dayOfMonth).list(section.entries, into: &w, faceSize: sizes.face,
                                                                class: "rows")
                w.html.close("section")
            }
            images(&w)
            w.pager(label: "앞뒤 해", previous: previous.map { .init(target: .timeline(year: $0), text: "\($0)년 타임라인") },
                    next: next.map { .init(target: .timeline(year: $0), text: "\($0)년 타임라인") })
        }
    }

    private func images(_ w: inout PageWriter) {
        let pages = (1...max(1, imagePages)).compactMap { n -> (Int, String)? in
            w.href(.timeline(year: year.year, page: imagePages > 1 ? n : nil)).map { (n, $0) }
        }
        guard !pages.isEmpty else { return }
        w.html.open("p", [("class", "sheet-link")])
        for (i, (n, href)) in pages.enumerated() {
            if i > 0 { w.html.text(" · ") }
            w.html.element("a", [("href", href)], pages.count > 1 ? "타임라인 이미지 \(n)쪽" : "타임라인 이미지 보기")
        }
        w.html.close("p")
    }
}
