import Testing
import Text

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

    @Test func titlesFoldNewlines() {
        #expect(TextCleaner.paragraphs(" 헤어질\n결심 ", preserveNewlines: false) == ["헤어질 결심"])
        #expect(TextCleaner.paragraphs(" \n ", preserveNewlines: false) == [])
    }

    @Test func memosKeepNewlines() {
        let memo = "\n\n첫 줄  memo \n\n\n\n둘째 줄\r\n셋째\n\n"
        #expect(TextCleaner.paragraphs(memo, preserveNewlines: true) == ["첫 줄 memo", "", "둘째 줄", "셋째"])
    }
}
