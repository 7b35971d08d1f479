import PhotiCaseRaster

/// Horizontal placement of each line inside the layout width.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// The start of each paragraph's own direction: the left edge for
    /// left-to-right text, the right edge for Arabic or Hebrew.
    case leading
    case center
    /// The end of each paragraph's own direction.
    case trailing
}

/// How a piece of text is set: size, weight, colour, line spacing, wrapping.
///
/// Values are checked by `layout` with preconditions; callers that take them
/// from user files (themes) validate them first.
public struct TextStyle: Hashable, Sendable {
    /// The em size in pixels (> 0).
    public var pixelSize: Double
    public var weight: FontWeight
    public var color: RGBA
    /// Distance between baselines as a multiple of `pixelSize` (> 0).
    public var lineHeight: Double
    public var alignment: TextAlignment
    /// At most this many lines (>= 1); overflow ends in "…". Nil: no limit.
    public var maxLines: Int?
    /// A font file used before any discovered font (its face 0). Characters
    /// it lacks still fall back to the discovered fonts.
    public var fontFile: String?
    /// The fontconfig family asked for, e.g. "sans-serif" or "NanumGothic".
    public var family: String
    /// The text's language (BCP 47), used to pick fonts and by the shaper.
    public var language: String
    /// Keep explicit newlines as line breaks (memos) instead of folding them
    /// into spaces (titles).
    public var preserveNewlines: Bool

    public init(pixelSize: Double = 16, weight: FontWeight = .regular, color: RGBA = .black,
                lineHeight: Double = 1.3, alignment: TextAlignment = .leading, maxLines: Int? = nil,
                fontFile: String? = nil, family: String = "sans-serif", language: String = "ko",
                preserveNewlines: Bool = false) {
        self.pixelSize = pixelSize
        self.weight = weight
        self.color = color
        self.lineHeight = lineHeight
        self.alignment = alignment
        self.maxLines = maxLines
        self.fontFile = fontFile
        self.family = family
        self.language = language
        self.preserveNewlines = preserveNewlines
    }
}
