import PhotiCaseCodecs
import Foundation
import PhotiCaseRaster

/// Image comparisons with a tolerance.
enum Compare {
    /// The largest per-channel difference, or nil when sizes differ.
    static func maxDifference(_ a: Raster, _ b: Raster, ignoreColorWhereTransparent: Bool = true) -> Int? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var worst = 0
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                var i = 0
                while i < pa.count {
                    let alphaBoth = Int(pa[i + 3]) | Int(pb[i + 3])
                    let channels = (ignoreColorWhereTransparent && alphaBoth == 0) ? 3..<4 : 0..<4
                    for c in channels { worst = max(worst, abs(Int(pa[i + c]) - Int(pb[i + c]))) }
                    i += 4
                }
            }
        }
        return worst
    }

    /// PSNR over the colour channels in dB (infinity when identical).
    static func psnr(_ a: Raster, _ b: Raster) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0.0
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                var i = 0
                while i < pa.count {
                    for c in 0..<3 { let d = Double(Int(pa[i + c]) - Int(pb[i + c])); sum += d * d }
                    i += 4
                }
            }
        }
        let mse = sum / Double(a.width * a.height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
