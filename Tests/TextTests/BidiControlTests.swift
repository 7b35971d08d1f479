import PhotiCaseRaster
import Testing
@testable import PhotiCaseText

/// `text` read backwards: a right-to-left word as it stands on the page,
/// left to right.
private func backwards(_ text: String) -> String { String(text.reversed()) }

/// Explicit bidi controls (embeddings, overrides, isolates, marks) are
/// honoured as a browser honours them, and draw nothing themselves.
@Suite(.enabled(if: Fonts.haveLatin, "needs DejaVu Sans (fonts-dejavu-core)"))
struct BidiControlTests {
    let renderer: TextRenderer
    let style = TextStyle(pixelSize: 40)
    let dejaVu: String

    init() throws {
        // DejaVu Sans alone: it has Hebrew, Arabic and Latin.
        dejaVu = try #require(Fonts.dejaVuSans)
        renderer = try TextRenderer(discovery: .faces([FontFace(path: dejaVu)]))
    }

    /// Text as written (logical order) and the letters it shows from left
    /// to right, brackets as they look (mirrored where they are right to
    /// left). Latin and Hebrew only: their letters look the same in any
    /// order, so the order can be told from glyph ids alone.
    static let orders: [(String, String)] = [
        // RLO ... PDF: the letters between run right to left.
        ("abc\u{202E}def\u{202C}ghi", "abcfedghi"),
        // An RLO left open holds to the paragraph's end.
        ("ab \u{202E}cd ef", "ab fe dc"),
        // LRO ... PDF: Hebrew left to right, in the order it was typed.
        ("ab \u{202D}שלום\u{202C} cd", "ab שלום cd"),
        // RLE ... PDF: the embedded words go right to left, each Latin word
        // still read left to right.
        ("ab \u{202B}שלום cd עולם\u{202C} ef", "ab " + backwards("עולם") + " cd " + backwards("שלום") + " ef"),
        // LRE ... PDF in a right-to-left paragraph: the other way round.
        ("שלום \u{202A}ab עולם cd\u{202C}", "ab " + backwards("עולם") + " cd " + backwards("שלום")),
        // RLI ... PDI: a right-to-left isolate ending in punctuation.
        ("ab \u{2067}cd ef!\u{2069} gh", "ab !cd ef gh"),
        // LRI ... PDI in a right-to-left paragraph.
        ("שלום \u{2066}ab עולם\u{2069}", "ab " + backwards("עולם") + " " + backwards("שלום")),
        // FSI ... PDI: an isolated Hebrew name leaves the number after it
        // in the Latin text (not isolated, "1" would join the name's run).
        ("ab \u{2068}שלום\u{2069} 1cd", "ab " + backwards("שלום") + " 1cd"),
        ("ab שלום 1cd", "ab 1 " + backwards("שלום") + "cd"),
        // RLM, LRM: the "!" goes with the mark's direction.
        ("ab שלום!\u{200F} cd", "ab !" + backwards("שלום") + " cd"),
        ("שלום ab!\u{200E} עולם", backwards("עולם") + " ab! " + backwards("שלום")),
    ]

    /// Bracket pairs in right-to-left paragraphs (UAX #9 N0), with the
    /// ASCII parentheses and with U+27E6/U+27E7, a pair outside ASCII.
    static let brackets: [(String, String)] = [
        // The pair holds only Latin and follows Latin: it stays with it,
        // not split at the paragraph's direction (no ")" flung to the left).
        ("שלום book(s)", "book(s) " + backwards("שלום")),
        ("שלום book⟦s⟧", "book⟦s⟧ " + backwards("שלום")),
        // The pair holds Hebrew: it is right to left as a whole (its
        // brackets mirrored), though Latin stands on both sides of "(".
        ("עברית smith (fabrikam שלום) עולם",
         backwards("עולם") + " (" + backwards("שלום") + " fabrikam) smith " + backwards("עברית")),
        ("עברית smith ⟦fabrikam שלום⟧ עולם",
         backwards("עולם") + " ⟦" + backwards("שלום") + " fabrikam⟧ smith " + backwards("עברית")),
    ]

    /// The glyph of a space.
    func space() throws -> UInt32 {
        let glyphs = try renderer.layout("a a", style: style, width: .infinity).lines[0].runs.flatMap(\.glyphs)
        return glyphs.sorted { $0.x < $1.x }[1].id
    }

    /// The glyph ids of the single line of `text` from left to right,
    /// without spaces (nor the controls, which HarfBuzz sets as invisible
    /// spaces of no width).
    func inked(_ text: String) throws -> [UInt32] {
        let layout = try renderer.layout(text, style: style, width: .infinity)
        #expect(layout.lines.count == 1)
        let space = try space()
        return layout.lines.flatMap(\.runs).flatMap(\.glyphs).sorted { $0.x < $1.x }.map(\.id).filter { $0 != space }
    }

    /// The glyphs of `visual`'s letters, each set alone, in its order.
    func letters(_ visual: String) throws -> [UInt32] {
        try visual.filter { $0 != " " }.map { letter in
            let ids = try inked(String(letter))
            #expect(ids.count == 1)
            return try #require(ids.first)
        }
    }

    @Test(arguments: orders + brackets)
    func drawsInVisualOrder(_ text: String, visual: String) throws {
        #expect(try inked(text) == letters(visual))
    }

    /// Pillow with Raqm (FriBidi and HarfBuzz) draws each text as its
    /// visual order forced left to right: the expectations above are
    /// Raqm's too.
    @Test(.enabled(if: PillowReference.available, "needs python3 with Pillow built with Raqm"),
          arguments: orders + brackets)
    func pillowAgreesOnTheVisualOrder(_ text: String, visual: String) throws {
        #expect(PillowReference.drawsAlike(text, "\u{202D}" + visual + "\u{202C}", font: dejaVu, pixelSize: 40) == true)
    }

    /// The controls take no width: the line is as wide as Raqm sets it.
    @Test(.enabled(if: PillowReference.available, "needs python3 with Pillow built with Raqm"),
          arguments: orders + brackets)
    func widthMatchesPillow(_ text: String, visual: String) throws {
        let reference = try #require(PillowReference.length(of: text, font: dejaVu, pixelSize: 40))
        let measured = try renderer.measure(text, style: style).width
        #expect(abs(measured - reference) < 0.05, "measured \(measured), Pillow/Raqm \(reference)")
    }

    /// Levels are the paragraph's, resolved before it is broken: an
    /// override reverses each of the lines it spans.
    @Test func anOverrideHoldsAcrossLineBreaks() throws {
        let layout = try renderer.layout("abc \u{202E}def ghi", style: style, width: 200)
        #expect(layout.lines.map(\.text) == ["abc \u{202E}def", "ghi"])
        let space = try space()
        let lines = layout.lines.map { $0.runs.flatMap(\.glyphs).sorted { $0.x < $1.x }.map(\.id).filter { $0 != space } }
        #expect(lines == [try letters("abcfed"), try letters("ihg")])
    }

    /// A paragraph ends every embedding, override and isolate.
    @Test func aNewParagraphEndsAnOverride() throws {
        let layout = try renderer.layout("ab\u{202E}cd\nef", style: TextStyle(pixelSize: 40, preserveNewlines: true),
                                         width: .infinity)
        let space = try space()
        let lines = layout.lines.map { $0.runs.flatMap(\.glyphs).sorted { $0.x < $1.x }.map(\.id).filter { $0 != space } }
        #expect(lines == [try letters("abdc"), try letters("ef")])
    }

    /// An isolated Arabic name keeps "— 3" after it: not isolated, the
    /// digit after Arabic is an Arabic number (UAX #9 W2), and the dash and
    /// digit join the name's right-to-left run.
    @Test func anIsolatedArabicNameLeavesTheCountWhereItIs() throws {
        let name = try inked("عربي")
        #expect(name.count == 4)
        #expect(try inked("with \u{2068}عربي\u{2069} — 3 times") == letters("with") + name + letters("—3times"))
        #expect(try inked("with عربي — 3 times") == letters("with3—") + name + letters("times"))
    }
}

/// The controls themselves: never a box, a width or a warning.
@Suite(.enabled(if: Fonts.haveLatin, "needs DejaVu Sans (fonts-dejavu-core)"))
struct BidiControlGlyphTests {
    /// LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM.
    static let controls: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}",
    ]

    /// Between letters that look the same in any order, a control changes
    /// nothing drawn; fonts come from fontconfig, as on cards.
    @Test(arguments: controls)
    func aControlDrawsNothingAndIsNotMissing(_ control: Unicode.Scalar) throws {
        let watched = try WatchedRenderer()
        let renderer = watched.renderer
        let style = TextStyle(pixelSize: 40)
        let layout = try renderer.layout("oo" + String(control) + "oo", style: style, width: .infinity)
        let plain = try renderer.layout("oooo", style: style, width: .infinity)
        #expect(layout.missingCharacters.isEmpty)
        #expect(watched.warnings.isEmpty)
        // Glyph 0 is the font's "missing glyph" box.
        #expect(!layout.lines.flatMap(\.runs).flatMap(\.glyphs).contains { $0.id == 0 })
        #expect(abs(layout.size.width - plain.size.width) < 1e-9)

        var drawn = Raster(width: 200, height: 60, fill: .white), expected = drawn
        renderer.draw(layout, into: &drawn, at: Point(x: 10, y: 0))
        renderer.draw(plain, into: &expected, at: Point(x: 10, y: 0))
        #expect(Ink(expected, background: .white).count > 200)
        #expect(drawn == expected)
    }
}

/// An isolate keeps a Hebrew name from taking Korean text with it.
@Suite(.enabled(if: Fonts.haveBoth, "needs DejaVu Sans (fonts-dejavu-core) and NanumGothic (fonts-nanum)"))
struct KoreanBidiIsolateTests {
    @Test func anIsolatedHebrewNameKeepsTheKoreanAroundIt() throws {
        let renderer = try TextRenderer(discovery: .faces([try #require(Fonts.dejaVuSans), try #require(Fonts.nanumGothic)]
            .map { FontFace(path: $0) }))
        let style = TextStyle(pixelSize: 40)
        func visual(_ text: String) throws -> [TextLayout.Glyph] {
            try renderer.layout(text, style: style, width: .infinity).lines[0].runs.flatMap(\.glyphs).sorted { $0.x < $1.x }
        }
        func glyph(_ character: Character) throws -> UInt32 { try #require(visual(String(character)).first).id }
        let name = try visual("שלום").map(\.id)
        let space = try visual("a a")[1].id
        let (movie, first, one, th) = (try glyph("영"), try glyph("화"), try glyph("1"), try glyph("등"))

        // "영화 ⁨שלום⁩ 1등": the name reads right to left in its place.
        #expect(try visual("영화 \u{2068}שלום\u{2069} 1등").map(\.id).filter { $0 != space }
                == [movie, first] + name + [one, th])
        // Not isolated, the "1" after Hebrew goes with it, before the name.
        #expect(try visual("영화 שלום 1등").map(\.id).filter { $0 != space } == [movie, first, one] + name + [th])
    }
}
