@_exported import Imaging

/// One ticket-book entry: what `entry.json` in an entry folder says, checked
/// and resolved against the folder.
///
/// A value type whose fields live in one shared, copy-on-write box: a
/// large book's run keeps every entry and hands copies to the items that
/// render it (each day, month and page), and a copy is then one reference,
/// not the fields' 340-odd bytes again.
public struct Entry: Sendable, Hashable {
    /// The fields, as stored in the box.
    private struct Fields: Hashable {
        var id: String
        var folder: String
        var title: String
        var date: CalendarDate
        var rating: Double
        var director: String?
        var author: String?
        var friends: [String]
        var memo: String?
        var front: FacePhoto?
        var back: FacePhoto?
        // The one-byte fields last, where they need no padding after them.
        var year: Int?
        var kind: EntryKind
    }

    /// Shared by copies until one of them changes a field (`fields` is
    /// then copied into a box of its own, see `update`). Never mutated
    /// while shared, so sharing it across threads is safe.
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// Changes a field, copying the box first unless this value is its
    /// only owner.
    private mutating func update(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        change(&box.fields)
    }

    /// The id: the `id` field, else the folder's path relative to the
    /// ticket book (set by the caller that walks folders).
    public var id: String {
        get { box.fields.id }
        set { update { $0.id = newValue } }
    }
    /// The entry folder, as a path the process can open.
    public var folder: String {
        get { box.fields.folder }
        set { update { $0.folder = newValue } }
    }
    /// The title as written; may hold `<b>` tags and HTML entities from a
    /// search API (`SearchTitle.clean` in Text removes them for display).
    public var title: String {
        get { box.fields.title }
        set { update { $0.title = newValue } }
    }
    /// The day it was watched or read.
    public var date: CalendarDate {
        get { box.fields.date }
        set { update { $0.date = newValue } }
    }
    /// 0...5 in steps of 0.5.
    public var rating: Double {
        get { box.fields.rating }
        set { update { $0.rating = newValue } }
    }
    public var kind: EntryKind {
        get { box.fields.kind }
        set { update { $0.kind = newValue } }
    }
    /// The director of a movie or drama; older entries also keep a book's
    /// author or a show's performers here.
    public var director: String? {
        get { box.fields.director }
        set { update { $0.director = newValue } }
    }
    /// A book's author (the optional `author` field); the back face prefers
    /// it to `director` for books. Set after `init`, which keeps its
    /// older signature.
    public var author: String? {
        get { box.fields.author }
        set { update { $0.author = newValue } }
    }
    public var year: Int? {
        get { box.fields.year }
        set { update { $0.year = newValue } }
    }
    public var friends: [String] {
        get { box.fields.friends }
        set { update { $0.friends = newValue } }
    }
    public var memo: String? {
        get { box.fields.memo }
        set { update { $0.memo = newValue } }
    }
    /// The front photo and its edit; nil means the designed placeholder face.
    public var front: FacePhoto? {
        get { box.fields.front }
        set { update { $0.front = newValue } }
    }
    /// The back photo and its edit; nil means the theme's background.
    public var back: FacePhoto? {
        get { box.fields.back }
        set { update { $0.back = newValue } }
    }

    public init(id: String, folder: String, title: String, date: CalendarDate, rating: Double,
                kind: EntryKind = .movie, director: String? = nil, year: Int? = nil, friends: [String] = [],
                memo: String? = nil, front: FacePhoto? = nil, back: FacePhoto? = nil) {
        box = Box(Fields(id: id, folder: folder, title: title, date: date, rating: rating, director: director,
                         author: nil, friends: friends, memo: memo, front: front, back: back, year: year, kind: kind))
    }

    /// This entry without the text that only ticket backs, book pages,
    /// years and the site show (director, author, friends, memo): what a
    /// run of day thumbnails and month sheets keeps of each entry of a
    /// large book. A 300-character memo is about 750 bytes of UTF-8, more
    /// than the rest of an entry held in memory.
    public func withoutBackText() -> Entry {
        var fields = box.fields
        fields.director = nil
        fields.author = nil
        fields.friends = []
        fields.memo = nil
        var copy = self
        copy.box = Box(fields)
        return copy
    }

    /// Equal when every field is (whether or not the two share a box).
    public static func == (a: Entry, b: Entry) -> Bool {
        a.box === b.box || a.box.fields == b.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }
}

/// What kind of work an entry records.
public enum EntryKind: String, Sendable, Hashable, CaseIterable {
    case movie, drama, book, performance, other

    /// The badge text the app shows.
    public var koreanLabel: String {
        switch self {
        case .movie: "영화"
        case .drama: "드라마"
        case .book: "책"
        case .performance: "공연"
        case .other: "기타"
        }
    }

    /// The English badge text (`--locale en`).
    public var englishLabel: String {
        switch self {
        case .movie: "Movie"
        case .drama: "Drama"
        case .book: "Book"
        case .performance: "Show"
        case .other: "Other"
        }
    }
}

/// One face's photo: a file inside the entry folder and the editor state
/// the user saved for it.
public struct FacePhoto: Sendable, Hashable {
    /// The file name as written in entry.json.
    public var name: String
    /// The resolved path (inside the entry folder; checked by the loader).
    public var path: String
    /// The saved edit; nil means centred aspect fill.
    public var crop: EditorState? {
        get { cropBox?.state }
        set { cropBox = newValue.map(CropBox.init) }
    }

    /// An edit is some 60 bytes and most photos have none: kept out of
    /// line, a face without one costs a nil reference (an entry holds two
    /// faces, and a large book's run holds every entry).
    private final class CropBox: Sendable {
        let state: EditorState
        init(_ state: EditorState) { self.state = state }
    }

    private var cropBox: CropBox?

    public init(name: String, path: String, crop: EditorState? = nil) {
        self.name = name
        self.path = path
        self.crop = crop
    }

    public static func == (a: FacePhoto, b: FacePhoto) -> Bool {
        a.name == b.name && a.path == b.path && a.crop == b.crop
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(path)
        hasher.combine(crop)
    }
}
