import PhotiCaseRaster
/// Whole-image adjustments that make text over a photo legible.
extension Raster {
    /// Darkens every pixel's colour by `amount` (0 leaves it, 1 makes it
    /// black), keeping alpha.
    public mutating func dim(by amount: Double) {
        let keep = UInt32(((1 - Swift.max(0, Swift.min(1, amount))) * 255).rounded())
        guard keep < 255 else { return }
        withUnsafeMutableBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            var i = 0
            while i < p.count {
                p[i] = UInt8(RGBA.mul255(UInt32(p[i]), keep))
                p[i + 1] = UInt8(RGBA.mul255(UInt32(p[i + 1]), keep))
                p[i + 2] = UInt8(RGBA.mul255(UInt32(p[i + 2]), keep))
                i &+= 4
            }
        }
    }

    /// Blends `color` (straight alpha) over every pixel, keeping each
    /// pixel's alpha ("source-atop"): transparent corners of a clipped card
    /// stay transparent while its visible pixels are tinted.
    public mutating func tint(with color: RGBA) {
        let sa = UInt32(color.a)
        guard sa > 0 else { return }
        let inv = 255 - sa
        let pr = RGBA.mul255(UInt32(color.r), sa), pg = RGBA.mul255(UInt32(color.g), sa)
        let pb = RGBA.mul255(UInt32(color.b), sa)
        let premul = alphaMode == .premultiplied
        withUnsafeMutableBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            var i = 0
            while i < p.count {
                // A premultiplied pixel's tint is scaled by its own alpha.
                let da = premul ? UInt32(p[i + 3]) : 255
                p[i] = UInt8(RGBA.mul255(pr, da) &+ RGBA.mul255(UInt32(p[i]), inv))
                p[i + 1] = UInt8(RGBA.mul255(pg, da) &+ RGBA.mul255(UInt32(p[i + 1]), inv))
                p[i + 2] = UInt8(RGBA.mul255(pb, da) &+ RGBA.mul255(UInt32(p[i + 2]), inv))
                i &+= 4
            }
        }
    }

    /// Darkens the band `rect` with a vertical gradient of `color`, from
    /// `topOpacity` on its first row to `bottomOpacity` on its last (a
    /// caption scrim), blended source-over.
    public mutating func applyScrim(in rect: PixelRect, color: RGBA = .black,
                                    topOpacity: Double = 0, bottomOpacity: Double) {
        guard !rect.isEmpty else { return }
        let g = LinearGradient.vertical(in: rect, stops: [GradientStop(0, color.withOpacity(topOpacity)),
                                                          GradientStop(1, color.withOpacity(bottomOpacity))])
        fill(.linearGradient(g), in: rect)
    }
}
