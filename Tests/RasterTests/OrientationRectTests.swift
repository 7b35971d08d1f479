import Testing
@testable import PhotiCaseRaster

/// `Orientation.storedRect(ofUpright:stored:)`: the stored pixels that an
/// upright crop shows, for every orientation and every rectangle of a
/// small image.
@Suite struct OrientationRectTests {
    @Test(arguments: Orientation.allCases)
    func croppingStoredThenTurningIsTurningThenCropping(_ o: Orientation) {
        var stored = Raster(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 { stored[x, y] = RGBA(UInt8(x), UInt8(y), 9, 255) } }
        let upright = stored.oriented(o)
        for y in 0..<upright.height {
            for x in 0..<upright.width {
                for h in 1...(upright.height - y) {
                    for w in 1...(upright.width - x) {
                        let rect = PixelRect(x: x, y: y, width: w, height: h)
                        let from = o.storedRect(ofUpright: rect, stored: stored.size)
                        #expect(stored.cropped(to: from).oriented(o) == upright.cropped(to: rect), "\(o) \(rect)")
                    }
                }
            }
        }
    }
}
