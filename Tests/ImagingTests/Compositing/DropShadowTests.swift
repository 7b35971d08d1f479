import Testing
@testable import PhotiCaseImaging
import PhotiCaseRaster

@Suite struct DropShadowTests {
    @Test(arguments: [0.8, 3.0, 7.5])
    func blurKeepsTheMass(sigma: Double) {
        let m = AlphaMask(path: .rect(Rect(x: 3, y: 5, width: 20, height: 12)), width: 26, height: 22)
        let b = m.gaussianBlurred(sigma: sigma)
        let margin = AlphaMask.blurMargin(sigma: sigma)
        #expect(b.width == 26 + 2 * margin && b.height == 22 + 2 * margin)
        let ratio = Double(b.totalCoverage) / Double(m.totalCoverage)
        #expect(abs(ratio - 1) < 0.01, "mass ratio \(ratio)")
        // Symmetric: the blurred rectangle mirrors onto itself.
        let left = 3 + margin, right = left + 19
        for y in 0..<b.height {
            for d in 1...margin { #expect(b[left - d, y] == b[right + d, y]) }
        }
    }

    @Test(arguments: [0.3, 0.5, 1.7, 2.0, 5.0, 12.0, 30.0])
    func boxPassesHaveTheGaussianVariance(sigma: Double) {
        // An impulse blurred by the three passes along one axis, kept in
        // floating point: a column of w pixels.
        let box = BlurBox(sigma: sigma)
        let w = 2 * box.margin + 1
        var a = [Float](repeating: 0, count: w), b = a
        var sums: [Float] = [0], zeros: [Float] = [0]
        a[box.margin] = 1
        a.withUnsafeMutableBufferPointer { pa in
            b.withUnsafeMutableBufferPointer { pb in
                for _ in 0..<BlurBox.passes {
                    box.blurColumns(pa.baseAddress!, into: pb.baseAddress!, sums: &sums, zeros: &zeros, width: 1, height: w)
                    _ = pa.update(fromContentsOf: pb)
                }
            }
        }
        var mass = 0.0, second = 0.0
        for x in 0..<w {
            mass += Double(a[x])
            second += Double(a[x]) * Double((x - box.margin) * (x - box.margin))
        }
        #expect(abs(mass - 1) < 1e-4)
        #expect(abs(second / mass - sigma * sigma) < 1e-3 * sigma * sigma, "variance \(second / mass)")
    }

    @Test(arguments: [0.5, 2.0, 5.0])
    func varianceMatchesSigma(sigma: Double) {
        // A long vertical line: away from its ends, each row of the blurred
        // line is the horizontal kernel times 255.
        let line = AlphaMask(width: 1, height: 200, coverage: [UInt8](repeating: 255, count: 200))
        let blurred = line.gaussianBlurred(sigma: sigma)
        let y = blurred.height / 2, c = blurred.width / 2
        var mass = 0.0, second = 0.0
        for x in 0..<blurred.width {
            let v = Double(blurred[x, y])
            mass += v
            second += v * Double((x - c) * (x - c))
        }
        #expect(abs(mass - 255) < 0.02 * 255 + 2)
        let variance = second / mass
        #expect(abs(variance - sigma * sigma) < 0.03 * sigma * sigma + 0.05, "variance \(variance)")
    }

    @Test func shadowMassIsAreaTimesOpacity() {
        var canvas = Raster(width: 96, height: 96, alphaMode: .premultiplied)
        let shape = AlphaMask(path: .roundedRect(Rect(x: 20, y: 20, width: 40, height: 30), radii: CornerRadii(6)),
                              width: 96, height: 96)
        let shadow = DropShadow(offsetX: 4, offsetY: 6, sigma: 4, color: RGBA(0, 0, 0, 102))
        canvas.drawShadow(shadow, of: shape, at: 0, 0)
        var alpha = 0
        for y in 0..<96 { for x in 0..<96 { alpha += Int(canvas[x, y].a) } }
        let expected = Double(shape.totalCoverage) * 102 / 255
        #expect(abs(Double(alpha) - expected) / expected < 0.02, "alpha sum \(alpha), expected \(expected)")
        // Deep inside the offset shape the shadow is at full opacity.
        #expect(abs(Int(canvas[44, 41].a) - 102) <= 1)
        #expect(canvas[1, 1].a == 0)
    }

    /// The blur runs rows as columns between transposes and eight columns
    /// at a time; its floats, and so its bytes, are those of the plain
    /// running sums along each row and then each column, pass by pass.
    @Test(arguments: [0.8, 3.0, 9.0, 18.0])
    func theBlurIsThePlainRunningSums(sigma: Double) {
        var noise = AlphaMask(width: 37, height: 29)
        var seed: UInt32 = 12345
        for i in noise.coverage.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            noise.coverage[i] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        let ticket = AlphaMask(path: .roundedRect(Rect(x: 2.5, y: 3, width: 61, height: 90), radii: CornerRadii(9)),
                               width: 67, height: 97)
        for mask in [noise, ticket] {
            #expect(mask.exactBlur(sigma: sigma) == Self.plainBlur(mask, sigma: sigma))
        }
    }

    /// The blur written the plain way: each pass a running sum along every
    /// row, then along every column, one pixel at a time.
    static func plainBlur(_ mask: AlphaMask, sigma: Double) -> AlphaMask {
        let box = BlurBox(sigma: sigma)
        let m = box.margin, r = box.radius
        let w = mask.width + 2 * m, h = mask.height + 2 * m
        var a = [Float](repeating: 0, count: w * h)
        for y in 0..<mask.height { for x in 0..<mask.width { a[(y + m) * w + x + m] = Float(mask[x, y]) } }
        // One running sum over `n` values read by `at`, written by `put`;
        // values beyond either end are 0.
        func run(_ n: Int, _ at: (Int) -> Float, _ put: (Int, Float) -> Void) {
            func v(_ i: Int) -> Float { i >= 0 && i < n ? at(i) : 0 }
            var sum: Float = 0
            for k in -r..<r { sum += v(k) }
            for i in 0..<n {
                sum += v(i + r)
                put(i, (sum + box.alpha * (v(i - r - 1) + v(i + r + 1))) * box.scale)
                sum -= v(i - r)
            }
        }
        var b = a
        for _ in 0..<BlurBox.passes {
            for y in 0..<h { run(w, { a[y * w + $0] }, { b[y * w + $0] = $1 }) }
            for x in 0..<w { run(h, { b[$0 * w + x] }, { a[$0 * w + x] = $1 }) }
        }
        return AlphaMask(width: w, height: h, coverage: a.map { UInt8(min(255, max(0, $0 + 0.5))) })
    }

    @Test func zeroSigmaIsAHardShadow() {
        let m = AlphaMask(path: .rect(Rect(x: 1, y: 1, width: 2, height: 2)), width: 4, height: 4)
        #expect(m.gaussianBlurred(sigma: 0) == m)
    }

    /// A black shadow over opaque rows takes the SSE2 kernel; any other
    /// row (a pixel not opaque) or colour the general fill: both give the
    /// general fill's bytes, in both alpha modes, over a noisy backdrop
    /// with one translucent row, within a limit and clipped at the edges.
    @Test(arguments: [AlphaMode.straight, .premultiplied]) func aBlackShadowOverOpaqueRowsIsTheGeneralFill(mode: AlphaMode) {
        var seed: UInt32 = 11
        func next() -> UInt8 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 24)
        }
        var backdrop = Raster(width: 83, height: 61, alphaMode: .straight)
        for y in 0..<61 { for x in 0..<83 { backdrop[x, y] = RGBA(next(), next(), next(), y == 30 && x % 9 == 0 ? 77 : 255) } }
        if mode == .premultiplied { backdrop = backdrop.premultiplied() }
        let mask = AlphaMask(path: .rect(Rect(x: 10, y: 8, width: 50, height: 40)), width: 70, height: 56)
        for color in [RGBA(0, 0, 0, 110), RGBA(0, 0, 0, 255), RGBA(20, 0, 0, 110)] {
            let cast = DropShadow(offsetX: 3, offsetY: 9, sigma: 6, color: color).cast(by: mask)
            for (x, y, limit) in [(5, 4, nil), (-20, 20, nil), (5, 4, PixelRect(x: 10, y: 12, width: 40, height: 30))] {
                var fast = backdrop, plain = backdrop
                fast.drawShadow(cast, at: x, y, within: limit)
                plain.fill(mask: cast.blurred, color: color, at: x + cast.offsetX, y + cast.offsetY, within: limit)
                #expect(fast == plain, "\(color) at \(x),\(y) within \(String(describing: limit)), \(mode)")
            }
        }
    }
}
