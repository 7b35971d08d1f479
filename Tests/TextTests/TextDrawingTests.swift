import PhotiCaseRaster
import Testing
import PhotiCaseText

@Suite(.enabled(if: Fonts.haveBoth, "needs DejaVu Sans (fonts-dejavu-core) and NanumGothic (fonts-nanum)"))
struct TextDrawingTests {
    let renderer: TextRenderer

    init() throws { renderer = try TextRenderer() }

    /// `text` laid out `width` wide and drawn at (`margin`, `margin`) on white.
    func render(_ text: String, _ style: TextStyle, width: Double, margin: Int = 30) throws -> (Raster, TextLayout) {
        let layout = try renderer.layout(text, style: style, width: width)
        var raster = Raster(width: Int(width) + 2 * margin, height: Int(layout.size.height) + 2 * margin, fill: .white)
        renderer.draw(layout, into: &raster, at: Point(x: Double(margin), y: Double(margin)))
        return (raster, layout)
    }

    @Test(arguments: [
        ("헤어질 결심 Decision to Leave (2022)", TextStyle(pixelSize: 24)),
        ("Everything Everywhere All at Once, jumping quickly", TextStyle(pixelSize: 30, weight: .bold, alignment: .center, maxLines: 2)),
        ("메모: 2024년 3월 1일, CGV 용산 IMAX — 좋았다!\n둘째 줄 gjpqy", TextStyle(pixelSize: 18, alignment: .trailing, preserveNewlines: true)),
    ])
    func inkStaysInsideTheLayoutBox(_ text: String, _ style: TextStyle) throws {
        let margin = 30
        let (raster, layout) = try render(text, style, width: 260, margin: margin)
        let ink = Ink(raster, background: .white)
        let bounds = try #require(ink.bounds, "nothing was drawn")
        // One pixel of anti-aliasing fringe is allowed around the advances.
        let box = layout.lineBounds
        #expect(Double(bounds.x - margin) >= box.minX - 1)
        #expect(Double(bounds.maxX - margin) <= box.maxX + 1)
        #expect(bounds.y - margin >= 0)
        #expect(Double(bounds.maxY - margin) <= layout.size.height)
        #expect(box.maxX <= layout.boxWidth + 1e-9)
    }

    @Test func hangulHasInkAndDifferentWordsDifferentInk() throws {
        let style = TextStyle(pixelSize: 32)
        let (first, _) = try render("헤어질 결심", style, width: 300)
        let (second, _) = try render("좋은 영화다", style, width: 300)
        #expect(Ink(first, background: .white).count > 300)
        #expect(first.size == second.size)
        // Boxes (tofu) for missing glyphs would look alike.
        let differing = zip(first.pixels, second.pixels).filter { $0 != $1 }.count
        #expect(differing > 1000)
    }

    @Test func drawsInTheStyleColour() throws {
        let red = RGBA(200, 20, 30)
        let (raster, _) = try render("Hello 안녕", TextStyle(pixelSize: 40, color: red), width: 300)
        var solid = 0
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let p = raster[x, y]
                if p == red { solid += 1 }
                // Every pixel lies between white and the colour.
                #expect(p.r >= red.r && p.g >= red.g && p.b >= red.b, "pixel \(p) at \(x),\(y)")
            }
        }
        #expect(solid > 50)
    }

    @Test func glyphHeightFollowsPixelSize() throws {
        let latin = try #require(Fonts.dejaVuSans)
        let small = try #require(Ink(try render("H", TextStyle(pixelSize: 30, fontFile: latin), width: 100).0,
                                     background: .white).bounds)
        let large = try #require(Ink(try render("H", TextStyle(pixelSize: 90, fontFile: latin), width: 200).0,
                                     background: .white).bounds)
        // DejaVu's capital height is 0.729 em.
        #expect(abs(Double(small.height) - 30 * 0.729) <= 1.5)
        #expect(abs(Double(large.height) - 90 * 0.729) <= 1.5)
    }

    @Test func latinAndHangulShareTheBaseline() throws {
        // Flat-bottomed "I" sits exactly on the baseline; Hangul "므" ends
        // with a bar at (Nanum: slightly below) the baseline.
        let (raster, layout) = try render("II 므므", TextStyle(pixelSize: 40, fontFile: Fonts.dejaVuSans), width: 300, margin: 0)
        let line = try #require(layout.lines.first)
        let hangulRun = try #require(line.runs.last)
        let split = Int(line.x + hangulRun.glyphs[0].x)
        let latin = try #require(Ink(raster, background: .white, columns: 0..<split).bounds)
        let hangul = try #require(Ink(raster, background: .white, columns: split..<raster.width).bounds)
        let baseline = Int(line.baseline.rounded())
        #expect(abs(latin.maxY - baseline) <= 1)
        #expect(abs(hangul.maxY - baseline) <= Int(0.08 * 40))
    }

    @Test func glyphsAreCachedAcrossDraws() throws {
        let layout = try renderer.layout("헤어질 결심 Decision", style: TextStyle(pixelSize: 20), width: 400)
        var raster = Raster(width: 420, height: 40, fill: .white)
        renderer.draw(layout, into: &raster, at: Point(x: 0, y: 0))
        let cached = renderer.cachedGlyphCount
        let first = raster
        renderer.draw(layout, into: &raster, at: Point(x: 0, y: 0))
        #expect(cached > 0)
        #expect(renderer.cachedGlyphCount == cached)
        #expect(raster != first) // drawn again on top: darker
    }
}
