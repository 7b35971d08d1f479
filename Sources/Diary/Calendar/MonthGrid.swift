/// The days a month sheet shows: whole weeks from the week holding the
/// 1st to the week holding the last day, starting on `firstWeekday`.
public struct MonthGrid: Sendable, Hashable {
    public let year: Int
    public let month: Int
    /// Every day shown, row by row; days of the neighbouring months included.
    public let days: [CalendarDate]
    /// The number of week rows (4 to 6).
    public var rows: Int { days.count / 7 }

    /// The grid of `year`-`month` with weeks starting on `firstWeekday`.
    public init(year: Int, month: Int, firstWeekday: FirstWeekday) {
        guard let first = CalendarDate(year: year, month: month, day: 1) else {
            preconditionFailure("no month \(year)-\(month)")
        }
        self.year = year
        self.month = month
        let leading = (first.weekday - firstWeekday.weekday + 7) % 7
        let count = leading + CalendarDate.daysIn(year: year, month: month)
        let start = first.adding(days: -leading)
        days = (0..<((count + 6) / 7 * 7)).map { start.adding(days: $0) }
    }

    /// True when `date` belongs to the grid's own month.
    public func contains(_ date: CalendarDate) -> Bool {
        date.year == year && date.month == month
    }

    /// The weekday numbers of the columns (0 = Sunday).
    public static func columnWeekdays(_ first: FirstWeekday) -> [Int] {
        (0..<7).map { ($0 + first.weekday) % 7 }
    }
}
