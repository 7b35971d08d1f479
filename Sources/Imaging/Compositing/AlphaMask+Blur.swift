/// A Gaussian blur of coverage, approximated by three box blurs per axis.
/// Each box is a running sum, so the cost per pixel does not grow with the
/// radius. Used for soft shadows only: shape edges use exact coverage.
extension AlphaMask {
    /// The mask blurred with standard deviation `sigma` pixels, grown by
    /// `AlphaMask.blurMargin(sigma:)` empty pixels on every side first so
    /// nothing spreads off the edge (the total coverage is kept, up to
    /// rounding). A `sigma` of 0 or less returns the mask unchanged.
    public func gaussianBlurred(sigma: Double) -> AlphaMask {
        let radii = Self.boxRadii(sigma: sigma)
        let margin = radii.reduce(0, +)
        guard margin > 0 else { return self }
        var out = AlphaMask(width: width + 2 * margin, height: height + 2 * margin)
        let w = out.width, h = out.height
        var plane = [Float](repeating: 0, count: w * h)
        var scratch = [Float](repeating: 0, count: w * h)
        coverage.withUnsafeBufferPointer { src in
            plane.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let from = y * width, to = (y + margin) * w + margin
                    for x in 0..<width { dst[to + x] = Float(src[from + x]) }
                }
            }
        }
        plane.withUnsafeMutableBufferPointer { a in
            scratch.withUnsafeMutableBufferPointer { b in
                for r in radii where r > 0 {
                    Self.boxRows(from: a, to: b, width: w, height: h, radius: r)
                    Self.boxColumns(from: b, to: a, width: w, height: h, radius: r)
                }
            }
        }
        plane.withUnsafeBufferPointer { a in
            out.coverage.withUnsafeMutableBufferPointer { o in
                for i in 0..<o.count { o[i] = UInt8(Swift.min(255, Swift.max(0, a[i] + 0.5))) }
            }
        }
        return out
    }

    /// How many pixels `gaussianBlurred(sigma:)` adds on every side.
    public static func blurMargin(sigma: Double) -> Int {
        boxRadii(sigma: sigma).reduce(0, +)
    }

    /// Radii of three boxes whose repeated blur has variance close to
    /// sigma squared: widths wl and wl + 2 (both odd) mixed so the variances
    /// (w * w - 1) / 12 add up (the "boxes for Gauss" construction).
    static func boxRadii(sigma: Double) -> [Int] {
        guard sigma > 0 else { return [0, 0, 0] }
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl.isMultiple(of: 2) { wl -= 1 }
        let l = Double(wl)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < m ? (wl - 1) / 2 : (wl + 1) / 2 }
    }

    /// Box-blurs each row of `src` into `dst`, treating pixels beyond the
    /// row's ends as 0.
    private static func boxRows(from src: UnsafeMutableBufferPointer<Float>, to dst: UnsafeMutableBufferPointer<Float>,
                                width w: Int, height h: Int, radius r: Int) {
        let scale = 1 / Float(2 * r + 1)
        for y in 0..<h {
            let row = y * w
            var sum: Float = 0
            for x in 0..<Swift.min(r, w) { sum += src[row + x] }
            for x in 0..<w {
                if x + r < w { sum += src[row + x + r] }
                dst[row + x] = sum * scale
                if x - r >= 0 { sum -= src[row + x - r] }
            }
        }
    }

    /// Box-blurs each column of `src` into `dst`, a whole row at a time so
    /// memory is read in order.
    private static func boxColumns(from src: UnsafeMutableBufferPointer<Float>, to dst: UnsafeMutableBufferPointer<Float>,
                                   width w: Int, height h: Int, radius r: Int) {
        let scale = 1 / Float(2 * r + 1)
        // Running sums of each column's window, moved down one row at a time.
        var sums = [Float](repeating: 0, count: w)
        sums.withUnsafeMutableBufferPointer { s in
            for y in 0..<Swift.min(r, h) {
                for x in 0..<w { s[x] += src[y * w + x] }
            }
            for y in 0..<h {
                if y + r < h {
                    let add = (y + r) * w
                    for x in 0..<w { s[x] += src[add + x] }
                }
                let row = y * w
                for x in 0..<w { dst[row + x] = s[x] * scale }
                if y - r >= 0 {
                    let sub = (y - r) * w
                    for x in 0..<w { s[x] -= src[sub + x] }
                }
            }
        }
    }
}
