extension MonthKey {
    /// The months that get a sheet (and a calendar page): every month with
    /// entries or held entries (they still exist), today's month, and the
    /// empty months between two of those when the gap is at most two
    /// years. The app's calendar opens on today's month and pages month by
    /// month, so a diary's pause pages smoothly, while a mistyped year 0001
    /// adds no 24,000 sheets.
    public static func sheetMonths(withEntries months: Set<MonthKey>, held: Set<MonthKey>, today: CalendarDate) -> [MonthKey] {
        let stops = months.union(held).union([MonthKey(today)]).sorted()
        var all = Set(stops)
        for (a, b) in zip(stops, stops.dropFirst()) {
            let gap = MonthKey.range(from: a, to: b)
            guard gap.count <= 26 else { continue }
            all.formUnion(gap)
        }
        return all.sorted()
    }
}
