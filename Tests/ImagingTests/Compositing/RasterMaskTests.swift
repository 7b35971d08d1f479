import Testing
import PhotiCaseImaging
import PhotiCaseRaster

@Suite struct RasterMaskTests {
    @Test(arguments: [AlphaMode.straight, .premultiplied])
    func roundedCornersAreTransparentWithSoftEdges(mode: AlphaMode) {
        let r = Raster(width: 40, height: 30, alphaMode: mode, fill: RGBA(200, 150, 100)).roundedCorners(radius: 10)
        #expect(r[0, 0] == .clear && r[39, 29] == .clear && r[39, 0] == .clear && r[0, 29] == .clear)
        #expect(r[20, 15] == RGBA(200, 150, 100) && r[20, 0] == RGBA(200, 150, 100))
        // Along the arc, alpha is the pixel's exact share inside it.
        let arc = Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 30), radii: CornerRadii(10))
        var partial = 0
        for y in 0..<10 {
            for x in 0..<10 {
                let expected = sampledCoverage(arc, x, y) * 255
                #expect(abs(Double(r[x, y].a) - expected) <= 4, "pixel \(x),\(y)")
                if r[x, y].a > 0 && r[x, y].a < 255 {
                    partial += 1
                    let straight = mode == .premultiplied ? r.unpremultiplied()[x, y] : r[x, y]
                    #expect(abs(Int(straight.r) - 200) <= (mode == .premultiplied ? 255 / Int(r[x, y].a) + 1 : 0))
                }
            }
        }
        #expect(partial >= 10)
    }

    @Test func clipOutsideTheMaskClears() {
        var r = Raster(width: 4, height: 4, fill: .white)
        var m = AlphaMask(width: 2, height: 2)
        m.coverage = [255, 128, 64, 0]
        r.clip(to: m, at: 1, 1)
        #expect(r[1, 1] == .white && r[2, 1].a == 128 && r[1, 2].a == 64 && r[2, 2] == .clear)
        #expect(r[0, 0] == .clear && r[3, 3] == .clear)
    }

    @Test func maskAlgebra() {
        var a = AlphaMask(width: 4, height: 1); a.coverage = [255, 128, 0, 200]
        var b = AlphaMask(width: 4, height: 1); b.coverage = [128, 128, 255, 0]
        #expect(a.intersection(b).coverage == [128, 64, 0, 0])
        #expect(a.subtracting(b).coverage == [127, 64, 0, 200])
        #expect(a.union(b).coverage == [255, 128, 255, 200])
        #expect(a.inverted().coverage == [0, 127, 255, 55])
        var c = a
        var small = AlphaMask(width: 2, height: 1); small.coverage = [255, 255]
        c.formIntersection(small, at: 1, 0)
        #expect(c.coverage == [0, 128, 0, 0])
        c = a
        c.subtract(small, at: 3, 0)
        #expect(c.coverage == [255, 128, 0, 0])
        #expect(a.padded(by: 1).coverage == [0, 0, 0, 0, 0, 0, 0, 255, 128, 0, 200, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func dimKeepsAlpha() {
        var r = Raster(width: 2, height: 1, fill: RGBA(255, 100, 0, 200))
        r.dim(by: 0.5)
        #expect(r[0, 0] == RGBA(128, 50, 0, 200))
    }

    @Test(arguments: [AlphaMode.straight, .premultiplied])
    func tintBlendsOverVisiblePixelsOnly(mode: AlphaMode) {
        var r = Raster(width: 2, height: 1, alphaMode: mode, fill: .white)
        r[1, 0] = .clear
        r.tint(with: RGBA(0, 0, 0, 128))
        let p = mode == .premultiplied ? r.unpremultiplied()[0, 0] : r[0, 0]
        #expect(abs(Int(p.r) - 127) <= 1 && p.a == 255)
        #expect(r[1, 0].a == 0)
    }

    @Test func scrimRunsFromClearToDark() {
        var r = Raster(width: 4, height: 10, fill: .white)
        r.applyScrim(in: PixelRect(x: 0, y: 2, width: 4, height: 8), bottomOpacity: 0.8)
        #expect(r[0, 1] == .white && r[3, 2] == .white)
        #expect(abs(Int(r[0, 9].r) - 51) <= 1, "white under 80% black: \(r[0, 9])")
        for y in 3..<10 { #expect(r[1, y].r < r[1, y - 1].r) }
    }
}
