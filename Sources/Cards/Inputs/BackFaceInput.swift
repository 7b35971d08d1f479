import PhotiCaseDiary

/// What a ticket's back face draws: the back photo as edited (or the
/// theme's background), the kind, date, title, stars and rating, the
/// credit line, friends, the memo, and a barcode made from the id.
public struct BackFaceInput: Sendable, Hashable, LayoutInput {
    public var title: String
    public var kind: EntryKind
    public var rating: Double
    public var date: CalendarDate
    public var director: String?
    public var author: String?
    public var year: Int?
    public var friends: [String]
    public var memo: String?
    /// Nil: the theme's background.
    public var photo: PhotoInput?
    /// The text the barcode is made from (the entry's id).
    public var barcode: String
    /// The entry.json warnings name (what the card leaves out); not drawn,
    /// so not keyed.
    public var source: String

    /// The back of `entry`; `digest` is its back photo's content hash.
    public init(_ entry: Entry, digest: String = "") {
        title = entry.title
        kind = entry.kind
        rating = entry.rating
        date = entry.date
        director = entry.director
        author = entry.author
        year = entry.year
        friends = entry.friends
        memo = entry.memo
        photo = entry.back.map { PhotoInput($0, digest: digest) }
        barcode = entry.id
        source = entry.folder + "/" + EntryLoader.fileName
    }

    public func write(to key: inout LayoutKey) {
        key.add("back")
        key.add(title)
        key.add(kind.rawValue)
        key.add(rating)
        key.add(date)
        key.add(director)
        key.add(author)
        key.add(year.map(String.init))
        key.add(friends) { $0.add($1) }
        key.add(memo)
        key.add(photo)
        key.add(barcode)
    }
}
