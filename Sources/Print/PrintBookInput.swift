import PhotiCaseCards
import PhotiCaseDiary

/// What a year's print book draws: the year's figures, each entry's
/// front and back (as its ticket's faces know them: title, kind, date,
/// rating, credit, friends, the whole memo, the photos as edited), in
/// date order, the cover photo, the page size and the locale's words.
/// Every drawn field is in the key, so an edit to one entry writes its
/// year's book again, and nothing else does.
public struct PrintBookInput: Sendable, Hashable, LayoutInput {
    /// One entry's ticket as the book prints it.
    public struct Ticket: Sendable, Hashable {
        public var front: FrontFaceInput
        public var back: BackFaceInput

        public init(front: FrontFaceInput, back: BackFaceInput) {
            self.front = front
            self.back = back
        }
    }

    public var year: Int
    public var page: PrintPageSize
    public var count: Int
    public var kinds: [(kind: EntryKind, count: Int)]
    public var averageRating: Double?
    /// Entries per month, January first (12 values).
    public var months: [Int]
    public var companions: (names: [String], count: Int)?
    /// The year's tickets, by date (then as the book orders a day's).
    public var tickets: [Ticket]
    /// The cover's photo: the year's best-rated front photo, nil when no
    /// ticket has one.
    public var cover: PhotoInput?

    /// The book of `summary`'s year with `tickets` in book order.
    public init(_ summary: YearSummary, tickets: [Ticket], page: PrintPageSize) {
        year = summary.year
        count = summary.count
        kinds = summary.kinds
        averageRating = summary.averageRating
        months = summary.months
        companions = summary.companions
        self.tickets = tickets
        self.page = page
        let ids = summary.top.map(\.id)
        cover = ids.lazy.compactMap { id in tickets.first { $0.back.barcode == id }?.front.photo }.first
            ?? tickets.lazy.compactMap(\.front.photo).first
    }

    /// The date the document says it was made: the year's last entry's
    /// day, at midnight UTC (ISO 8601), not the clock, so the bytes follow
    /// the inputs alone and change only with them.
    public var createDate: String {
        let last = tickets.map(\.front.date).max() ?? CalendarDate(year: year, month: 1, day: 1)!
        return "\(last.description)T00:00:00Z"
    }

    public static func == (a: PrintBookInput, b: PrintBookInput) -> Bool { a.key == b.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    public func write(to key: inout LayoutKey) {
        key.add("print book")
        key.add(year)
        key.add(page.rawValue)
        key.add(count)
        key.add(kinds) { key, kind in
            key.add(kind.kind.rawValue)
            key.add(kind.count)
        }
        key.add(averageRating.map { $0.description })
        key.add(months) { $0.add($1) }
        key.add(companions.map { "\($0.count)" })
        key.add(companions?.names ?? []) { $0.add($1) }
        key.add(cover)
        key.add(tickets) { key, ticket in
            key.add(ticket.front)
            key.add(ticket.back)
        }
    }
}
