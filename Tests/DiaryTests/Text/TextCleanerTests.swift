import Testing
@testable import PhotiCaseDiary
import PhotiCaseDiary

struct TextCleanerTests {
    @Test(arguments: [
        ("  헤어질   결심  ", "헤어질 결심"),
        ("a\n\tb\r\nc", "a b c"),
        ("\n \t", ""),
        ("no\u{00A0}break", "no\u{00A0}break"),
    ])
    func collapses(_ text: String, _ expected: String) {
        #expect(TextCleaner.collapsingWhitespace(text) == expected)
    }

    /// The byte-level shortcut must give what walking the characters
    /// gives, on every text: the ones it must refuse (a space joined to a
    /// combining mark is one character that counts as whitespace; the
    /// ideographic space) and random mixes of what titles hold.
    @Test(arguments: [
        "a \u{301}b", " \u{301}", "a \u{FE0F}b", "e\u{301} 가", "가 나", "a  b", " a", "a ", "", " ",
        "a\u{3000}b", "a\u{2009}b", "a\u{00A0} b", "a\u{0085}b", "a\u{1680}b", "a \u{A66F}b", "a \u{D7B0}",
        "a \u{1100}\u{1161}", "😀 👍🏽", "a \u{200D}b", "\u{0600} 1", "Mission: Impossible", "헤어질 결심",
    ])
    func shortcutAgreesWithTheCharacterWalk(_ text: String) {
        #expect(TextCleaner.collapsingWhitespace(text) == TextCleaner.collapsingByCharacter(text))
        #expect(TextCleaner.collapsingWhitespace(Substring(text)) == TextCleaner.collapsingByCharacter(text))
    }

    @Test func shortcutAgreesOnRandomTexts() {
        let pieces: [String] = ["a", "Z", "1", ".", " ", "  ", "\t", "\n", "\r\n", "가", "힣", "\u{301}", "\u{FE0F}",
                                "\u{200D}", "\u{00A0}", "\u{3000}", "\u{2003}", "\u{1161}", "\u{11A8}", "\u{A66F}",
                                "😀", "🏽", "é", "ß", "\u{0600}", "&", "<b>"]
        var generator = SystemRandomNumberGenerator()
        var shortcuts = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            if TextCleaner.isCollapsed(text.utf8) { shortcuts += 1 }
            #expect(TextCleaner.collapsingWhitespace(text) == TextCleaner.collapsingByCharacter(text), "\(Array(text.unicodeScalars))")
        }
        // Both paths were taken.
        #expect(shortcuts > 1_000 && shortcuts < 19_000)
    }

    @Test func titlesFoldNewlines() {
        #expect(TextCleaner.paragraphs(" 헤어질\n결심 ", preserveNewlines: false) == ["헤어질 결심"])
        #expect(TextCleaner.paragraphs(" \n ", preserveNewlines: false) == [])
    }

    @Test func memosKeepNewlines() {
        let memo = "\n\n첫 줄  memo \n\n\n\n둘째 줄\r\n셋째\n\n"
        #expect(TextCleaner.paragraphs(memo, preserveNewlines: true) == ["첫 줄 memo", "", "둘째 줄", "셋째"])
    }
}

/// The bounded readers of long text: a memo's first line, the marks a
/// grapheme keeps, a title as shown.
struct BoundedTextTests {
    @Test func theFirstLineSkipsBlankLinesAndStopsAtTheLimit() {
        #expect(TextCleaner.firstLine("\n  \n  첫  줄 \n둘째") == "첫 줄")
        #expect(TextCleaner.firstLine(" \n\t\n") == nil)
        #expect(TextCleaner.firstLine(nil) == nil)
        let long = String(repeating: "ab ", count: 1_000_000)
        let line = TextCleaner.firstLine(long, limit: 10)
        #expect(line == "ab ab ab a")
        #expect(TextCleaner.firstLine(String(repeating: "가", count: 2_000_000))?.count == TextCleaner.lineExcerptLimit)
    }

    @Test func aGraphemeKeepsThirtyMarks() {
        let text = "x" + String(repeating: "\u{0301}", count: 5_000) + "y"
        let safe = TextCleaner.streamSafe(text)
        #expect(safe.cut)
        #expect(safe.text.unicodeScalars.count == TextCleaner.scalarsPerGraphemeLimit + 1)
        #expect(safe.text.count == 2)
        let plain = TextCleaner.streamSafe("e\u{0301} 헤어질 결심 👨‍👩‍👧‍👦")
        #expect(!plain.cut)
        #expect(plain.text == "e\u{0301} 헤어질 결심 👨‍👩‍👧‍👦")
    }

    @Test func aTitleAsShownReadsOnlyItsBeginning() {
        #expect(SearchTitle.shown("<b>헤어질</b>  결심") == "헤어질 결심")
        let long = String(repeating: "x", count: 4 << 20)
        #expect(SearchTitle.shown(long).count == SearchTitle.shownLimit)
        let marks = "a" + String(repeating: "\u{0301}", count: 100_000) + String(repeating: "b", count: 5_000)
        let shown = SearchTitle.shown(marks)
        #expect(shown.first?.unicodeScalars.count == TextCleaner.scalarsPerGraphemeLimit)
        #expect(shown.count <= SearchTitle.shownLimit)
        // Many '<' cost the title's length, not its square.
        #expect(SearchTitle.clean(String(repeating: "<", count: 200_000)).count == 200_000)
    }
}
