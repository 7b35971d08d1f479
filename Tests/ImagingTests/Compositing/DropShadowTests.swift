import Testing
@testable import Imaging
import Raster

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
        // An impulse blurred by the three row passes, kept in floating point.
        let box = BlurBox(sigma: sigma)
        let w = 2 * box.margin + 1
        var a = [Float](repeating: 0, count: w), b = a
        var line = [Float](repeating: 0, count: w + 2 * (box.radius + 1))
        a[box.margin] = 1
        a.withUnsafeMutableBufferPointer { pa in
            b.withUnsafeMutableBufferPointer { pb in
                line.withUnsafeMutableBufferPointer { pl in
                    for _ in 0..<BlurBox.passes {
                        box.blurRows(pa, into: pb, line: pl, width: w, height: 1)
                        _ = pa.update(fromContentsOf: pb)
                    }
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

    @Test func zeroSigmaIsAHardShadow() {
        let m = AlphaMask(path: .rect(Rect(x: 1, y: 1, width: 2, height: 2)), width: 4, height: 4)
        #expect(m.gaussianBlurred(sigma: 0) == m)
    }
}
