import Foundation
import Testing
@testable import PhotiCaseDiary

/// Korea's public holidays as computed from ICU's Dangi calendar and the
/// rules in force each year, held to the dates the Korea Astronomy and
/// Space Science Institute (KASI) publishes.
@Suite struct KoreanHolidaysTests {
    /// 설날 (lunar 1/1), 부처님오신날 (4/8) and 추석 (8/15) of 2000-2050, as
    /// KASI publishes them (its special-day service, data.go.kr 특일정보,
    /// for 2004-2027), and as four tables that follow KASI agree for every
    /// year (the .NET KoreanLunisolarCalendar, korean_lunar_calendar,
    /// Yasumi, python-holidays; one of them has 2001's 4/8 as China's
    /// 04-30, the other three as 05-01). Month-day, by year.
    static let kasi: [(year: Int, seollal: String, buddha: String, chuseok: String)] = [
        (2000, "02-05", "05-11", "09-12"),
        (2001, "01-24", "05-01", "10-01"),
        (2002, "02-12", "05-19", "09-21"),
        (2003, "02-01", "05-08", "09-11"),
        (2004, "01-22", "05-26", "09-28"),
        (2005, "02-09", "05-15", "09-18"),
        (2006, "01-29", "05-05", "10-06"),
        (2007, "02-18", "05-24", "09-25"),
        (2008, "02-07", "05-12", "09-14"),
        (2009, "01-26", "05-02", "10-03"),
        (2010, "02-14", "05-21", "09-22"),
        (2011, "02-03", "05-10", "09-12"),
        (2012, "01-23", "05-28", "09-30"),
        (2013, "02-10", "05-17", "09-19"),
        (2014, "01-31", "05-06", "09-08"),
        (2015, "02-19", "05-25", "09-27"),
        (2016, "02-08", "05-14", "09-15"),
        (2017, "01-28", "05-03", "10-04"),
        (2018, "02-16", "05-22", "09-24"),
        (2019, "02-05", "05-12", "09-13"),
        (2020, "01-25", "04-30", "10-01"),
        (2021, "02-12", "05-19", "09-21"),
        (2022, "02-01", "05-08", "09-10"),
        (2023, "01-22", "05-27", "09-29"),
        (2024, "02-10", "05-15", "09-17"),
        (2025, "01-29", "05-05", "10-06"),
        (2026, "02-17", "05-24", "09-25"),
        (2027, "02-07", "05-13", "09-15"),
        (2028, "01-27", "05-02", "10-03"),
        (2029, "02-13", "05-20", "09-22"),
        (2030, "02-03", "05-09", "09-12"),
        (2031, "01-23", "05-28", "10-01"),
        (2032, "02-11", "05-16", "09-19"),
        (2033, "01-31", "05-06", "09-08"),
        (2034, "02-19", "05-25", "09-27"),
        (2035, "02-08", "05-15", "09-16"),
        (2036, "01-28", "05-03", "10-04"),
        (2037, "02-15", "05-22", "09-24"),
        (2038, "02-04", "05-11", "09-13"),
        (2039, "01-24", "04-30", "10-02"),
        (2040, "02-12", "05-18", "09-21"),
        (2041, "02-01", "05-07", "09-10"),
        (2042, "01-22", "05-26", "09-28"),
        (2043, "02-10", "05-16", "09-17"),
        (2044, "01-30", "05-05", "10-05"),
        (2045, "02-17", "05-24", "09-25"),
        (2046, "02-06", "05-13", "09-15"),
        (2047, "01-26", "05-02", "10-04"),
        (2048, "02-14", "05-20", "09-22"),
        (2049, "02-02", "05-09", "09-11"),
        (2050, "01-23", "05-28", "09-30"),
    ]

    static func date(_ year: Int, _ monthDay: String) -> CalendarDate { CalendarDate("\(year)-\(monthDay)")! }

    @Test func theLunarHolidaysAreKASIsFrom2000To2050() {
        #expect(Self.kasi.count == 51)
        for row in Self.kasi {
            let names = KoreanHolidays.holidays(in: row.year)
            func on(_ name: String) -> [CalendarDate] { names.filter { $0.name == name }.map(\.date) }
            let seollal = Self.date(row.year, row.seollal), chuseok = Self.date(row.year, row.chuseok)
            // The day before, the day and the day after.
            #expect(on("설날") == [-1, 0, 1].map { seollal.adding(days: $0) }, "\(row.year) 설날")
            #expect(on("추석") == [-1, 0, 1].map { chuseok.adding(days: $0) }, "\(row.year) 추석")
            #expect(on("부처님오신날") == [Self.date(row.year, row.buddha)], "\(row.year) 부처님오신날")
        }
    }

    /// The conversion the table is computed with (three dates a year from
    /// the lunar year's fields) gives KASI's dates itself, not through the
    /// scan it falls back to, and agrees with the scan of every day of
    /// every year the table covers.
    @Test func theConversionIsKASIsAndTheScansToo() throws {
        let wanted = [LunarDay(month: 1, day: 1), LunarDay(month: 4, day: 8), LunarDay(month: 8, day: 15)]
        for row in Self.kasi {
            let dates = try #require(DangiBinding.dates(of: wanted, inYearBeginningIn: row.year), "\(row.year)")
            #expect(dates == [row.seollal, row.buddha, row.chuseok].map { Self.date(row.year, $0) }, "\(row.year)")
        }
        for year in stride(from: KoreanHolidays.years.lowerBound, through: KoreanHolidays.years.upperBound, by: 7) {
            let lunar = try #require(DangiBinding.lunarDays(of: year))
            let first = CalendarDate(year: year, month: 1, day: 1)!
            let scanned = wanted.map { day in lunar.firstIndex(of: day).map { first.adding(days: $0) } }
            #expect(DangiBinding.dates(of: wanted, inYearBeginningIn: year) == scanned.compactMap { $0 }, "\(year)")
        }
    }

    /// Where China's calendar (UTC+8) gives another day: a new moon in the
    /// hour before Korea's midnight, or another leap month (2012).
    @Test(arguments: [("2001-05-01", "부처님오신날"), ("2012-05-28", "부처님오신날"), ("2023-05-27", "부처님오신날"),
                      ("2027-02-07", "설날"), ("2028-01-27", "설날"), ("2040-09-21", "추석")])
    func whereChinaDiffersKoreasDayIsKept(_ text: String, _ name: String) {
        let day = CalendarDate(text)!
        #expect(KoreanHolidays.names(on: day).contains(name), "\(text)")
        // Not China's a day earlier (2012: a month earlier): 설날 and 추석
        // are three days from the eve, so the day before that eve.
        #expect(!KoreanHolidays.names(on: day.adding(days: name == "부처님오신날" ? -1 : -2)).contains(name))
    }

    /// Foundation's `.chinese` calendar is China's: it puts 2027's lunar
    /// new year a day early, which is why ICU's Dangi is asked instead.
    @Test func foundationsChineseCalendarIsNotKoreas() {
        var calendar = Calendar(identifier: .chinese)
        calendar.timeZone = TimeZone(identifier: "Asia/Shanghai")!
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        let day = gregorian.date(from: DateComponents(year: 2027, month: 2, day: 6, hour: 12))!
        let lunar = calendar.dateComponents([.month, .day], from: day)
        #expect(lunar.month == 1 && lunar.day == 1)
        #expect(!KoreanHolidays.isHoliday(CalendarDate("2027-02-05")!))
        #expect(KoreanHolidays.names(on: CalendarDate("2027-02-08")!) == ["설날"])
    }

    /// Every substitute holiday of 2014-2026 as the government announced
    /// them (election days and one-off holidays are not computed).
    @Test func substituteHolidaysFollowTheRulesOfTheirYear() {
        let announced = ["2014-09-10", "2015-09-29", "2016-02-10", "2017-01-30", "2017-10-06", "2018-05-07", "2018-09-26",
                         "2019-05-06", "2020-01-27", "2021-08-16", "2021-10-04", "2021-10-11", "2022-09-12", "2022-10-10",
                         "2023-01-24", "2023-05-29", "2024-02-12", "2024-05-06", "2025-03-03", "2025-05-06", "2025-10-08",
                         "2026-03-02", "2026-05-25", "2026-08-17", "2026-10-05"]
        let computed = (2000...2026).flatMap { KoreanHolidays.holidays(in: $0) }.filter(\.isSubstitute).map(\.date.description)
        #expect(computed == announced)
    }

    @Test func theSolarHolidaysFollowTheirYears() {
        #expect(KoreanHolidays.names(on: CalendarDate("2005-04-05")!) == ["식목일"])
        #expect(KoreanHolidays.names(on: CalendarDate("2006-04-05")!).isEmpty)
        #expect(KoreanHolidays.names(on: CalendarDate("2007-07-17")!) == ["제헌절"])
        #expect(KoreanHolidays.names(on: CalendarDate("2008-07-17")!).isEmpty)
        #expect(KoreanHolidays.names(on: CalendarDate("2012-10-09")!).isEmpty)
        #expect(KoreanHolidays.names(on: CalendarDate("2013-10-09")!) == ["한글날"])
        #expect(KoreanHolidays.names(on: CalendarDate("2025-05-05")!).sorted() == ["부처님오신날", "어린이날"])
        // Fifteen, and two substitutes (설날 took in a Sunday; 어린이날 was one).
        #expect(KoreanHolidays.holidays(in: 2024).count == 17)
        #expect(KoreanHolidays.holidays(in: 1999).isEmpty && KoreanHolidays.holidays(in: 2101).isEmpty)
    }
}
