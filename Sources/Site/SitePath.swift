import PhotiCaseDiary

/// Where each file of the site lives, relative to the cache root:
///
/// ```
/// index.html                       the calendar, opened on today's month
/// site/style.css, site/site.js     the one style sheet, the arrow-key script
/// site/search.html, site/search.js the search page and its script
/// site/search/<YYYY>.js            a year's entries as the search reads them
/// site/months/<YYYY-MM>.html       a month's calendar and its days
/// site/days/<YYYY-MM-DD>.html      a day's entries
/// site/entries/<name>.html         one entry (name: the id as the cache encodes it)
/// site/book/gallery-<NNN>.html     the book in rating order, faces
/// site/book/list-<NNN>.html        the book in rating order, rows
/// site/book/timeline-<YYYY>.html   a year, oldest first, under month headers
/// site/years/index.html            every year, plainly
/// site/years/<YYYY>.html           a year in review
/// ```
public enum SitePath: Sendable, Hashable {
    case home, style, script
    /// The search page and its script.
    case search, searchScript
    /// A year's search index (a script: the page works from `file://`,
    /// where nothing can be fetched).
    case searchIndex(year: Int)
    case month(year: Int, month: Int)
    case day(CalendarDate)
    /// `name` is the entry's id as a file name (`SiteLinks.entryName`).
    case entry(name: String)
    case gallery(page: Int)
    case list(page: Int)
    case timeline(year: Int)
    case yearsIndex
    case year(Int)

    /// The path relative to the cache root.
    public var relative: String {
        switch self {
        case .home: "index.html"
        case .style: "site/style.css"
        case .script: "site/site.js"
        case .search: "site/search.html"
        case .searchScript: "site/search.js"
        case let .searchIndex(year): "site/search/\(Self.digits(year, 4)).js"
        case let .month(year, month): "site/months/\(Self.digits(year, 4))-\(Self.digits(month, 2)).html"
        case let .day(date): "site/days/\(date).html"
        case let .entry(name): "site/entries/\(name).html"
        case let .gallery(page): "site/book/gallery-\(Self.digits(page, 3)).html"
        case let .list(page): "site/book/list-\(Self.digits(page, 3)).html"
        case let .timeline(year): "site/book/timeline-\(Self.digits(year, 4)).html"
        case .yearsIndex: "site/years/index.html"
        case let .year(year): "site/years/\(Self.digits(year, 4)).html"
        }
    }

    /// The site path `relative` names, when it is exactly one this layout
    /// makes (canonical digits, real dates, years 1...9999, pages from 1);
    /// `isEntryName` checks an entry page's name. The cache index's
    /// records are checked with this, so no index row can name a file
    /// outside the site.
    public init?(relative: String, isEntryName: (String) -> Bool) {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let parsed: SitePath?
        switch parts.count {
        case 1: parsed = parts[0] == "index.html" ? .home : nil
        case 2 where parts[0] == "site":
            parsed = [Self.style, .script, .search, .searchScript].first { $0.relative == relative }
        case 3 where parts[0] == "site" && parts[1] == "search" && parts[2].hasSuffix(".js"):
            parsed = Int(parts[2].dropLast(".js".count)).flatMap { (1...9999).contains($0) ? .searchIndex(year: $0) : nil }
        case 3 where parts[0] == "site" && parts[2].hasSuffix(".html"):
            parsed = Self.page(in: parts[1], stem: String(parts[2].dropLast(".html".count)), isEntryName: isEntryName)
        default: parsed = nil
        }
        // Only canonical spellings: `site/days/2022-8-1.html` is not ours.
        guard let parsed, parsed.relative == relative else { return nil }
        self = parsed
    }

    private static func page(in folder: String, stem: String, isEntryName: (String) -> Bool) -> SitePath? {
        let dash = stem.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        switch (folder, dash.count) {
        case ("months", 2):
            guard let y = Int(dash[0]), let m = Int(dash[1]), CalendarDate(year: y, month: m, day: 1) != nil else { return nil }
            return .month(year: y, month: m)
        case ("days", 3): return CalendarDate(stem).map(SitePath.day)
        case ("entries", _): return isEntryName(stem) ? .entry(name: stem) : nil
        case ("book", 2):
            guard let n = Int(dash[1]) else { return nil }
            switch dash[0] {
            case "gallery" where n >= 1: return .gallery(page: n)
            case "list" where n >= 1: return .list(page: n)
            case "timeline" where (1...9999).contains(n): return .timeline(year: n)
            default: return nil
            }
        case ("years", 1):
            if stem == "index" { return .yearsIndex }
            return Int(stem).flatMap { (1...9999).contains($0) ? .year($0) : nil }
        default: return nil
        }
    }

    /// `v` in at least `count` digits.
    static func digits(_ v: Int, _ count: Int) -> String {
        let text = String(v)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}
