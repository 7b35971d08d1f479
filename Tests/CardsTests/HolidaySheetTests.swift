import PhotiCaseCards
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// Public holidays on a month sheet: the day's number in the Sunday
/// colour, as on a Korean wall calendar; a theme with `holidays: none`
/// colours weekends only.
@Suite struct HolidaySheetTests {
    /// The grid cells (column, row) of February 2024's sheet, Sunday first,
    /// in which the two sheets differ.
    @Test func holidaysAreRedDaysAndNothingElseChanges() throws {
        let korean = try CardRenderer().renderMonthSheet(year: 2024, month: 2, thumbnails: [:], scale: 2).raster
        var plain = Theme()
        plain.holidays = .none
        let weekends = try CardRenderer(theme: plain).renderMonthSheet(year: 2024, month: 2, thumbnails: [:], scale: 2).raster
        #expect(korean.width == weekends.width && korean.height == weekends.height)
        // The grid: 18 pt padding, seven columns, rows of 70 pt from 96 pt.
        let cellW = (390.0 - 36) / 7 * 2, cellH = 140.0, top = 192.0
        var cells: Set<[Int]> = []
        var red: [[Int]: Int] = [:]
        let sunday = Theme().sundayColor
        for y in Int(top)..<korean.height {
            for x in 36..<(korean.width - 36) where korean[x, y] != weekends[x, y] {
                let cell = [Int((Double(x) - 36) / cellW), Int((Double(y) - top) / cellH)]
                cells.insert(cell)
                let p = korean[x, y]
                let (r, g, b) = (Int(p.r), Int(p.g), Int(p.b))
                if r > g + 60 && r > b + 40 && abs(r - Int(sunday.r)) < 60 { red[cell, default: 0] += 1 }
            }
        }
        // 28 January is the first cell: 9 (Fri), 10 (Sat) and 12 (Mon,
        // the substitute) February, and 1 March (Fri, dimmed). The 11th
        // is a Sunday, red either way.
        #expect(cells == [[5, 1], [6, 1], [1, 2], [5, 4]], "\(cells.sorted { ($0[1], $0[0]) < ($1[1], $1[0]) })")
        for cell in [[5, 1], [6, 1], [1, 2]] { #expect(red[cell, default: 0] > 20, "\(cell): \(red[cell, default: 0])") }
    }

    /// The sheet draws the holidays it is given (a `MonthSheetInput`'s,
    /// which its key holds), not a table of its own.
    @Test func theSheetDrawsTheHolidaysItIsGiven() throws {
        let renderer = try CardRenderer()
        let none = try renderer.renderMonthSheet(year: 2024, month: 2, thumbnails: [:], holidays: [], scale: 1).raster
        var plain = Theme()
        plain.holidays = .none
        let weekends = try CardRenderer(theme: plain).renderMonthSheet(year: 2024, month: 2, thumbnails: [:], scale: 1).raster
        #expect(none == weekends)
        let given = try renderer.renderMonthSheet(year: 2024, month: 2, thumbnails: [:],
                                                  holidays: [CalendarDate("2024-02-14")!], scale: 1).raster
        #expect(given != weekends)
    }

    @Test func aSheetsKeyTakesTheHolidaysItShows() {
        let february = MonthSheetInput(month: MonthKey(year: 2024, month: 2), today: nil, days: [])
        // January to March: every day the grid can show.
        #expect(february.holidays.map(\.description) == ["2024-01-01", "2024-02-09", "2024-02-10", "2024-02-11",
                                                          "2024-02-12", "2024-03-01"])
        var changed = february
        changed.holidays.removeLast()
        #expect(changed.key != february.key)
        let june = MonthSheetInput(month: MonthKey(year: 2024, month: 6), today: nil, days: [])
        #expect(june.holidays.contains(CalendarDate("2024-05-15")!) && june.holidays.contains(CalendarDate("2024-06-06")!))
    }
}
