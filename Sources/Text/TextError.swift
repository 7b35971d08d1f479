/// Why text could not be set at all.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A font file given explicitly could not be opened as an outline font.
    case fontUnreadable(path: String, reason: String)
    /// FreeType itself could not start.
    case fontEngineUnavailable(reason: String)
    /// A font file the renderer draws with is not installed; `package`
    /// installs it.
    case fontMissing(path: String, package: String)
    /// The family asked for (a theme's `fontFamily`) is none of the
    /// project's fonts, which are `available`.
    case familyNotProvided(family: String, available: [String])

    public var description: String {
        switch self {
        case let .fontUnreadable(path, reason): "cannot use font file \(path): \(reason)"
        case let .fontEngineUnavailable(reason): "cannot start FreeType: \(reason)"
        case let .fontMissing(path, package):
            "font file \(path) is missing: text is drawn only in the fonts of the packages scripts/setup.sh installs; "
                + "install \(package) (apt-get install \(package))"
        case let .familyNotProvided(family, available):
            "font family \"\(family)\" is not one of the fonts text is drawn in (the same on every machine): name one of "
                + available.joined(separator: ", ") + " (or sans-serif, serif, monospace), or give the font's file as fontFile"
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
            "no installed font covers \(character.codePoints) (\(character)); it is left out"
        case let .noFonts(family):
            "no usable font found for family \"\(family)\"; text is left out"
        }
    }
}

extension Character {
    /// The character's scalars as Unicode writes them: `U+0E20`, at least
    /// four hex digits each, separated by spaces.
    public var codePoints: String {
        unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }

    /// True for an emoji (drawn from a colour emoji font when one is
    /// installed), as opposed to a letter of a script.
    public var isEmojiLike: Bool {
        // Digits, '#' and '*' are emoji too (as keycap bases): not below U+2000.
        unicodeScalars.contains { s in s.properties.isEmojiPresentation || (s.properties.isEmoji && s.value >= 0x2000) }
    }
}
