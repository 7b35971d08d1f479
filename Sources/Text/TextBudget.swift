import PhotiCaseDiary

/// How much of a text one layout reads: what its lines can show, plus a
/// look-ahead. A title or memo may be megabytes long (entry.json allows
/// 4 MiB), but a layout of `maxLines` lines `width` pixels wide shows at
/// most a few thousand graphemes; shaping, bidi and line breaking see only
/// this window, so their time and memory follow what is drawn, not the
/// length of the input. Text past the window is left out and the layout
/// says so (`TextLayout.truncated`).
struct TextBudget {
    /// The lines a layout without `maxLines` is cut to. No card, page or
    /// share image draws more.
    static let linesWithoutLimit = 256
    /// The graphemes a line of unbounded width holds at most.
    static let graphemesPerUnboundedLine = 1024
    /// The lines of unbounded width a layout reads at most.
    static let unboundedLinesRead = 4
    /// The narrowest visible grapheme counted on, as a fraction of the em
    /// (a period or an "i" is about a quarter; whitespace runs are folded).
    static let narrowestGrapheme = 0.125
    /// Graphemes read past what the lines can hold, so the breaker sees
    /// the word that would cross the last line's end.
    static let lookAhead = 64
    /// Scalars counted per grapheme: letters with a mark or two, flags,
    /// Korean jamo sequences and most emoji sequences fit.
    static let scalarsPerGrapheme = 4
    /// The bytes a layout of `window` holds at its peak, for the memory
    /// budget: its scalars (the shaper's buffers: 4-byte scalars, their
    /// graphemes' indices, HarfBuzz's glyph buffer) and graphemes (an atom
    /// each, its glyphs on the heap), about 160 bytes a scalar, plus the
    /// font chain's fixed share.
    static func workingMemory(ofWindow window: String) -> Int {
        64 * 1024 + 160 * window.utf8.count
    }

    /// The lines the layout may fill.
    let lines: Int
    /// The scalars of the text the layout reads.
    let scalars: Int

    init(style: TextStyle, width: Double) {
        lines = style.maxLines ?? Self.linesWithoutLimit
        if width.isFinite {
            let perLine = Int(min(Double(Self.graphemesPerUnboundedLine),
                                  (width / (style.pixelSize * Self.narrowestGrapheme)).rounded(.up))) + 1
            scalars = (lines * perLine + Self.lookAhead) * Self.scalarsPerGrapheme
        } else {
            // Unbounded width measures a label or a title on its line (a
            // paragraph a line): a few such lines are read, not hundreds.
            let read = min(lines, Self.unboundedLinesRead)
            scalars = (read * Self.graphemesPerUnboundedLine + Self.lookAhead) * Self.scalarsPerGrapheme
        }
    }

    /// The part of `text` the layout reads, and whether anything was left
    /// out: the text past `scalars` (cut between graphemes), and the marks
    /// of a grapheme past the stream-safe limit (`TextCleaner.streamSafe`).
    func window(of text: String) -> (text: String, clipped: Bool) {
        var clipped = false
        var window = text
        // A native string's UTF-8 count is known without reading it, and
        // bounds its scalar count.
        if text.utf8.count > scalars,
           let end = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: scalars,
                                              limitedBy: text.unicodeScalars.endIndex),
           end != text.unicodeScalars.endIndex {
            window = String(text.unicodeScalars[..<end])
            // A cut inside a grapheme drops that grapheme, unless it is the
            // only one (a letter under thousands of marks: capped below).
            if end.samePosition(in: text) == nil, window.count > 1 { window.removeLast() }
            clipped = true
        }
        // A grapheme of more scalars than the limit would be shaped and
        // drawn whole: it keeps its base and the first marks.
        let safe = TextCleaner.streamSafe(window)
        return (safe.text, clipped || safe.cut)
    }
}
