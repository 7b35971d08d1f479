import CPhotiCasePixelKernels
import Testing
@testable import PhotiCaseImaging

/// `pk_pack4`, the SSE2 kernel that packs a resize's sums into bytes, gives
/// the bytes the scalar steps give (`ResampleBand.clamp` and `truncated`,
/// as `pack` writes a premultiplied pixel), on random sums and on the
/// edges of every clamp and rounding.
@Suite struct PackKernelTests {
    /// What `ResampleBand.pack` makes of a premultiplied pixel `c` (already
    /// unscaled), and whether its alpha is below 255.
    static func reference(_ c: SIMD4<Float>) -> (UInt32, Bool) {
        let a = ResampleBand.clamp(c[3], 255)
        let r = ResampleBand.clamp(c[0], a), g = ResampleBand.clamp(c[1], a), b = ResampleBand.clamp(c[2], a)
        let word = ResampleBand.truncated(r + 0.5) | ResampleBand.truncated(g + 0.5) << 8
            | ResampleBand.truncated(b + 0.5) << 16 | ResampleBand.truncated(a + 0.5) << 24
        return (word, a < 255)
    }

    static let edges: [Float] = [-1000, -0.5, -0.0, 0, 0.25, 0.49999997, 0.5, 0.50000006, 1.5, 2.5, 127.5, 128.49998,
                                 254.5, 254.99998, 255, 255.49998, 255.5, 256, 300, 1e6]

    @Test func packsAsTheScalarStepsDo() {
        var generator = SystemRandomNumberGenerator()
        var pixels: [SIMD4<Float>] = []
        for _ in 0..<50_000 {
            pixels.append(SIMD4((0..<4).map { _ in Float.random(in: -40...300, using: &generator) }))
        }
        for e in Self.edges {
            for f in Self.edges { pixels += [SIMD4(e, f, e, f), SIMD4(f, e, f, 255), SIMD4(e, e, e, e), SIMD4(255, f, 0, e)] }
        }
        while pixels.count % 4 != 0 { pixels.append(SIMD4(1, 2, 3, 4)) }
        // The kernel unscales by a power of two, exact: sums given unscaled
        // times 2^28 are the same floats after it.
        let scale = ResampleBand.unscale
        var mismatches = 0, translucentMismatches = 0
        var sums = [Float](repeating: 0, count: 16), out = [UInt32](repeating: 0, count: 4)
        for start in stride(from: 0, to: pixels.count, by: 4) {
            for k in 0..<4 { for c in 0..<4 { sums[4 * k + c] = pixels[start + k][c] / scale } }
            let translucent = pk_pack4(sums, scale, &out)
            for k in 0..<4 {
                let (word, low) = Self.reference(pixels[start + k])
                if out[k] != word { mismatches += 1 }
                if (translucent & (1 << k) != 0) != low { translucentMismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(translucentMismatches == 0)
    }
}
