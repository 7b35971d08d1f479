import PhotiCaseRaster

/// Text broken into positioned lines of glyphs, ready to draw.
///
/// Coordinates are pixels with y growing downwards; (0, 0) is the top-left
/// corner of the layout box, which is `boxWidth` wide and `size.height` tall.
public struct TextLayout: Sendable {
    /// A glyph, `x` from the start of its line, `y` from the baseline (down).
    public struct Glyph: Hashable, Sendable {
        public var id: UInt32
        public var x: Double
        public var y: Double
    }

    /// How many UTF-8 bytes of a run's text and how many of its glyphs go
    /// together (a grapheme and the glyphs that set it): what a PDF needs
    /// to keep the text behind the glyphs (cairo's text clusters).
    public struct Cluster: Hashable, Sendable {
        public var utf8Count: Int
        public var glyphCount: Int
    }

    /// Consecutive glyphs of one line set in one font, in one direction.
    public struct Run: Hashable, Sendable {
        public var font: FontFace
        /// In visual order, as drawn.
        public var glyphs: [Glyph]
        /// The graphemes the glyphs set, in logical (reading) order.
        public var text: String = ""
        /// `text`'s graphemes with their glyphs, in logical order: the
        /// first cluster's glyphs are the first glyphs, or, for a
        /// right-to-left run, the last. A grapheme a ligature swallowed has
        /// no glyph of its own.
        public var clusters: [Cluster] = []
        /// Set right to left (its glyphs are its text reversed).
        public var rightToLeft = false
        /// Set in a colour bitmap font (emoji): drawn as images.
        public var isColor = false
    }

    /// One line of the layout.
    public struct Line: Hashable, Sendable {
        /// The characters on the line (with "…" when it was cut short).
        public var text: String
        public var runs: [Run]
        /// The line's advance width.
        public var width: Double
        /// The line's left edge in the box (set by the alignment).
        public var x: Double
        /// The baseline's distance from the top of the box.
        public var baseline: Double
    }

    public var lines: [Line]
    /// The width lines were broken and aligned in (for an unbounded layout,
    /// the widest line).
    public var boxWidth: Double
    /// The widest line's width and the height of all lines.
    public var size: Size
    /// The largest ascender and descender of the fonts used, in pixels.
    public var ascent: Double
    public var descent: Double
    /// Baseline-to-baseline distance in pixels.
    public var lineSpacing: Double
    /// True when text beyond `maxLines` was cut and "…" added.
    public var truncated: Bool
    /// Characters no font covers; they were left out, never drawn as boxes.
    public var missingCharacters: [Character]
    /// The style the layout was made with (its size and colour are drawn).
    public var style: TextStyle

    /// The rectangle the lines occupy: their advance widths, and the full
    /// height of their line boxes.
    public var lineBounds: Rect {
        guard let first = lines.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let minX = lines.reduce(first.x) { min($0, $1.x) }
        let maxX = lines.reduce(first.x + first.width) { max($0, $1.x + $1.width) }
        return Rect(x: minX, y: 0, width: maxX - minX, height: size.height)
    }
}
