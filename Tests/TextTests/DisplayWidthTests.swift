import Testing
import Text

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
}
