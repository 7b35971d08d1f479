/// Why text could not be set at all.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A font file given explicitly could not be opened as an outline font.
    case fontUnreadable(path: String, reason: String)
    /// FreeType itself could not start.
    case fontEngineUnavailable(reason: String)

    public var description: String {
        switch self {
        case let .fontUnreadable(path, reason): "cannot use font file \(path): \(reason)"
        case let .fontEngineUnavailable(reason): "cannot start FreeType: \(reason)"
        }
    }
}

/// Something a user should hear about once, after which rendering goes on.
///
/// Each `TextRenderer` reports a warning once; the values are `Hashable` so
/// a caller running several renderers can report each only once overall.
public enum TextWarning: Hashable, Sendable, CustomStringConvertible {
    /// No installed font covers Hangul: Korean text is left out.
    case noHangulFont
    /// No installed font covers this (non-Hangul) character; it is left out.
    case noFontFor(Character)
    /// No usable font was found at all for the family asked for.
    case noFonts(family: String)

    public var description: String {
        switch self {
        case .noHangulFont:
            "no installed font covers Hangul, so Korean text is left out; install a Korean font (e.g. the fonts-nanum package) or pass --font"
        case let .noFontFor(character):
            "no installed font covers \(character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")) (\(character)); it is left out"
        case let .noFonts(family):
            "no usable font found for family \"\(family)\"; text is left out"
        }
    }
}
