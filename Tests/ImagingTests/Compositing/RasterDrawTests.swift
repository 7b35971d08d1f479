import Testing
import PhotiCaseImaging
import PhotiCaseRaster

@Suite struct RasterDrawTests {
    static let modes: [AlphaMode] = [.straight, .premultiplied]

    /// A small raster with a different translucent colour in every pixel.
    static func patchwork(_ mode: AlphaMode) -> Raster {
        var r = Raster(width: 4, height: 4)
        for y in 0..<4 {
            for x in 0..<4 { r[x, y] = RGBA(UInt8(40 * x + 10), UInt8(50 * y + 5), 200, UInt8(60 * x + 20 * y + 15)) }
        }
        return mode == .premultiplied ? r.premultiplied() : r
    }

    @Test(arguments: modes, modes)
    func opaqueSourceReplacesAnything(dst: AlphaMode, src: AlphaMode) {
        var canvas = Self.patchwork(dst)
        var source = Raster(width: 4, height: 4, alphaMode: src, fill: RGBA(12, 200, 99))
        source[1, 2] = RGBA(1, 2, 3)
        canvas.draw(source, at: 0, 0)
        #expect(canvas.pixels == source.pixels)
    }

    @Test(arguments: modes, modes)
    func halfWhiteOverBlackIsMidGrey(dst: AlphaMode, src: AlphaMode) {
        var canvas = Raster(width: 2, height: 2, alphaMode: dst, fill: .black)
        canvas.draw(Raster(width: 2, height: 2, alphaMode: src, fill: RGBA(255, 255, 255, 128)), at: 0, 0)
        let p = canvas[1, 1]
        #expect(abs(Int(p.r) - 128) <= 1 && p.r == p.g && p.g == p.b && p.a == 255, "\(p)")
    }

    @Test(arguments: modes)
    func opacityScalesTheSource(dst: AlphaMode) {
        var canvas = Raster(width: 2, height: 2, alphaMode: dst, fill: .black)
        canvas.draw(Raster(width: 2, height: 2, fill: .white), at: 0, 0, opacity: 0.5)
        #expect(abs(Int(canvas[0, 0].r) - 128) <= 1)
    }

    @Test(arguments: [UInt8(1), 7, 64, 128, 254])
    func transparentStraightDestinationKeepsTheSourceColour(alpha: UInt8) {
        let colour = RGBA(200, 100, 37, alpha)
        var canvas = Raster(width: 1, height: 1, alphaMode: .straight)
        canvas.draw(Raster(width: 1, height: 1, fill: colour), at: 0, 0)
        #expect(canvas[0, 0] == colour)
        // From a premultiplied source the colour comes back as well as 8 bits allow.
        var again = Raster(width: 1, height: 1, alphaMode: .straight)
        again.draw(Raster(width: 1, height: 1, alphaMode: .premultiplied, fill: colour), at: 0, 0)
        let back = Raster(width: 1, height: 1, alphaMode: .premultiplied, fill: colour).unpremultiplied()[0, 0]
        #expect(again[0, 0] == back)
    }

    @Test(arguments: modes)
    func straightAndPremultipliedDestinationsAgree(src: AlphaMode) {
        var straight = Self.patchwork(.straight)
        var premul = Self.patchwork(.premultiplied)
        let source = Raster(width: 3, height: 3, alphaMode: src, fill: RGBA(250, 20, 90, 150))
        straight.draw(source, at: 1, 0)
        premul.draw(source, at: 1, 0)
        let a = straight.premultiplied(), b = premul
        for i in 0..<a.pixels.count { #expect(abs(Int(a.pixels[i]) - Int(b.pixels[i])) <= 2, "byte \(i)") }
    }

    @Test func drawingIsClippedAtTheEdges() {
        let before = Raster(width: 6, height: 5, fill: .black)
        var canvas = before
        canvas.draw(Raster(width: 4, height: 4, fill: .white), at: -2, 3)
        for y in 0..<5 {
            for x in 0..<6 {
                #expect(canvas[x, y] == (x < 2 && y >= 3 ? .white : .black), "pixel \(x),\(y)")
            }
        }
        canvas = before
        canvas.draw(Raster(width: 4, height: 4, fill: .white), at: 6, 0)
        canvas.draw(Raster(width: 4, height: 4, fill: .white), at: -4, -4)
        #expect(canvas == before)
    }

    @Test func compositingIsDeterministic() {
        func render() -> Raster {
            var r = Raster(width: 40, height: 40, alphaMode: .premultiplied, fill: RGBA(10, 20, 30))
            r.drawShadow(DropShadow(offsetX: 2, offsetY: 3, sigma: 2.5, color: RGBA(0, 0, 0, 120)),
                         of: StarShape(center: Point(x: 20, y: 20), outerRadius: 15).mask(.half, strokeWidth: 2, width: 40, height: 40),
                         at: 0, 0)
            r.draw(Self.patchwork(.straight), at: 5, 7, opacity: 0.7)
            return r
        }
        #expect(render() == render())
    }
}
