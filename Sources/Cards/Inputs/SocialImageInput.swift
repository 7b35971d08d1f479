import PhotiCaseDiary
import PhotiCaseRaster

/// The frames people post to, at the sizes the services show them (and
/// recompress anything else to), whatever the ticket scale: a 9:16 story,
/// a 4:5 feed post, a square (Instagram's grid, KakaoTalk), and a 1.91:1
/// link preview (Open Graph's `og:image`, as chats and feeds unfurl a
/// link).
public enum SocialFormat: String, Sendable, Hashable, CaseIterable {
    case story, feed, square, link

    public var size: PixelSize {
        switch self {
        case .story: PixelSize(width: 1080, height: 1920)
        case .feed: PixelSize(width: 1080, height: 1350)
        case .square: PixelSize(width: 1080, height: 1080)
        case .link: PixelSize(width: 1200, height: 630)
        }
    }
}

/// What a story or feed image draws: the front photo large, the title,
/// the kind, the stars, the date and the memo's first line.
public struct SocialImageInput: Sendable, Hashable, LayoutInput {
    public var format: SocialFormat
    public var title: String
    public var kind: EntryKind
    public var rating: Double
    public var date: CalendarDate
    /// The memo's first non-empty line.
    public var memoLine: String?
    /// The front photo as edited, re-fitted to the image's frame; nil: the
    /// brand gradient.
    public var photo: PhotoInput?
    /// The entry's `frontText`, when `photo` is its front photo: with
    /// `below` (or a theme's `below` default) the photo is shown whole, as
    /// on the front (a poster's own lettering is not cut).
    public var textPlacement: FrontTextPlacement?
    /// Whether `photo` is the front photo (else the back's, or none).
    public var photoIsFront = false
    /// The entry.json warnings name (a title cut short); not drawn, so not
    /// keyed.
    public var source = ""

    public init(format: SocialFormat, title: String, kind: EntryKind, rating: Double, date: CalendarDate,
                memoLine: String?, photo: PhotoInput?) {
        self.format = format
        self.title = title
        self.kind = kind
        self.rating = rating
        self.date = date
        self.memoLine = memoLine
        self.photo = photo
    }

    /// The `format` image of `entry`; `digest` is its front photo's hash.
    public init(_ entry: Entry, format: SocialFormat, digest: String = "") {
        self.init(format: format, title: entry.title, kind: entry.kind, rating: entry.rating, date: entry.date,
                  memoLine: BookTile.memoFirstLine(entry.memo),
                  photo: (entry.front ?? entry.back).map { PhotoInput($0, digest: digest) })
        source = entry.folder + "/" + EntryLoader.fileName
        photoIsFront = entry.front != nil
        textPlacement = photoIsFront ? entry.frontText : nil
    }

    public func write(to key: inout LayoutKey) {
        key.add(format.rawValue)
        key.add(title)
        key.add(kind.rawValue)
        key.add(rating)
        key.add(date)
        key.add(memoLine)
        key.add(photo)
        key.add(textPlacement?.rawValue)
        key.add(photoIsFront)
    }
}

/// An entry's story and feed images, drawn together (the photo is
/// decoded once for both).
public struct SocialPairInput: Sendable, Hashable, LayoutInput {
    public var story: SocialImageInput
    public var feed: SocialImageInput

    public init(_ entry: Entry, digest: String = "") {
        story = SocialImageInput(entry, format: .story, digest: digest)
        feed = SocialImageInput(entry, format: .feed, digest: digest)
    }

    public func write(to key: inout LayoutKey) {
        key.add("social")
        key.add(story)
        key.add(feed)
    }
}
