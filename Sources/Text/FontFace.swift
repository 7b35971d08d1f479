/// One face in an installed font file (a collection may hold several).
public struct FontFace: Hashable, Sendable, CustomStringConvertible {
    /// The font file.
    public var path: String
    /// The face's index inside the file (0 for single-face files).
    public var index: Int

    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }

    public var description: String { index == 0 ? path : "\(path)#\(index)" }

    /// The project's outline fonts (the named files of the packages
    /// scripts/setup.sh installs, `ProjectFonts`) for `family` and
    /// `language`, best first: the family's own faces, then the fixed
    /// fallback order; each adds coverage the earlier ones lack. Empty
    /// when the family is none of the project's or is not installed.
    /// Nothing else installed on the machine changes the answer.
    public static func installed(family: String = "sans-serif", language: String = "ko",
                                 weight: FontWeight = .regular) -> [FontFace] {
        (try? Fontconfig.sortedFonts(family: family, language: language, weight: weight)) ?? []
    }

    /// The project's colour emoji fonts (Noto Color Emoji), best first:
    /// part of every text's fallback chain, and so of every cache key.
    public static func installedColorEmoji() -> [FontFace] {
        Fontconfig.colorEmojiFonts()
    }
}

/// The weights text is set in.
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case regular
    case bold
}

/// Where a `TextRenderer` looks for fonts.
public enum FontDiscovery: Hashable, Sendable {
    /// The project's fonts (`ProjectFonts`: named files of the packages
    /// scripts/setup.sh installs, read by a fontconfig configuration of
    /// the renderer's own) for the style's family, language and weight, in
    /// a fixed fallback order; a style's `fontFile` goes first. The
    /// machine's fontconfig configuration and other fonts are never asked.
    case fontconfig
    /// Only these faces, in this order, whatever the style asks for (a
    /// style's `fontFile` still goes first). For hermetic runs and tests.
    case faces([FontFace])
}
