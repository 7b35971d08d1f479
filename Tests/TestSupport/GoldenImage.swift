import Foundation
import Testing
import PhotiCaseCodecs
import PhotiCaseRaster

/// How far an image may stray from its golden: the largest difference in
/// any channel of any pixel, and the lowest PSNR over the whole image.
/// Each test sets its own: a drawing compared on the machine that made its
/// golden should match within rounding, and a loose bound would let a real
/// change (a colour off by 20 levels) pass.
public struct Tolerance: Sendable, CustomStringConvertible {
    public var maxDifference: Int
    public var minimumPSNR: Double

    public init(maxDifference: Int, minimumPSNR: Double = 40) {
        self.maxDifference = maxDifference
        self.minimumPSNR = minimumPSNR
    }

    /// Bit for bit.
    public static let exact = Tolerance(maxDifference: 0, minimumPSNR: .infinity)
    /// Rounding between builds and CPUs (float contraction, SIMD paths).
    public static let rounding = Tolerance(maxDifference: 2, minimumPSNR: 50)

    public var description: String { "max \(maxDifference), PSNR >= \(minimumPSNR) dB" }
}

/// Compares images with golden files. On a mismatch it writes the actual
/// image and a difference image (each pixel's largest channel difference,
/// amplified, red where past the tolerance) beside each other in
/// `$TMPDIR/photicase-golden-failures/`, and names both in the failure.
/// With `PHOTICASE_UPDATE_GOLDEN=1` the goldens are rewritten instead.
public enum GoldenImage {
    public static var updating: Bool { ProcessInfo.processInfo.environment["PHOTICASE_UPDATE_GOLDEN"] == "1" }

    /// Where failures' images go.
    public static let failures: String = FileManager.default.temporaryDirectory
        .appendingPathComponent("photicase-golden-failures").path

    /// Compares straight-alpha RGBA `actual` with `expected` (the golden's
    /// pixels) under `tolerance`; `name` names the golden in messages and
    /// in the failure images' file names.
    public static func compare(_ actual: Raster, _ expected: Raster, name: String, tolerance: Tolerance,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        guard actual.size == expected.size else {
            let paths = writeFailure(actual, diff: nil, name: name)
            let message: String = "\(name): size \(actual.size), golden \(expected.size); actual image: \(paths.actual)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        var worst = 0, at = 0
        var squares = 0.0
        let a = actual.pixels, b = expected.pixels
        var diff = Raster(width: actual.width, height: actual.height, fill: RGBA(0, 0, 0))
        for p in 0..<(a.count / 4) {
            var pixelWorst = 0
            for c in 0..<4 {
                let d = abs(Int(a[4 * p + c]) - Int(b[4 * p + c]))
                squares += Double(d * d)
                pixelWorst = max(pixelWorst, d)
            }
            if pixelWorst > worst { (worst, at) = (pixelWorst, p) }
            if pixelWorst > 0 {
                let level = UInt8(min(255, 64 + pixelWorst * 8))
                diff[p % actual.width, p / actual.width] = pixelWorst > tolerance.maxDifference
                    ? RGBA(255, 0, 0) : RGBA(level, level, level)
            }
        }
        let mse = squares / Double(max(1, a.count))
        let psnr = mse == 0 ? Double.infinity : 10 * log10(255 * 255 / mse)
        guard worst > tolerance.maxDifference || psnr < tolerance.minimumPSNR else { return }
        let paths = writeFailure(actual, diff: diff, name: name)
        let message: String = "\(name): max channel difference \(worst) at (\(at % actual.width), \(at / actual.width)), "
            + "PSNR \(String(format: "%.1f", psnr)) dB, allowed \(tolerance). Actual: \(paths.actual); "
            + "difference: \(paths.diff ?? "-") (regenerate with PHOTICASE_UPDATE_GOLDEN=1 if the change is meant)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// Writes the failure images; returns their paths.
    private static func writeFailure(_ actual: Raster, diff: Raster?, name: String) -> (actual: String, diff: String?) {
        try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        let safe = name.replacingOccurrences(of: "/", with: "_")
        let actualPath = "\(failures)/\(safe).actual.png", diffPath = "\(failures)/\(safe).diff.png"
        try? FileIO.writeAtomically(try ImageEncoder.encode(actual, settings: .png()), to: actualPath)
        guard let diff else { return (actualPath, nil) }
        try? FileIO.writeAtomically(try ImageEncoder.encode(diff, settings: .png()), to: diffPath)
        return (actualPath, diffPath)
    }
}
