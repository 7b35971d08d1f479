import PhotiCaseRaster
import Testing
@testable import PhotiCaseText

/// Each run of a layout carries the text its glyphs set, grapheme by
/// grapheme (what a PDF needs to keep text searchable), and a text of any
/// length can be laid out whole.
@Suite(.enabled(if: Fonts.haveLatin, "needs DejaVu Sans (fonts-dejavu-core)"))
struct RunTextTests {
    let renderer: TextRenderer
    let style = TextStyle(pixelSize: 40)

    init() throws {
        var faces = [FontFace(path: try #require(Fonts.dejaVuSans))]
        if let emoji = Fonts.notoColorEmoji { faces.append(FontFace(path: emoji)) }
        renderer = try TextRenderer(discovery: .faces(faces))
    }

    func runs(_ text: String) throws -> [TextLayout.Run] {
        let layout = try renderer.layout(text, style: style, width: .infinity)
        return try #require(layout.lines.first).runs
    }

    /// The clusters of every run cover its text and its glyphs exactly.
    func expectCovered(_ run: TextLayout.Run) {
        #expect(run.clusters.reduce(0) { $0 + $1.utf8Count } == run.text.utf8.count)
        #expect(run.clusters.reduce(0) { $0 + $1.glyphCount } == run.glyphs.count)
        #expect(run.clusters.allSatisfy { $0.utf8Count + $0.glyphCount > 0 })
    }

    @Test func aLatinLineIsOneRunOfItsText() throws {
        let runs = try runs("Grand Budapest")
        #expect(runs.count == 1)
        #expect(runs[0].text == "Grand Budapest")
        #expect(!runs[0].rightToLeft && !runs[0].isColor)
        #expect(runs[0].clusters.count == 14)
        expectCovered(runs[0])
    }

    /// A ligature's glyph stands for two graphemes: the second has none.
    @Test func aLigatureIsOneGlyphForTwoGraphemes() throws {
        let run = try #require(try runs("fi").first)
        expectCovered(run)
        #expect(run.glyphs.count == 1)
        #expect(run.clusters.map(\.glyphCount) == [1, 0])
    }

    /// Hebrew in a Latin line: its own run, right to left, its text in
    /// reading order while its glyphs go from left to right on the page.
    @Test func aRightToLeftStretchIsItsOwnRunInReadingOrder() throws {
        let runs = try runs("ab שלום cd")
        #expect(runs.map(\.rightToLeft) == [false, true, false])
        #expect(runs[1].text == "שלום")
        #expect(runs.map(\.text).joined() == "ab שלום cd")
        for run in runs { expectCovered(run) }
        // Its first grapheme (shin) is its rightmost glyph, the last drawn:
        // what the first cluster maps to, counted from the end.
        let shin = try #require(try self.runs("ש").first?.glyphs.first?.id)
        #expect(runs[1].glyphs.last?.id == shin)
        #expect(runs[1].clusters.first.map { $0.utf8Count == 2 && $0.glyphCount == 1 } == true)
    }

    /// Lam-alef, one glyph for two letters, in a right-to-left run: the
    /// alef it swallowed goes with the lam, in reading order.
    @Test func aRightToLeftLigatureKeepsItsLettersInOrder() throws {
        let runs = try runs("ab \u{0644}\u{0627} cd")
        let arabic = try #require(runs.first { $0.rightToLeft })
        expectCovered(arabic)
        #expect(arabic.text == "\u{0644}\u{0627}")
        #expect(arabic.glyphs.count == 1)
        #expect(arabic.clusters.map(\.glyphCount) == [1, 0])
        #expect(runs.filter { !$0.rightToLeft }.map(\.text).joined(separator: "|") == "ab | cd")
    }

    @Test(.enabled(if: Fonts.notoColorEmoji != nil, "needs Noto Color Emoji (fonts-noto-color-emoji)"))
    func anEmojiIsAColourRunWithItsImage() throws {
        let runs = try runs("a 🎬 b")
        let emoji = try #require(runs.first { $0.isColor })
        #expect(emoji.text == "🎬")
        let image = try #require(renderer.colorGlyph(emoji.font, glyph: emoji.glyphs[0].id, pixelSize: 120))
        // Scaled to the size asked (a strike of 136 px for a 109 px em).
        #expect(image.raster.width > 100 && image.raster.width < 160)
        #expect(renderer.colorGlyph(runs[0].font, glyph: runs[0].glyphs[0].id, pixelSize: 120) == nil)
    }

    /// A memo of 60,000 characters is set whole, every word once, in
    /// order, in pieces no layout cuts.
    @Test func aLongTextIsLaidOutWhole() throws {
        var words: [String] = []
        for i in 0..<8000 { words.append("w\(i)") }
        let text = words[0..<4000].joined(separator: " ") + "\n\n" + words[4000...].joined(separator: " ")
        var pieces: [TextLayout] = []
        try renderer.layoutWhole(text, style: style, width: 900) { pieces.append($0) }
        #expect(pieces.count > 1)
        #expect(pieces.allSatisfy { !$0.truncated })
        let set = pieces.flatMap(\.lines).map(\.text).joined(separator: " ").split(separator: " ").map(String.init)
        #expect(set == words)
    }
}
