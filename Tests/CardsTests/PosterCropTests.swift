@testable import PhotiCaseCards
import PhotiCaseDiary
import PhotiCaseRaster
import Testing

/// A poster framed whole in the editor, with `"frontText": "below"`: its
/// lettering (here red bars along its top and bottom edges) is all there
/// on the front, the story and the feed; nothing the user framed is cut.
@Suite struct PosterCropTests {
    let photos = TestPhotos()

    /// A poster in the face's shape (600×960, 5:8): blue, with red bars in
    /// its top and bottom 5%, as a title and credits are.
    func poster() throws -> FacePhoto {
        var r = Raster(width: 600, height: 960, fill: RGBA(30, 60, 170))
        for y in 0..<48 { for x in 0..<600 { r[x, y] = RGBA(220, 20, 20); r[x, 959 - y] = RGBA(220, 20, 20) } }
        return FacePhoto(name: "poster.png", path: try photos.write(r, "poster.png"))
    }

    func entry(_ text: FrontTextPlacement?) throws -> Entry {
        var e = testEntry(front: try poster())
        e.frontText = text
        return e
    }

    static func isRed(_ p: RGBA) -> Bool { p.r > 120 && p.g < 60 && p.b < 90 }

    /// Rows of `raster` between `top` and `bottom` (exclusive) that hold red.
    static func redRows(_ raster: Raster, x: Range<Int>, y: Range<Int>) -> [Int] {
        y.filter { row in x.contains { isRed(raster[$0, row]) } }
    }

    @Test func theFrontKeepsTheLetteringWhole() throws {
        let renderer = try CardRenderer()
        let front = try renderer.renderFront(try entry(.below), scale: 2).raster
        // Red at both ends of the photo: its first rows and just above the band.
        let rows = Self.redRows(front, x: 0..<front.width, y: 0..<front.height)
        let top = try #require(rows.first)
        #expect(top <= 2, "the top bar starts at row \(top)")
        // The two bars are as tall as each other: neither is cut.
        let upper = rows.filter { $0 < front.height / 2 }.count, lower = rows.filter { $0 >= front.height / 2 }.count
        #expect(abs(upper - lower) <= 2 && upper >= 30, "bars of \(upper) and \(lower) rows")
    }

    @Test(arguments: SocialFormat.allCases)
    func everyFrameKeepsTheLetteringWhole(format: SocialFormat) throws {
        let renderer = try CardRenderer()
        let image = try renderer.renderSocial(SocialImageInput(try entry(.below), format: format)).raster
        let side = Double(SocialMetrics.linkPhotoSide)
        let area = switch format {
        case .story: SocialMetrics.storyCard
        case .link: Rect(x: 0, y: 0, width: side, height: side)
        case .feed, .square: Rect(x: 0, y: 0, width: Double(image.width), height: Double(SocialMetrics.photoHeight(format)))
        }
        let rows = Self.redRows(image, x: Int(area.x)..<Int(area.maxX), y: Int(area.y)..<Int(area.maxY))
        let mid = Int(area.midY)
        let upper = rows.filter { $0 < mid }.count, lower = rows.filter { $0 >= mid }.count
        // 5% of the photo's height each, the photo fitted to the area's height.
        let expected = Int(area.height * 0.05)
        #expect(abs(upper - expected) <= 3 && abs(lower - expected) <= 3,
                "\(format): bars of \(upper) and \(lower) rows, \(expected) each whole")
    }

    /// Without `below` the front and story fill their frames, as before:
    /// the title is drawn over the photo and the crop re-fitted.
    @Test func overThePhotoTheStoryStillFillsItsCard() throws {
        let renderer = try CardRenderer()
        let story = try renderer.renderSocial(SocialImageInput(try entry(.over), format: .story)).raster
        let card = SocialMetrics.storyCard
        // The card's left edge is the photo's blue, not the paper.
        let edge = story[Int(card.x) + 40, Int(card.midY)]
        #expect(edge.b > 120 && edge.r < 80, "\(edge)")
    }
}
