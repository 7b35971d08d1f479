import PhotiCaseRaster
/// Turns the top-level object of one entry.json into an `Entry`, checking
/// each field in document order of the format (title, date, rating, ...),
/// so the first problem found is reported.
struct EntryDecoder {
    let fields: FieldReader
    let folder: String
    /// Shared by the front and back photo checks.
    let landing: FolderLanding
    /// The kinds `kind` may be (the theme's); nil: any.
    let kinds: [EntryKind]?
    /// Whether photo names are checked against the folder on disk (links
    /// inside it), or as names alone (photos given as bytes).
    var onDisk = true

    /// The ratings allowed, and their step.
    static let ratingRange = 0.0...5.0
    static let ratingStep = 0.5
    /// The years a work may give.
    static let yearRange = 1...9999

    func entry(defaultID: String) throws(EntryError) -> Entry {
        let title = try title()
        // Every name is checked; the first `friendsLimit` are kept.
        let friends = try fields.strings("friends") ?? []
        var entry = Entry(id: Entry.spelling(ofID: try fields.nonEmptyString("id") ?? defaultID),
                         folder: folder,
                         title: title,
                         date: try date(),
                         rating: try rating(),
                         kind: try kind(),
                         director: try fields.string("director"),
                         year: try fields.integer("year", in: Self.yearRange),
                         friends: Array(friends.prefix(Entry.friendsLimit)),
                         memo: try fields.string("memo"),
                         front: try face("front"),
                         back: try face("back"))
        entry.friendsLeftOut = max(0, friends.count - Entry.friendsLimit)
        entry.author = try fields.string("author")
        entry.frontText = try frontText()
        return entry
    }

    /// The title as written, which must show some text as every face and
    /// page shows it (`SearchTitle.clean`: `<b>` tags and entities
    /// removed, whitespace collapsed): a ticket with a blank title is no
    /// ticket, whatever markup made it blank.
    private func title() throws(EntryError) -> String {
        guard let title = try fields.nonEmptyString("title") else { throw missing("title") }
        guard SearchTitle.clean(title).contains(where: { !$0.isWhitespace }) else {
            throw .noTextInTitle(file: fields.file, field: fields.path("title"), value: FieldReader.quote(.string(title)))
        }
        return title
    }

    private func missing(_ key: String) -> EntryError {
        .missingField(file: fields.file, field: fields.path(key))
    }

    private func date() throws(EntryError) -> CalendarDate {
        guard let text = try fields.string("date") else { throw missing("date") }
        guard let date = CalendarDate(text) else {
            throw .invalidDate(file: fields.file, field: fields.path("date"), value: FieldReader.quote(.string(text)))
        }
        return date
    }

    private func rating() throws(EntryError) -> Double {
        guard let number = try fields.number("rating") else { throw missing("rating") }
        let value = number.value
        let quoted = FieldReader.quote(.number(number))
        guard Self.ratingRange.contains(value) else {
            throw .outOfRange(file: fields.file, field: fields.path("rating"), value: quoted, range: "0...5")
        }
        let steps = value / Self.ratingStep
        guard steps.rounded() == steps else {
            throw .notHalfStep(file: fields.file, field: fields.path("rating"), value: quoted)
        }
        // Adding zero turns -0 into 0.
        return value + 0
    }

    private func kind() throws(EntryError) -> EntryKind {
        guard let text = try fields.string("kind") else { return .movie }
        let kind = EntryKind(rawValue: text)
        if let kinds, !kinds.contains(kind) {
            throw .unknownKind(file: fields.file, field: fields.path("kind"), value: FieldReader.quote(.string(text)),
                               known: kinds.map(\.rawValue))
        }
        return kind
    }

    /// `"over"` or `"below"`: where the front's text goes (nil: as the
    /// theme says).
    private func frontText() throws(EntryError) -> FrontTextPlacement? {
        guard let text = try fields.string("frontText") else { return nil }
        guard let placement = FrontTextPlacement(rawValue: text) else {
            throw .notOneOf(file: fields.file, field: fields.path("frontText"), value: FieldReader.quote(.string(text)),
                            allowed: FrontTextPlacement.allCases.map(\.rawValue))
        }
        return placement
    }

    /// `{"photo": name, "crop": {...}}`; nil when the face is absent.
    private func face(_ key: String) throws(EntryError) -> FacePhoto? {
        guard let face = try fields.object(key) else { return nil }
        guard let name = try face.string("photo") else {
            throw .missingField(file: fields.file, field: face.path("photo"))
        }
        let path = try PhotoPath.resolve(name, in: folder, field: face.path("photo"), file: fields.file, landing: landing,
                                        onDisk: onDisk)
        let crop = try face.object("crop").map { (crop) throws(EntryError) in try EditorState(reading: crop) }
        return FacePhoto(name: name, path: path, crop: crop)
    }
}
