import CPhotiCasePixelKernels
import PhotiCaseRaster

/// Resamples one band of output rows in 16-bit fixed point, through the C
/// kernels (`resample_kernels.h`): the horizontal pass filters each source
/// row the vertical windows need into a ring of 16-bit samples (8-bit
/// values times 64), kept in pairs of rows interleaved so the vertical
/// pass weighs two rows with one multiply-add, exactly once (a pair's
/// first row may be filtered again for a band starting on its second);
/// the vertical pass combines a window of them straight into the output.
///
/// The same weights as the float `ResampleBand` (14-bit integers), so the
/// two differ only by the rounding of the samples between the passes:
/// at most 1 in any channel (a test holds every path to that). An output
/// row of a straight-alpha source whose window holds a row that is not
/// opaque is drawn by the float band instead: dividing by a small alpha
/// would magnify that rounding (by 255 / alpha), and such rows (a
/// poster's transparent edges) are few. The ring holds `v.maxCount` rows
/// of the output width, so the intermediate data stays in cache; all
/// scratch memory is allocated once per band.
struct FixedResampleBand: ~Copyable {
    private let h: ResampleWeights
    private let v: ResampleWeights
    private let path: pk_path
    /// The source buffer's size and where it starts in the whole image
    /// the weights are for (a part of it, decoded alone; 0, 0 for the whole).
    private let sourceWidth: Int
    private let sourceHeight: Int
    private let originY: Int
    /// The source's window of each output (`h.first ..< h.end`), from the
    /// start of the buffer's row.
    private let span: Range<Int>
    /// For a straight-alpha source: the float band, for the output rows
    /// whose windows hold a row not opaque, and whether each source row
    /// from `v.first` is (1 opaque, 0 not, -1 not filtered yet).
    private let float: FloatFallback?
    private let opaqueRows: UnsafeMutablePointer<Int8>

    /// Each output's first tap, from the start of the buffer's row.
    private let starts: UnsafeMutablePointer<Int32>
    private let counts: UnsafeMutablePointer<Int32>
    /// `pairCapacity` pairs of filtered rows (`pk_resample_pairs`), two
    /// rows interleaved, `h.outputCount * 8` samples each. Source row
    /// `v.first + q` is in pair `q / 2 % pairCapacity`, half `q % 2`.
    private let ring: UnsafeMutablePointer<Int16>
    private let pairCapacity: Int
    /// The source row held in each half of each pair (-1: none yet).
    private let ringRow: UnsafeMutablePointer<Int>
    /// The pairs of the current vertical window, in order, and their
    /// weights (the first row's in the low 16 bits, the second's high).
    private let window: UnsafeMutablePointer<UnsafePointer<Int16>?>
    private let windowWeights: UnsafeMutablePointer<UInt32>
    /// One row filtered alone, on its way into its pair.
    private let scratch: UnsafeMutablePointer<Int16>

    init(horizontal h: ResampleWeights, vertical v: ResampleWeights, sourceWidth: Int, sourceHeight: Int,
         origin: (x: Int, y: Int), alphaMode: AlphaMode, path: pk_path) {
        self.h = h
        self.v = v
        self.path = path
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        originY = origin.y
        span = h.first - origin.x ..< h.end - origin.x
        float = alphaMode == .straight
            ? FloatFallback(horizontal: h, vertical: v, sourceWidth: sourceWidth, origin: origin)
            : nil
        opaqueRows = .allocate(capacity: v.end - v.first)
        opaqueRows.initialize(repeating: -1, count: v.end - v.first)
        starts = .allocate(capacity: h.outputCount)
        counts = .allocate(capacity: h.outputCount)
        for i in 0..<h.outputCount {
            starts[i] = Int32(h.starts[i] - origin.x)
            counts[i] = Int32(h.counts[i])
        }
        // A window's pairs (one more when it starts on a pair's second
        // row), and two more: rows are filtered four at a time from a
        // pair's first, the last up to three past the window.
        pairCapacity = v.maxCount / 2 + 4
        // Cleared once: a window's last pair may hold only its first row
        // yet, the second weighed by zero (and read: zero times zero).
        ring = .allocate(capacity: pairCapacity * h.outputCount * 8)
        ring.initialize(repeating: 0, count: pairCapacity * h.outputCount * 8)
        ringRow = .allocate(capacity: 2 * pairCapacity)
        ringRow.initialize(repeating: -1, count: 2 * pairCapacity)
        window = .allocate(capacity: pairCapacity)
        window.initialize(repeating: nil, count: pairCapacity)
        windowWeights = .allocate(capacity: pairCapacity)
        windowWeights.initialize(repeating: 0, count: pairCapacity)
        scratch = .allocate(capacity: h.outputCount * 4)
    }

    deinit {
        starts.deallocate()
        counts.deallocate()
        ring.deallocate()
        ringRow.deallocate()
        window.deallocate()
        windowWeights.deallocate()
        scratch.deallocate()
        opaqueRows.deallocate()
    }

    /// Writes output rows `rows` of `destination` (RGBA bytes, output width)
    /// from `source` (RGBA bytes, `sourceWidth` wide, starting at the origin).
    func run(rows: Range<Int>, source: UnsafePointer<UInt8>, destination: UnsafeMutablePointer<UInt32>) {
        let outWidth = h.outputCount
        var kernel = pk_horizontal(starts: starts, counts: counts, weights: h.pairWords, outputs: Int32(outWidth),
                                   pairs: Int32(h.pairs), whole: 0)
        pk_horizontal_steps(&kernel, Int32(sourceWidth))
        // The last source row these output rows read: none past it is filtered.
        let last = rows.isEmpty ? 0 : v.starts[rows.upperBound - 1] + v.counts[rows.upperBound - 1] - 1
        for y in rows {
            let start = v.starts[y], count = v.counts[y]
            for r in start..<start + count where ringRow[slot(r)] != r {
                filterRows(from: r, through: last, source: source, kernel: &kernel)
            }
            if let float, !(start..<start + count).allSatisfy({ opaqueRows[$0 - v.first] == 1 }) {
                float.band.run(rows: y..<y + 1, source: source, destination: destination)
                continue
            }
            // The window's pairs, from the one holding its first row: a
            // row of a pair outside the window is weighed by zero.
            let weights = v.fixed + y * v.stride
            func weight(_ r: Int) -> UInt32 {
                r >= start && r < start + count ? UInt32(UInt16(bitPattern: weights[r - start])) : 0
            }
            let first = start - (start - v.first) % 2
            var pairs = 0
            for r in stride(from: first, to: start + count, by: 2) {
                window[pairs] = UnsafePointer(ring + pair(r) * outWidth * 8)
                windowWeights[pairs] = weight(r) | weight(r + 1) << 16
                pairs += 1
            }
            // Every row of a straight source here is opaque, and so is
            // every output pixel: there is nothing to divide.
            _ = pk_combine_pairs(window, windowWeights, Int32(pairs), Int32(outWidth), destination + y * outWidth, path)
        }
    }

    /// The pair holding source row `r`, and its half there (`slot`: pair
    /// times two, plus the half).
    private func pair(_ r: Int) -> Int { (r - v.first) / 2 % pairCapacity }
    private func slot(_ r: Int) -> Int { 2 * pair(r) + (r - v.first) % 2 }

    /// Horizontal pass: source row `needed` into its ring pair, from the
    /// first row of that pair (the second, when `needed` is it, comes
    /// along), and the rows after it where they are needed (up to `last`),
    /// four in all: windows move down the image, so those are the rows the
    /// next output rows need, and none of them overwrites a row the
    /// current window holds.
    private func filterRows(from needed: Int, through last: Int, source: UnsafePointer<UInt8>,
                            kernel: inout pk_horizontal) {
        let first = needed - (needed - v.first) % 2
        let count = max(1, min(4, last - first + 1))
        let pairSamples = h.outputCount * 8
        var rows: (UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?)
        var outs: (UnsafeMutablePointer<Int16>?, UnsafeMutablePointer<Int16>?)
        withUnsafeMutableBytes(of: &rows) { rowPointers in
            withUnsafeMutableBytes(of: &outs) { outPointers in
                let r = rowPointers.bindMemory(to: UnsafePointer<UInt8>?.self)
                let o = outPointers.bindMemory(to: UnsafeMutablePointer<Int16>?.self)
                for k in 0..<count {
                    let y = first + k
                    r[k] = source + (y - originY) * sourceWidth * 4
                    o[k / 2] = ring + pair(y) * pairSamples
                    ringRow[slot(y)] = y
                }
                // Rows with another row of the buffer after them (at least a
                // padded window wide) may be read past their end.
                let overrun = first + count - originY < sourceHeight && sourceWidth >= 2 * h.pairs
                pk_resample_pairs(r.baseAddress, Int32(count), Int32(sourceWidth), &kernel, o.baseAddress, scratch,
                                  overrun ? 1 : 0, path)
                // Looked at after the filter, which has just read them: a
                // row is then in the cache, where looking costs little
                // (before it, the look waited for memory alone).
                if float != nil {
                    for k in 0..<count {
                        let opaque = pk_row_is_opaque(r[k]! + span.lowerBound * 4, Int32(span.count)) != 0
                        opaqueRows[first + k - v.first] = opaque ? 1 : 0
                    }
                }
            }
        }
    }
}

/// The float band of a straight-alpha source, made the first time a row
/// that is not opaque needs it (a photo never does).
private final class FloatFallback {
    private let make: () -> ResampleBand
    lazy var band: ResampleBand = make()

    init(horizontal h: ResampleWeights, vertical v: ResampleWeights, sourceWidth: Int, origin: (x: Int, y: Int)) {
        make = { ResampleBand(horizontal: h, vertical: v, sourceWidth: sourceWidth, origin: origin, alphaMode: .straight) }
    }
}
