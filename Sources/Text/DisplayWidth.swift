/// How many terminal cells text takes: East Asian wide and fullwidth
/// characters (Hangul, Han, kana, most emoji) two, combining marks and
/// invisible format characters none, everything else one.
public enum DisplayWidth {
    /// The cells `text` takes.
    public static func cells(_ text: String) -> Int {
        text.reduce(0) { $0 + cells($1) }
    }

    /// The cells one character (grapheme) takes.
    public static func cells(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: isWide) { return 2 }
        if character.unicodeScalars.count > 1,
           character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return first.properties.isDefaultIgnorableCodePoint ? 0 : 1
        }
    }

    /// `text` cut to at most `limit` cells with "…" where it was cut: at
    /// the start when `keepEnd` (file names differ at their ends), else at the end.
    public static func truncating(_ text: String, to limit: Int, keepEnd: Bool) -> String {
        guard cells(text) > limit else { return text }
        guard limit >= 1 else { return "" }
        var kept: [Character] = []
        var used = 1
        for character in keepEnd ? Array(text.reversed()) : Array(text) {
            let c = cells(character)
            if used + c > limit { break }
            kept.append(character)
            used += c
        }
        return keepEnd ? "…" + String(kept.reversed()) : String(kept) + "…"
    }

    /// `text` with control characters and line or paragraph separators
    /// shown as "?": a newline in a name would break the line, an escape
    /// sequence in a folder's name would drive the terminal (the progress
    /// bar, stderr, render.log).
    public static func printable(_ text: String) -> String {
        String(text.map { character in
            character.unicodeScalars.contains {
                switch $0.properties.generalCategory {
                case .control, .lineSeparator, .paragraphSeparator: true
                default: false
                }
            } ? "?" : character
        })
    }

    /// East Asian Wide or Fullwidth (UAX #11), and emoji shown as emoji.
    private static func isWide(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if s.properties.isEmojiPresentation { return true }
        return (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xA960...0xA97F).contains(v) || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFE10...0xFE19).contains(v) || (0xFE30...0xFE6F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
    }
}
