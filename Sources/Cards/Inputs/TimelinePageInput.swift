import PhotiCaseDiary

/// What one page of a year's timeline draws: the year, and each month on
/// the page under its header (how many tickets the whole month holds,
/// whether it goes on from an earlier page), its entries as compact cards.
public struct TimelinePageInput: Sendable, Hashable, LayoutInput {
    /// One month's part of the page.
    public struct Section: Sendable, Hashable, LayoutInput {
        public var month: Int
        /// True when the month began on an earlier page.
        public var continued: Bool
        /// Tickets in the whole month (on every page that shows it).
        public var monthCount: Int
        /// The month's entries on this page, oldest first.
        public var tiles: [BookTileInput]

        public init(month: Int, continued: Bool, monthCount: Int, tiles: [BookTileInput]) {
            self.month = month
            self.continued = continued
            self.monthCount = monthCount
            self.tiles = tiles
        }

        public func write(to key: inout LayoutKey) {
            key.add(month)
            key.add(continued)
            key.add(monthCount)
            key.add(tiles) { $0.add($1) }
        }
    }

    public var year: Int
    public var sections: [Section]
    /// 1-based.
    public var page: Int
    public var pageCount: Int

    public init(year: Int, sections: [Section], page: Int, pageCount: Int) {
        self.year = year
        self.sections = sections
        self.page = page
        self.pageCount = pageCount
    }

    public func write(to key: inout LayoutKey) {
        key.add("timeline")
        key.add(year)
        key.add(page)
        key.add(pageCount)
        key.add(sections) { $0.add($1) }
    }
}
