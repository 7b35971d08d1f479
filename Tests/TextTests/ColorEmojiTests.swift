import Foundation
import PhotiCaseRaster
import Testing
import PhotiCaseText

/// Colour bitmap glyphs (CBDT in Noto Color Emoji) scaled to the text size.
@Suite(.enabled(if: Fonts.notoColorEmoji != nil && Fonts.haveBoth,
                "needs Noto Color Emoji (fonts-noto-color-emoji), DejaVu Sans and NanumGothic"))
struct ColorEmojiTests {
    /// Pixels whose channels differ by more than 60: colour, not grey.
    static func colorful(_ raster: Raster) -> Int {
        var n = 0
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let p = raster[x, y]
                if Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 60 { n += 1 }
            }
        }
        return n
    }

    func renderer(_ faces: [String?]) throws -> WatchedRenderer {
        try WatchedRenderer(only: faces.compactMap { $0 })
    }

    @Test(arguments: [16.0, 40.0, 120.0])
    func emojiOnlyTextIsDrawnInColourAtTheTextSize(size: Double) throws {
        let watched = try renderer([Fonts.nanumGothic, Fonts.dejaVuSans, Fonts.notoColorEmoji])
        let layout = try watched.renderer.layout("🎬🍿", style: TextStyle(pixelSize: size), width: .infinity)
        #expect(layout.missingCharacters.isEmpty)
        #expect(watched.warnings.isEmpty)
        // Noto's emoji advance a little more than an em each.
        let width = layout.size.width
        #expect(width > 2 * size && width < 2.8 * size, "two emoji at \(size) px are \(width) px wide")
        var raster = Raster(width: Int(width) + 4, height: Int(layout.size.height) + 4, fill: .white)
        watched.renderer.draw(layout, into: &raster, at: Point(x: 2, y: 2))
        let ink = Ink(raster, background: .white)
        #expect(Self.colorful(raster) > Int(size * size / 4), "colour pixels at \(size) px")
        // The glyphs sit inside the line box, scaled down from the 109 px strike.
        let bounds = try #require(ink.bounds)
        #expect(Double(bounds.height) <= layout.size.height + 2 && Double(bounds.height) > size * 0.7)
    }

    @Test func emojiBetweenHangulTakesTheColourFont() throws {
        let watched = try renderer([Fonts.nanumGothic, Fonts.dejaVuSans, Fonts.notoColorEmoji])
        let layout = try watched.renderer.layout("영화 ❤️ 좋아", style: TextStyle(pixelSize: 30), width: .infinity)
        let runs = try #require(layout.lines.first).runs
        #expect(runs.map(\.font.path) == [Fonts.nanumGothic!, Fonts.notoColorEmoji!, Fonts.nanumGothic!],
                "❤️ asks for emoji presentation, so the colour font wins over DejaVu's plain heart")
    }

    @Test func withoutAnEmojiFontTheWarningNamesTheCharacter() throws {
        let watched = try renderer([Fonts.nanumGothic])
        let layout = try watched.renderer.layout("🎬", style: TextStyle(pixelSize: 30), width: .infinity)
        #expect(layout.missingCharacters == ["🎬"])
        #expect(watched.warnings.map(\.description).contains { $0.contains("U+1F3AC") && $0.contains("🎬") })
    }
}
