@testable import PhotiCaseCards
import PhotiCaseDiary
import PhotiCaseRaster
import Testing

/// An entry with no photo, as its story and feed show it: the kind's badge
/// stands out from the brand gradient behind it (WCAG 1.4.11, 3:1), and
/// the placeholder's letter or emoji sits in the middle by its ink.
@Suite struct NoPhotoSocialTests {
    /// The badge's fill beside the gradient just left of it, for each kind
    /// (a movie's badge is the brand colour, the gradient's own).
    @Test(arguments: [EntryKind.movie, .book, .exhibition, .concert])
    func theBadgeStandsOutFromTheGradient(kind: EntryKind) throws {
        let renderer = try CardRenderer()
        let entry = testEntry(kind: kind)
        let story = try renderer.renderSocial(SocialImageInput(entry, format: .story)).raster
        let feed = try renderer.renderSocial(SocialImageInput(entry, format: .feed)).raster
        // The pill's left end (inside its rounding, before its label) and
        // the gradient a few pixels to its left, halfway down the pill.
        let card = SocialMetrics.storyCard
        for (image, x, y, name) in [(story, Int(card.x) + 36, Int(card.y) + 36, "story"),
                                    (feed, Int(SocialMetrics.margin), Int(SocialMetrics.margin), "feed")] {
            let middle = y + 26
            let fill = image[x + 12, middle], behind = image[x - 8, middle]
            let ratio = Contrast.ratio(fill.opaque, behind.opaque)
            #expect(ratio >= 3, "\(name) \(kind.rawValue): badge \(fill) on \(behind) is \(ratio):1")
        }
    }

    /// A photo's badge keeps the kind's own colour: only the gradient,
    /// which is the brand colour, makes it darker.
    @Test func aPhotosBadgeKeepsItsColour() throws {
        let photos = TestPhotos()
        let front = try photos.write(TestPhotos.scene(width: 900, height: 700, hue: 3), "front.jpg")
        let renderer = try CardRenderer()
        let entry = testEntry(kind: .exhibition, front: FacePhoto(name: "front.jpg", path: front))
        let feed = try renderer.renderSocial(SocialImageInput(entry, format: .feed)).raster
        let m = Int(SocialMetrics.margin)
        #expect(feed[m + 12, m + 26] == renderer.theme.badgeColor(.exhibition), "\(feed[m + 12, m + 26])")
    }

    /// The placeholder's character, a letter or an emoji, is centred by
    /// its ink within a pixel or two each way.
    @Test(arguments: ["🎬", "🎨", "헤어질 결심", "Dune"])
    func thePlaceholderIsCentred(title: String) throws {
        let renderer = try CardRenderer()
        let side = 300
        let tile = try renderer.renderDayThumbnail(DayTileInput(cells: [.init(title: title, kind: .movie, photo: nil)],
                                                               side: side)).raster
        let plain = renderer.brandBackdrop(PixelSize(width: side, height: side))
        var minX = side, minY = side, maxX = -1, maxY = -1
        for y in 0..<side {
            for x in 0..<side where tile[x, y] != plain[x, y] {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        try #require(maxX >= 0, "nothing drawn for \(title)")
        let cx = Double(minX + maxX + 1) / 2, cy = Double(minY + maxY + 1) / 2
        #expect(abs(cx - Double(side) / 2) <= 2 && abs(cy - Double(side) / 2) <= 2,
                "\(title): ink centred at (\(cx), \(cy)) in a \(side)-pixel tile")
    }
}
