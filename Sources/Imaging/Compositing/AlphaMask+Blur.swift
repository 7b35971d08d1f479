import Raster
/// A Gaussian blur of coverage, approximated by three box blurs per axis.
/// Each box is a running sum, so the cost per pixel does not grow with the
/// radius. Used for soft shadows only: shape edges use exact coverage.
extension AlphaMask {
    /// The mask blurred with standard deviation `sigma` pixels, grown by
    /// `AlphaMask.blurMargin(sigma:)` empty pixels on every side first so
    /// nothing spreads off the edge (the total coverage is kept, up to
    /// rounding). A `sigma` of 0 or less returns the mask unchanged.
    public func gaussianBlurred(sigma: Double) -> AlphaMask {
        guard sigma > 0 else { return self }
        let box = BlurBox(sigma: sigma)
        let margin = box.margin
        var out = AlphaMask(width: width + 2 * margin, height: height + 2 * margin)
        let w = out.width, h = out.height
        var plane = [Float](repeating: 0, count: w * h)
        var scratch = [Float](repeating: 0, count: w * h)
        var sums = [Float](repeating: 0, count: w)
        let zeros = [Float](repeating: 0, count: w)
        var line = [Float](repeating: 0, count: w + 2 * (box.radius + 1))
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
                sums.withUnsafeMutableBufferPointer { s in
                    line.withUnsafeMutableBufferPointer { l in
                        zeros.withUnsafeBufferPointer { z in
                            for _ in 0..<BlurBox.passes {
                                box.blurRows(a, into: b, line: l, width: w, height: h)
                                box.blurColumns(b, into: a, sums: s, zeros: z.baseAddress!, width: w, height: h)
                            }
                        }
                    }
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
        sigma > 0 ? BlurBox(sigma: sigma).margin : 0
    }
}

/// One "extended" box filter: weight 1 on the 2r + 1 nearest pixels and
/// `alpha` (below 1) on the two just beyond, normalized. Unlike a plain box,
/// its variance varies continuously, so three passes match sigma squared
/// exactly instead of jumping between odd widths.
struct BlurBox {
    static let passes = 3
    let radius: Int
    let alpha: Float
    let scale: Float

    init(sigma: Double) {
        // Each pass contributes a third of the variance. A plain box of
        // radius r has variance r(r + 1) / 3; take the largest r not above
        // the target, then the end weight that makes up the rest.
        let v = sigma * sigma / Double(Self.passes)
        var r = Int(((1 + 12 * v).squareRoot() - 1) / 2)
        while Double((r + 1) * (r + 2)) / 3 <= v { r += 1 }
        while r > 0 && Double(r * (r + 1)) / 3 > v { r -= 1 }
        let rr = Double(r)
        let a = (2 * rr + 1) * (v - rr * (rr + 1) / 3) / (2 * ((rr + 1) * (rr + 1) - v))
        radius = r
        alpha = Float(a)
        scale = Float(1 / (2 * rr + 1 + 2 * a))
    }

    /// Pixels the three passes spread coverage by.
    var margin: Int { Self.passes * (radius + 1) }

    /// Blurs each row of `src` into `dst`; pixels beyond a row's ends count
    /// as 0. `line` (at least width + 2 * (radius + 1) long) holds a padded
    /// copy of the row so the running sum needs no bounds tests.
    func blurRows(_ src: UnsafeMutableBufferPointer<Float>, into dst: UnsafeMutableBufferPointer<Float>,
                  line: UnsafeMutableBufferPointer<Float>, width w: Int, height h: Int) {
        let r = radius, pad = radius + 1
        line.update(repeating: 0)
        let l = line.baseAddress! + pad
        for y in 0..<h {
            let row = y * w
            (l).update(from: src.baseAddress! + row, count: w)
            var sum: Float = 0
            for k in -r..<r { sum += l[k] }
            for x in 0..<w {
                sum += l[x + r]
                dst[row + x] = (sum + alpha * (l[x - r - 1] + l[x + r + 1])) * scale
                sum -= l[x - r]
            }
        }
    }

    /// Blurs each column of `src` into `dst`, a whole row at a time so
    /// memory is read in order. `sums` holds one running sum per column and
    /// `zeros` one row of zeros, standing in for rows beyond the ends.
    func blurColumns(_ src: UnsafeMutableBufferPointer<Float>, into dst: UnsafeMutableBufferPointer<Float>,
                     sums s: UnsafeMutableBufferPointer<Float>, zeros: UnsafePointer<Float>, width w: Int, height h: Int) {
        let r = radius
        let base = UnsafePointer(src.baseAddress!)
        func row(_ y: Int) -> UnsafePointer<Float> { y >= 0 && y < h ? base + y * w : zeros }
        s.update(repeating: 0)
        for y in -r..<r {
            let add = row(y)
            for x in 0..<w { s[x] += add[x] }
        }
        for y in 0..<h {
            let add = row(y + r), above = row(y - r - 1), below = row(y + r + 1), leave = row(y - r)
            let out = dst.baseAddress! + y * w
            for x in 0..<w {
                s[x] += add[x]
                out[x] = (s[x] + alpha * (above[x] + below[x])) * scale
                s[x] -= leave[x]
            }
        }
    }
}
