import Testing
@testable import Raster

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
}
