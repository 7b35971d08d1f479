@testable import Cards
import Raster
import Testing
import Diary

/// The share image from its cached backdrop is the one painted in order
/// (backdrop, then each card's shadow and face), pixel for pixel.
@Suite struct ShareImageTests {
    let photos = TestPhotos()

    @Test(arguments: [1, 2, 3])
    func theBackdropGivesThePixelsOfPaintingInOrder(scale: Int) throws {
        let front = try photos.write(TestPhotos.scene(width: 900, height: 700, hue: 2), "front.jpg")
        let entry = testEntry(front: FacePhoto(name: "front.jpg", path: front))
        let renderer = try CardRenderer()
        let faces = [try renderer.renderFront(entry, scale: Double(scale)),
                     try renderer.renderBack(entry, scale: Double(scale))]
        for count in [1, 2] {
            let shown = Array(faces.prefix(count))
            let ordered = renderer.composeShareInOrder(shown, scale: scale).raster
            // Three times: the first is painted in order, the second from
            // the backdrop it makes, the third from the backdrop kept.
            for _ in 0..<3 {
                // Compared as a Bool: a failure must not print two rasters.
                let same = renderer.composeShare(shown, scale: scale).raster == ordered
                #expect(same, "scale \(scale), \(count) faces")
            }
        }
    }

    /// A face wider than its card, reaching across the gap to the next card
    /// (where that card's shadow is strong), is painted in order.
    @Test func anOffSizeFaceIsPaintedInOrder() throws {
        let renderer = try CardRenderer()
        let card = renderer.cardPixelSize(scale: 1)
        let places = renderer.shareBackdrop(faceCount: 2, scale: 1).places
        let wide = places[1].x - places[0].x
        let faces = [RenderedImage(raster: Raster(width: wide, height: card.height, fill: RGBA(200, 30, 30)),
                                   warnings: []),
                     RenderedImage(raster: Raster(width: card.width, height: card.height, fill: RGBA(30, 30, 200, 128)),
                                   warnings: [])]
        let same = renderer.composeShare(faces, scale: 1).raster == renderer.composeShareInOrder(faces, scale: 1).raster
        #expect(same)
    }
}
