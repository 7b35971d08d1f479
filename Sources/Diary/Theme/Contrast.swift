#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PhotiCaseRaster

/// WCAG 2 contrast of two colours: what the cards' scrims and the site's
/// style sheet both solve for.
public enum Contrast {
    /// WCAG AA for body text.
    public static let minimum = 4.5
    /// sRGB byte to linear light, as WCAG defines it.
    public static let linear: [Double] = (0..<256).map { v in
        let c = Double(v) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The relative luminance of an opaque colour.
    public static func luminance(_ c: RGBA) -> Double {
        0.2126 * linear[Int(c.r)] + 0.7152 * linear[Int(c.g)] + 0.0722 * linear[Int(c.b)]
    }

    /// The contrast ratio of two opaque colours (1...21).
    public static func ratio(_ a: RGBA, _ b: RGBA) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
