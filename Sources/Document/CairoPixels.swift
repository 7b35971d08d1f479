import PhotiCaseRaster

/// cairo's pixel layout: one native-endian 32-bit word a pixel, alpha in
/// the high byte, then red, green, blue, premultiplied by alpha (for
/// RGB24 the high byte is ignored).
enum CairoPixels {
    /// Writes `raster` (either alpha mode) into `target`, whose rows are
    /// `stride` bytes apart.
    static func write(_ raster: Raster, to target: UnsafeMutableRawPointer, stride: Int) {
        let premultiply = raster.alphaMode == .straight
        raster.withUnsafeBytes { source in
            for y in 0..<raster.height {
                let row = target.advanced(by: y &* stride).assumingMemoryBound(to: UInt32.self)
                var i = y &* raster.bytesPerRow
                for x in 0..<raster.width {
                    var r = UInt32(source[i]), g = UInt32(source[i &+ 1]), b = UInt32(source[i &+ 2])
                    let a = UInt32(source[i &+ 3])
                    if premultiply && a != 255 {
                        r = RGBA.mul255(r, a)
                        g = RGBA.mul255(g, a)
                        b = RGBA.mul255(b, a)
                    }
                    row[x] = a << 24 | r << 16 | g << 8 | b
                    i &+= 4
                }
            }
        }
    }
}
