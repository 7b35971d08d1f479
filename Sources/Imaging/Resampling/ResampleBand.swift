import CPhotiCasePixelKernels
import PhotiCaseRaster
/// Resamples one band of output rows: horizontal pass into a ring of
/// filtered rows, then the vertical pass straight into the output.
///
/// Each source row the vertical windows need is filtered horizontally
/// exactly once and kept in a ring buffer as long as any window still
/// covers it; the ring holds `maxCount` rows of the output width, so the
/// intermediate data stays in cache instead of a full-size temporary.
/// All scratch memory is allocated once per band, in `init`.
///
/// The order is always horizontal then vertical. The two orders cost the
/// same when both axes scale alike, which is every resize the pipeline
/// makes (crops keep the face's aspect ratio); horizontal first converts
/// each source pixel to float exactly once and lets the vertical pass
/// stream rows straight into the output.
final class ResampleBand {
    private let h: ResampleWeights
    private let v: ResampleWeights
    private let sourceWidth: Int
    /// Where the source buffer starts in the whole image the weights are
    /// for (a part of it, decoded alone; 0, 0 for the whole).
    private let originX: Int
    private let originY: Int
    /// The source has straight alpha: premultiply while converting rows.
    private let premultiplyInput: Bool
    /// The output wants straight alpha: divide by alpha when storing.
    private let straightOutput: Bool

    /// One source row as floats, columns `h.first ..< h.end`, plus 4 zero
    /// pixels that the unrolled tap loop may read with zero weight.
    private let sourceRow: UnsafeMutablePointer<Float>
    /// `ringCapacity` horizontally filtered rows, `h.outputCount * 4` floats each.
    private let ring: UnsafeMutablePointer<Float>
    private let ringCapacity: Int
    /// The source row held in each ring slot (-1: none yet).
    private let ringRow: UnsafeMutablePointer<Int>
    /// The ring rows of the current vertical window, in order.
    private let window: UnsafeMutablePointer<UnsafePointer<Float>>
    /// Four pixels' sums on their way to `pk_pack4`.
    private let packScratch: UnsafeMutablePointer<Float>

    init(horizontal h: ResampleWeights, vertical v: ResampleWeights, sourceWidth: Int, origin: (x: Int, y: Int),
         alphaMode: AlphaMode) {
        self.h = h
        self.v = v
        self.sourceWidth = sourceWidth
        originX = origin.x
        originY = origin.y
        premultiplyInput = alphaMode == .straight
        straightOutput = alphaMode == .straight
        let rowFloats = (h.end - h.first + 4) * 4
        sourceRow = .allocate(capacity: rowFloats)
        sourceRow.initialize(repeating: 0, count: rowFloats)
        ringCapacity = v.maxCount
        ring = .allocate(capacity: ringCapacity * h.outputCount * 4)
        ring.initialize(repeating: 0, count: ringCapacity * h.outputCount * 4)
        ringRow = .allocate(capacity: ringCapacity)
        ringRow.initialize(repeating: -1, count: ringCapacity)
        window = .allocate(capacity: ringCapacity)
        window.initialize(repeating: UnsafePointer(ring), count: ringCapacity)
        packScratch = .allocate(capacity: 16)
        packScratch.initialize(repeating: 0, count: 16)
    }

    deinit {
        sourceRow.deallocate()
        ring.deallocate()
        ringRow.deallocate()
        window.deallocate()
        packScratch.deallocate()
    }

    /// Writes output rows `rows` of `destination` (RGBA bytes, output width)
    /// from `source` (RGBA bytes, `sourceWidth` wide, starting at the origin).
    func run(rows: Range<Int>, source: UnsafePointer<UInt8>, destination: UnsafeMutablePointer<UInt32>) {
        let outWidth = h.outputCount
        let rowFloats = outWidth * 4
        for y in rows {
            let start = v.starts[y], count = v.counts[y]
            for k in 0..<count {
                let r = start + k
                let slot = r % ringCapacity
                let row = ring + slot * rowFloats
                if ringRow[slot] != r {
                    filterRow(r, source: source, into: row)
                    ringRow[slot] = r
                }
                window[k] = UnsafePointer(row)
            }
            combineRows(count: count, weights: v.values + y * v.stride, into: destination + y * outWidth)
        }
    }

    /// Horizontal pass: source row `y` into `out` (`h.outputCount` pixels,
    /// four floats each, scaled by `ResampleWeights.one`).
    private func filterRow(_ y: Int, source: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<Float>) {
        let pixels = h.end - h.first
        let bytes = source + ((y - originY) * sourceWidth + h.first - originX) * 4
        let n = pixels * 4
        // A plain conversion loop: the compiler vectorizes it.
        for k in 0..<n { sourceRow[k] = Float(bytes[k]) }
        if premultiplyInput { premultiplyRow(bytes, pixels: pixels) }

        let base = UnsafeRawPointer(sourceRow - h.first * 4)
        let stride = h.stride
        for i in 0..<h.outputCount {
            var p = base + h.starts[i] * 16
            var w = h.values + i * stride
            var a0 = SIMD4<Float>(), a1 = SIMD4<Float>(), a2 = SIMD4<Float>(), a3 = SIMD4<Float>()
            // Four independent sums so the adds pipeline; padding weights are zero.
            var groups = (h.counts[i] + 3) >> 2
            repeat {
                a0 += p.loadUnaligned(as: SIMD4<Float>.self) * w[0]
                a1 += p.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self) * w[1]
                a2 += p.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self) * w[2]
                a3 += p.loadUnaligned(fromByteOffset: 48, as: SIMD4<Float>.self) * w[3]
                p += 64
                w += 4
                groups -= 1
            } while groups > 0
            UnsafeMutableRawPointer(out + i * 4).storeBytes(of: (a0 + a1) + (a2 + a3), as: SIMD4<Float>.self)
        }
    }

    /// Multiplies colour by alpha in the converted row, unless the row is opaque.
    private func premultiplyRow(_ bytes: UnsafePointer<UInt8>, pixels: Int) {
        var all: UInt32 = 0xFFFF_FFFF
        let words = UnsafeRawPointer(bytes)
        for x in 0..<pixels { all &= words.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) }
        if all >> 24 == 255 { return }
        for x in 0..<pixels {
            let a = sourceRow[x * 4 + 3]
            if a == 255 { continue }
            let f = a / 255
            sourceRow[x * 4] *= f
            sourceRow[x * 4 + 1] *= f
            sourceRow[x * 4 + 2] *= f
        }
    }

    /// Vertical pass: the weighted sum of the `count` rows in `window` into
    /// one output row of packed RGBA.
    private func combineRows(count: Int, weights: UnsafePointer<Float>, into out: UnsafeMutablePointer<UInt32>) {
        let width = h.outputCount
        var x = 0
        // Four pixels at a time, summing over all taps in registers.
        while x + 4 <= width {
            var a0 = SIMD4<Float>(), a1 = SIMD4<Float>(), a2 = SIMD4<Float>(), a3 = SIMD4<Float>()
            let offset = x * 16
            for k in 0..<count {
                let p = UnsafeRawPointer(window[k]) + offset
                let w = weights[k]
                a0 += p.loadUnaligned(as: SIMD4<Float>.self) * w
                a1 += p.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self) * w
                a2 += p.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self) * w
                a3 += p.loadUnaligned(fromByteOffset: 48, as: SIMD4<Float>.self) * w
            }
            // Packed four at once by the SSE2 kernel, the same arithmetic
            // as `pack`, which redoes those a straight output divides.
            let sums = UnsafeMutableRawPointer(packScratch)
            sums.storeBytes(of: a0, as: SIMD4<Float>.self)
            sums.storeBytes(of: a1, toByteOffset: 16, as: SIMD4<Float>.self)
            sums.storeBytes(of: a2, toByteOffset: 32, as: SIMD4<Float>.self)
            sums.storeBytes(of: a3, toByteOffset: 48, as: SIMD4<Float>.self)
            let translucent = pk_pack4(packScratch, Self.unscale, out + x)
            if straightOutput && translucent != 0 {
                if translucent & 1 != 0 { out[x] = pack(a0) }
                if translucent & 2 != 0 { out[x + 1] = pack(a1) }
                if translucent & 4 != 0 { out[x + 2] = pack(a2) }
                if translucent & 8 != 0 { out[x + 3] = pack(a3) }
            }
            x += 4
        }
        while x < width {
            var a = SIMD4<Float>()
            for k in 0..<count {
                a += UnsafeRawPointer(window[k] + x * 4).loadUnaligned(as: SIMD4<Float>.self) * weights[k]
            }
            out[x] = pack(a)
            x += 1
        }
    }

    /// What undoes both passes' scale of 2^14 (exact: a power of two).
    static var unscale: Float { 1.0 / Float(ResampleWeights.one * ResampleWeights.one) }

    /// Scales a premultiplied sum back to 0...255, clamps colour to alpha,
    /// unpremultiplies if the output is straight, and rounds to bytes.
    @inline(__always)
    private func pack(_ sum: SIMD4<Float>) -> UInt32 {
        // Both passes scaled by 2^14; undoing it is exact. Scalar clamps and
        // conversions: the generic SIMD clamping and rounding calls are not
        // inlined and cost more than the whole vertical pass.
        let c = sum * Self.unscale
        let a = Self.clamp(c[3], 255)
        var r = Self.clamp(c[0], a)
        var g = Self.clamp(c[1], a)
        var b = Self.clamp(c[2], a)
        if straightOutput && a < 255 {
            if a < 0.5 { return 0 }
            let f = 255 / a
            r = Self.clamp(r * f, 255)
            g = Self.clamp(g * f, 255)
            b = Self.clamp(b * f, 255)
        }
        return Self.truncated(r + 0.5) | Self.truncated(g + 0.5) << 8 | Self.truncated(b + 0.5) << 16
            | Self.truncated(a + 0.5) << 24
    }

    /// `value` clamped to 0...`top` (`top` ≥ 0; `value` not NaN), as
    /// `Swift.min(Swift.max(value, 0), top)` but for the sign of a zero
    /// (which rounds to the same byte). Written as selects: alpha's clamp
    /// becomes `minss` and a mask; the colours', which share alpha's
    /// comparisons, still branch, but less than Swift's `min` and `max`
    /// did (the SIMD `pointwiseMin` and `pointwiseMax` are calls here).
    @inline(__always)
    static func clamp(_ value: Float, _ top: Float) -> Float {
        let m = 0 > value ? 0 : value
        return m < top ? m : top
    }

    /// `UInt32(c)` for `c` in 0 ..< 2^23, without that conversion's range
    /// checks (two compares and branches each, four times a pixel): adding
    /// 2^23 rounds `c` to the nearest integer, ties to even, into the low
    /// bits of the sum; one less where that rounded up is `c` truncated.
    /// Every step is exact but that rounding.
    @inline(__always)
    static func truncated(_ c: Float) -> UInt32 {
        let big = c + 8_388_608
        let nearest = big.bitPattern &- 0x4B00_0000
        return big - 8_388_608 > c ? nearest &- 1 : nearest
    }
}
