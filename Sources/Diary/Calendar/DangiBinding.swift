import CPhotiCaseCalendarShim

/// A day of the Korean lunisolar calendar (Dangi): its month (1-12),
/// whether that month is a leap month, and its day.
public struct LunarDay: Sendable, Hashable {
    public var month: Int
    public var isLeapMonth: Bool
    public var day: Int

    public init(month: Int, isLeapMonth: Bool = false, day: Int) {
        self.month = month
        self.isLeapMonth = isLeapMonth
        self.day = day
    }
}

/// ICU's Dangi calendar, the only use of libicu (its C calls are in
/// Sources/CCalendarShim/dangi.c). Not Foundation's `.chinese` calendar: China's
/// reckons new moons in UTC+8, Korea's in UTC+9, and a new moon in the
/// hour between starts a month a day apart (Seollal 2027 is 7 February in
/// Korea, 6 February in China).
enum DangiBinding {
    /// The civil dates of `days` (months that are not leap months) of the
    /// lunar year that begins in Gregorian `year`, each converted back to
    /// check it; nil when ICU cannot say or a date does not convert back
    /// (then `lunarDays` is scanned).
    static func dates(of days: [LunarDay], inYearBeginningIn year: Int) -> [CalendarDate]? {
        guard let epoch = CalendarDate(year: 1970, month: 1, day: 1) else { return nil }
        let months = days.map { UInt8($0.month) }, dayNumbers = days.map { UInt8($0.day) }
        var out = [Int64](repeating: 0, count: days.count)
        guard pr_dangi_find(Int32(year), Int32(days.count), months, dayNumbers, &out) == 0 else { return nil }
        return out.map { epoch.adding(days: Int($0)) }
    }

    /// The lunar day of each civil day of `year`, January 1st first; nil
    /// when ICU cannot say (its data missing).
    static func lunarDays(of year: Int) -> [LunarDay]? {
        guard let first = CalendarDate(year: year, month: 1, day: 1),
              let next = CalendarDate(year: year + 1, month: 1, day: 1) else { return nil }
        let count = next.daysSinceEpoch - first.daysSinceEpoch
        var months = [UInt8](repeating: 0, count: count)
        var leaps = [UInt8](repeating: 0, count: count)
        var days = [UInt8](repeating: 0, count: count)
        let status = pr_dangi_days(Int64(first.daysSinceEpoch), Int32(count), &months, &leaps, &days)
        guard status == 0 else { return nil }
        return (0..<count).map { LunarDay(month: Int(months[$0]), isLeapMonth: leaps[$0] != 0, day: Int(days[$0])) }
    }
}
