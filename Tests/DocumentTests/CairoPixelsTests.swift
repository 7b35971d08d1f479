import PhotiCaseRaster
import Testing
@testable import PhotiCaseDocument

/// Rasters in cairo's pixel layout: premultiplied, native-endian ARGB.
struct CairoPixelsTests {
    @Test func pixelsBecomePremultipliedNativeARGB() {
        var raster = Raster(width: 2, height: 1)
        raster[0, 0] = RGBA(255, 128, 0, 128)
        raster[1, 0] = RGBA(10, 20, 30, 255)
        var words = [UInt32](repeating: 0, count: 2)
        words.withUnsafeMutableBytes { CairoPixels.write(raster, to: $0.baseAddress!, stride: 8) }
        #expect(words == [0x8080_4000, 0xFF0A_141E])
        // Already premultiplied: taken as it is.
        var premultiplied = raster.premultiplied()
        premultiplied[1, 0] = RGBA(5, 6, 7, 8)
        words.withUnsafeMutableBytes { CairoPixels.write(premultiplied, to: $0.baseAddress!, stride: 8) }
        #expect(words == [0x8080_4000, 0x0805_0607])
    }
}
