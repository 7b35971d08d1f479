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

    /// Installed outline fonts that fontconfig suggests for `family` and
    /// `language`, best first; each adds coverage the earlier ones lack.
    public static func installed(family: String = "sans-serif", language: String = "ko",
                                 weight: FontWeight = .regular) -> [FontFace] {
        Fontconfig.sortedFonts(family: family, language: language, weight: weight)
    }

    /// Installed colour emoji fonts, best first: part of every text's
    /// fallback chain, and so of every cache key.
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
    /// Ask fontconfig for the style's family, language and weight; a style's
    /// `fontFile` goes first.
    case fontconfig
    /// Only these faces, in this order, whatever the style asks for (a
    /// style's `fontFile` still goes first). For hermetic runs and tests.
    case faces([FontFace])
}
