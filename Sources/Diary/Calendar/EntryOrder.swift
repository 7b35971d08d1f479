/// The order entries take wherever several share one space (a day's
/// thumbnail, and so a month sheet's day): the best-rated first, then the
/// earlier day, then by title, and by id last so the order never depends
/// on the order the entries were found in.
///
/// Entries carry a day but no time of day; a later format with a time can
/// slot it in after the date.
public enum EntryOrder {
    /// `entries` in display order.
    public static func sorted(_ entries: [Entry]) -> [Entry] {
        entries.sorted(by: precedes)
    }

    /// True when `a` is shown before `b`.
    public static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.rating != b.rating { return a.rating > b.rating }
        if a.date != b.date { return a.date < b.date }
        if a.title != b.title { return a.title < b.title }
        return a.id < b.id
    }
}
