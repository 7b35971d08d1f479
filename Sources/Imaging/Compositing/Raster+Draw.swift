import PhotiCaseRaster
/// Source-over compositing of one raster onto another.
extension Raster {
    /// Draws `source` with its top-left pixel at (`x`, `y`), source-over,
    /// its alpha scaled by `opacity` (0...1). Either raster may be straight
    /// or premultiplied; the result stays in this raster's mode. Parts
    /// falling outside this raster are clipped.
    public mutating func draw(_ source: Raster, at x: Int, _ y: Int, opacity: Double = 1) {
        let area = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(wholeArea)
        let op = UInt32((Swift.max(0, Swift.min(1, opacity)) * 255).rounded())
        guard !area.isEmpty, op > 0 else { return }
        let dstPremul = alphaMode == .premultiplied
        let srcPremul = source.alphaMode == .premultiplied
        let w = width, sw = source.width
        source.withUnsafeBytes { s in
            withUnsafeMutableBytes { raw in
                let p = raw.bindMemory(to: UInt8.self)
                for py in area.y..<area.maxY {
                    let rowStart = ((py - y) * sw - x) * 4
                    var px = area.x
                    while px < area.maxX {
                        let si = rowStart + px * 4
                        let i = (py * w + px) * 4
                        if op == 255 && s[si + 3] == 255 {
                            // A run of opaque source pixels (most of a photo
                            // face): identical bytes in both modes, copied whole.
                            // Wrapping arithmetic: every offset is inside both rasters.
                            var end = px &+ 1
                            while end < area.maxX && s[rowStart &+ end &* 4 &+ 3] == 255 { end &+= 1 }
                            (raw.baseAddress! + i).copyMemory(from: s.baseAddress! + si, byteCount: (end - px) * 4)
                            px = end
                            continue
                        }
                        px += 1
                        let a = UInt32(s[si + 3])
                        if a == 0 { continue }
                        let r = UInt32(s[si]), g = UInt32(s[si + 1]), b = UInt32(s[si + 2])
                        if srcPremul {
                            RasterBlend.premultipliedSourceOver(p, i, RGBA.mul255(r, op), RGBA.mul255(g, op),
                                                                RGBA.mul255(b, op), RGBA.mul255(a, op),
                                                                premultiplied: dstPremul)
                        } else {
                            RasterBlend.sourceOver(p, i, r, g, b, RGBA.mul255(a, op), premultiplied: dstPremul)
                        }
                    }
                }
            }
        }
    }
}

extension RasterBlend {
    /// Blends a premultiplied source colour (`r`, `g`, `b` already scaled by
    /// `sa`) over the pixel at byte offset `i` of `p`, which is straight or
    /// premultiplied.
    @inlinable @inline(__always)
    public static func premultipliedSourceOver(_ p: UnsafeMutableBufferPointer<UInt8>, _ i: Int,
                                               _ r: UInt32, _ g: UInt32, _ b: UInt32, _ sa: UInt32,
                                               premultiplied: Bool) {
        if sa == 0 { return }
        let inv = 255 &- sa
        let da = UInt32(p[i + 3])
        if premultiplied || da == 255 || sa == 255 {
            // A premultiplied or opaque destination, or an opaque source: the
            // colour needs no division by the result's alpha.
            p[i] = UInt8(Swift.min(255, r &+ RGBA.mul255(UInt32(p[i]), inv)))
            p[i + 1] = UInt8(Swift.min(255, g &+ RGBA.mul255(UInt32(p[i + 1]), inv)))
            p[i + 2] = UInt8(Swift.min(255, b &+ RGBA.mul255(UInt32(p[i + 2]), inv)))
            p[i + 3] = UInt8(sa &+ RGBA.mul255(da, inv))
            return
        }
        // Straight, translucent destination: blend premultiplied, then divide.
        let dInv = RGBA.mul255(da, inv)
        let oa = sa &+ dInv
        if oa == 0 { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0; p[i + 3] = 0; return }
        func ch(_ s: UInt32, _ d: UInt8) -> UInt8 {
            UInt8(Swift.min(255, (s &* 255 &+ UInt32(d) &* dInv &+ oa / 2) / oa))
        }
        p[i] = ch(r, p[i]); p[i + 1] = ch(g, p[i + 1]); p[i + 2] = ch(b, p[i + 2])
        p[i + 3] = UInt8(oa)
    }
}
