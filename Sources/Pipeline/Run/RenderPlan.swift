import Cards
import Diary
import Site

/// One unit of work: an entry's ticket images, a day thumbnail or a month
/// sheet, with the fingerprint of everything that makes it.
struct WorkItem: Sendable {
    enum Kind: Sendable {
        case tickets(Entry)
        case day(CalendarDate, [Entry])
        case month(MonthKey, [Int: [Entry]])
        case bookPage(BookPageView, entries: [Entry], page: Int, pageCount: Int, total: Int)
        case timeline(year: Int, sections: [TimelineSection], page: Int, pageCount: Int)
        case year(Int, [Entry])
        /// A page of the browsable book: text, rendered in either phase.
        /// Boxed: a page is hundreds of bytes, and every item of a run
        /// (7,300 days of a large book) would otherwise be as large.
        indirect case site(SitePage)
    }

    var kind: Kind
    /// The id shown in progress events and the log.
    var id: String
    /// Output keys and their cache-relative paths.
    var outputs: [(key: OutputKey, path: String)]
    var fingerprint: String
    /// The index owner (entry id, day or month).
    var owner: String

    /// A page of the browsable site.
    var isSitePage: Bool {
        if case .site = kind { return true }
        return false
    }

    /// What the item makes, as progress events name it.
    var itemKind: ItemKind {
        switch kind {
        case .tickets: .tickets
        case .day: .days
        case .month: .months
        case .bookPage, .timeline: .books
        case .year: .years
        case .site: .site
        }
    }

    /// Months, book pages and years are composed from day thumbnails and
    /// front faces: they render after the items that make those.
    var isComposed: Bool {
        switch kind {
        case .tickets, .day, .site: false
        case .month, .bookPage, .timeline, .year: true
        }
    }
}

/// Something found that could not be used this run: an entry whose
/// entry.json or photo cannot be read, or a folder that cannot be listed.
/// Whatever it may own in the cache is held as it was.
struct FailedEntry: Sendable {
    var id: String
    /// As ENTRIES spells it, for messages.
    var folder: String
    /// As the index records it.
    var canonicalFolder: String
    /// The entry's date when it was read far enough to know it.
    var date: CalendarDate?
    var failure: ItemFailure
}

/// Builds fingerprints: SHA-256 over length-prefixed fields, so no two
/// different field lists can collide by concatenation.
struct Fingerprint {
    private var hash = SHA256()

    init(_ kind: String) { add(kind) }

    mutating func add(_ field: String) {
        let bytes = Array(field.utf8)
        hash.update("\(bytes.count):")
        hash.update(bytes)
    }

    mutating func finish() -> String { SHA256.hexString(hash.finalize()) }
}
