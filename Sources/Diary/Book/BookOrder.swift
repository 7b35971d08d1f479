
/// The ticket book's reading order and its pages.
///
/// The gallery and the list show entries best first, as the app's ticket
/// book does: rating descending, then the newer date first, then the title
/// (as displayed, so search-API markup does not change the order), then
/// the id. The id makes the order total, so the same entries always land
/// on the same page and tile however the folders were listed.
public enum BookOrder {
    /// Entries per gallery or list page unless the user asks otherwise (`--page-size`).
    public static let defaultPageSize = 12

    /// The height of a timeline page's body, in units of about 41 points:
    /// ten entries under two month headers, or fewer under more headers.
    public static let timelineCapacity = 22
    /// A month header's height on the timeline, in units.
    public static let timelineHeaderCost = 1
    /// A compact card's height (with its gap) on the timeline, in units.
    public static let timelineEntryCost = 2

    /// True when `a` comes before `b` in reading order.
    public static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        precedes(a, SearchTitle.shown(a.title), b, SearchTitle.shown(b.title))
    }

    /// `precedes` with each entry's displayed title already made.
    static func precedes(_ a: Entry, _ ta: String, _ b: Entry, _ tb: String) -> Bool {
        if a.rating != b.rating { return a.rating > b.rating }
        if a.date != b.date { return a.date > b.date }
        if ta != tb { return ta < tb }
        return a.id < b.id
    }

    /// `entries` in reading order.
    public static func sorted(_ entries: [Entry]) -> [Entry] {
        sorted(entries, by: precedes)
    }

    /// `entries` in chronological order (see `chronological`).
    public static func chronologicallySorted(_ entries: [Entry]) -> [Entry] {
        sorted(entries, by: chronological)
    }

    /// `entries` sorted by `order`, each displayed title made once, not
    /// in every comparison, and indices moved rather than entries: the
    /// site and the book sort every entry of a large book on each run.
    private static func sorted(_ entries: [Entry],
                               by order: (Entry, String, Entry, String) -> Bool) -> [Entry] {
        let titles = entries.map { SearchTitle.shown($0.title) }
        return entries.indices.sorted { order(entries[$0], titles[$0], entries[$1], titles[$1]) }.map { entries[$0] }
    }

    /// `items` cut into pages of `pageSize` (at least 1), in order; the last
    /// page holds the rest. No items make no pages.
    public static func pages<T>(of items: [T], pageSize: Int) -> [[T]] {
        precondition(pageSize >= 1, "page size \(pageSize) must be at least 1")
        return stride(from: 0, to: items.count, by: pageSize).map {
            Array(items[$0..<min($0 + pageSize, items.count)])
        }
    }

    /// How many pages `count` items fill at `pageSize` per page.
    public static func pageCount(_ count: Int, pageSize: Int) -> Int {
        precondition(pageSize >= 1, "page size \(pageSize) must be at least 1")
        return (count + pageSize - 1) / pageSize
    }

    /// True when `a` comes before `b` on the timeline: the older date
    /// first, then the title, then the id.
    public static func chronological(_ a: Entry, _ b: Entry) -> Bool {
        chronological(a, SearchTitle.shown(a.title), b, SearchTitle.shown(b.title))
    }

    /// `chronological` with each entry's displayed title already made.
    static func chronological(_ a: Entry, _ ta: String, _ b: Entry, _ tb: String) -> Bool {
        if a.date != b.date { return a.date < b.date }
        if ta != tb { return ta < tb }
        return a.id < b.id
    }

    /// The timeline: one value per year that has entries, oldest year
    /// first, each holding its months with entries in chronological order.
    public static func timeline(_ entries: [Entry]) -> [TimelineYear] {
        timeline(chronological: chronologicallySorted(entries))
    }

    /// `timeline` of entries already in chronological order
    /// (`chronologicallySorted`): the site sorts them once for both.
    public static func timeline(chronological sorted: [Entry]) -> [TimelineYear] {
        var years: [TimelineYear] = []
        for entry in sorted {
            // Sorted input: a new year or month only ever starts at the end.
            if years.last?.year != entry.date.year {
                years.append(TimelineYear(year: entry.date.year, months: []))
            }
            if years[years.count - 1].months.last?.month != entry.date.month {
                years[years.count - 1].months.append(TimelineSection(year: entry.date.year, month: entry.date.month,
                                                                     entries: [], continued: false))
            }
            let last = years[years.count - 1].months.count - 1
            years[years.count - 1].months[last].entries.append(entry)
        }
        return years
    }

    /// One year's months cut into timeline pages of `capacity` units, where
    /// a month header costs `headerCost` and an entry row `entryCost`.
    ///
    /// A header never ends a page without at least one of its entries; a
    /// month that runs over a page break continues on the next page under a
    /// repeated header marked `continued`. A page always holds at least one
    /// entry, so a capacity too small for two rows still makes progress.
    public static func timelinePages(_ months: [TimelineSection], capacity: Int = BookOrder.timelineCapacity,
                                     headerCost: Int = BookOrder.timelineHeaderCost,
                                     entryCost: Int = BookOrder.timelineEntryCost) -> [[TimelineSection]] {
        precondition(headerCost >= 0 && entryCost >= 1, "timeline costs must be positive")
        var pages: [[TimelineSection]] = []
        var page: [TimelineSection] = []
        var used = 0
        for month in months {
            var rest = month.entries[...]
            var continued = month.continued
            while !rest.isEmpty {
                if !page.isEmpty && used + headerCost + entryCost > capacity {
                    pages.append(page)
                    (page, used) = ([], 0)
                }
                let fit = max(1, (capacity - used - headerCost) / entryCost)
                let taken = rest.prefix(fit)
                page.append(TimelineSection(year: month.year, month: month.month, entries: Array(taken),
                                            continued: continued))
                used += headerCost + taken.count * entryCost
                rest = rest.dropFirst(taken.count)
                continued = true
                if !rest.isEmpty {
                    pages.append(page)
                    (page, used) = ([], 0)
                }
            }
        }
        if !page.isEmpty { pages.append(page) }
        return pages
    }
}
