import PhotiCaseRaster

/// A wide blur done small: a shadow's blur (sigma 18 pixels on a share
/// image at scale 2) spreads every pixel over some 100 others, so nothing
/// of it changes within a few pixels. The mask is reduced by `factor` (the
/// mean of each `factor` × `factor` cell), blurred there with sigma /
/// `factor` (at least `reducedSigma`), and interpolated back (bilinear,
/// each axis apart), into the same size and margin the full blur gives.
/// Reducing adds (factor² − 1) / 12 of variance, a quarter of a percent
/// of sigma² at factor 6; the result stays within a level or two of 255 of
/// the full blur (`ReducedBlurTests`).
extension AlphaMask {
    /// The least sigma a reduced blur is done with, in reduced pixels.
    static let reducedSigma = 3.0

    func reducedBlur(sigma: Double, factor f: Int) -> AlphaMask {
        let margin = BlurBox(sigma: sigma).margin
        let low = cellMeans(factor: f)
        let blurred = low.exactBlur(sigma: sigma / Double(f))
        // Output pixel X (its centre at X + 0.5, the mask's at X - margin +
        // 0.5) falls at reduced position (X - margin + 0.5) / f - 0.5 + m:
        // cell i's centre is i + m.
        let m = (blurred.width - low.width) / 2
        let across = Self.taps(width + 2 * margin, margin: margin, factor: f, offset: m)
        let down = Self.taps(height + 2 * margin, margin: margin, factor: f, offset: m)
        return Self.mixedDown(Self.widened(blurred, across), width: width + 2 * margin, rows: blurred.height, down)
    }

    /// 1. The mean of each `f` × `f` cell (cells past the edges count
    ///    zeros). A band's rows are summed down each column first (a loop
    ///    the compiler vectorizes), then each cell's columns: the same
    ///    integer sums as adding pixel by pixel into cells.
    private func cellMeans(factor f: Int) -> AlphaMask {
        let lw = (width + f - 1) / f, lh = (height + f - 1) / f
        var low = AlphaMask(width: lw, height: lh)
        var columns = [UInt32](repeating: 0, count: width)
        coverage.withUnsafeBufferPointer { src in
            low.coverage.withUnsafeMutableBufferPointer { dst in
                columns.withUnsafeMutableBufferPointer { column in
                    let cell = UInt32(f * f)
                    for j in 0..<lh {
                        column.update(repeating: 0)
                        for y in (j * f)..<Swift.min(height, j * f + f) {
                            let row = src.baseAddress! + y * width
                            for x in 0..<width { column[x] &+= UInt32(row[x]) }
                        }
                        for i in 0..<lw {
                            var sum: UInt32 = 0
                            for x in (i * f)..<Swift.min(width, i * f + f) { sum &+= column[x] }
                            dst[j * lw + i] = UInt8((sum + cell / 2) / cell)
                        }
                    }
                }
            }
        }
        return low
    }

    /// Where each of `count` output pixels falls in the blurred reduced
    /// mask: the cell before it and how far towards the next.
    private static func taps(_ count: Int, margin: Int, factor f: Int, offset m: Int) -> (index: [Int], weight: [Float]) {
        var index = [Int](repeating: 0, count: count), weight = [Float](repeating: 0, count: count)
        for x in 0..<count {
            let t = (Double(x - margin) + 0.5) / Double(f) - 0.5 + Double(m)
            let k = Int(t.rounded(.down))
            index[x] = k
            weight[x] = Float(t - Double(k))
        }
        return (index, weight)
    }

    /// 3a. Each row of `blurred` widened to full width (`across.index.count`).
    private static func widened(_ blurred: AlphaMask, _ across: (index: [Int], weight: [Float])) -> [Float] {
        let bw = blurred.width, bh = blurred.height, outW = across.index.count
        var wide = [Float](repeating: 0, count: bh * outW)
        blurred.coverage.withUnsafeBufferPointer { src in
            wide.withUnsafeMutableBufferPointer { dst in
                for r in 0..<bh {
                    let row = src.baseAddress! + r * bw, out = dst.baseAddress! + r * outW
                    for x in 0..<outW {
                        let k = across.index[x], w = across.weight[x]
                        let a: Float = k >= 0 && k < bw ? Float(row[k]) : 0
                        let b: Float = k + 1 >= 0 && k + 1 < bw ? Float(row[k + 1]) : 0
                        out[x] = a + (b - a) * w
                    }
                }
            }
        }
        return wide
    }

    /// 3b. The widened `rows` (each `width` wide) mixed down to full height
    ///     (`down.index.count`), rounded into coverage.
    private static func mixedDown(_ wide: [Float], width outW: Int, rows bh: Int,
                                  _ down: (index: [Int], weight: [Float])) -> AlphaMask {
        let outH = down.index.count
        var out = AlphaMask(width: outW, height: outH)
        let zeros = [Float](repeating: 0, count: outW)
        var mixed = [Float](repeating: 0, count: outW)
        wide.withUnsafeBufferPointer { rows in
            zeros.withUnsafeBufferPointer { z in
                mixed.withUnsafeMutableBufferPointer { line in
                    out.coverage.withUnsafeMutableBufferPointer { dst in
                        func row(_ r: Int) -> UnsafePointer<Float> { r >= 0 && r < bh ? rows.baseAddress! + r * outW : z.baseAddress! }
                        for y in 0..<outH {
                            let k = down.index[y], w = down.weight[y]
                            let a = row(k), b = row(k + 1), l = line.baseAddress!
                            for x in 0..<outW { l[x] = a[x] + (b[x] - a[x]) * w }
                            BlurBox.round(l, into: dst.baseAddress! + y * outW, count: outW)
                        }
                    }
                }
            }
        }
        return out
    }
}
