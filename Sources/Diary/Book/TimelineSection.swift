/// One year of the timeline.
public struct TimelineYear: Sendable, Hashable {
    /// The calendar year; one `timeline-YYYY` page set each.
    public var year: Int
    /// The months with entries, January first.
    public var months: [TimelineSection]
}

/// One month under its header on a timeline page.
public struct TimelineSection: Sendable, Hashable {
    /// The year and month (1...12) the header names.
    public var year: Int
    public var month: Int
    /// The month's entries on this page, oldest first.
    public var entries: [Entry]
    /// True when the month began on an earlier page.
    public var continued: Bool

    /// A month's section; `continued` when it goes on from an earlier page.
    public init(year: Int, month: Int, entries: [Entry], continued: Bool = false) {
        self.year = year
        self.month = month
        self.entries = entries
        self.continued = continued
    }
}
