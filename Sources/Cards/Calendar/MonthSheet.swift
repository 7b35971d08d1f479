import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

/// The spacing of a month sheet, in points.
enum MonthMetrics {
    static let width = 390.0
    static let padding = 18.0
    static let titleTop = 22.0
    static let headerTop = 70.0
    static let headerHeight = 26.0
    static let cellHeight = 70.0
    /// The day number's band at the top of a cell.
    static let numberBand = 22.0
    static let thumbnailCorner = 9.0
}

extension CardRenderer {
    /// The side in pixels of the thumbnails a month sheet at `scale` shows;
    /// render day thumbnails at this size to pass them to `renderMonthSheet`.
    public func monthThumbnailSide(scale: Double) -> Int {
        let cell = (MonthMetrics.width - 2 * MonthMetrics.padding) / 7
        let side = min(cell - 4, MonthMetrics.cellHeight - MonthMetrics.numberBand - 4)
        return Int((side * scale).rounded())
    }

    /// The month sheet of `year`-`month`, like the app's home calendar: the
    /// month's title, a weekday header (Sundays red, Saturdays blue), the
    /// days of the month with neighbouring months' days dimmed, `today`
    /// marked when it falls in the month, and each day in `thumbnails`
    /// (day of month -> thumbnail, any size; resized when not
    /// `monthThumbnailSide(scale:)`) shown rounded under its number.
    ///
    /// The sheet is as tall as the month's weeks: four, five or six rows,
    /// never an empty row, with the same padding under the last row as
    /// beside the grid. A month without entries is drawn the same way.
    /// `holidays` are the days drawn as holidays when the theme shows them
    /// (nil: `KoreanHolidays`' for the grid; a `MonthSheetInput` passes
    /// those it holds, so the sheet draws exactly what its key says).
    public func renderMonthSheet(year: Int, month: Int, thumbnails: [Int: Raster], today: CalendarDate? = nil,
                                 holidays: Set<CalendarDate>? = nil,
                                 scale: Double = CardRenderer.pageScale) throws(CardError) -> RenderedImage {
        let redDays: Set<CalendarDate> = theme.holidays == .none ? []
            : holidays ?? Set(KoreanHolidays.holidays(shownBy: MonthKey(year: year, month: month)).map(\.date))
        let grid = MonthGrid(year: year, month: month, firstWeekday: theme.firstWeekday)
        let s = scale
        let pad = MonthMetrics.padding * s
        let cellW = (MonthMetrics.width - 2 * MonthMetrics.padding) / 7 * s
        let cellH = MonthMetrics.cellHeight * s
        let gridTop = (MonthMetrics.headerTop + MonthMetrics.headerHeight) * s
        let width = Int((MonthMetrics.width * s).rounded())
        let height = Int((gridTop + Double(grid.rows) * cellH + pad).rounded())
        var sheet = Raster(width: width, height: height, fill: theme.backgroundColor)
        // 1. The title.
        let title = try layout(strings.monthTitle(year: year, month: month),
                               theme.textStyle(points: 24, scale: s, weight: .bold, color: theme.textColor, lineHeight: 1.2),
                               width: .infinity)
        draw(title, into: &sheet, at: Point(x: pad + 4 * s, y: MonthMetrics.titleTop * s))
        // 2. The weekday header.
        let columns = MonthGrid.columnWeekdays(theme.firstWeekday)
        for (column, weekday) in columns.enumerated() {
            let style = theme.textStyle(points: 12, scale: s, weight: .bold,
                                        color: dayColor(weekday: weekday, base: theme.secondaryTextColor),
                                        lineHeight: 1.2, alignment: .center)
            let label = try layout(strings.weekdayNames[weekday], style, width: cellW)
            draw(label, into: &sheet, at: Point(x: (pad + Double(column) * cellW).rounded(),
                                                y: (MonthMetrics.headerTop * s).rounded()))
        }
        sheet.fill(.solid(theme.secondaryTextColor.withOpacity(0.25)),
                   in: PixelRect(x: Int(pad), y: Int(gridTop - 4 * s), width: width - 2 * Int(pad), height: max(1, Int(s))))
        // 3. The days, row by row.
        let side = monthThumbnailSide(scale: s)
        for (i, date) in grid.days.enumerated() {
            let x = pad + Double(i % 7) * cellW, y = gridTop + Double(i / 7) * cellH
            let inMonth = grid.contains(date)
            if inMonth, let thumbnail = thumbnails[date.day] {
                var picture = thumbnail.width == side && thumbnail.height == side
                    ? thumbnail : thumbnail.resized(to: PixelSize(width: side, height: side))
                picture = picture.roundedCorners(radius: MonthMetrics.thumbnailCorner * s)
                sheet.draw(picture, at: Int((x + (cellW - Double(side)) / 2).rounded()),
                           Int((y + MonthMetrics.numberBand * s).rounded()))
            }
            try drawDayNumber(date, into: &sheet, cell: Rect(x: x, y: y, width: cellW, height: cellH), scale: s,
                              inMonth: inMonth, isToday: inMonth && date == today, isHoliday: redDays.contains(date))
        }
        return RenderedImage(raster: sheet, warnings: takeTextWarnings())
    }

    /// The month sheet with each day's thumbnail rendered from `entries`
    /// (entries of other months are ignored).
    public func renderMonthSheet(year: Int, month: Int, entries: [Entry], today: CalendarDate? = nil,
                                 scale: Double = CardRenderer.pageScale) throws(CardError) -> RenderedImage {
        var byDay: [Int: [Entry]] = [:]
        for entry in entries where entry.date.year == year && entry.date.month == month {
            byDay[entry.date.day, default: []].append(entry)
        }
        var thumbnails: [Int: Raster] = [:]
        var warnings: [CardWarning] = []
        let side = monthThumbnailSide(scale: scale)
        for day in byDay.keys.sorted() {
            let thumbnail = try renderDayThumbnail(byDay[day]!, side: side)
            thumbnails[day] = thumbnail.raster
            warnings += thumbnail.warnings
        }
        let sheet = try renderMonthSheet(year: year, month: month, thumbnails: thumbnails, today: today, scale: scale)
        return RenderedImage(raster: sheet.raster, warnings: warnings + sheet.warnings)
    }

    /// Sunday and Saturday colours, `base` on other days.
    private func dayColor(weekday: Int, base: RGBA) -> RGBA {
        weekday == 0 ? theme.sundayColor : (weekday == 6 ? theme.saturdayColor : base)
    }

    /// A day's number centred in the band at the top of its cell, in the
    /// Sunday colour on public holidays (the theme's `holidays`): dimmed for
    /// neighbouring months, white on a brand-coloured disc for today.
    private func drawDayNumber(_ date: CalendarDate, into sheet: inout Raster, cell: Rect, scale s: Double,
                               inMonth: Bool, isToday: Bool, isHoliday: Bool) throws(CardError) {
        let band = MonthMetrics.numberBand * s
        // A public holiday is a red day, as on a Korean wall calendar.
        var color = isHoliday ? theme.sundayColor : dayColor(weekday: date.weekday, base: theme.textColor)
        if !inMonth { color = color.withOpacity(0.3) }
        if isToday {
            sheet.fill(Path.circle(center: Point(x: cell.midX, y: cell.minY + band / 2), radius: 10 * s),
                       paint: .solid(theme.brandColor))
            color = theme.inverseTextColor
        }
        let style = theme.textStyle(points: 12, scale: s, weight: isToday ? .bold : .regular, color: color,
                                    lineHeight: 1.2, alignment: .center)
        let number = try layout(String(date.day), style, width: cell.width)
        draw(number, into: &sheet, at: Point(x: cell.minX.rounded(), y: (cell.minY + (band - number.size.height) / 2).rounded()))
    }
}
