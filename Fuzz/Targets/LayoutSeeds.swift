import PhotiCaseDiary

/// Hostile entries for the layout target's seed corpus, made here rather
/// than copied: the inputs a real diary gets that text layout finds hard
/// (a pasted URL or blob as a title, long words, many friends, right-to-left
/// text, emoji sequences, stacks of combining marks, odd spaces). Each is a
/// valid entry.json. `photicase-fuzz --seeds layout DIR` writes them;
/// scripts/fuzz.sh seeds the layout target with them and fixtures/book.
///
/// Their sizes are capped (`wordLength`, `friendCount`): they are seeds for
/// mutation, and the fuzzer's `-max_len` bounds what it grows them to.
public enum LayoutSeeds {
    /// The length of the long words, in characters.
    public static let wordLength = 2_000
    /// The number of friends of the many-friends entry.
    public static let friendCount = 500

    /// File name and entry.json bytes of each seed.
    public static var all: [(name: String, bytes: [UInt8])] {
        let word = String(repeating: "가나다라마바사", count: wordLength / 7)
        let blob = String((0..<wordLength).map { i in
            Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")[(i * 37 + i / 3) % 64]
        })
        let shortWords = Array(repeating: "the quick brown fox jumps over a lazy dog", count: wordLength / 40)
            .joined(separator: " ")
        let friends = (0..<friendCount).map { "친구\($0)" }
        let arabic = "مرحبا بالعالم \u{202E}abc\u{202C} ١٢٣ שלום עולם (123) \u{2067}إلى\u{2069} end"
        let emoji = "👩‍👩‍👧‍👦🏳️‍🌈🇰🇷👍🏽1️⃣🫶🏿 " + String(repeating: "🧑🏻‍🤝‍🧑🏿", count: 60)
        let combining = "e" + String(repeating: "\u{0301}\u{0316}\u{0358}", count: 60) + " 가\u{11A8}\u{11B7} ᄀᄀᄀ"
        let spaces = "a\tb\u{00A0}c\u{2028}d\u{3000}e\u{200B}f\u{00AD}g\u{FEFF}h\u{0085}i\r\nj\u{FFFD}\u{E000}"
        return [
            ("long-word-title.json", entry(title: word, memo: word)),
            ("url-title.json", entry(title: "https://example.com/photo?data=" + blob, memo: blob, director: blob)),
            ("short-words-memo.json", entry(title: shortWords, memo: shortWords)),
            ("many-friends.json", entry(title: "친구들과", memo: "함께", friends: friends)),
            ("rtl.json", entry(title: arabic, memo: String(repeating: arabic + " ", count: 20), director: arabic,
                               friends: [arabic, "שלום"], kind: "performance")),
            ("emoji.json", entry(title: emoji, memo: emoji, friends: ["👩‍👩‍👧‍👦", "🇰🇷"], kind: "concert")),
            ("combining.json", entry(title: combining, memo: String(repeating: combining, count: 10),
                                     friends: [combining], kind: "exhibition")),
            ("spaces.json", entry(title: spaces, memo: spaces, director: spaces, friends: [spaces, " "],
                                  kind: "book")),
        ].map { (name: $0.0, bytes: Array($0.1.utf8)) }
    }

    static func entry(title: String, memo: String, director: String? = nil, friends: [String] = [],
                      kind: String = "movie") -> String {
        var fields = [
            "\"title\": \(JSONWriter.quoted(title))",
            "\"date\": \"2024-02-29\"",
            "\"rating\": 4.5",
            "\"kind\": \(JSONWriter.quoted(kind))",
            "\"memo\": \(JSONWriter.quoted(memo))",
            "\"friends\": [\(friends.map(JSONWriter.quoted).joined(separator: ", "))]",
            "\"front\": {\"photo\": \"front.jpg\", \"crop\": {\"rect\": [0.1, 0.2, 0.8, 0.6]}}",
            "\"back\": {\"photo\": \"back.png\"}",
        ]
        if let director { fields.append("\"director\": \(JSONWriter.quoted(director))") }
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }
}
