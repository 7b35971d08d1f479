import PhotiCaseRaster
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
        // A wide blur is as smooth as a grid `sigma / 3` pixels apart can
        // hold: blurred on the reduced mask and interpolated back
        // (`reducedBlur`), at a ninth of the work or less.
        let factor = Int(sigma / AlphaMask.reducedSigma)
        return factor >= 2 ? reducedBlur(sigma: sigma, factor: factor) : exactBlur(sigma: sigma)
    }

    /// `gaussianBlurred` at full resolution, whatever the sigma.
    func exactBlur(sigma: Double) -> AlphaMask {
        let box = BlurBox(sigma: sigma)
        let margin = box.margin
        var out = AlphaMask(width: width + 2 * margin, height: height + 2 * margin)
        let w = out.width, h = out.height
        var plane = [Float](repeating: 0, count: w * h)
        var scratch = [Float](repeating: 0, count: w * h)
        var sums = [Float](repeating: 0, count: w)
        let zeros = [Float](repeating: 0, count: w)
        var line = [Float](repeating: 0, count: BlurBox.Lanes.scalarCount * (w + 2 * (box.radius + 1)))
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
                            let a = a.baseAddress!, b = b.baseAddress!
                            for _ in 0..<BlurBox.passes {
                                box.blurRows(a, into: b, line: l.baseAddress!, width: w, height: h)
                                box.blurColumns(b, into: a, sums: s.baseAddress!, zeros: z.baseAddress!, width: w, height: h)
                            }
                        }
                    }
                }
            }
        }
        plane.withUnsafeBufferPointer { a in
            out.coverage.withUnsafeMutableBufferPointer { o in
                BlurBox.round(a.baseAddress!, into: o.baseAddress!, count: o.count)
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

    /// Eight floats: eight rows side by side, or eight columns of a row.
    typealias Lanes = SIMD8<Float>

    /// Blurs each row of `src` into `dst`; pixels beyond a row's ends count
    /// as 0. A row's running sum cannot be split, so eight rows run side by
    /// side, one in each lane: `line` (at least 8 * (width + 2 * (radius +
    /// 1)) floats) holds their pixels interleaved, with zeros beyond the
    /// ends. Each lane does the scalar sum's operations in its order, so
    /// the floats are those of one row at a time.
    func blurRows(_ src: UnsafePointer<Float>, into dst: UnsafeMutablePointer<Float>,
                  line: UnsafeMutablePointer<Float>, width w: Int, height h: Int) {
        let r = radius, pad = radius + 1, n = Lanes.scalarCount
        line.update(repeating: 0, count: n * (w + 2 * pad))
        let l = line + n * pad
        let alpha8 = Lanes(repeating: alpha), scale8 = Lanes(repeating: scale)
        // Pointers walk the rows (no index arithmetic, so no overflow
        // checks, in the loops that touch every pixel).
        for y0 in stride(from: 0, to: h, by: n) {
            let rows = Swift.min(n, h - y0)
            // Lanes of rows past the end keep whatever they held: lanes do
            // not mix, and those are not written out.
            for j in 0..<rows {
                var from = src + (y0 + j) * w, to = l + j
                for _ in 0..<w {
                    to.pointee = from.pointee
                    from += 1
                    to += n
                }
            }
            var sum = Lanes.zero
            var k = l - n * r
            for _ in -r..<r {
                sum += Self.load(k)
                k += n
            }
            // At pixel x: add vector x + r, leave x - r, the ends x - r - 1
            // and x + r + 1. Vector x - r - 1 is read there for the last
            // time, so the result goes in its place: results trail reads.
            var add = l + n * r, leave = l - n * r, before = l - n * pad, after = l + n * pad
            for _ in 0..<w {
                sum += Self.load(add)
                let v = (sum + alpha8 * (Self.load(before) + Self.load(after))) * scale8
                sum -= Self.load(leave)
                Self.store(v, before)
                add += n; leave += n; before += n; after += n
            }
            for j in 0..<rows {
                var from = l - n * pad + j, to = dst + (y0 + j) * w
                for _ in 0..<w {
                    to.pointee = from.pointee
                    from += n
                    to += 1
                }
            }
            // The results overwrote the left padding; the next rows' sums
            // need its zeros.
            line.update(repeating: 0, count: n * pad)
        }
    }

    /// Blurs each column of `src` into `dst`, a whole row at a time so
    /// memory is read in order and eight columns go at once. `sums` (at
    /// least `width` long) holds one running sum per column and `zeros`
    /// (as long) one row of zeros, standing in for rows beyond the ends.
    func blurColumns(_ src: UnsafePointer<Float>, into dst: UnsafeMutablePointer<Float>,
                     sums s: UnsafeMutablePointer<Float>, zeros: UnsafePointer<Float>, width w: Int, height h: Int) {
        let r = radius, n = Lanes.scalarCount
        func row(_ y: Int) -> UnsafePointer<Float> { y >= 0 && y < h ? src + y * w : zeros }
        s.update(repeating: 0, count: w)
        for y in -r..<r {
            let add = row(y)
            for x in 0..<w { s[x] += add[x] }
        }
        let alpha8 = Lanes(repeating: alpha), scale8 = Lanes(repeating: scale)
        let whole = w - w % n
        for y in 0..<h {
            let add = row(y + r), above = row(y - r - 1), below = row(y + r + 1), leave = row(y - r)
            let out = dst + y * w
            // Per column exactly the scalar tail's operations, in its order.
            var x = 0
            while x < whole {
                let sum = Self.load(s + x) + Self.load(add + x)
                Self.store((sum + alpha8 * (Self.load(above + x) + Self.load(below + x))) * scale8, out + x)
                Self.store(sum - Self.load(leave + x), s + x)
                x += n
            }
            while x < w {
                s[x] += add[x]
                out[x] = (s[x] + alpha * (above[x] + below[x])) * scale
                s[x] -= leave[x]
                x += 1
            }
        }
    }

    /// Coverage bytes from blurred floats: rounded, clamped to 0...255.
    static func round(_ src: UnsafePointer<Float>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            // UInt8(min(255, max(0, v))) with fewer tests on the way.
            let v = src[i] + 0.5
            dst[i] = v >= 255 ? 255 : v > 0 ? UInt8(v) : 0
        }
    }

    private static func load(_ p: UnsafePointer<Float>) -> Lanes { UnsafeRawPointer(p).loadUnaligned(as: Lanes.self) }
    private static func store(_ v: Lanes, _ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Lanes.self)
    }
}
