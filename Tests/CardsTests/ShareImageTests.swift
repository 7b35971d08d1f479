@testable import PhotiCaseCards
import PhotiCaseRaster
import Testing
import PhotiCaseDiary

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

    /// A renderer that paints the backdrop on a second thread while it
    /// draws the faces (`splitsWork`, what `share` uses) makes the pixels of
    /// one that does not, first time and after, for a photo and for a
    /// sticker that leaves the card's background showing (its face is
    /// drawn over the card, not taken as it is).
    @Test(arguments: [1, 2, 3])
    func aRendererThatSplitsItsWorkGivesTheSamePixels(scale: Int) throws {
        let photo = try photos.write(TestPhotos.scene(width: 900, height: 700, hue: 4), "photo.jpg")
        let sticker = try photos.write(TestPhotos.sticker(width: 500, height: 700, color: RGBA(30, 160, 90)), "sticker.png")
        for (name, path) in [("photo.jpg", photo), ("sticker.png", sticker)] {
            let entry = testEntry(front: FacePhoto(name: name, path: path))
            for frontOnly in [false, true] {
                let options = ShareOptions(scale: scale, frontOnly: frontOnly)
                let expected = try CardRenderer().renderShare(entry, options: options).raster
                let split = try CardRenderer()
                split.splitsWork = true
                for time in 1...3 {
                    let same = try split.renderShare(entry, options: options).raster == expected
                    #expect(same, "\(name), scale \(scale), front only \(frontOnly), time \(time)")
                }
                // Its photo and backdrop made before the renderer was.
                let preparation = SharePreparation(entry, options: options, theme: Theme(), loader: PhotoLoader())
                #expect(preparation.photo != nil)
                let prepared = try CardRenderer().renderShare(entry, options: options, prepared: preparation).raster == expected
                #expect(prepared, "\(name), scale \(scale), front only \(frontOnly), prepared")
            }
        }
    }

    /// A front without a photo, or with its text below the photo (the
    /// photo's size then follows the title), prepares only the backdrop.
    @Test func aPreparationWithoutItsPhotoGivesTheSamePixels() throws {
        let photo = try photos.write(TestPhotos.scene(width: 600, height: 900, hue: 1), "poster.jpg")
        var below = testEntry(front: FacePhoto(name: "poster.jpg", path: photo))
        below.frontText = .below
        for entry in [testEntry(front: nil), below] {
            let options = ShareOptions(scale: 2)
            let expected = try CardRenderer().renderShare(entry, options: options).raster
            let preparation = SharePreparation(entry, options: options, theme: Theme(), loader: PhotoLoader())
            #expect(preparation.photo == nil)
            let same = try CardRenderer().renderShare(entry, options: options, prepared: preparation).raster == expected
            #expect(same)
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
