import Foundation

/// A public holiday: its date and its name as Korean calendars print it.
public struct Holiday: Sendable, Hashable {
    public var date: CalendarDate
    /// 설날, 추석, 대체공휴일, …
    public var name: String
    /// A substitute holiday (대체공휴일), given for one that fell on a
    /// weekend or on another holiday.
    public var isSubstitute: Bool

    public init(date: CalendarDate, name: String, isSubstitute: Bool = false) {
        self.date = date
        self.name = name
        self.isSubstitute = isSubstitute
    }
}

/// South Korea's public holidays (관공서의 공휴일에 관한 규정), computed for
/// each year, not typed in: the solar ones by date, the lunar ones (설날,
/// 부처님오신날, 추석) from the Korean lunisolar calendar (`DangiBinding`),
/// and the substitute holidays by the rules in force that year. Days a
/// government declares one at a time (election days, 임시공휴일) cannot be
/// computed and are not included. Years 2000 to 2100; none outside.
///
/// The rules, by when they took effect:
/// - every year: 신정 1/1, 설날 (the lunar new year's eve, day and the day
///   after), 삼일절 3/1, 어린이날 5/5, 부처님오신날 (lunar 4/8), 현충일 6/6,
///   광복절 8/15, 추석 (lunar 8/14-8/16), 개천절 10/3, 성탄절 12/25;
///   식목일 4/5 until 2005, 제헌절 7/17 until 2007, 한글날 10/9 from 2013;
/// - from 2014: a 설날 or 추석 that takes in a Sunday or another holiday,
///   and a 어린이날 on a Saturday, Sunday or another holiday, give the
///   first weekday after that is no holiday;
/// - from 4 August 2021: so do 삼일절, 광복절, 개천절 and 한글날;
/// - from 4 May 2023: so do 부처님오신날 and 성탄절.
/// Two holidays on one date give one substitute between them.
public enum KoreanHolidays {
    /// The years holidays are computed for.
    public static let years = 2000...2100

    /// The holidays of `year`, in date order (a date may have two:
    /// 어린이날 and 부처님오신날 in 2025); computed once a year and kept.
    public static func holidays(in year: Int) -> [Holiday] {
        guard years.contains(year) else { return [] }
        cache.lock()
        defer { cache.unlock() }
        if let known = table[year] { return known }
        let computed = compute(year)
        table[year] = computed
        return computed
    }

    /// The holidays from the month before `month` to the one after: every
    /// day a calendar of `month` can show.
    public static func holidays(shownBy month: MonthKey) -> [Holiday] {
        let months = (month.year * 12 + month.month - 2)...(month.year * 12 + month.month)
        return ((month.year - 1)...(month.year + 1)).flatMap { holidays(in: $0) }
            .filter { months.contains($0.date.year * 12 + $0.date.month - 1) }
    }

    /// The names of the holidays on `date` (empty: none), the substitute's
    /// last.
    public static func names(on date: CalendarDate) -> [String] {
        holidays(in: date.year).filter { $0.date == date }.map(\.name)
    }

    /// Whether `date` is a holiday.
    public static func isHoliday(_ date: CalendarDate) -> Bool {
        holidays(in: date.year).contains { $0.date == date }
    }

    private static let cache = NSLock()
    nonisolated(unsafe) private static var table: [Int: [Holiday]] = [:]

    /// What gives a substitute, and from when.
    private enum Rule {
        /// Never (신정, 현충일, …).
        case none
        /// From 2014: a Saturday, a Sunday or another holiday (어린이날).
        case children
        /// From `since`: a Saturday, a Sunday or another holiday.
        case weekend(since: CalendarDate)
    }

    private static func compute(_ year: Int) -> [Holiday] {
        func date(_ m: Int, _ d: Int) -> CalendarDate { CalendarDate(year: year, month: m, day: d)! }
        var days: [(date: CalendarDate, name: String, rule: Rule)] = []
        let since2021 = CalendarDate(year: 2021, month: 8, day: 4)!
        let since2023 = CalendarDate(year: 2023, month: 5, day: 4)!
        days.append((date(1, 1), "신정", .none))
        days.append((date(3, 1), "삼일절", .weekend(since: since2021)))
        if year <= 2005 { days.append((date(4, 5), "식목일", .none)) }
        days.append((date(5, 5), "어린이날", .children))
        days.append((date(6, 6), "현충일", .none))
        if year <= 2007 { days.append((date(7, 17), "제헌절", .none)) }
        days.append((date(8, 15), "광복절", .weekend(since: since2021)))
        days.append((date(10, 3), "개천절", .weekend(since: since2021)))
        if year >= 2013 { days.append((date(10, 9), "한글날", .weekend(since: since2021))) }
        days.append((date(12, 25), "성탄절", .weekend(since: since2023)))
        // The lunar ones: converted from the lunar year that begins in this
        // one (three conversions: a scan of the year's days took 12 ms, a
        // one-entry diary's render asks for three years), or else found
        // among the year's days.
        var blocks: [[CalendarDate]] = []
        let wanted = [LunarDay(month: 1, day: 1), LunarDay(month: 4, day: 8), LunarDay(month: 8, day: 15)]
        var found: [LunarDay: CalendarDate] = [:]
        if let dates = DangiBinding.dates(of: wanted, inYearBeginningIn: year) {
            for (day, date) in zip(wanted, dates) where date.year == year { found[day] = date }
        } else if let lunar = DangiBinding.lunarDays(of: year) {
            let first = date(1, 1)
            for day in wanted { found[day] = lunar.firstIndex(of: day).map { first.adding(days: $0) } }
        }
        if let seollal = found[LunarDay(month: 1, day: 1)] {
            let block = [seollal.adding(days: -1), seollal, seollal.adding(days: 1)]
            blocks.append(block)
            for d in block { days.append((d, "설날", .none)) }
        }
        if let buddha = found[LunarDay(month: 4, day: 8)] {
            days.append((buddha, "부처님오신날", .weekend(since: since2023)))
        }
        if let chuseok = found[LunarDay(month: 8, day: 15)] {
            let block = [chuseok.adding(days: -1), chuseok, chuseok.adding(days: 1)]
            blocks.append(block)
            for d in block { days.append((d, "추석", .none)) }
        }
        days.sort { $0.date < $1.date }
        var taken = Set(days.map(\.date))
        var counts: [CalendarDate: Int] = [:]
        for d in days { counts[d.date, default: 0] += 1 }
        // The dates whose coincidence already gave a substitute.
        var settled: Set<CalendarDate> = []
        // Each claim's anchor: the substitute is the first weekday after it
        // that is no holiday (nor an earlier claim's substitute).
        var anchors: [CalendarDate] = []
        if year >= 2014 {
            for block in blocks {
                let shared = block.filter { counts[$0, default: 0] > 1 }
                if block.contains(where: { $0.weekday == 0 }) || !shared.isEmpty {
                    anchors.append(block[block.count - 1])
                    settled.formUnion(shared)
                }
            }
        }
        for d in days {
            let applies: Bool = switch d.rule {
            case .none: false
            case .children: year >= 2014
            case let .weekend(since): d.date >= since
            }
            guard applies else { continue }
            let weekend = d.date.weekday == 0 || d.date.weekday == 6
            let shared = counts[d.date, default: 0] > 1
            if weekend && !shared {
                anchors.append(d.date)
            } else if shared && !settled.contains(d.date) {
                anchors.append(d.date)
                settled.insert(d.date)
            }
        }
        var holidays = days.map { Holiday(date: $0.date, name: $0.name) }
        for anchor in anchors.sorted() {
            var day = anchor.adding(days: 1)
            while day.weekday == 0 || day.weekday == 6 || taken.contains(day) { day = day.adding(days: 1) }
            taken.insert(day)
            holidays.append(Holiday(date: day, name: "대체공휴일", isSubstitute: true))
        }
        return holidays.filter { $0.date.year == year }.sorted { $0.date < $1.date }
    }
}
