import PhotiCaseDiary

/// What a calendar-day thumbnail draws: each of the day's entries in
/// display order (best-rated first, `EntryOrder`), as a photo re-fitted
/// to its cell or a placeholder with the title's first letter. Ratings,
/// dates and ids only decide that order, so they are not keyed beyond it.
public struct DayTileInput: Sendable, Hashable, LayoutInput {
    /// One entry's cell.
    public struct Cell: Sendable, Hashable, LayoutInput {
        public var title: String
        public var kind: EntryKind
        /// The photo the cell shows: the front, or the back photo of an
        /// entry that has only a back. Nil: the placeholder.
        public var photo: PhotoInput?

        public init(title: String, kind: EntryKind, photo: PhotoInput?) {
            self.title = title
            self.kind = kind
            self.photo = photo
        }

        public func write(to key: inout LayoutKey) {
            key.add(title)
            key.add(kind.rawValue)
            key.add(photo)
        }
    }

    /// The cells in display order (at least one).
    public var cells: [Cell]
    /// The thumbnail's side in pixels.
    public var side: Int

    public init(cells: [Cell], side: Int) {
        precondition(!cells.isEmpty, "a day thumbnail needs at least one entry")
        self.cells = cells
        self.side = side
    }

    /// The day of `entries` (at least one), sorted into display order;
    /// `digest` gives the content hash of the photo each entry's cell shows
    /// (its front, or the back of an entry that has only a back photo).
    public init(_ entries: [Entry], side: Int, digest: (Entry) -> String = { _ in "" }) {
        self.init(cells: EntryOrder.sorted(entries).map { entry in
            Cell(title: entry.title, kind: entry.kind, photo: (entry.front ?? entry.back).map { PhotoInput($0, digest: digest(entry)) })
        }, side: side)
    }

    public func write(to key: inout LayoutKey) {
        key.add("day")
        key.add(side)
        key.add(cells) { $0.add($1) }
    }
}
