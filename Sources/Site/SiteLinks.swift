import PhotiCaseDiary
import PhotiCaseRaster

/// How the site names the cache's files: the caller (the pipeline) owns
/// the cache layout and the kinds of images, so the site asks it rather
/// than spelling paths or naming kinds.
public struct SiteLinks: Sendable {
    /// The file name stem of an entry's page, from its id: injective and
    /// safe as one path component (the cache's own encoding of ids).
    public var entryName: @Sendable (String) -> String
    /// The images the kinds this run makes place on pages
    /// (`SitePlacement`), in the registry's order: every image a page
    /// shows, links or offers is one of these.
    public var placements: [SitePlacement] {
        didSet { bySlot = Self.bySlot(placements) }
    }
    /// Sorted once: pages ask for a slot at every entry they list.
    private var bySlot: [SitePlacement.Slot: [SitePlacement]]

    public init(entryName: @escaping @Sendable (String) -> String, placements: [SitePlacement] = []) {
        self.entryName = entryName
        self.placements = placements
        bySlot = Self.bySlot(placements)
    }

    /// The links with the placements' words in `locale`
    /// (`SitePlacement.speaking`): what a site in that language shows.
    public func speaking(_ locale: CardLocale) -> SiteLinks {
        var links = self
        links.placements = placements.map { $0.speaking(locale) }
        return links
    }

    /// The declarations for `slot`, by `order` and then as declared: the
    /// order a slot places them in.
    public func placements(_ slot: SitePlacement.Slot) -> [SitePlacement] { bySlot[slot] ?? [] }

    private static func bySlot(_ placements: [SitePlacement]) -> [SitePlacement.Slot: [SitePlacement]] {
        Dictionary(grouping: placements.enumerated(), by: \.element.slot).mapValues { declared in
            declared.sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element)
        }
    }
}

/// The pixel sizes of the kinds' images, as the pipeline hands them to the
/// declarations that place them (`SitePlacement.size`).
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
