import Raster
import Testing
@testable import Text

/// Right-to-left text is shaped in logical order, each run in its own
/// direction, and its graphemes are placed from right to left.
@Suite(.enabled(if: Fonts.haveLatin, "needs DejaVu Sans (fonts-dejavu-core)"))
struct RightToLeftTests {
    let renderer: TextRenderer
    let style = TextStyle(pixelSize: 40)

    init() throws {
        // DejaVu Sans alone: it has Arabic, Hebrew and Latin.
        renderer = try TextRenderer(discovery: .faces([FontFace(path: try #require(Fonts.dejaVuSans))]))
    }

    /// The glyph ids of the single line of `text`, from left to right.
    func visualGlyphs(_ text: String, _ style: TextStyle? = nil) throws -> [UInt32] {
        let layout = try renderer.layout(text, style: style ?? self.style, width: .infinity)
        let line = try #require(layout.lines.first)
        #expect(layout.lines.count == 1)
        return line.runs.flatMap(\.glyphs).sorted { $0.x < $1.x }.map(\.id)
    }

    /// The glyph of a space (set alone, it would be trimmed).
    func space() throws -> UInt32 { try visualGlyphs("a a")[1] }

    /// The glyph of one character set alone (for an Arabic presentation
    /// form: that form, which the shaper leaves as it is).
    func glyph(_ scalar: Unicode.Scalar) throws -> UInt32 {
        let ids = try visualGlyphs(String(Character(scalar)))
        #expect(ids.count == 1)
        return try #require(ids.first)
    }

    @Test func arabicJoinsInReadingOrderAndRunsRightToLeft() throws {
        // عربي: ain initial, reh final, beh initial, yeh final, read from
        // the right; so from the left: yeh final, beh initial, reh final,
        // ain initial. Shaped reversed (the bug), it was yeh initial, beh
        // medial, reh final, ain isolated, with ain on the left.
        let expected = try [0xFEF2, 0xFE91, 0xFEAE, 0xFECB].map { try glyph(Unicode.Scalar($0)!) }
        #expect(try visualGlyphs("عربي") == expected)
    }

    @Test func arabicWordsAreNotSpelledBackwards() throws {
        let ids = try visualGlyphs("مرحبا بالعالم")
        // Reversed, "بالعالم" shows two lam-alef ligatures; it has none.
        let lamAlef = try [0xFEFB, 0xFEFC].map { try glyph(Unicode.Scalar($0)!) }
        #expect(!ids.contains { lamAlef.contains($0) })
        // The first word's initial meem is rightmost, the last word's final
        // meem leftmost.
        #expect(ids.last == (try glyph(Unicode.Scalar(0xFEE3)!)))
        #expect(ids.first == (try glyph(Unicode.Scalar(0xFEE2)!)))
        // The first word is on the right: its glyphs are those of it set alone.
        let first = try visualGlyphs("مرحبا")
        #expect(Array(ids.suffix(first.count)) == first)
    }

    @Test func hebrewRunsRightToLeft() throws {
        let ids = try visualGlyphs("שלום")
        let letters = try ["ש", "ל", "ו", "ם"].map { try glyph($0.unicodeScalars.first!) }
        #expect(ids == letters.reversed())
    }

    @Test func arabicInsideLatinIsReversedAsAWholeAndDigitsKeepTheirOrder() throws {
        let arabic = try visualGlyphs("عربي")
        let space = try space()
        // Latin first, the Arabic word right to left; digits after Arabic
        // belong to it (UAX #9 W2), so they stand to its left, still 2023.
        let ids = try visualGlyphs("Film عربي 2023")
        let film = try visualGlyphs("Film"), year = try visualGlyphs("2023")
        #expect(ids == film + [space] + year + [space] + arabic)
        // A paragraph that starts in Arabic runs right to left: the Latin
        // word after the Arabic one stands to its left.
        #expect(try visualGlyphs("عربي Film") == film + [space] + arabic)
    }

    @Test func bracketsAroundRightToLeftTextStayAPair() throws {
        let hebrew = try visualGlyphs("שלום"), arabic = try visualGlyphs("عربي")
        let open = try glyph("("), close = try glyph(")"), space = try space()
        // After Arabic, the brackets go right to left with what they hold,
        // each mirrored: still "(" on the left and ")" on the right.
        #expect(try visualGlyphs("Film عربي (שלום)")
                == (try visualGlyphs("Film")) + [space, open] + hebrew + [close, space] + arabic)
        // After Latin, they stay left to right around the Hebrew.
        #expect(try visualGlyphs("Film (שלום)") == (try visualGlyphs("Film")) + [space, open] + hebrew + [close])
    }

    @Test func arabicParagraphPutsItsNumberOnTheLeftInOrder() throws {
        let arabic = try visualGlyphs("عربي")
        let digits = try visualGlyphs("123")
        #expect(try visualGlyphs("عربي 123") == digits + [try space()] + arabic)
        // Arabic-Indic digits too read left to right.
        let indic = try visualGlyphs("١٢٣")
        #expect(indic == (try ["١", "٢", "٣"].map { try glyph($0.unicodeScalars.first!) }))
    }

    @Test func rightToLeftLineBoundsStayInTheBox() throws {
        let layout = try renderer.layout("مرحبا بالعالم، مرحبا بالعالم", style: TextStyle(pixelSize: 30, alignment: .trailing),
                                         width: 220)
        #expect(layout.lines.count == 2)
        for line in layout.lines {
            let xs = line.runs.flatMap(\.glyphs).map(\.x)
            #expect((xs.min() ?? 0) >= -1e-9)
            #expect((xs.max() ?? 0) < line.width)
        }
        // Lines keep logical order in their text; the first has the first words.
        #expect(layout.lines.map(\.text).joined(separator: " ") == "مرحبا بالعالم، مرحبا بالعالم")
        #expect(layout.lines[0].text.hasPrefix("مرحبا بالعالم"))
    }

    @Test func aCutRightToLeftLineEndsWithTheEllipsisOnItsLeft() throws {
        let style = TextStyle(pixelSize: 30, maxLines: 1)
        let layout = try renderer.layout("مرحبا بالعالم مرحبا بالعالم", style: style, width: 220)
        #expect(layout.truncated)
        let line = try #require(layout.lines.first)
        let leftmost = line.runs.flatMap(\.glyphs).min { $0.x < $1.x }
        #expect(leftmost?.id == (try glyph("\u{2026}")))
    }
}

/// The bidi resolution on its own.
struct BidiTests {
    @Test func classes() {
        #expect(Bidi.class(of: "a") == .left)
        #expect(Bidi.class(of: "한") == .left)
        #expect(Bidi.class(of: "ع") == .right)
        #expect(Bidi.class(of: "ש") == .right)
        #expect(Bidi.class(of: "7") == .number)
        #expect(Bidi.class(of: "٣") == .number)
        #expect(Bidi.class(of: " ") == .neutral)
        #expect(Bidi.class(of: "é") == .left)
        #expect(Bidi.class(of: "\u{200F}") == .right)
    }

    @Test func levelsAndOrder() {
        func levels(_ text: String) -> [UInt8] {
            let classes = text.map(Bidi.class(of:))
            return Bidi.levels(classes, base: Bidi.baseLevel(classes))
        }
        #expect(levels("ab") == [0, 0])
        #expect(levels("ab عر") == [0, 0, 0, 1, 1])
        #expect(levels("عر ab") == [1, 1, 1, 2, 2])
        #expect(levels("عر 12") == [1, 1, 1, 2, 2])
        #expect(levels("ab 12") == [0, 0, 0, 0, 0])
        #expect(levels("ع 1.5") == [1, 1, 2, 2, 2])
        #expect(levels("ab ع (ש)") == [0, 0, 0, 1, 1, 1, 1, 1])
        #expect(levels("ab (ש)") == [0, 0, 0, 0, 1, 0])
        #expect(levels("ש (ab)") == [1, 1, 1, 2, 2, 1])
        #expect(levels("ש (ab) ש") == [1, 1, 1, 2, 2, 1, 1, 1])
        #expect(Bidi.visualOrder([0, 0, 1, 1, 0]) == [0, 1, 3, 2, 4])
        #expect(Bidi.visualOrder([1, 1, 2, 2, 1]) == [4, 2, 3, 1, 0])
        #expect(Bidi.visualOrder([]) == [])
    }
}
