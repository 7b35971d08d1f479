@testable import PhotiCaseCards
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// The frames people post to: the square and the link preview at their
/// sizes, and the story's text clear of what Instagram draws over it.
@Suite struct SocialFramesTests {
    static let longTitle = "우리들의 블루스: 제주 바다 위에서 다시 만난 사람들의 아주 긴 이야기 🎬🌊 그리고 그 후"
    static let longMemo = "🎬 두 번째 관람. 마지막 장면에서 또 울었다. 같이 간 친구도 울었고, 극장을 나와서 한참을 걸었다."

    static func entry(photo: Bool, title: String = longTitle) throws -> (Entry, TestPhotos) {
        let photos = TestPhotos()
        var front: FacePhoto?
        if photo {
            var raster = Raster(width: 900, height: 1200, fill: RGBA(200, 200, 190))
            for y in 0..<300 { for x in 0..<900 { raster[x, y] = RGBA(250, 250, 245) } }
            front = FacePhoto(name: "p.jpg", path: try photos.write(raster, "p.jpg"))
        }
        return (testEntry(title: title, front: front, memo: longMemo), photos)
    }

    @Test(arguments: [SocialFormat.square, .link], [true, false])
    func squareAndLinkAreTheirSizeAndOpaque(_ format: SocialFormat, photo: Bool) throws {
        let (entry, photos) = try Self.entry(photo: photo)
        let image = try CardRenderer().renderSocial(SocialImageInput(entry, format: format)).raster
        #expect(image.size == format.size && image.isOpaque)
        #expect(format.size == (format == .square ? PixelSize(width: 1080, height: 1080) : PixelSize(width: 1200, height: 630)))
        _ = photos
    }

    /// Everything to read (kind, title, stars, date, memo line) lies
    /// between 250 pixels from the top and 340 from the bottom, even for a
    /// title that takes the most room; only the brand mark sits below.
    @Test(arguments: [true, false], [longTitle, "마침내"])
    func aStorysTextIsClearOfInstagramsControls(photo: Bool, title: String) throws {
        let (entry, photos) = try Self.entry(photo: photo, title: title)
        let renderer = try CardRenderer()
        renderer.drawnBoxes = []
        let story = try renderer.renderSocial(SocialImageInput(entry, format: .story)).raster
        let boxes = try #require(renderer.drawnBoxes)
        #expect(story.size == PixelSize(width: 1080, height: 1920))
        let outside = boxes.filter { $0.minY < 250 || $0.maxY > 1920 - 340 }
        // The brand mark: one box, at the foot.
        #expect(outside.count == 1 && outside[0].minY > 1800, "\(outside)")
        #expect(boxes.count >= 5, "\(boxes)")
        _ = photos
    }
}
