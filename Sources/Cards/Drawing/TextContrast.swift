#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PhotiCaseRaster
import PhotiCaseDiary

/// WCAG 2 contrast between text and what lies under it, and how dark a
/// black scrim must make a photo for light text to reach it.
///
/// The scrim is worked out against the brightest pixel of the region the
/// text covers, not its average: on a busy photo the average looks dark
/// enough while the highlights behind single letters do not.
public enum TextContrast {
    /// Solved for a little above the minimum, so 8-bit rounding of the
    /// scrim and the ink cannot bring the result under it.
    static let target = 4.6
    /// The darkest scrim used: beyond it a photo stops reading as a photo.
    static let maximumOpacity = 0.9

    /// `ink` (straight alpha) as it shows over the opaque `backdrop`.
    static func shown(_ ink: RGBA, over backdrop: RGBA) -> RGBA {
        let a = UInt32(ink.a), inv = 255 - a
        func ch(_ i: UInt8, _ b: UInt8) -> UInt8 { UInt8(RGBA.mul255(UInt32(i), a) + RGBA.mul255(UInt32(b), inv)) }
        return RGBA(ch(ink.r, backdrop.r), ch(ink.g, backdrop.g), ch(ink.b, backdrop.b))
    }

    /// The brightest pixel of `rect` in `raster` (clipped), by luminance;
    /// black when the rectangle is empty. Transparent pixels count as the
    /// colour they hold, so call this on a face whose background is painted.
    static func brightest(in raster: Raster, _ rect: PixelRect) -> RGBA {
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: raster.width, height: raster.height))
        guard !area.isEmpty else { return .black }
        var best = 0.0
        var bestPixel = RGBA.black
        forEachLuminance(in: raster, area) { l, pixel in
            if l > best { best = l; bestPixel = pixel() }
        }
        return bestPixel
    }

    /// Calls `body` with the relative luminance of each pixel of `area`
    /// (inside `raster`) and a way to read its colour.
    private static func forEachLuminance(in raster: Raster, _ area: PixelRect, _ body: (Double, () -> RGBA) -> Void) {
        let w = raster.width
        Contrast.linear.withUnsafeBufferPointer { lin in
            raster.withUnsafeBytes { p in
                for y in area.y..<area.maxY {
                    var i = (y * w + area.x) * 4
                    for _ in 0..<area.width {
                        let at = i
                        body(0.2126 * lin[Int(p[i])] + 0.7152 * lin[Int(p[i + 1])] + 0.0722 * lin[Int(p[i + 2])],
                             { RGBA(p[at], p[at + 1], p[at + 2]) })
                        i += 4
                    }
                }
            }
        }
    }

    /// The lightest black scrim, at least `floor`, under which every ink of
    /// `inks` reaches `target` over `backdrop` (the brightest photo pixel).
    /// Inks darker than their backdrop are not helped by darkening, so the
    /// answer is capped at `maximumOpacity`.
    static func scrimOpacity(inks: [RGBA], over backdrop: RGBA, floor: Double) -> Double {
        func passes(_ opacity: Double) -> Bool {
            let keep = UInt32(((1 - opacity) * 255).rounded())
            let dark = RGBA(UInt8(RGBA.mul255(UInt32(backdrop.r), keep)), UInt8(RGBA.mul255(UInt32(backdrop.g), keep)),
                            UInt8(RGBA.mul255(UInt32(backdrop.b), keep)))
            return inks.allSatisfy { Contrast.ratio(shown($0, over: dark), dark) >= target }
        }
        if passes(floor) { return floor }
        // Contrast grows with the opacity, so bisect.
        var low = floor, high = maximumOpacity
        guard passes(high) else { return high }
        for _ in 0..<12 {
            let mid = (low + high) / 2
            if passes(mid) { high = mid } else { low = mid }
        }
        return high
    }
}

extension TextContrast {
    /// WCAG 2's contrast for the parts of a picture a person must see
    /// (1.4.11 non-text contrast), solved a little above.
    static let nonTextTarget = 3.1

    /// `fill`, or the least darkened mix of it with black, that differs
    /// from every pixel of `rect` in `raster` by `nonTextTarget`: a badge
    /// seen against what lies under it. Only darkened: the badge's white
    /// label gains from it. Black when nothing lighter will do.
    static func standingOut(_ fill: RGBA, from raster: Raster, in rect: PixelRect) -> RGBA {
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: raster.width, height: raster.height))
        guard !area.isEmpty else { return fill }
        // The backdrop's darkest pixel bounds how dark the fill may be made
        // and still be told from it by darkness; its brightest, how far the
        // fill must go below. A fill darker than the darkest by 3:1 is
        // told from all.
        var darkest = 1.0, brightest = 0.0
        forEachLuminance(in: raster, area) { l, _ in
            darkest = Swift.min(darkest, l)
            brightest = Swift.max(brightest, l)
        }
        func standsOut(_ c: RGBA) -> Bool {
            let l = Contrast.luminance(c)
            let from = { (b: Double) in (Swift.max(l, b) + 0.05) / (Swift.min(l, b) + 0.05) }
            return from(darkest) >= nonTextTarget && from(brightest) >= nonTextTarget
        }
        guard !standsOut(fill) else { return fill }
        func darkened(_ keep: Double) -> RGBA {
            let k = UInt32((keep * 255).rounded())
            return RGBA(UInt8(RGBA.mul255(UInt32(fill.r), k)), UInt8(RGBA.mul255(UInt32(fill.g), k)),
                        UInt8(RGBA.mul255(UInt32(fill.b), k)))
        }
        // Darker stands out from more of a backdrop lighter than it: bisect
        // for the most of the colour kept.
        var low = 0.0, high = 1.0
        guard standsOut(darkened(low)) else { return .black }
        for _ in 0..<12 {
            let mid = (low + high) / 2
            if standsOut(darkened(mid)) { low = mid } else { high = mid }
        }
        return darkened(low)
    }
}

extension RGBA {
    /// The colour at full opacity: what a theme means its ink to look like,
    /// and so what contrast is worked out for.
    var opaque: RGBA { RGBA(r, g, b) }
}
