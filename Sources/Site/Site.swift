import PhotiCaseDiary

/// The browsable ticket book: every page, as values, from one `SiteInput`.
///
/// Pages link each other and the cache's images with relative links
/// only, so the cache folder works from `file://` and behind any static
/// server; nothing is fetched from elsewhere. Every string from an entry
/// is escaped where it is written (`HTML`), and ids reach URLs as their
/// cache file names, percent-encoded.
public struct Site: Sendable {
    let input: SiteInput
    /// Entries in diary order: date, then title, then id.
    let diary: [Entry]
    /// Entries by day, each day in thumbnail order (best first).
    let byDate: [CalendarDate: [Entry]]
    let dates: [CalendarDate]
    let timeline: [TimelineYear]
    let kinds: SiteKinds
    /// The input's links, the images' words in the theme's language.
    let links: SiteLinks

    public init(_ input: SiteInput) {
        self.input = input
        kinds = SiteKinds(theme: input.theme)
        links = input.links.speaking(input.theme.locale)
        diary = BookOrder.chronologicallySorted(input.entries)
        byDate = Dictionary(grouping: input.entries, by: \.date).mapValues(EntryOrder.sorted)
        dates = byDate.keys.sorted()
        timeline = BookOrder.timeline(chronological: diary)
    }

    /// Every page, in a fixed order: the style sheet and script, the home
    /// page, months, days, entries, the book, the years, the search.
    public func pages() -> [SitePage] {
        var pages: [SitePage] = []
        forEachPage { pages.append($0) }
        return pages
    }

    /// Calls `body` with every page, in the order of `pages()`, making
    /// one at a time: a caller that keeps less than the page (its key)
    /// never holds the whole site's models.
    public func forEachPage(_ body: (SitePage) -> Void) {
        body(page(.style, .site, .style(SiteStyle(theme: input.theme))))
        body(page(.script, .site, .script))
        calendarPages(body)
        entryPages(body)
        bookPages(body)
        yearPages(body)
        searchPages(body)
    }

    private func page(_ path: SitePath, _ owner: SiteOwner, _ content: SitePage.Content) -> SitePage {
        SitePage(path: path, owner: owner, neighbourhood: Self.neighbourhood(content), content: content,
                 links: links, kinds: kinds)
    }

    private static let firstDate = CalendarDate(year: 1, month: 1, day: 1)!
    private static let lastDate = CalendarDate(year: 9999, month: 12, day: 31)!

    /// From the previous neighbour's date to the next's (see `SitePage.neighbourhood`).
    private static func neighbourhood(_ content: SitePage.Content) -> ClosedRange<CalendarDate>? {
        func span(_ from: CalendarDate?, _ to: CalendarDate?) -> ClosedRange<CalendarDate> {
            (from ?? firstDate)...(to ?? lastDate)
        }
        switch content {
        case let .entry(page): return span(page.previous?.date, page.next?.date)
        case let .day(page): return span(page.previous, page.next)
        case let .year(page):
            return span(page.previous.flatMap { CalendarDate(year: $0, month: 1, day: 1) },
                        page.next.flatMap { CalendarDate(year: $0, month: 12, day: 31) })
        case let .month(page):
            // The home page beside an empty month shows the latest entries
            // and a year's numbers; on any month, the entries of today's
            // date in earlier years.
            let spans = [page.diary?.span, page.onThisDay?.span].compactMap { $0 }
            guard let first = spans.first else { return nil }
            return spans.dropFirst().reduce(first) { min($0.lowerBound, $1.lowerBound)...max($0.upperBound, $1.upperBound) }
        default: return nil
        }
    }

    private func calendarPages(_ body: (SitePage) -> Void) {
        let months = Set(input.months).union([MonthKey(input.today)]).sorted()
        let byMonth = Dictionary(grouping: dates, by: MonthKey.init)
        let current = MonthKey(input.today)
        func monthPage(_ index: Int, home: Bool) -> MonthPage {
            let month = months[index]
            var days: [Int: [Entry]] = [:]
            for date in byMonth[month] ?? [] { days[date.day] = byDate[date] }
            return MonthPage(month: month, days: days, previous: index > 0 ? months[index - 1] : nil,
                             next: index + 1 < months.count ? months[index + 1] : nil,
                             today: current == month ? input.today : nil,
                             firstWeekday: input.theme.firstWeekday,
                             holidays: input.theme.holidays == .kr
                                ? Dictionary(grouping: KoreanHolidays.holidays(shownBy: month), by: \.date).mapValues { $0.map(\.name) }
                                : [:],
                             isHome: home,
                             isPast: month < current,
                             diary: home && days.isEmpty ? HomeDiary(diary: diary, timeline: timeline, today: input.today) : nil,
                             onThisDay: home ? OnThisDay(diary: diary, today: input.today) : nil,
                             homePreview: home ? HomePreview(siteURL: input.siteURL, diary: diary, today: input.today) : nil)
        }
        if let today = months.firstIndex(of: MonthKey(input.today)) {
            body(page(.home, .month(months[today]), .month(monthPage(today, home: true))))
        }
        for (i, month) in months.enumerated() {
            body(page(.month(year: month.year, month: month.month), .month(month), .month(monthPage(i, home: false))))
        }
        for (i, date) in dates.enumerated() {
            let day = DayPage(date: date, entries: byDate[date] ?? [], previous: i > 0 ? dates[i - 1] : nil,
                              next: i + 1 < dates.count ? dates[i + 1] : nil)
            body(page(.day(date), .day(date), .day(day)))
        }
    }

    private func entryPages(_ body: (SitePage) -> Void) {
        for (i, entry) in diary.enumerated() {
            let model = EntryPage(entry: entry, previous: i > 0 ? diary[i - 1] : nil,
                                  next: i + 1 < diary.count ? diary[i + 1] : nil, siteURL: input.siteURL)
            body(page(.entry(name: input.links.entryName(entry.id)), .entry(id: entry.id), .entry(model)))
        }
    }

    private func bookPages(_ body: (SitePage) -> Void) {
        let sorted = BookOrder.sorted(input.entries)
        let chunks = BookOrder.pages(of: sorted, pageSize: input.pageSize)
        let pageCount = max(1, chunks.count)
        let years = timeline.map(\.year)
        for view in [BookPageView.gallery, .list] {
            for n in 1...pageCount {
                let model = BookPage(view: view, entries: chunks.isEmpty ? [] : chunks[n - 1], page: n,
                                     pageCount: pageCount, total: sorted.count, firstRank: (n - 1) * input.pageSize + 1,
                                     years: years)
                body(page(model.path(n), .book, .book(model)))
            }
        }
        for (i, year) in timeline.enumerated() {
            let model = TimelinePage(year: year, imagePages: BookOrder.timelinePages(year.months).count,
                                     previous: i > 0 ? timeline[i - 1].year : nil,
                                     next: i + 1 < timeline.count ? timeline[i + 1].year : nil,
                                     years: years)
            body(page(.timeline(year: year.year), .book, .timeline(model)))
        }
    }

    private func yearPages(_ body: (SitePage) -> Void) {
        let summaries = timeline.map { year in
            YearSummary(year: year.year, entries: year.months.flatMap(\.entries))
        }
        body(page(.yearsIndex, .book, .yearsIndex(YearsIndexPage(years: summaries))))
        for (i, summary) in summaries.enumerated() {
            let model = YearPage(summary: summary, previous: i > 0 ? summaries[i - 1].year : nil,
                                 next: i + 1 < summaries.count ? summaries[i + 1].year : nil, siteURL: input.siteURL)
            body(page(.year(summary.year), .year(summary.year), .year(model)))
        }
    }

    /// The search page, its script, and an index per year (owned by the
    /// year, as its page is: an edit rewrites its year's index alone).
    private func searchPages(_ body: (SitePage) -> Void) {
        body(page(.search, .book, .search(SearchPage(years: timeline.map(\.year)))))
        body(page(.searchScript, .site, .searchScript))
        // The size of the results' card images; where no kind places one,
        // the index has no picture to size and states the face's.
        let cardSize = input.links.placements(.entryCard).lazy.compactMap(\.size).first ?? input.sizes.face
        for year in timeline {
            let index = SearchIndex(year: year.year, entries: year.months.flatMap(\.entries), cardSize: cardSize)
            body(page(.searchIndex(year: year.year), .year(year.year), .searchIndex(index)))
        }
    }
}
