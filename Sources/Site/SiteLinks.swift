import Diary
import Raster

/// An image the cache may hold, as the site links it.
public enum SiteImage: Sendable, Hashable {
    case front(id: String), back(id: String), ticket(id: String)
    /// An entry's share image sized for a feed (4:5), its link preview.
    case feed(id: String)
    case day(CalendarDate)
    case month(year: Int, month: Int)
    case gallery(page: Int), list(page: Int)
    /// A year's timeline image; `page` nil when the year fits one page.
    case timeline(year: Int, page: Int?)
    case year(Int)
}

/// How the site names the cache's files: the caller (the pipeline) owns
/// the cache layout, so the site asks it rather than spelling paths.
public struct SiteLinks: Sendable {
    /// The cache-relative path of `image` when this run's outputs include
    /// it (its kind is rendered), else nil: the page then shows no image.
    public var image: @Sendable (SiteImage) -> String?
    /// The file name stem of an entry's page, from its id: injective and
    /// safe as one path component (the cache's own encoding of ids).
    public var entryName: @Sendable (String) -> String
    /// The images the kinds offer on pages (`SiteDownload`), in the order
    /// their links are written.
    public var downloads: [SiteDownload]

    public init(image: @escaping @Sendable (SiteImage) -> String?, entryName: @escaping @Sendable (String) -> String,
                downloads: [SiteDownload] = []) {
        self.image = image
        self.entryName = entryName
        self.downloads = downloads
    }
}

/// The pixel sizes of the images the site shows, for their `width` and
/// `height` attributes (so a page does not jump while images load).
public struct SiteImageSizes: Sendable, Hashable {
    /// A ticket face (front and back are the same size).
    public var face: PixelSize
    /// The shareable ticket, both faces side by side.
    public var ticket: PixelSize
    /// A day thumbnail (square).
    public var day: PixelSize
    /// The year-in-review image.
    public var year: PixelSize
    /// An entry's story image (a phone screen, 9:16).
    public var story: PixelSize
    /// An entry's feed image (a portrait post, 4:5).
    public var feed: PixelSize

    /// The default theme's images at scale 2 with 256-pixel day thumbnails.
    public static let standard = SiteImageSizes(face: PixelSize(width: 600, height: 960),
                                                ticket: PixelSize(width: 1360, height: 1072),
                                                day: PixelSize(width: 256, height: 256),
                                                year: PixelSize(width: 1080, height: 1920))

    /// Story and feed images are the sizes the apps that show them ask
    /// for, whatever the theme.
    public init(face: PixelSize, ticket: PixelSize, day: PixelSize, year: PixelSize,
                story: PixelSize = PixelSize(width: 1080, height: 1920),
                feed: PixelSize = PixelSize(width: 1080, height: 1350)) {
        self.face = face
        self.ticket = ticket
        self.day = day
        self.year = year
        self.story = story
        self.feed = feed
    }
}
