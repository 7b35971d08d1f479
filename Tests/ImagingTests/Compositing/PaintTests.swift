import Testing
import PhotiCaseImaging
import PhotiCaseRaster

@Suite struct PaintTests {
    static let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255)

    /// A 65-pixel-wide horizontal gradient whose end points sit on the
    /// first and last pixel centres, so pixel 32 is exactly half way.
    static func strip(_ stops: [GradientStop], mode: AlphaMode = .straight) -> Raster {
        var r = Raster(width: 65, height: 2, alphaMode: mode)
        r.fill(.linearGradient(LinearGradient(start: Point(x: 0.5, y: 0), end: Point(x: 64.5, y: 0), stops: stops)))
        return r
    }

    @Test func endpointsAndMidpoint() {
        let r = Self.strip([GradientStop(0, Self.red), GradientStop(1, Self.blue)])
        #expect(r[0, 0] == Self.red)
        #expect(r[64, 1] == Self.blue)
        let mid = r[32, 0]
        #expect(abs(Int(mid.r) - 128) <= 1 && abs(Int(mid.b) - 128) <= 1 && mid.g == 0 && mid.a == 255, "\(mid)")
        // Monotonic in between.
        for x in 1..<65 { #expect(r[x, 0].r <= r[x - 1, 0].r && r[x, 0].b >= r[x - 1, 0].b) }
    }

    @Test func threeStops() {
        let r = Self.strip([GradientStop(0, .black), GradientStop(0.5, .white), GradientStop(1, .black)])
        #expect(r[0, 0] == .black && r[32, 0] == .white && r[64, 0] == .black)
        #expect(abs(Int(r[16, 0].g) - 128) <= 1 && abs(Int(r[48, 0].g) - 128) <= 1)
    }

    @Test func fadingToTransparentKeepsTheColour() {
        let r = Self.strip([GradientStop(0, Self.red), GradientStop(1, RGBA(0, 255, 0, 0))])
        let mid = r[32, 0]
        #expect(mid.r == 255 && mid.g == 0, "premultiplied interpolation: \(mid)")
        #expect(abs(Int(mid.a) - 128) <= 1)
    }

    @Test func cssAngles() {
        let rect = Rect(x: 0, y: 0, width: 32, height: 16)
        let stops = [GradientStop(0, .black), GradientStop(1, .white)]
        let right = LinearGradient(in: rect, degrees: 90, stops: stops)
        #expect(abs(right.start.x) < 1e-9 && abs(right.end.x - 32) < 1e-9 && abs(right.start.y - 8) < 1e-9)
        let down = LinearGradient(in: rect, degrees: 180, stops: stops)
        #expect(abs(down.start.y) < 1e-9 && abs(down.end.y - 16) < 1e-9)
        // At 45 degrees the corners get the end colours exactly.
        let diag = LinearGradient(in: Rect(x: 0, y: 0, width: 10, height: 10), degrees: 45, stops: stops)
        #expect(abs(diag.start.x) < 1e-9 && abs(diag.start.y - 10) < 1e-9 && abs(diag.end.x - 10) < 1e-9)
    }

    @Test func fillInRectangleAndThroughMask() {
        var r = Raster(width: 8, height: 8, fill: .black)
        r.fill(.solid(.white), in: PixelRect(x: 6, y: 6, width: 5, height: 5))
        #expect(r[6, 6] == .white && r[7, 7] == .white && r[5, 7] == .black && r[7, 5] == .black)
        var m = AlphaMask(width: 3, height: 1)
        m.coverage = [255, 128, 0]
        var s = Raster(width: 4, height: 2, alphaMode: .premultiplied, fill: .black)
        s.fill(mask: m, paint: .solid(.white), at: 1, 1)
        #expect(s[1, 1] == .white && abs(Int(s[2, 1].r) - 128) <= 1 && s[3, 1] == .black && s[0, 1] == .black)
        #expect(s[1, 0] == .black)
    }

    @Test func fillPathUsesExactCoverage() {
        var r = Raster(width: 8, height: 4, fill: .black)
        r.fill(.rect(Rect(x: 1.25, y: 0, width: 3.5, height: 4)), paint: .solid(.white))
        #expect(r[0, 2] == .black && r[2, 2] == .white && r[3, 2] == .white && r[5, 2] == .black)
        #expect(abs(Int(r[1, 2].r) - 191) <= 1 && abs(Int(r[4, 2].r) - 191) <= 1)
    }
}
