#if canImport(Glibc)
import Glibc
#endif

/// The conversion of an RGB matrix/shaper profile (P3, Adobe RGB,
/// ProPhoto: almost every photo profile) to sRGB, done the way lcms2
/// defines it for relative colorimetric: the profile's curves to linear
/// light, its colorants (D50) times the inverse of sRGB's, sRGB's curve
/// back. Black-point compensation changes nothing here: both blacks are 0.
///
/// Why not lcms2's own 8-bit path: at 30 to 50 megapixels per second it
/// added 14% to a day thumbnail's decode of a 12 MP P3 JPEG. This loop
/// is three table lookups, a 3x3 product and three more lookups per pixel.
/// ColorManagementTests holds it within one level of lcms2 on random
/// colours, and to lcms2 through Pillow on patches.
struct MatrixShaper: Sendable {
    /// Per channel, 8-bit coded value to linear light.
    private let linear: [Float]
    /// Row-major 3x3, profile RGB (linear) to sRGB (linear).
    private let matrix: [Float]
    /// Linear sRGB in `encodeSteps` steps over 0...1 to the 8-bit coded value.
    private let encode: [UInt8]
    static let encodeSteps = 16384

    /// `curves` are the profile's three tone curves as functions of 0...1;
    /// `colorants` and `srgbColorants` the red, green and blue XYZ (D50)
    /// columns. Nil when the numbers are not usable (a hostile profile's
    /// curves or colorants can be anything): lcms2 then does the work.
    init?(curves: [(Float) -> Float], colorants: [[Double]], srgbColorants: [[Double]]) {
        var linear = [Float](repeating: 0, count: 768)
        for c in 0..<3 {
            for v in 0...255 {
                // Bounded and finite, so the products below stay finite:
                // a NaN would trap when it becomes a table index.
                let y = curves[c](Float(v) / 255)
                linear[c * 256 + v] = y.isFinite ? min(max(y, -4), 4) : 0
            }
        }
        guard colorants.joined().allSatisfy({ $0.isFinite && abs($0) < 100 }) else { return nil }
        // Columns are colorants: P maps profile RGB to XYZ, S sRGB RGB to XYZ.
        let p = colorants, s = srgbColorants
        func m(_ a: [[Double]], _ r: Int, _ c: Int) -> Double { a[c][r] }
        let det = m(s, 0, 0) * (m(s, 1, 1) * m(s, 2, 2) - m(s, 1, 2) * m(s, 2, 1))
            - m(s, 0, 1) * (m(s, 1, 0) * m(s, 2, 2) - m(s, 1, 2) * m(s, 2, 0))
            + m(s, 0, 2) * (m(s, 1, 0) * m(s, 2, 1) - m(s, 1, 1) * m(s, 2, 0))
        guard abs(det) > 1e-9 else { return nil }
        var inv = [[Double]](repeating: [0, 0, 0], count: 3)     // inv[r][c]
        for r in 0..<3 {
            for c in 0..<3 {
                let r1 = (c + 1) % 3, r2 = (c + 2) % 3, c1 = (r + 1) % 3, c2 = (r + 2) % 3
                inv[r][c] = (m(s, r1, c1) * m(s, r2, c2) - m(s, r1, c2) * m(s, r2, c1)) / det
            }
        }
        var matrix = [Float](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0..<3 {
                var sum = 0.0
                for k in 0..<3 { sum += inv[r][k] * m(p, k, c) }
                matrix[r * 3 + c] = Float(sum)
            }
        }
        guard matrix.allSatisfy({ $0.isFinite && abs($0) < 1000 }) else { return nil }
        var encode = [UInt8](repeating: 0, count: Self.encodeSteps + 1)
        for i in 0...Self.encodeSteps {
            let v = Double(i) / Double(Self.encodeSteps)
            let coded = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
            encode[i] = UInt8(max(0, min(255, (coded * 255).rounded())))
        }
        self.linear = linear
        self.matrix = matrix
        self.encode = encode
    }

    /// Converts `count` RGBA pixels at `pixels` in place; alpha untouched.
    func apply(to pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        let steps = Float(Self.encodeSteps)
        linear.withUnsafeBufferPointer { lin in
            encode.withUnsafeBufferPointer { enc in
                let m0 = matrix[0], m1 = matrix[1], m2 = matrix[2], m3 = matrix[3], m4 = matrix[4]
                let m5 = matrix[5], m6 = matrix[6], m7 = matrix[7], m8 = matrix[8]
                for p in 0..<count {
                    let px = pixels + p * 4
                    let r = lin[Int(px[0])], g = lin[256 + Int(px[1])], b = lin[512 + Int(px[2])]
                    let o0 = m0 * r + m1 * g + m2 * b
                    let o1 = m3 * r + m4 * g + m5 * b
                    let o2 = m6 * r + m7 * g + m8 * b
                    // Out-of-gamut colours clip to the sRGB cube, as lcms2 does.
                    px[0] = enc[Int(min(max(o0, 0), 1) * steps + 0.5)]
                    px[1] = enc[Int(min(max(o1, 0), 1) * steps + 0.5)]
                    px[2] = enc[Int(min(max(o2, 0), 1) * steps + 0.5)]
                }
            }
        }
    }
}
