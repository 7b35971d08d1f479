import PhotiCaseFileSystem
import PhotiCaseRaster

/// One ticket-book entry: what `entry.json` in an entry folder says, checked
/// and resolved against the folder.
///
/// A value type whose fields live in one shared, copy-on-write box: a
/// large book's run keeps every entry and hands copies to the items that
/// render it (each day, month and page), and a copy is then one reference,
/// not the fields' 340-odd bytes again.
///
/// What a calendar shows (id, title, date, rating, kind, front photo) is in
/// the box itself; the rest, which many entries lack and a run of day
/// thumbnails lets go (`withoutBackText`), in a second box that is nil when
/// all of it is empty. A photo's path is kept only when it is not the folder
/// and the name joined (the loader's usual result), and made on reading.
/// At 100,000 entries this took a days-only rerun's entries from 242 bytes
/// and a 96-byte path each to 145 bytes.
public struct Entry: Sendable, Hashable {
    /// The fields, as stored in the box.
    private struct Fields: Hashable {
        var id: String
        var folder: String
        var title: String
        var date: CalendarDate
        var rating: Double
        /// Its path is "" when bit 0 of `joined` is set (see `frontPhoto`).
        var front: FacePhoto?
        var rest: Rest?
        var kind: EntryKind
        /// Which photos' paths are `PhotoPath.join(folder, name)`, byte for
        /// byte, and kept as "": bit 0 the front, bit 1 the back.
        var joined: UInt8 = 0

        /// The front photo with its path.
        var frontPhoto: FacePhoto? {
            get { Entry.read(front, joined: joined & 1 != 0, folder: folder) }
            set {
                let (photo, isJoined) = Entry.stored(newValue, folder: folder)
                front = photo
                joined = joined & ~1 | (isJoined ? 1 : 0)
            }
        }

        /// The back photo with its path.
        var backPhoto: FacePhoto? {
            get { Entry.read(self[rest: \.back], joined: joined & 2 != 0, folder: folder) }
            set {
                let (photo, isJoined) = Entry.stored(newValue, folder: folder)
                self[rest: \.back] = photo
                joined = joined & ~2 | (isJoined ? 2 : 0)
            }
        }

        /// A field of the rest (director, author, friends, memo, the back
        /// photo, the year): its empty value when there is no rest. The
        /// back photo's path is "" when bit 1 of `joined` is set.
        subscript<T>(rest field: WritableKeyPath<Rest.Fields, T>) -> T {
            get { (rest?.fields ?? Rest.Fields())[keyPath: field] }
            set { setRest { $0[keyPath: field] = newValue } }
        }

        /// A new box for the rest (boxes are never changed once made, so
        /// copies of an entry may share one), or nil when it is all empty.
        mutating func setRest(_ change: (inout Rest.Fields) -> Void) {
            var fields = rest?.fields ?? Rest.Fields()
            change(&fields)
            rest = fields.isEmpty ? nil : Rest(fields)
        }
    }

    /// The fields most entries of a large book leave empty, or a days-only
    /// run drops. Immutable: a change makes a new one.
    private final class Rest: Hashable, @unchecked Sendable {
        struct Fields: Hashable {
            var director: String?
            var author: String?
            var friends: [String] = []
            var friendsLeftOut = 0
            var memo: String?
            var back: FacePhoto?
            var year: Int?
            var frontText: FrontTextPlacement?

            var isEmpty: Bool {
                director == nil && author == nil && friends.isEmpty && friendsLeftOut == 0 && memo == nil && back == nil && year == nil
                    && frontText == nil
            }
        }
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
        static func == (a: Rest, b: Rest) -> Bool { a === b || a.fields == b.fields }
        func hash(into hasher: inout Hasher) { hasher.combine(fields) }
    }

    /// `photo` as the box keeps it: its path left empty when it is the
    /// one `folder` and its name make, byte for byte (not as `String`s
    /// compare: two spellings of an accented name are two files here), and
    /// whether it was.
    private static func stored(_ photo: FacePhoto?, folder: String) -> (FacePhoto?, joined: Bool) {
        guard var p = photo, p.path.utf8.elementsEqual(PhotoPath.join(folder, p.name).utf8) else { return (photo, false) }
        p.path = ""
        return (p, true)
    }

    /// `photo` as the box keeps it, with its path made again when `joined`.
    private static func read(_ photo: FacePhoto?, joined: Bool, folder: String) -> FacePhoto? {
        guard joined, var p = photo else { return photo }
        p.path = PhotoPath.join(folder, p.name)
        return p
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
    /// ticket book (set by the caller that walks folders), spelled by
    /// `spelling(ofID:)`.
    public var id: String {
        get { box.fields.id }
        set { update { $0.id = newValue } }
    }
    /// The entry folder, as a path the process can open.
    public var folder: String {
        get { box.fields.folder }
        set {
            // The photos keep their paths, whatever the folder is now.
            update { f in
                let front = f.frontPhoto, back = f.backPhoto
                f.folder = newValue
                f.frontPhoto = front
                f.backPhoto = back
            }
        }
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
        get { box.fields[rest: \.director] }
        set { update { $0[rest: \.director] = newValue } }
    }
    /// A book's author (the optional `author` field); the back face prefers
    /// it to `director` for books. Set after `init`, which keeps its
    /// older signature.
    public var author: String? {
        get { box.fields[rest: \.author] }
        set { update { $0[rest: \.author] = newValue } }
    }
    public var year: Int? {
        get { box.fields[rest: \.year] }
        set { update { $0[rest: \.year] = newValue } }
    }
    /// Where the front's title, date and stars go (`"frontText"`); nil:
    /// as the theme says.
    public var frontText: FrontTextPlacement? {
        get { box.fields[rest: \.frontText] }
        set { update { $0[rest: \.frontText] = newValue } }
    }
    public var friends: [String] {
        get { box.fields[rest: \.friends] }
        set { update { $0[rest: \.friends] = newValue } }
    }
    /// The friends entry.json names past the first `friendsLimit`: counted
    /// ("외 199000명" on the entry's page), not kept, so a pasted list of
    /// names costs what a page shows.
    public var friendsLeftOut: Int {
        get { box.fields[rest: \.friendsLeftOut] }
        set { update { $0[rest: \.friendsLeftOut] = newValue } }
    }
    /// The friends an entry keeps: more than any card or page shows.
    public static let friendsLimit = 1_000
    public var memo: String? {
        get { box.fields[rest: \.memo] }
        set { update { $0[rest: \.memo] = newValue } }
    }
    /// The front photo and its edit; nil means the designed placeholder face.
    public var front: FacePhoto? {
        get { box.fields.frontPhoto }
        set { update { $0.frontPhoto = newValue } }
    }
    /// The front photo's file name as entry.json writes it, without making
    /// its path (fingerprints name photos, for every entry of a book).
    public var frontName: String? { box.fields.front?.name }
    /// The front photo's saved edit, without making its path.
    public var frontCrop: EditorState? { box.fields.front?.crop }
    /// The back photo's file name, without making its path.
    public var backName: String? { box.fields[rest: \.back]?.name }
    /// Whether the front photo's path (the back's, with `back`) is `path`,
    /// byte for byte, without making the path: what a run's lookup of an
    /// index row among a large book's photos asks for each row.
    public func photoPath(back: Bool = false, is path: String) -> Bool {
        guard let photo = back ? box.fields[rest: \.back] : box.fields.front else { return false }
        if box.fields.joined & (back ? 2 : 1) == 0 { return photo.path.utf8.elementsEqual(path.utf8) }
        let folder = box.fields.folder.utf8, name = photo.name.utf8, bytes = path.utf8
        if folder.isEmpty { return name.elementsEqual(bytes) }
        let slash = folder.last == UInt8(ascii: "/") ? 0 : 1
        guard bytes.count == folder.count + slash + name.count, bytes.starts(with: folder) else { return false }
        var rest = bytes.dropFirst(folder.count)
        if slash == 1 {
            guard rest.first == UInt8(ascii: "/") else { return false }
            rest = rest.dropFirst()
        }
        return rest.elementsEqual(name)
    }

    /// The back photo and its edit; nil means the theme's background.
    public var back: FacePhoto? {
        get { box.fields.backPhoto }
        set { update { $0.backPhoto = newValue } }
    }

    public init(id: String, folder: String, title: String, date: CalendarDate, rating: Double,
                kind: EntryKind = .movie, director: String? = nil, year: Int? = nil, friends: [String] = [],
                memo: String? = nil, front: FacePhoto? = nil, back: FacePhoto? = nil) {
        var fields = Fields(id: id, folder: folder, title: title, date: date, rating: rating, front: nil, rest: nil,
                            kind: kind)
        fields.frontPhoto = front
        fields.setRest { rest in rest = .init(director: director, friends: friends, memo: memo, year: year) }
        fields.backPhoto = back
        box = Box(fields)
    }

    /// This entry without the text that only ticket backs, book pages,
    /// years and the site show (director, author, friends, memo): what a
    /// run of day thumbnails and month sheets keeps of each entry of a
    /// large book. A 300-character memo is about 750 bytes of UTF-8, more
    /// than the rest of an entry held in memory.
    public func withoutBackText() -> Entry {
        var fields = box.fields
        if fields.rest != nil {
            fields.setRest { rest in
                rest.director = nil
                rest.author = nil
                rest.friends = []
                rest.friendsLeftOut = 0
                rest.memo = nil
            }
        }
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

/// What kind of work an entry records: a key its theme declares
/// (`Theme.kinds`, `KindStyle`), the built-in ones below by default. The
/// key is what entry.json writes; labels, badge colours and the credit
/// line come from the theme.
public struct EntryKind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let movie = EntryKind(rawValue: "movie")
    public static let drama = EntryKind(rawValue: "drama")
    public static let book = EntryKind(rawValue: "book")
    public static let performance = EntryKind(rawValue: "performance")
    public static let exhibition = EntryKind(rawValue: "exhibition")
    public static let concert = EntryKind(rawValue: "concert")
    public static let other = EntryKind(rawValue: "other")

    /// The default theme's kinds, in the order they are listed.
    public static var allCases: [EntryKind] { KindStyle.builtIn.map(\.kind) }

    /// The default theme's badge text, or the key for a kind it lacks.
    public var koreanLabel: String { KindStyle.builtInStyle(self)?.korean ?? rawValue }

    /// The default theme's English badge text (`"locale": "en"`).
    public var englishLabel: String { KindStyle.builtInStyle(self)?.english ?? rawValue }

    public var description: String { rawValue }
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

extension Entry {
    /// The one spelling of an id: composed (NFC). An id is stored and
    /// looked up as bytes (the cache's `tickets/<id>/`, the site's paths,
    /// the index's owners and entries, the shard it hashes to), and a
    /// folder copied from a Mac or an id typed on one comes decomposed
    /// (NFD): spelled once where it is formed, the same entry keeps its
    /// outputs however its folder or its `id` field is spelled, and two
    /// folders that differ only so are one id, used twice (a duplicate).
    public static func spelling(ofID id: String) -> String {
        FileSystem.composed(id)
    }
}
