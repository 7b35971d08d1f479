import PhotiCaseDiary

/// What a ticket's front face draws: the front photo as edited, the title,
/// the kind badge, the date and the stars. Never the memo, friends,
/// credits or the back: editing those leaves every front (and every book
/// page, which shows fronts) as it is.
public struct FrontFaceInput: Sendable, Hashable, LayoutInput {
    public var title: String
    public var kind: EntryKind
    public var rating: Double
    public var date: CalendarDate
    /// Nil: the designed placeholder face.
    public var photo: PhotoInput?
    /// Where the title, date and stars go; nil: as the theme says.
    public var textPlacement: FrontTextPlacement?
    /// The entry.json warnings name (a title cut short); not drawn, so not
    /// keyed.
    public var source = ""

    public init(title: String, kind: EntryKind, rating: Double, date: CalendarDate, photo: PhotoInput?,
                textPlacement: FrontTextPlacement? = nil) {
        self.title = title
        self.kind = kind
        self.rating = rating
        self.date = date
        self.photo = photo
        self.textPlacement = textPlacement
    }

    /// The front of `entry`; `digest` is its front photo's content hash.
    public init(_ entry: Entry, digest: String = "") {
        self.init(title: entry.title, kind: entry.kind, rating: entry.rating, date: entry.date,
                  photo: entry.front.map { PhotoInput($0, digest: digest) }, textPlacement: entry.frontText)
        source = entry.folder + "/" + EntryLoader.fileName
    }

    /// This face without its photo: the placeholder a page draws when the
    /// photo cannot be had. Opens no file.
    public var withoutPhoto: FrontFaceInput {
        var plain = self
        plain.photo = nil
        return plain
    }

    public func write(to key: inout LayoutKey) {
        key.add("front")
        key.add(title)
        key.add(kind.rawValue)
        key.add(rating)
        key.add(date)
        key.add(photo)
        key.add(textPlacement?.rawValue)
    }
}
