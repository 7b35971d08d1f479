import PhotiCaseDiary
import PhotiCaseRaster

// What a document (the print book) asks of the text beyond a card's:
// text laid out whole, however long, and the pieces a PDF draws text from.

extension TextRenderer {
    /// Graphemes laid out together at most: a piece of this many sets in
    /// under `TextBudget.linesWithoutLimit` lines at any width a page gives
    /// a memo (60 Latin or 35 Korean graphemes a line fill 50 and 86 lines).
    public static let wholePieceGraphemes = 3_000

    /// `text` laid out whole in `style` (its `maxLines` ignored), `width`
    /// pixels wide: one layout per piece of at most `wholePieceGraphemes`
    /// graphemes, handed to `each` in order and let go, so a memo of any
    /// length is set in full and its working memory stays that of one
    /// piece. Paragraphs are kept whole within a piece; a paragraph longer
    /// than a piece is cut after its last space within it (at the limit,
    /// when it has none), where a line then ends. Nothing is left out: no
    /// layout is truncated. Throws a `TextError` (the style's own font) or
    /// what `each` throws.
    public func layoutWhole(_ text: String, style: TextStyle, width: Double,
                            each: (TextLayout) throws -> Void) throws {
        var style = style
        style.maxLines = nil
        for piece in Self.pieces(of: TextCleaner.paragraphs(text, preserveNewlines: style.preserveNewlines),
                                 limit: Self.wholePieceGraphemes) {
            try layOutWhole(piece, style: style, width: width, each: each)
        }
    }

    /// Lays `piece` out, halving it until no layout of it is cut.
    private func layOutWhole(_ piece: String, style: TextStyle, width: Double,
                             each: (TextLayout) throws -> Void) throws {
        let layout = try self.layout(piece, style: style, width: width)
        guard layout.truncated, piece.count > 1 else {
            try each(layout)
            return
        }
        for part in Self.pieces(of: [piece], limit: max(1, piece.count / 2)) {
            try layOutWhole(part, style: style, width: width, each: each)
        }
    }

    /// `paragraphs` joined by newlines into pieces of at most `limit`
    /// graphemes; a longer paragraph is cut after a space where it can be.
    static func pieces(of paragraphs: [String], limit: Int) -> [String] {
        var pieces: [String] = []
        var current: [String] = []
        var count = 0
        func flush() {
            if !current.isEmpty { pieces.append(current.joined(separator: "\n")) }
            current = []
            count = 0
        }
        for paragraph in paragraphs {
            var rest = Substring(paragraph)
            while rest.count > limit {
                flush()
                let end = rest.index(rest.startIndex, offsetBy: limit)
                let cut = rest[..<end].lastIndex(of: " ").map { rest.index(after: $0) } ?? end
                pieces.append(String(rest[..<cut]).trimmingSuffixSpaces())
                rest = rest[cut...]
            }
            let length = rest.count
            if count + length + 1 > limit { flush() }
            current.append(String(rest))
            count += length + 1
        }
        flush()
        return pieces
    }

    /// The colour image of `glyph` in colour font `face` at `pixelSize`
    /// (an emoji), with its offset from the pen (`left`) and above the
    /// baseline (`top`); nil for a glyph of an outline font or none.
    public func colorGlyph(_ face: FontFace, glyph: UInt32, pixelSize: Double) -> (raster: Raster, left: Int, top: Int)? {
        guard let font = try? system.load(face, required: false), font.isColor,
              let image = system.image(font: font, glyph: glyph, pixelSize: pixelSize, phase: 0),
              let color = image.color else { return nil }
        return (color, image.left, image.top)
    }

    /// The glyph `face` sets `scalar` with, nil when it has none.
    public func glyph(of scalar: Unicode.Scalar, in face: FontFace) -> UInt32? {
        guard let font = try? system.load(face, required: false) else { return nil }
        return font.freeType.glyphIndex(for: scalar)
    }
}

private extension String {
    func trimmingSuffixSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
