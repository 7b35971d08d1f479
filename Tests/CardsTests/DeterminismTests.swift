import PhotiCaseCards
import PhotiCaseCodecs
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

@Suite struct DeterminismTests {
    let photos = TestPhotos()

    @Test func sameInputsGiveIdenticalBytes() throws {
        let front = try photos.write(TestPhotos.scene(width: 900, height: 700, hue: 2), "front.jpg")
        let back = try photos.write(TestPhotos.scene(width: 640, height: 800, hue: 4), "back.webp")
        let entry = testEntry(front: FacePhoto(name: "front.jpg", path: front,
                                               crop: EditorState(placement: .normalizedRect(Rect(x: 0.2, y: 0, width: 0.5, height: 1)),
                                                                 quarterTurns: 1)),
                              back: FacePhoto(name: "back.webp", path: back))
        // Two renderers: nothing may leak from one render into the next.
        let first = try ImageEncoder.encode(try CardRenderer().renderShare(entry, options: ShareOptions(scale: 1)).raster,
                                            settings: .png())
        let renderer = try CardRenderer()
        _ = try renderer.renderDayThumbnail([entry, testEntry(id: "other")], side: 64)
        let second = try ImageEncoder.encode(try renderer.renderShare(entry, options: ShareOptions(scale: 1)).raster,
                                             settings: .png())
        #expect(first == second)
    }

    @Test func dayThumbnailIgnoresInputOrder() throws {
        let entries = (0..<5).map { testEntry(id: "d\($0)", title: "T\($0)") }
        let renderer = try CardRenderer()
        #expect(try renderer.renderDayThumbnail(entries, side: 64).raster
                == (try renderer.renderDayThumbnail(entries.reversed(), side: 64).raster))
    }
}
