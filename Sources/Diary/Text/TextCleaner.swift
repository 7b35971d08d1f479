/// Whitespace normalization applied to all text before layout.
public enum TextCleaner {
    /// `text` with leading and trailing whitespace removed and every run of
    /// whitespace (newlines included) folded into one space. No-break spaces
    /// are kept: they join words on purpose.
    public static func collapsingWhitespace(_ text: some StringProtocol) -> String {
        // Most titles and names are already clean; proving that from the
        // bytes costs a tenth of walking the characters, and a large
        // book's run cleans every title for each order it sorts.
        if isCollapsed(text.utf8) { return String(text) }
        return collapsingByCharacter(text)
    }

    /// `collapsingWhitespace` the long way, a character at a time.
    static func collapsingByCharacter(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text {
            if isBreakingWhitespace(character) {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(character)
            }
        }
        return out
    }

    /// The paragraphs (each becomes at least one line) of `text`.
    ///
    /// Without `preserveNewlines` there is at most one: the whole text,
    /// whitespace collapsed. With it, each line of `text` is a paragraph,
    /// whitespace collapsed within it; blank lines at either end are dropped
    /// and runs of blank lines inside become one empty paragraph.
    public static func paragraphs(_ text: String, preserveNewlines: Bool) -> [String] {
        guard preserveNewlines else {
            let single = collapsingWhitespace(text)
            return single.isEmpty ? [] : [single]
        }
        var result: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let paragraph = collapsingWhitespace(line)
            if paragraph.isEmpty, result.last?.isEmpty ?? true { continue }
            result.append(paragraph)
        }
        if result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// The graphemes `firstLine` keeps: more than any row, share image or
    /// link preview shows on its one line (those cut it and say so).
    public static let lineExcerptLimit = 1_000

    /// The first non-empty line of `text`, whitespace collapsed, cut after
    /// `limit` graphemes (whatever is cut, the layout that shows the line
    /// cuts more and says so); nil when every line is blank. Reads no
    /// further than that line's first `limit` graphemes, so a memo of
    /// megabytes costs what its row shows.
    public static func firstLine(_ text: String?, limit: Int = lineExcerptLimit) -> String? {
        guard let text else { return nil }
        var out = ""
        var kept = 0
        var pendingSpace = false
        for character in text {
            if character.isNewline {
                if kept > 0 { break }
                pendingSpace = false
            } else if isBreakingWhitespace(character) {
                pendingSpace = kept > 0
            } else {
                let need = pendingSpace ? 2 : 1
                if kept + need > limit { break }
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(character)
                kept += need
            }
        }
        return kept == 0 ? nil : out
    }

    /// The scalars one grapheme keeps in `streamSafe`: Unicode's
    /// stream-safe text format allows a base and 30 marks (UAX #15).
    public static let scalarsPerGraphemeLimit = 31

    /// `text` with each grapheme cut to its first `scalarsPerGraphemeLimit`
    /// scalars (a letter under thousands of combining marks keeps its
    /// first 30), and whether any was cut. Text that needs no cut is
    /// returned as it is.
    public static func streamSafe(_ text: String) -> (text: String, cut: Bool) {
        guard text.contains(where: { $0.unicodeScalars.count > scalarsPerGraphemeLimit }) else { return (text, false) }
        var bounded = ""
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.count > scalarsPerGraphemeLimit {
                bounded.unicodeScalars.append(contentsOf: scalars.prefix(scalarsPerGraphemeLimit))
            } else {
                bounded.append(character)
            }
        }
        return (bounded, true)
    }

    /// True when `utf8` provably collapses to itself: no whitespace but
    /// single spaces between other characters. Conservative: false for
    /// anything it does not prove, such as a space before a non-ASCII
    /// character other than a Hangul syllable (a combining mark there
    /// would join the space into one character, which counts as
    /// whitespace), and any text with the lead byte of a non-ASCII
    /// whitespace character (U+0085, U+00A0, U+1680, U+2000-U+205F,
    /// U+3000: lead bytes C2, E1, E2, E3).
    static func isCollapsed(_ utf8: some Collection<UInt8>) -> Bool {
        var previous: UInt8 = 0x20  // a leading space is not collapsed
        var afterSpace = false
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let byte = utf8[i]
            if byte < 0x20 || byte == 0xC2 || (byte >= 0xE1 && byte <= 0xE3) { return false }
            if byte == 0x20 {
                if previous == 0x20 { return false }
            } else if afterSpace && byte >= 0x80 {
                // Only a Hangul syllable (U+AC00-U+D7A3) may follow a space.
                guard byte >= 0xEA && byte <= 0xED else { return false }
                let second = utf8.index(after: i)
                guard second != utf8.endIndex else { return false }
                let third = utf8.index(after: second)
                guard third != utf8.endIndex else { return false }
                let scalar = UInt32(byte & 0x0F) << 12 | UInt32(utf8[second] & 0x3F) << 6 | UInt32(utf8[third] & 0x3F)
                guard scalar >= 0xAC00 && scalar <= 0xD7A3 else { return false }
            }
            afterSpace = byte == 0x20
            previous = byte
            i = utf8.index(after: i)
        }
        return previous != 0x20  // a trailing space (or an empty text) is not
    }

    private static func isBreakingWhitespace(_ character: Character) -> Bool {
        // ASCII first: the Unicode property lookup dominated cleaning a
        // memo of megabytes.
        if let ascii = character.asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return character.isWhitespace && character != "\u{00A0}" && character != "\u{202F}"
    }
}
