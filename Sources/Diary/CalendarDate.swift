/// A calendar day (proleptic Gregorian), without time or zone.
///
/// Dates that are read (entry.json, `--today`) lie in 0001-01-01 ...
/// 9999-12-31. Arithmetic is total: a month grid of December 9999 or
/// January 0001 spills into year 10000 or year 0, and those neighbouring
/// days are still dates (drawn greyed out); nothing traps.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A valid date, or nil (month 1...12, day within the month).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CalendarDate.daysIn(year: year, month: month) else { return nil }
        self.init(unchecked: year, month: month, day: day)
    }

    /// A date computed by arithmetic; may lie just outside the years 1...9999.
    init(unchecked year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: String) {
        // Over the UTF-8 bytes: every entry's date is parsed on every run,
        // and splitting into Substrings cost more than the rest of a date.
        var text = text
        let parsed: (Int, Int, Int)? = text.withUTF8 { b in
            guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for i in range {
                    let digit = Int(b[i]) - Int(UInt8(ascii: "0"))
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
            return (y, m, d)
        }
        guard let (y, m, d) = parsed else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        // Ten ASCII bytes written in place, a small string with no heap
        // storage: every date of a large book is spelled on every run (its
        // index record, its day's and month's keys), and the padded
        // pieces below cost a microsecond each.
        if (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) {
            return String(unsafeUninitializedCapacity: 10) { b in
                func put(_ v: Int, _ at: Int, _ n: Int) {
                    var v = v
                    for i in stride(from: at + n - 1, through: at, by: -1) {
                        b[i] = UInt8(ascii: "0") + UInt8(v % 10)
                        v /= 10
                    }
                }
                put(year, 0, 4)
                b[4] = UInt8(ascii: "-")
                put(month, 5, 2)
                b[7] = UInt8(ascii: "-")
                put(day, 8, 2)
                return 10
            }
        }
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(abs(v))
            return (v < 0 ? "-" : "") + String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// `YYYY-MM`, the month sheet's key.
    public var monthKey: String { String(description.prefix(7)) }

    /// 0 = Sunday ... 6 = Saturday.
    public var weekday: Int {
        // Days since 1970-01-01 (a Thursday).
        (daysSinceEpoch % 7 + 7 + 4) % 7
    }

    /// Days since 1970-01-01 (negative before).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        let z = daysSinceEpoch + days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return CalendarDate(unchecked: y, month: m, day: d)
    }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
