
/// What a year-in-review image says about one year: pure numbers worked
/// out from the entries, so they can be tested without drawing.
public struct YearSummary: Sendable {
    /// How many entries the top list holds.
    public static let topCount = 5

    /// The calendar year summed up.
    public let year: Int
    /// How many entries the year has.
    public let count: Int
    /// Entries per kind, the default theme's kinds in their order first,
    /// then any other by key; kinds without entries left out.
    public let kinds: [(kind: EntryKind, count: Int)]
    /// The mean rating, nil without entries.
    public let averageRating: Double?
    /// The best five (fewer in a short year), in reading order.
    public let top: [Entry]
    /// Entries per month, January first (always 12 values).
    public let months: [Int]
    /// The friends named on the most entries (every one of them when
    /// several tie, sorted by name) and on how many, nil when no entry
    /// names a friend.
    public let companions: (names: [String], count: Int)?

    /// The summary of `year` from `entries` (entries of other years are ignored).
    public init(year: Int, entries: [Entry]) {
        let own = entries.filter { $0.date.year == year }
        self.year = year
        count = own.count
        var counts: [EntryKind: Int] = [:]
        for entry in own { counts[entry.kind, default: 0] += 1 }
        let order = EntryKind.allCases
        kinds = counts.sorted { a, b in
            (order.firstIndex(of: a.key) ?? order.count, a.key.rawValue) < (order.firstIndex(of: b.key) ?? order.count, b.key.rawValue)
        }.map { ($0.key, $0.value) }
        averageRating = own.isEmpty ? nil : own.map(\.rating).reduce(0, +) / Double(own.count)
        top = Array(BookOrder.sorted(own).prefix(YearSummary.topCount))
        var months = [Int](repeating: 0, count: 12)
        for entry in own { months[entry.date.month - 1] += 1 }
        self.months = months
        // A friend written twice on one entry still counts once for it.
        var friends: [String: Int] = [:]
        for entry in own {
            let names = Set(entry.friends.map { TextCleaner.collapsingWhitespace($0) }.filter { !$0.isEmpty })
            for name in names { friends[name, default: 0] += 1 }
        }
        if let most = friends.values.max() {
            companions = (friends.filter { $0.value == most }.keys.sorted(), most)
        } else {
            companions = nil
        }
    }
}
