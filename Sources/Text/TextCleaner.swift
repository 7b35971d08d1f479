/// Whitespace normalization applied to all text before layout.
public enum TextCleaner {
    /// `text` with leading and trailing whitespace removed and every run of
    /// whitespace (newlines included) folded into one space. No-break spaces
    /// are kept: they join words on purpose.
    public static func collapsingWhitespace(_ text: some StringProtocol) -> String {
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

    private static func isBreakingWhitespace(_ character: Character) -> Bool {
        character.isWhitespace && character != "\u{00A0}" && character != "\u{202F}"
    }
}
