import Testing
@testable import PhotiCaseImaging
import PhotiCaseRaster

/// The fixed-point resize (every image's) against the float one (the
/// reference): within 1 in every channel of every pixel, and the three
/// SIMD paths give the same bytes, on random images of every edge size
/// around a path's step (1 to 19 pixels), shrinking and enlarging, each
/// filter, opaque, translucent and premultiplied.
@Suite struct FixedPointResampleTests {
    /// Every path (one the CPU lacks runs the next one down: the same
    /// bytes again).
    static let paths = Resampler.SIMDPath.allCases

    /// Largest difference of any channel between `a` and `b`, and where.
    static func largestDifference(_ a: Raster, _ b: Raster) -> (Int, Int, Int) {
        var worst = (0, 0, 0)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                let d = [abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                         abs(Int(p.a) - Int(q.a))].max()!
                if d > worst.0 { worst = (d, x, y) }
            }
        }
        return worst
    }

    /// Resizes `photo` to `size` from `rect` with every path and the float
    /// reference, and checks them.
    static func check(_ photo: Raster, to size: PixelSize, from rect: Rect? = nil, filter: ResampleFilter = .automatic,
                      _ label: String) {
        var reference = Resampler(filter: filter, parallelism: .single)
        reference.arithmetic = .float
        let expected = reference.resample(photo, to: size, from: rect)
        var first: Raster?
        for path in paths {
            var fixed = Resampler(filter: filter, parallelism: .single)
            fixed.arithmetic = .fixedPath(path)
            let out = fixed.resample(photo, to: size, from: rect)
            let (d, x, y) = largestDifference(out, expected)
            #expect(d <= 1, "\(label), \(path): \(d) off the float reference at \(x),\(y)")
            if let first { #expect(out == first, "\(label): \(path) differs from \(paths[0])") } else { first = out }
        }
    }

    @Test func everyEdgeSizeAndScale() {
        var seed: UInt64 = 1
        for width in 1...19 {
            for height in [1, 2, 5, 9] {
                // Opaque, translucent straight (whose rows the float band
                // draws) and translucent premultiplied (the fixed point's).
                for kind in ["opaque", "straight", "premultiplied"] {
                    seed += 1
                    let noise = TestImages.noise(width: width, height: height, opaque: kind == "opaque", seed: seed)
                    let photo = kind == "premultiplied" ? noise.premultiplied() : noise
                    for out in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 40] {
                        Self.check(photo, to: PixelSize(width: out, height: max(1, out * height / max(width, 1))),
                                   "\(width)x\(height) \(kind) -> \(out)")
                    }
                }
            }
        }
    }

    @Test(arguments: [ResampleFilter.automatic, .lanczos3, .catmullRom, .triangle, .box])
    func everyFilterShrinkingAndEnlarging(filter: ResampleFilter) {
        let photo = TestImages.noise(width: 203, height: 117, opaque: false, seed: 7)
        for size in [PixelSize(width: 50, height: 29), PixelSize(width: 64, height: 64), PixelSize(width: 517, height: 301),
                     PixelSize(width: 203, height: 40), PixelSize(width: 13, height: 117)] {
            Self.check(photo, to: size, filter: filter, "\(filter) \(size)")
        }
        Self.check(photo, to: PixelSize(width: 97, height: 61), from: Rect(x: 11.25, y: 3.5, width: 150.5, height: 90),
                   filter: filter, "\(filter) crop")
    }

    @Test func smoothPhotosWithSharpEdgesAndPremultipliedAlpha() {
        // Gradients with hard steps (the ringing of Lanczos lobes over- and
        // undershooting, clamped), then the same premultiplied.
        var photo = Raster(width: 640, height: 480, alphaMode: .straight)
        for y in 0..<480 {
            for x in 0..<640 {
                let step: UInt8 = (x / 37 + y / 23) % 2 == 0 ? 255 : 0
                photo[x, y] = RGBA(step, UInt8(x * 255 / 639), UInt8(y * 255 / 479), x > 600 ? UInt8(y % 256) : 255)
            }
        }
        for size in [PixelSize(width: 171, height: 128), PixelSize(width: 1080, height: 810), PixelSize(width: 33, height: 480)] {
            Self.check(photo, to: size, "straight \(size)")
        }
        let premultiplied = TestImages.noise(width: 300, height: 200, opaque: false, seed: 99).premultiplied()
        Self.check(premultiplied, to: PixelSize(width: 77, height: 51), "premultiplied")
    }
}
