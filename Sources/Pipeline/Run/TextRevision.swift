import Diary

/// Which revision of text setting drew an output's text, for the texts it
/// changed. Fingerprints of images that show an entry's text add `tag` when
/// that text holds characters beyond ASCII and Hangul: a fix to how such
/// text is set redraws the cards, days, pages and years that show it, and
/// leaves a book of plain Korean and English as it is (a renderer version
/// bump would draw every card of every book again).
enum TextRevision {
    /// Revision 2: right-to-left runs shaped in logical order and placed in
    /// visual order; after a character from a fallback font, the text goes
    /// back to the theme's font. (Revision 1, untagged, was everything before.)
    static let current = "text-2"

    /// `current` when any of `texts` holds a character that is neither
    /// ASCII nor Hangul (syllables, jamo, compatibility jamo), else nil.
    static func tag(_ texts: [String?]) -> String? {
        texts.contains { $0.map(isBeyondPlain) ?? false } ? current : nil
    }

    /// `tag` as a fingerprint field's suffix: `|text-2`, or nothing.
    static func suffix(_ texts: [String?]) -> String {
        tag(texts).map { "|" + $0 } ?? ""
    }

    private static func isBeyondPlain(_ text: String) -> Bool {
        text.utf8.contains { $0 >= 0x80 } && text.unicodeScalars.contains { s in
            !(s.isASCII || (0xAC00...0xD7A3).contains(s.value) || (0x1100...0x11FF).contains(s.value)
                || (0x3130...0x318F).contains(s.value))
        }
    }
}
