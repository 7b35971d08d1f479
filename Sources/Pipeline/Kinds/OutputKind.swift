import PhotiCaseDiary
/// A kind of output, named as `--only`, progress events, the index and
/// the log spell it (`tickets`, `days`, ...): the registry. The cases are
/// in the order a run reports and renders them; each maps to its
/// declaration in one exhaustive switch, so a new case does not compile
/// until its declaration is written and named there, and nothing else
/// lists the kinds (docs/architecture.md, "adding a kind").
public enum OutputKind: String, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    case tickets, shares, days, months, books, years, print, site

    /// The kind's declaration: everything the pipeline asks of it.
    var declaration: any KindDeclaration.Type {
        switch self {
        case .tickets: TicketsKind.self
        case .shares: SharesKind.self
        case .days: DaysKind.self
        case .months: MonthsKind.self
        case .books: BookPagesKind.self
        case .years: YearsKind.self
        case .print: PrintKind.self
        case .site: SiteKind.self
        }
    }

    public var description: String { rawValue }

    /// Registry order, so sets of kinds list the same way everywhere.
    public static func < (a: OutputKind, b: OutputKind) -> Bool { a.position < b.position }

    /// The kind's place among the cases.
    var position: Int { Self.allCases.firstIndex(of: self)! }
}

/// Whom an output belongs to: it is kept while its owner is (an entry
/// that cannot be read now holds its tickets, its day, month and year),
/// and removed only once its owner is provably gone. Typed: an entry
/// folder named `2022` and the year 2022 are two owners.
public struct Owner: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An entry, by id.
        case entry
        /// A calendar day, `YYYY-MM-DD`.
        case day
        /// A month, `YYYY-MM`.
        case month
        /// A year, `YYYY`.
        case year
        /// The whole book in one order (book pages, the years' index).
        case book
        /// The site's own files (style sheet, scripts).
        case site
    }

    public var kind: Kind
    public var key: String

    public init(_ kind: Kind, _ key: String) {
        self.kind = kind
        self.key = key
    }

    public static func entry(_ id: String) -> Owner { Owner(.entry, id) }
    public static func day(_ date: CalendarDate) -> Owner { Owner(.day, date.description) }
    public static func month(_ month: MonthKey) -> Owner { Owner(.month, month.description) }
    public static func year(_ year: Int) -> Owner { Owner(.year, CacheLayout.yearText(year)) }
    public static let book = Owner(.book, "book")
    public static let site = Owner(.site, "site")

    /// `entry:2022`, `year:2022`.
    public var description: String { "\(kind.rawValue):\(key)" }
}

/// When an item renders: drawn items first, then those composed of what
/// they drew (months from days, book pages and years from faces), then
/// the site's pages, which link them all (so a page on disk never links
/// an image not written yet). A phase starts once the one before ends.
public enum Phase: Int, Sendable, Comparable, CaseIterable {
    case drawn, composed, pages
    public static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
}

/// The file extension of an output format (mirrors Codecs' ImageFormat
/// without importing it into the cache's naming).
public enum ImageFormatName: String, Sendable, Hashable, CaseIterable {
    case png, jpg, webp
}
