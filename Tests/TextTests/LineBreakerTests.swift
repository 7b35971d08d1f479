import Testing
@testable import Text
import Diary

/// Line breaking on synthetic atoms: every grapheme 10 px wide, spaces 5 px,
/// the ellipsis 10 px. Independent of installed fonts.
struct LineBreakerTests {
    static func atoms(_ text: String) -> [Atom] {
        text.map { Atom(character: $0, advance: $0 == " " ? 5 : 10) }
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

    @Test func emptyMemoLinesStay() {
        #expect(Self.texts("a\n\nb", width: 100).lines == ["a", "", "b"])
        #expect(Self.texts("a\n\nb", width: 100, maxLines: 2) == (["a", "…"], true))
    }
}
