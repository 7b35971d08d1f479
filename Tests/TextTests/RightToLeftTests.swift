import Dispatch
import PhotiCaseRaster
import Synchronization
import Testing
@testable import PhotiCaseText

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

/// The bidi resolution on its own (FriBidi through `Bidi`).
struct BidiTests {
    func levels(_ text: String, _ direction: Bidi.Direction = .auto) throws -> [UInt8] {
        try Bidi.paragraph(Array(text), direction: direction).levels
    }

    /// The visual order of a whole paragraph set as one line.
    func order(_ text: String) throws -> [Int] {
        let paragraph = try Bidi.paragraph(Array(text), direction: .auto)
        return try Bidi.visualOrder(levels: paragraph.levels, classes: paragraph.classes, baseLevel: paragraph.baseLevel)
    }

    @Test func levelsAndOrder() throws {
        #expect(try levels("ab") == [0, 0])
        #expect(try levels("ab عر") == [0, 0, 0, 1, 1])
        #expect(try levels("عر ab") == [1, 1, 1, 2, 2])
        #expect(try levels("عر 12") == [1, 1, 1, 2, 2])
        #expect(try levels("ab 12") == [0, 0, 0, 0, 0])
        #expect(try levels("ع 1.5") == [1, 1, 2, 2, 2])
        #expect(try levels("ab ع (ש)") == [0, 0, 0, 1, 1, 1, 1, 1])
        #expect(try levels("ab (ש)") == [0, 0, 0, 0, 1, 0])
        #expect(try levels("ש (ab)") == [1, 1, 1, 2, 2, 1])
        #expect(try levels("ש (ab) ש") == [1, 1, 1, 2, 2, 1, 1, 1])
        #expect(try order("ab שש a") == [0, 1, 2, 4, 3, 5, 6])
        #expect(try order("שש ab ש") == [6, 5, 3, 4, 2, 1, 0])
        #expect(try order("") == [])
    }

    @Test func paragraphDirection() throws {
        // Automatic: the first strong letter, not counting an isolate's.
        #expect(try Bidi.paragraph(Array("12 ש"), direction: .auto).baseLevel == 1)
        #expect(try Bidi.paragraph(Array("\u{2067}ש\u{2069} ab"), direction: .auto).baseLevel == 0)
        // No strong letter at all: left to right.
        #expect(try Bidi.paragraph(Array("12 !"), direction: .auto).baseLevel == 0)
        #expect(try Bidi.paragraph([], direction: .auto) == Bidi.Paragraph(leftToRight: 0))
        // Asked for: the letters keep their own direction inside it.
        #expect(try Bidi.paragraph(Array("ab"), direction: .rightToLeft).baseLevel == 1)
        #expect(try levels("ab", .rightToLeft) == [2, 2])
        #expect(try levels("שש", .leftToRight) == [1, 1])
    }

    /// A grapheme of several scalars has one level, its first scalar's.
    @Test func oneLevelPerGrapheme() throws {
        // e + acute; shin with a dagesh and a shin dot; a family emoji.
        let text: [Character] = ["e\u{301}", "b", " ", "\u{5E9}\u{5BC}\u{5C1}", "\u{5DC}", " ", "👨\u{200D}👩\u{200D}👧"]
        #expect(text.count == 7)
        let paragraph = try Bidi.paragraph(text, direction: .auto)
        #expect(paragraph.levels == [0, 0, 0, 1, 1, 0, 0])
        #expect(paragraph.classes.count == 7)
        #expect(try Bidi.visualOrder(levels: paragraph.levels, classes: paragraph.classes, baseLevel: 0)
                == [0, 1, 2, 4, 3, 5, 6])
    }

    /// The visual order of a paragraph's graphemes other than controls.
    func visibleOrder(_ text: String) throws -> [Int] {
        let characters = Array(text)
        return try order(text).filter { !characters[$0].unicodeScalars.first!.properties.isBidiControl }
    }

    @Test func explicitControls() throws {
        // RLO: "def" right to left whatever its letters.
        #expect(try visibleOrder("abc\u{202E}def\u{202C}ghi") == [0, 1, 2, 6, 5, 4, 8, 9, 10])
        // LRO: Hebrew left to right, in logical order, in a right-to-left paragraph.
        #expect(try visibleOrder("ש \u{202D}אב\u{202C}") == [3, 4, 1, 0])
        // RLE: the embedded words run right to left, each still left to
        // right; "!" at the embedding's end goes to its left.
        #expect(try visibleOrder("\u{202B}ab cd!\u{202C}") == [6, 1, 2, 3, 4, 5])
        // RLI: the same, isolated.
        #expect(try visibleOrder("x \u{2067}ab cd!\u{2069}") == [0, 1, 8, 3, 4, 5, 6, 7])
        // An isolate's contents do not touch what is around it: the digit
        // after an isolated Hebrew word stays in the Latin text.
        #expect(try levels("ab \u{2068}ש\u{2069} 1") == [0, 0, 0, 0, 1, 0, 0, 0])
        #expect(try levels("ab ש 1") == [0, 0, 0, 1, 1, 2])
    }

    /// Whitespace and controls ending a line take the paragraph's level
    /// (UAX #9 L1), wherever the line was cut.
    @Test func trailingWhitespaceGoesToTheParagraphsEnd() throws {
        let paragraph = try Bidi.paragraph(Array("ש ab cd"), direction: .auto)
        #expect(paragraph.baseLevel == 1)
        #expect(paragraph.levels == [1, 1, 2, 2, 2, 2, 2])
        // The line "ש ab ": its last space goes to the left end.
        #expect(try Bidi.visualOrder(levels: Array(paragraph.levels[..<5]), classes: Array(paragraph.classes[..<5]),
                                     baseLevel: 1) == [4, 2, 3, 1, 0])
        // So does a control after it.
        let closed = try Bidi.paragraph(Array("ש ab \u{202C}cd"), direction: .auto)
        #expect(try Bidi.visualOrder(levels: Array(closed.levels[..<6]), classes: Array(closed.classes[..<6]),
                                     baseLevel: 1) == [5, 4, 2, 3, 1, 0])
    }

    /// FriBidi keeps no state between calls (Debian builds it with plain
    /// malloc, without the shared free list of runs other builds keep), so
    /// renderers on several threads may resolve paragraphs at once.
    @Test func resolvesOnSeveralThreadsAtOnce() throws {
        let texts = ["ab \u{2068}שלום\u{2069} 1cd", "عربي - 12.5%", "שלום book⟦s⟧", "abc\u{202E}def\u{202C}ghi",
                     "Film عربي (שלום) 2023", "헤어질 결심", String(repeating: "ab ש (1) ", count: 40)]
        let expected = try texts.map { try Bidi.paragraph(Array($0), direction: .auto) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<400 {
                let i = (thread + round) % texts.count
                if (try? Bidi.paragraph(Array(texts[i]), direction: .auto)) != expected[i] {
                    mismatches.withLock { $0 += 1 }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
