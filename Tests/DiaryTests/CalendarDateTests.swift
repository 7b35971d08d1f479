import Testing
@testable import PhotiCaseDiary

struct CalendarDateTests {
    @Test(arguments: ["2022-08-27", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31"])
    func parsesAndPrintsValidDates(text: String) throws {
        #expect(try #require(CalendarDate(text)).description == text)
    }

    /// The in-place spelling of a date is the padded one, on every day of
    /// the first and last years a date may have (a month grid's spill
    /// included) and of the years around 2000.
    @Test(arguments: [(0, 40), (1990, 2110), (9960, 10000)])
    func everyDaySpellsPadded(years: (Int, Int)) {
        func padded(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        var date = CalendarDate(unchecked: years.0, month: 1, day: 1)
        var days = 0
        while date.year <= years.1 {
            let expected = padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
            if date.description != expected { Issue.record("\(expected) spelled \(date.description)"); return }
            date.day += 1
            if date.day > CalendarDate.daysIn(year: date.year, month: date.month) {
                (date.day, date.month) = (1, date.month + 1)
                if date.month > 12 { (date.month, date.year) = (1, date.year + 1) }
            }
            days += 1
        }
        // Every day was spelled: the years' lengths, leap years included.
        let expected = (years.0...years.1).reduce(0) { $0 + (CalendarDate.daysIn(year: $1, month: 2) == 29 ? 366 : 365) }
        #expect(days == expected)
    }

    @Test(arguments: ["2022-02-30", "2023-02-29", "1900-02-29", "2022-13-01", "2022-00-10", "2022-01-00",
                      "0000-01-01", "2022-8-27", "22-08-27", "2022/08/27", "2022-08-27 ", "+022-08-27",
                      "２０２２-08-27", "2022-08", ""])
    func refusesInvalidDates(text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test(arguments: [("1970-01-01", 4, 0), ("2022-08-27", 6, 19_231), ("2000-03-01", 3, 11_017),
                      ("1969-12-31", 3, -1)])
    func weekdayAndEpochDays(text: String, weekday: Int, days: Int) throws {
        let date = try #require(CalendarDate(text))
        #expect(date.weekday == weekday)
        #expect(date.daysSinceEpoch == days)
    }

    @Test func addingDaysCrossesMonthsAndLeapDays() throws {
        let start = try #require(CalendarDate("2024-02-28"))
        #expect(start.adding(days: 1).description == "2024-02-29")
        #expect(start.adding(days: 2).description == "2024-03-01")
        #expect(start.adding(days: -59).description == "2023-12-31")
        var date = try #require(CalendarDate("1999-12-25"))
        for _ in 0..<3_000 {
            let next = date.adding(days: 1)
            #expect(next > date)
            #expect(next.daysSinceEpoch == date.daysSinceEpoch + 1)
            date = next
        }
        #expect(date.monthKey == "2008-03")
    }
}

/// Arithmetic is total over the accepted range and just past it, where
/// month grids of January 0001 and December 9999 spill.
@Suite struct CalendarEdgeTests {
    @Test func daysPastTheLastAndBeforeTheFirstAreStillDates() throws {
        let last = try #require(CalendarDate("9999-12-31"))
        let next = last.adding(days: 1)
        #expect((next.year, next.month, next.day) == (10000, 1, 1))
        #expect(next.description == "10000-01-01")
        let first = try #require(CalendarDate("0001-01-01"))
        let before = first.adding(days: -1)
        #expect((before.year, before.month, before.day) == (0, 12, 31))
        #expect(before.description == "0000-12-31")
        // Round trips across the edges.
        #expect(next.adding(days: -1) == last)
        #expect(before.adding(days: 1) == first)
        #expect(first.weekday == 1)  // 0001-01-01 was a Monday (proleptic Gregorian)
        #expect(last.weekday == 5)   // 9999-12-31 is a Friday
    }

    @Test func readDatesStayInTheAcceptedRange() {
        #expect(CalendarDate("10000-01-01") == nil)
        #expect(CalendarDate("0000-12-31") == nil)
        #expect(CalendarDate(year: 10000, month: 1, day: 1) == nil)
    }
}
