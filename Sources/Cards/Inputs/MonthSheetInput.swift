import PhotiCaseDiary

/// What a month sheet draws: the month's title and grid (the theme's first
/// weekday), today's mark when today falls in the month, and each day's
/// thumbnail, read from the encoded thumbnail (`DayPart`).
public struct MonthSheetInput: Sendable, Hashable, LayoutInput {
    public var month: MonthKey
    /// Today, only when it falls in this month (a sheet of another month
    /// does not change with the date).
    public var today: CalendarDate?
    /// The days that have entries, by day of month, in order.
    public var days: [(day: Int, part: DayPart)]
    /// The public holidays the sheet's grid shows (`KoreanHolidays`; the
    /// theme says whether they are coloured): keyed, so a sheet is drawn
    /// again when the calendar they are reckoned in (libicu's) changes.
    public var holidays: [CalendarDate]

    public init(month: MonthKey, today: CalendarDate?, days: [(day: Int, part: DayPart)]) {
        self.month = month
        self.today = today.flatMap { MonthKey($0) == month ? $0 : nil }
        self.days = days.sorted { $0.day < $1.day }
        holidays = KoreanHolidays.holidays(shownBy: month).map(\.date)
    }

    public static func == (a: MonthSheetInput, b: MonthSheetInput) -> Bool { a.key == b.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    public func write(to key: inout LayoutKey) {
        key.add("month")
        key.add(month.description)
        key.add(today?.description)
        key.add(days) { key, day in
            key.add(day.day)
            key.add(day.part)
        }
        key.add(holidays) { key, date in key.add(date.description) }
    }
}
