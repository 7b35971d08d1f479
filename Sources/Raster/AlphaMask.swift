/// A single-channel coverage map: 0 is untouched, 255 fully covered.
///
/// Shapes and glyphs are rasterized into masks, then painted onto a raster
/// in a colour with `Raster.fill(mask:color:at:)`.
public struct AlphaMask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height` coverage bytes, row by row.
    public var coverage: [UInt8]

    /// An empty (all zero) mask.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative mask size")
        self.width = width
        self.height = height
        self.coverage = [UInt8](repeating: 0, count: width * height)
    }

    /// Wraps existing coverage bytes.
    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(coverage.count == width * height, "coverage does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.coverage = coverage
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { coverage[y * width + x] }
        set { coverage[y * width + x] = newValue }
    }
}

extension Raster {
    /// Paints `color` through `mask` (source-over), with the mask's top-left
    /// corner at (`x`, `y`) in this raster. Parts outside the raster, and
    /// outside `limit` when given, are clipped.
    public mutating func fill(mask: AlphaMask, color: RGBA, at x: Int, _ y: Int, within limit: PixelRect? = nil) {
        var clip = PixelRect(x: x, y: y, width: mask.width, height: mask.height)
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        if let limit { clip = clip.intersection(limit) }
        guard !clip.isEmpty, color.a > 0 else { return }
        let premul = alphaMode == .premultiplied
        let w = width
        let cr = UInt32(color.r), cg = UInt32(color.g), cb = UInt32(color.b), ca = UInt32(color.a)
        // Black (a shadow) over opaque pixels: each channel times what the
        // coverage leaves, alpha staying 255: `sourceOver`'s bytes there
        // (mul255(c, 255 - sa), and sa + mul255(255, 255 - sa) = 255)
        // without its general steps or the kept results. A row with a
        // pixel that is not opaque takes the general loop below.
        var done = [Bool](repeating: false, count: clip.height)
        if cr | cg | cb == 0 {
            mask.coverage.withUnsafeBufferPointer { m in
                withUnsafeMutableBytes { raw in
                    let p = raw.bindMemory(to: UInt8.self)
                    for py in clip.y..<clip.maxY {
                        let start = (py * w + clip.x) * 4
                        var opaque = true
                        for k in 0..<clip.width where p[start &+ 4 &* k &+ 3] != 255 { opaque = false; break }
                        guard opaque else { continue }
                        let coverage = m.baseAddress! + ((py - y) * mask.width + clip.x - x)
                        for k in 0..<clip.width {
                            let cov = UInt32(coverage[k])
                            if cov == 0 { continue }
                            let inv = 255 &- RGBA.mul255(ca, cov), i = start &+ k &* 4
                            p[i] = UInt8(truncatingIfNeeded: RGBA.mul255(UInt32(p[i]), inv))
                            p[i &+ 1] = UInt8(truncatingIfNeeded: RGBA.mul255(UInt32(p[i &+ 1]), inv))
                            p[i &+ 2] = UInt8(truncatingIfNeeded: RGBA.mul255(UInt32(p[i &+ 2]), inv))
                        }
                        done[py - clip.y] = true
                    }
                }
            }
        }
        // The blend is a function of the coverage and the pixel under it
        // alone. Results over the first pixel colour met (a flat backdrop)
        // are kept by coverage, bit 32 marking a kept one; over any other
        // colour, a run of the same colour and coverage reuses the last.
        var kept = [UInt64](repeating: 0, count: 256)
        var keptUnder: UInt32?
        mask.coverage.withUnsafeBufferPointer { m in
            kept.withUnsafeMutableBufferPointer { kept in
                withUnsafeMutableBytes { raw in
                    let p = raw.bindMemory(to: UInt8.self)
                    for py in clip.y..<clip.maxY where !done[py - clip.y] {
                        let coverage = m.baseAddress! + ((py - y) * mask.width + clip.x - x)
                        let start = (py * w + clip.x) * 4
                        var last = (cov: UInt32.max, under: UInt32(0), out: UInt32(0))
                        // Wrapping arithmetic: the offsets are in the raster, clipped above.
                        for k in 0..<clip.width {
                            let cov = UInt32(coverage[k])
                            if cov == 0 { continue }
                            let i = start &+ k &* 4
                            let under = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                            if keptUnder == nil { keptUnder = under }
                            let flat = under == keptUnder
                            if flat, kept[Int(cov)] != 0 {
                                raw.storeBytes(of: UInt32(truncatingIfNeeded: kept[Int(cov)]), toByteOffset: i, as: UInt32.self)
                                continue
                            }
                            if !flat, cov == last.cov && under == last.under {
                                raw.storeBytes(of: last.out, toByteOffset: i, as: UInt32.self)
                                continue
                            }
                            let sa = RGBA.mul255(ca, cov) // source alpha after coverage
                            RasterBlend.sourceOver(p, i, cr, cg, cb, sa, premultiplied: premul)
                            let out = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                            if flat { kept[Int(cov)] = 1 << 32 | UInt64(out) } else { last = (cov, under, out) }
                        }
                    }
                }
            }
        }
    }
}

/// Per-pixel blending shared by the fill paths.
public enum RasterBlend {
    /// Blends a straight-alpha source colour with alpha `sa` over the pixel
    /// at byte offset `i` of `p`, which is straight or premultiplied.
    // Not built on Imaging's premultiplied blend: premultiplying a straight
    // colour first rounds it away at low alpha (red at alpha 1 would come
    // out black over a transparent pixel).
    @inlinable @inline(__always)
    public static func sourceOver(_ p: UnsafeMutableBufferPointer<UInt8>, _ i: Int,
                                  _ r: UInt32, _ g: UInt32, _ b: UInt32, _ sa: UInt32,
                                  premultiplied: Bool) {
        if sa == 0 { return }
        let inv = 255 &- sa
        if premultiplied {
            p[i] = UInt8(RGBA.mul255(r, sa) &+ RGBA.mul255(UInt32(p[i]), inv))
            p[i + 1] = UInt8(RGBA.mul255(g, sa) &+ RGBA.mul255(UInt32(p[i + 1]), inv))
            p[i + 2] = UInt8(RGBA.mul255(b, sa) &+ RGBA.mul255(UInt32(p[i + 2]), inv))
            p[i + 3] = UInt8(sa &+ RGBA.mul255(UInt32(p[i + 3]), inv))
            return
        }
        let da = UInt32(p[i + 3])
        if da == 255 || sa == 255 {
            // Opaque destination (the common case): no division needed.
            p[i] = UInt8(RGBA.mul255(r, sa) &+ RGBA.mul255(UInt32(p[i]), inv))
            p[i + 1] = UInt8(RGBA.mul255(g, sa) &+ RGBA.mul255(UInt32(p[i + 1]), inv))
            p[i + 2] = UInt8(RGBA.mul255(b, sa) &+ RGBA.mul255(UInt32(p[i + 2]), inv))
            p[i + 3] = UInt8(sa &+ RGBA.mul255(da, inv))
            return
        }
        // General straight-alpha case: blend premultiplied, then divide.
        let oa = sa &+ RGBA.mul255(da, inv)
        if oa == 0 { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0; p[i + 3] = 0; return }
        let dInv = RGBA.mul255(da, inv)
        func ch(_ s: UInt32, _ d: UInt8) -> UInt8 {
            let num = s &* sa &+ UInt32(d) &* dInv
            return UInt8(min(255, (num &+ oa / 2) / oa))
        }
        p[i] = ch(r, p[i]); p[i + 1] = ch(g, p[i + 1]); p[i + 2] = ch(b, p[i + 2])
        p[i + 3] = UInt8(oa)
    }
}
