import Testing
import PhotiCaseText

/// Terminal cells: East Asian wide characters take two.
@Suite struct DisplayWidthTests {
    @Test func hangulCountsTwoCells() {
        #expect(DisplayWidth.cells("헤어질 결심") == 11)
        #expect(DisplayWidth.cells("dune") == 4)
        #expect(DisplayWidth.cells("🎬") == 2)
        #expect(DisplayWidth.cells("e\u{301}") == 1)
        #expect(DisplayWidth.cells("❤️") == 2)
    }

    @Test func truncationKeepsTheEndWithinTheLimit() {
        // "어" would make ten cells: the cut falls before it.
        #expect(DisplayWidth.truncating("2022-08-20-헤어질-결심", to: 9, keepEnd: true) == "…질-결심")
        #expect(DisplayWidth.truncating("가나다라", to: 5, keepEnd: false) == "가나…")
        #expect(DisplayWidth.truncating("short", to: 10, keepEnd: true) == "short")
    }

    /// Control characters (C0, DEL, C1, an escape sequence's ESC) and line
    /// or paragraph separators show as "?"; the rest, tabs aside, stays.
    @Test func printableShowsControlsAsQuestionMarks() {
        #expect(DisplayWidth.printable("bad\u{1B}[31mRED") == "bad?[31mRED")
        #expect(DisplayWidth.printable("a\nb\r\nc\td\u{7F}e\u{85}f") == "a?b?c?d?e?f")
        #expect(DisplayWidth.printable("x\u{2028}y\u{2029}z") == "x?y?z")
        #expect(DisplayWidth.printable("헤어질 결심 👩🏽‍💻 é") == "헤어질 결심 👩🏽‍💻 é")
    }
}
