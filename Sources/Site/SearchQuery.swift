import PhotiCaseDiary

/// A view of the search page, as its URL fragment spells it
/// (`search.html#kind=book&sort=date`), so other pages can link to one
/// and a reader can bookmark it. The page's script reads the same names:
/// `q` the words searched for, `kind` an entry kind's raw value, `min` the
/// least rating, `friend` a companion's name, `year`, and `sort` (`date`,
/// `rating` or `title`; without it, the best match first, or the newest
/// when nothing is searched for).
struct SearchQuery: Sendable, Hashable {
    enum Sort: String, Sendable { case date, rating, title }

    var text: String? = nil
    var kind: EntryKind? = nil
    var minimumRating: Double? = nil
    var friend: String? = nil
    var year: Int? = nil
    var sort: Sort? = nil

    /// `#name=value&...` in the order above, each value percent-encoded
    /// as a URL component (UTF-8, every byte outside the unreserved set),
    /// which the script's `decodeURIComponent` reads back; "" for no
    /// field (the page's default view).
    var fragment: String {
        var fields: [(String, String)] = []
        if let text { fields.append(("q", text)) }
        if let kind { fields.append(("kind", kind.rawValue)) }
        if let minimumRating { fields.append(("min", SiteText.rating(minimumRating))) }
        if let friend { fields.append(("friend", friend)) }
        if let year { fields.append(("year", String(year))) }
        if let sort { fields.append(("sort", sort.rawValue)) }
        guard !fields.isEmpty else { return "" }
        return "#" + fields.map { $0.0 + "=" + HTML.percentEncoded(segment: $0.1) }.joined(separator: "&")
    }
}
