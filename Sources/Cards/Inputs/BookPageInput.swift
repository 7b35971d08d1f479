import PhotiCaseDiary

/// One entry on a book page: its front face (read encoded, `FacePart`),
/// whose input also holds the title, kind, rating and date a row prints,
/// and for list pages the memo's first line.
public struct BookTileInput: Sendable, Hashable, LayoutInput {
    public var face: FacePart
    /// The memo's first non-empty line, on list rows only (nil elsewhere,
    /// so a memo edit redraws only the list page that shows it).
    public var memoLine: String?
    /// The back photo of an entry without a front one: its row's small
    /// picture shows it (the face is the placeholder). The only photo a
    /// page opens.
    public var photo: PhotoInput?

    public init(face: FacePart, memoLine: String? = nil, photo: PhotoInput? = nil) {
        self.face = face
        self.memoLine = memoLine
        self.photo = photo
    }

    public func write(to key: inout LayoutKey) {
        key.add(face)
        key.add(memoLine)
        key.add(photo)
    }
}

/// What a gallery or list page of the ticket book draws: its entries in
/// reading order (ranks follow from the page and its size), the page
/// number of the count, and the book's size in the header.
public struct BookPageInput: Sendable, Hashable, LayoutInput {
    public var view: BookPageView
    public var tiles: [BookTileInput]
    /// 1-based.
    public var page: Int
    public var pageCount: Int
    /// Entries a full page holds (every page has the full page's size).
    public var pageSize: Int
    /// Entries in the book.
    public var total: Int

    public init(view: BookPageView, tiles: [BookTileInput], page: Int, pageCount: Int, pageSize: Int, total: Int) {
        self.view = view
        self.tiles = tiles
        self.page = page
        self.pageCount = pageCount
        self.pageSize = pageSize
        self.total = total
    }

    public func write(to key: inout LayoutKey) {
        key.add("book-\(view.rawValue)")
        key.add(page)
        key.add(pageCount)
        key.add(pageSize)
        key.add(total)
        key.add(tiles) { $0.add($1) }
    }
}
