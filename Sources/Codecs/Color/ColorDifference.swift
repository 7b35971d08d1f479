#if canImport(Glibc)
import Glibc
#endif
import PhotiCaseRaster

/// CIE76 colour differences between sRGB rasters: how the colour tests and
/// benchmarks say "close" (ΔE 1 is about a just-noticeable difference).
public enum ColorDifference {
    /// Mean and 99th percentile of ΔE76 over all pixels of two rasters of
    /// the same size (alpha ignored).
    public static func deltaE76(_ a: Raster, _ b: Raster) -> (mean: Double, p99: Double) {
        precondition(a.width == b.width && a.height == b.height, "rasters of different sizes")
        var values: [Double] = []
        values.reserveCapacity(a.width * a.height)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = lab(a[x, y]), q = lab(b[x, y])
                values.append(((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot())
            }
        }
        values.sort()
        let mean = values.reduce(0, +) / Double(max(values.count, 1))
        return (mean, values.isEmpty ? 0 : values[min(values.count - 1, values.count * 99 / 100)])
    }

    /// An sRGB colour as CIELAB (D65 white).
    public static func lab(_ c: RGBA) -> (Double, Double, Double) {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        let r = linear(c.r), g = linear(c.g), b = linear(c.b)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
