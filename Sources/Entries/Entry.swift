@_exported import Imaging

/// One ticket-book entry: what `entry.json` in an entry folder says, checked
/// and resolved against the folder.
public struct Entry: Sendable, Hashable {
    /// The id: the `id` field, else the folder's path relative to the
    /// ticket book (set by the caller that walks folders).
    public var id: String
    /// The entry folder, as a path the process can open.
    public var folder: String
    /// The title as written; may hold `<b>` tags and HTML entities from a
    /// search API (`SearchTitle.clean` in Text removes them for display).
    public var title: String
    /// The day it was watched or read.
    public var date: CalendarDate
    /// 0...5 in steps of 0.5.
    public var rating: Double
    public var kind: EntryKind
    /// The director of a movie or drama; older entries also keep a book's
    /// author or a show's performers here.
    public var director: String?
    /// A book's author (the optional `author` field); the back face prefers
    /// it to `director` for books. Set after `init`, which keeps its
    /// older signature.
    public var author: String? = nil
    public var year: Int?
    public var friends: [String]
    public var memo: String?
    /// The front photo and its edit; nil means the designed placeholder face.
    public var front: FacePhoto?
    /// The back photo and its edit; nil means the theme's background.
    public var back: FacePhoto?

    public init(id: String, folder: String, title: String, date: CalendarDate, rating: Double,
                kind: EntryKind = .movie, director: String? = nil, year: Int? = nil, friends: [String] = [],
                memo: String? = nil, front: FacePhoto? = nil, back: FacePhoto? = nil) {
        self.id = id
        self.folder = folder
        self.title = title
        self.date = date
        self.rating = rating
        self.kind = kind
        self.director = director
        self.year = year
        self.friends = friends
        self.memo = memo
        self.front = front
        self.back = back
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
    public var crop: EditorState?

    public init(name: String, path: String, crop: EditorState? = nil) {
        self.name = name
        self.path = path
        self.crop = crop
    }
}
