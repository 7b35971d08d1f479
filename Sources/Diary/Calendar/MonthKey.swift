/// `YYYY-MM`.
public struct MonthKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public init(year: Int, month: Int) { self.year = year; self.month = month }
    public init(_ date: CalendarDate) { self.init(year: date.year, month: date.month) }
    /// Parses `YYYY-MM` (years 1...9999).
    public init?(_ text: String) {
        guard let first = CalendarDate(text + "-01") else { return nil }
        self.init(first)
    }
    public var description: String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : "\(month)"
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + m
    }
    public static func < (a: MonthKey, b: MonthKey) -> Bool { (a.year, a.month) < (b.year, b.month) }

    /// The month after this one (December 9999 has none: nil).
    public var next: MonthKey? {
        if month < 12 { return MonthKey(year: year, month: month + 1) }
        return year < 9999 ? MonthKey(year: year + 1, month: 1) : nil
    }

    /// Every month from `first` to `last`, both included.
    public static func range(from first: MonthKey, to last: MonthKey) -> [MonthKey] {
        var months: [MonthKey] = []
        var current: MonthKey? = first
        while let m = current, m <= last {
            months.append(m)
            current = m.next
        }
        return months
    }
}
