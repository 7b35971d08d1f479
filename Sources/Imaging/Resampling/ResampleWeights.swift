/// Precomputed filter weights for one axis of a resize.
///
/// Output pixel `i` is the weighted sum of the source pixels
/// `starts[i] ..< starts[i] + counts[i]`. Weights are 14-bit fixed point
/// (each output's weights sum to exactly `ResampleWeights.one`), stored as
/// `Float` so the inner loops run on SSE2 float lanes: integer-valued
/// weights times 8-bit samples stay exact integers in a `Float`, so a flat
/// colour comes out exactly as it went in. Taps that fall outside the
/// source image are folded onto its edge pixel (clamp-to-edge), so every
/// window lies inside `0 ..< sourceLength`.
final class ResampleWeights: @unchecked Sendable {
    // @unchecked: the buffers are written only in init and freed in deinit.
    /// The fixed-point unit: 1 << 14.
    static let fractionBits = 14
    static let one = 1 << fractionBits

    /// Number of output pixels.
    let outputCount: Int
    /// Weights per output in `values`: the largest window rounded up to a
    /// multiple of 8, so loops unrolled by 4 or 8 read zero weights past
    /// the end.
    let stride: Int
    /// First source pixel of each output's window.
    let starts: UnsafeMutablePointer<Int>
    /// Window length of each output, without padding.
    let counts: UnsafeMutablePointer<Int>
    /// `outputCount * stride` integer-valued weights; padding is zero.
    let values: UnsafeMutablePointer<Float>
    /// The union of all windows: `first ..< end`.
    let first: Int
    let end: Int
    /// The longest window.
    let maxCount: Int
    /// `values` as 16-bit integers (`outputCount * stride`), for the
    /// fixed-point vertical pass. A weight is at most about 1.3 times
    /// `one` (a window's positive lobe folded onto an edge pixel), far
    /// inside 16 bits.
    let fixed: UnsafeMutablePointer<Int16>
    /// For the fixed-point horizontal pass: for each output, each pair of
    /// taps as the word `a | b << 16` four times (`pk_horizontal`),
    /// `pairs` pairs an output.
    let pairWords: UnsafeMutablePointer<UInt32>
    /// Tap pairs an output in `pairWords`: a multiple of four, so AVX2
    /// reads eight taps a step.
    let pairs: Int

    /// Weights that map the source span `origin ..< origin + extent` (in
    /// pixels, fractional allowed) of an axis `sourceLength` pixels long
    /// onto `outputCount` output pixels.
    init(kernel: ResampleKernel, sourceLength: Int, origin: Double, extent: Double, outputCount: Int) {
        precondition(sourceLength > 0 && outputCount > 0 && extent > 0, "empty resample axis")
        let scale = extent / Double(outputCount)          // source pixels per output pixel
        let filterScale = max(1, scale)                    // widen the kernel only when shrinking
        let support = kernel.radius * filterScale
        let window = Int((2 * support).rounded(.up)) + 3    // any window's raw length is at most this

        var starts = [Int](repeating: 0, count: outputCount)
        var counts = [Int](repeating: 0, count: outputCount)
        var raw = [Double](repeating: 0, count: window)
        // The kernel at each tap of one window, from `ResampleKernel.values`.
        let taps = UnsafeMutablePointer<Double>.allocate(capacity: window)
        defer { taps.deallocate() }
        var fixed = [Int](repeating: 0, count: window)
        var all = [Int]()
        all.reserveCapacity(outputCount * window)
        var maxCount = 1

        for i in 0..<outputCount {
            // Pixel centres sit at +0.5 on both grids.
            let centre = origin + (Double(i) + 0.5) * scale
            let jmin = Int((centre - support - 0.5).rounded(.down))
            let jmax = Int((centre + support - 0.5).rounded(.up))
            let lo = min(max(jmin, 0), sourceLength - 1)
            let hi = min(max(jmax, 0), sourceLength - 1)
            let n = hi - lo + 1
            for k in 0..<n { raw[k] = 0 }
            var sum = 0.0
            kernel.values(from: (Double(jmin) + 0.5 - centre) / filterScale, step: 1 / filterScale,
                          count: jmax - jmin + 1, into: taps)
            for j in jmin...jmax {
                let w = taps[j - jmin]
                raw[min(max(j, 0), sourceLength - 1) - lo] += w
                sum += w
            }
            ResampleWeights.quantize(raw, count: n, sum: sum, centreIndex: Int(centre.rounded(.down)) - lo,
                                     into: &fixed)
            // Trim zero weights at both ends.
            var a = 0, b = n
            while a < b - 1 && fixed[a] == 0 { a += 1 }
            while b > a + 1 && fixed[b - 1] == 0 { b -= 1 }
            starts[i] = lo + a
            counts[i] = b - a
            maxCount = max(maxCount, b - a)
            all.append(contentsOf: fixed[a..<b])
        }

        // A multiple of eight: the AVX2 pass reads eight taps a step.
        let stride = (maxCount + 7) & ~7
        let values = UnsafeMutablePointer<Float>.allocate(capacity: outputCount * stride)
        values.initialize(repeating: 0, count: outputCount * stride)
        var read = 0
        for i in 0..<outputCount {
            for k in 0..<counts[i] { values[i * stride + k] = Float(all[read + k]) }
            read += counts[i]
        }
        self.outputCount = outputCount
        self.stride = stride
        self.starts = .allocate(capacity: outputCount)
        self.starts.initialize(from: starts, count: outputCount)
        self.counts = .allocate(capacity: outputCount)
        self.counts.initialize(from: counts, count: outputCount)
        self.values = values
        self.maxCount = maxCount
        self.first = starts.min() ?? 0
        self.end = zip(starts, counts).map { $0 + $1 }.max() ?? 1
        let words = UnsafeMutablePointer<Int16>.allocate(capacity: outputCount * stride)
        for k in 0..<outputCount * stride { words[k] = Int16(clamping: Int(values[k])) }
        self.fixed = words
        // `stride` is a multiple of eight: its pairs, of four. In each four
        // pairs (eight taps), the order is 0 2 1 3: the AVX2 pass loads
        // eight pixels and multiplies taps 0-1 and 4-5 in one register,
        // 2-3 and 6-7 in the next (`pk_pair_slot`).
        pairs = stride / 2
        pairWords = .allocate(capacity: outputCount * pairs * 4)
        for i in 0..<outputCount {
            for p in 0..<pairs {
                let a = UInt32(UInt16(bitPattern: words[i * stride + 2 * p]))
                let b = UInt32(UInt16(bitPattern: words[i * stride + 2 * p + 1]))
                // 0 2 1 3: the two low bits swapped.
                let slot = (p & ~3) | (p & 1) << 1 | (p & 2) >> 1
                for k in 0..<4 { pairWords[(i * pairs + slot) * 4 + k] = a | b << 16 }
            }
        }
    }

    deinit {
        starts.deallocate()
        counts.deallocate()
        values.deallocate()
        fixed.deallocate()
        pairWords.deallocate()
    }

    /// The window of output `i`: its first source pixel and its fixed-point weights.
    func window(_ i: Int) -> (start: Int, weights: [Int]) {
        (starts[i], (0..<counts[i]).map { Int(values[i * stride + $0]) })
    }

    /// Rounds `raw[0..<count] / sum` to fixed point summing exactly to
    /// `one`; the rounding remainder goes to the largest weight, where it
    /// changes the shape least.
    private static func quantize(_ raw: [Double], count: Int, sum: Double, centreIndex: Int,
                                 into fixed: inout [Int]) {
        guard abs(sum) > 1e-12 else {
            // No kernel mass landed on any pixel: take the nearest one.
            for k in 0..<count { fixed[k] = 0 }
            fixed[min(max(centreIndex, 0), count - 1)] = one
            return
        }
        var total = 0
        var largest = 0
        for k in 0..<count {
            let q = Int((raw[k] / sum * Double(one)).rounded())
            fixed[k] = q
            total += q
            if abs(q) > abs(fixed[largest]) { largest = k }
        }
        fixed[largest] += one - total
    }
}
