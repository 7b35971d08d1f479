import PhotiCaseCards
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

@Suite struct CalendarTests {
    @Test func august2022StartsOnMonday() {
        let sunday = MonthGrid(year: 2022, month: 8, firstWeekday: .sunday)
        #expect(sunday.days.first == CalendarDate(year: 2022, month: 7, day: 31))
        #expect(sunday.rows == 5)
        #expect(sunday.days.last == CalendarDate(year: 2022, month: 9, day: 3))
        let monday = MonthGrid(year: 2022, month: 8, firstWeekday: .monday)
        #expect(monday.days.first == CalendarDate(year: 2022, month: 8, day: 1))
        #expect(monday.days.last == CalendarDate(year: 2022, month: 9, day: 4))
        #expect(MonthGrid.columnWeekdays(.monday) == [1, 2, 3, 4, 5, 6, 0])
    }

    @Test(arguments: [(2022, 1), (2021, 2), (2015, 2), (2023, 10), (2024, 2)])
    func gridsAreWholeWeeksAroundTheMonth(year: Int, month: Int) {
        for first in FirstWeekday.allCases {
            let grid = MonthGrid(year: year, month: month, firstWeekday: first)
            #expect(grid.days.count % 7 == 0 && (4...6).contains(grid.rows))
            #expect(grid.days.filter(grid.contains).count == CalendarDate.daysIn(year: year, month: month))
            #expect(grid.days.first?.weekday == first.weekday)
            for (a, b) in zip(grid.days, grid.days.dropFirst()) { #expect(a.adding(days: 1) == b) }
            #expect(grid.contains(grid.days[6]) && grid.contains(grid.days[grid.days.count - 7]))
        }
    }

    @Test func stringsInBothLocales() {
        let date = CalendarDate(year: 2022, month: 8, day: 27)!
        let ko = CardStrings(.ko), en = CardStrings(.en)
        #expect(ko.date(date) == "2022.08.27 (토)")
        #expect(en.date(date) == "2022.08.27 (Sat)")
        #expect(ko.monthTitle(year: 2022, month: 8) == "2022년 8월")
        #expect(en.monthTitle(year: 2022, month: 8) == "August 2022")
        #expect(ko.weekdayNames == ["일", "월", "화", "수", "목", "금", "토"])
        #expect(ko.friends(["민수", "지영"]) == "민수, 지영과 함께")
        #expect(en.friends(["민수", "지영"]) == "with 민수, 지영")
        #expect(ko.friends([]) == nil)
        #expect(EntryKind.allCases.map(ko.kind) == ["영화", "드라마", "책", "공연", "전시", "콘서트", "기타"])
        #expect([0.5, 3, 4.5, 5].map(ko.rating) == ["0.5", "3.0", "4.5", "5.0"])
    }

    @Test func monthSheetResizesForeignThumbnails() throws {
        let renderer = try CardRenderer()
        let odd = Raster(width: 10, height: 10, fill: RGBA(255, 0, 0))
        let sheet = try renderer.renderMonthSheet(year: 2022, month: 8, thumbnails: [15: odd], scale: 1).raster
        // 15 August 2022 is the Monday of the third row, second column.
        let side = renderer.monthThumbnailSide(scale: 1)
        let x = Int(18 + 50 * 1.5), y = Int(96 + 70 * 2 + 22) + side / 2
        #expect(sheet[x, y] == RGBA(255, 0, 0))
        #expect(sheet.isOpaque)
    }
}
