import Testing
@testable import PhotiCaseRaster

@Suite struct RasterTests {
    @Test func premultiplyRoundTripKeepsOpaquePixels() {
        var r = Raster(width: 2, height: 1)
        r[0, 0] = RGBA(200, 100, 50, 255)
        r[1, 0] = RGBA(200, 100, 50, 128)
        let p = r.premultiplied()
        #expect(p[0, 0] == RGBA(200, 100, 50, 255))
        #expect(p[1, 0] == RGBA(100, 50, 25, 128))
        #expect(p.unpremultiplied()[0, 0] == RGBA(200, 100, 50, 255))
    }

    /// `replace` puts back what `cropped` took, only there: on a raster of
    /// distinct pixels, the rectangle takes the new pixels and every other
    /// pixel is untouched.
    @Test func replaceIsTheInverseOfCropped() {
        var r = Raster(width: 7, height: 5, fill: RGBA(0, 0, 0))
        for y in 0..<5 { for x in 0..<7 { r[x, y] = RGBA(UInt8(x * 30), UInt8(y * 40), 7) } }
        let rect = PixelRect(x: 2, y: 1, width: 3, height: 2)
        let original = r
        let patch = Raster(width: 3, height: 2, fill: RGBA(255, 1, 2, 3))
        r.replace(rect, with: patch)
        #expect(r.cropped(to: rect) == patch)
        for y in 0..<5 {
            for x in 0..<7 where !(rect.x..<rect.maxX).contains(x) || !(rect.y..<rect.maxY).contains(y) {
                #expect(r[x, y] == original[x, y], "\(x), \(y)")
            }
        }
        r.replace(rect, with: original.cropped(to: rect))
        #expect(r == original)
    }
}
