import Testing
@testable import PhotiCaseText
import PhotiCaseDiary

/// Line breaking on synthetic atoms: every grapheme 10 px wide, spaces 5 px,
/// the ellipsis 10 px. Independent of installed fonts.
struct LineBreakerTests {
    /// The atoms of `text` with the opportunities the shaper marks
    /// (UAX #14 by libunibreak, Korean words kept whole).
    static func atoms(_ text: String) -> [Atom] {
        var atoms = text.map { Atom(character: $0, advance: $0 == " " ? 5 : 10) }
        let scalars = text.unicodeScalars.map(\.value)
        let opportunities = scalars.withUnsafeBufferPointer { UnicodeLineBreaks.opportunities($0, language: "ko") }
        var end = 0
        for i in atoms.indices.dropLast() {
            end += atoms[i].character.unicodeScalars.count
            atoms[i].breakAfter = ParagraphShaper.breaks(after: atoms[i].character, before: atoms[i + 1].character,
                                                         opportunity: opportunities[end - 1])
        }
        return atoms
    }

    static func texts(_ text: String, width: Double, maxLines: Int? = nil) -> (lines: [String], truncated: Bool) {
        let paragraphs = TextCleaner.paragraphs(text, preserveNewlines: true).map(atoms)
        let result = LineBreaker(width: width, maxLines: maxLines).lines(paragraphs, ellipsis: atoms("…"))
        return (result.lines.map { String($0.map(\.character)) }, result.truncated)
    }

    @Test func breaksBetweenWordsGreedily() {
        // "aaa bbb" is 65 px; adding " ccc" makes 100.
        #expect(Self.texts("aaa bbb ccc", width: 75).lines == ["aaa bbb", "ccc"])
        #expect(Self.texts("aaa bbb ccc", width: 100).lines == ["aaa bbb ccc"])
        #expect(Self.texts("aaa bbb ccc", width: 99.9).lines == ["aaa bbb", "ccc"])
    }

    @Test func koreanWordsStayWhole() {
        // keep-all: a 4-syllable word moves to the next line whole.
        #expect(Self.texts("헤어질 결심은 좋은 영화", width: 60).lines == ["헤어질", "결심은 좋은", "영화"])
    }

    @Test func overlongWordBreaksBetweenGraphemes() {
        #expect(Self.texts("abcdefghij", width: 35).lines == ["abc", "def", "ghi", "j"])
        #expect(Self.texts("ab 가나다라마바사 cd", width: 35).lines == ["ab", "가나다", "라마바", "사 cd"])
    }

    @Test func textThatFitsIsNotTruncated() {
        let result = Self.texts("aaa bbb", width: 30, maxLines: 2)
        #expect(result.lines == ["aaa", "bbb"])
        #expect(!result.truncated)
    }

    @Test func overflowEndsInAnEllipsisThatFits() {
        // "bbb…" would be 40 px: one grapheme goes.
        let result = Self.texts("aaa bbb ccc ddd", width: 35, maxLines: 2)
        #expect(result.lines == ["aaa", "bb…"])
        #expect(result.truncated)
        // A space before the cut is dropped rather than kept before "…".
        #expect(Self.texts("aa b ccc", width: 40, maxLines: 1).lines == ["aa…"])
    }

    @Test func latinBreaksAfterAHyphenAndChineseBetweenLetters() {
        // UAX #14: after a hyphen; Korean words stay whole (keep-all), Han
        // and kana break between letters as Chinese and Japanese do.
        #expect(Self.texts("Spider-Man", width: 75).lines == ["Spider-", "Man"])
        #expect(Self.texts("헤어질결심 영화", width: 55).lines == ["헤어질결심", "영화"])
        #expect(Self.texts("千と千尋の神隠し", width: 45).lines == ["千と千尋", "の神隠し"])
        // No break before closing punctuation or after opening.
        #expect(Self.texts("(abc) def", width: 55).lines == ["(abc)", "def"])
        #expect(!Self.texts("a-b", width: 100).lines.isEmpty)
    }

    @Test func aLongWordIsSplitInLinearTime() {
        // 200,000 graphemes in one word, lines of 3: the breaker stops
        // once the lines are full, and each step is linear.
        let word = String(repeating: "x", count: 200_000)
        let result = Self.texts(word, width: 35, maxLines: 4)
        #expect(result.lines == ["xxx", "xxx", "xxx", "xx…"])
        #expect(result.truncated)
        let all = Self.texts(String(repeating: "y", count: 30_000), width: 35)
        #expect(all.lines.count == 10_000)
        #expect(all.lines.allSatisfy { $0 == "yyy" })
    }

    @Test func textPastTheWindowEndsInAnEllipsis() {
        let result = LineBreaker(width: 100, maxLines: 3).lines([Self.atoms("aaa bbb")], ellipsis: Self.atoms("…"),
                                                                moreFollows: true)
        #expect(result.lines.map { String($0.map(\.character)) } == ["aaa bbb…"])
        #expect(result.truncated)
    }

    @Test func emptyMemoLinesStay() {
        #expect(Self.texts("a\n\nb", width: 100).lines == ["a", "", "b"])
        #expect(Self.texts("a\n\nb", width: 100, maxLines: 2) == (["a", "…"], true))
    }
}

/// libunibreak is handed every scalar there is, after a letter, after a
/// space and doubled: none may stop the process (Debian 12's 1.1 aborts on
/// an assertion for regional indicators and for U+FFFF, which the binding
/// hands over as an ideograph and U+FFFD).
struct UnicodeLineBreaksTests {
    @Test func everyScalarIsBrokenWithoutAborting() {
        var chunk: [UInt32] = []
        for value in UInt32(0)...0x10FFFF where Unicode.Scalar(value) != nil {
            chunk += [0x61, value, 0x20, value, value]
            if chunk.count >= 5 * 4096 {
                let result = chunk.withUnsafeBufferPointer { UnicodeLineBreaks.opportunities($0, language: "ko") }
                #expect(result.count == chunk.count)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        let result = chunk.withUnsafeBufferPointer { UnicodeLineBreaks.opportunities($0, language: "en") }
        #expect(result.count == chunk.count)
    }

    @Test func flagsBreakAroundButNotWithin() {
        // 🇰🇷🇺🇸 a: a line may end between the two flags and before "a".
        let text = "\u{1F1F0}\u{1F1F7}\u{1F1FA}\u{1F1F8} a"
        let scalars = text.unicodeScalars.map(\.value)
        let result = scalars.withUnsafeBufferPointer { UnicodeLineBreaks.opportunities($0, language: "ko") }
        #expect(result[1] == .allowed)
        #expect(result[4] == .allowed)
    }
}
