import PhotiCaseCards
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// The photo region of the front face shows exactly the edited crop: each
/// sampled pixel, away from the caption, badge and scrims, holds the source
/// pixel the editor geometry puts there.
@Suite struct FrontFaceLayoutTests {
    let photos = TestPhotos()

    /// Checks the band between the top scrim and the caption scrim of a
    /// front face against `expected`, which maps an output pixel centre to
    /// the upright source point (continuous coordinates) it must show.
    func checkPhotoRegion(_ face: Raster, expected: (Double, Double) -> (Double, Double),
                          sourceLocation: SourceLocation = #_sourceLocation) {
        var worst = 0.0
        for oy in stride(from: Int(Double(face.height) * 0.22), to: Int(Double(face.height) * 0.44), by: 5) {
            for ox in stride(from: Int(Double(face.width) * 0.1), to: Int(Double(face.width) * 0.9), by: 5) {
                let (sx, sy) = expected(Double(ox) + 0.5, Double(oy) + 0.5)
                let p = face[ox, oy]
                // A pixel of value v covers source x from v to v + 1: its centre is v + 0.5.
                worst = max(worst, abs(Double(p.r) + 0.5 - sx), abs(Double(p.g) + 0.5 - sy))
            }
        }
        #expect(worst <= 1.0, "photo region strays \(worst) source pixels from the crop", sourceLocation: sourceLocation)
    }

    @Test func scrollViewCropFillsTheCard() throws {
        let path = try photos.write(TestPhotos.coordinates(width: 256, height: 256), "square.png")
        let state = EditorState(placement: .scrollView(frame: Size(width: 300, height: 480), zoomScale: 1.5,
                                                       contentOffset: Point(x: 30, y: 50)))
        let entry = testEntry(front: FacePhoto(name: "square.png", path: path, crop: state))
        let renderer = try CardRenderer()
        let face = try renderer.renderFront(entry, scale: 0.5)
        #expect(face.raster.size == PixelSize(width: 150, height: 240))
        #expect(!face.warnings.contains { if case .crop = $0 { true } else { false } })
        // The editor's visible rectangle: offset and frame over the zoomed scale.
        let k = max(300.0 / 256, 480.0 / 256) * 1.5
        let visible = Rect(x: 30 / k, y: 50 / k, width: 300 / k, height: 480 / k)
        checkPhotoRegion(face.raster) { x, y in
            (visible.x + x * visible.width / 150, visible.y + y * visible.height / 240)
        }
    }

    @Test func quarterTurnAndFlipShowTheTurnedPhoto() throws {
        // Upright 200 wide, 256 tall; turned clockwise it is 256 x 200.
        let path = try photos.write(TestPhotos.coordinates(width: 200, height: 256), "tall.png")
        let state = EditorState(placement: .scrollView(frame: Size(width: 300, height: 480), zoomScale: 1.2,
                                                       contentOffset: Point(x: 100, y: 40)),
                                quarterTurns: 1, flipHorizontal: true)
        let entry = testEntry(front: FacePhoto(name: "tall.png", path: path, crop: state))
        let face = try CardRenderer().renderFront(entry, scale: 0.5)
        let k = max(300.0 / 256, 480.0 / 200) * 1.2
        let visible = Rect(x: 100 / k, y: 40 / k, width: 300 / k, height: 480 / k)
        checkPhotoRegion(face.raster) { x, y in
            // A point of the displayed photo, then the mirror undone (width 256),
            // then the clockwise turn undone: turned (X, Y) came from upright (Y, 256 - X).
            let dx = visible.x + x * visible.width / 150, dy = visible.y + y * visible.height / 240
            let unmirrored = 256 - dx
            return (dy, 256 - unmirrored)
        }
    }

    @Test func normalizedRectCropFillsTheCard() throws {
        let path = try photos.write(TestPhotos.coordinates(width: 240, height: 250), "rect.png")
        // A rect of the card's aspect: 0.5 * 240 = 120 wide, 0.768 * 250 = 192 tall.
        let state = EditorState(placement: .normalizedRect(Rect(x: 0.25, y: 0.1, width: 0.5, height: 0.768)))
        let face = try CardRenderer().renderFront(testEntry(front: FacePhoto(name: "rect.png", path: path, crop: state)),
                                                  scale: 0.5)
        checkPhotoRegion(face.raster) { x, y in (60 + x * 120 / 150, 25 + y * 192 / 240) }
    }
}
