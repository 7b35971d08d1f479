/// Greedy line breaking at the opportunities the shaper marked on its
/// atoms (`Atom.breakAfter`: UAX #14 by libunibreak, Korean words kept
/// whole). A word wider than the whole line is split between graphemes.
/// Overflow beyond `maxLines` is cut and the last line ends with an
/// ellipsis that fits.
///
/// Every step is linear in the atoms it looks at, and it stops once the
/// lines are full: the cost of a paragraph is bounded by what is drawn,
/// never by the square of a long word (the shaper is handed a bounded
/// window of the text, see `TextBudget`).
struct LineBreaker {
    /// The line width in pixels (may be infinite).
    let width: Double
    let maxLines: Int?

    /// Widths are sums of fractional advances; this absorbs their rounding.
    private static let slack = 1e-6

    struct Result {
        var lines: [[Atom]]
        var truncated: Bool
    }

    /// Breaks `paragraphs` (each starts a new line; an empty one is an empty
    /// line) and, when they need more than `maxLines` or `moreFollows` (the
    /// text went on past what was shaped), ends the last kept line with
    /// `ellipsis`.
    func lines(_ paragraphs: [[Atom]], ellipsis: [Atom], moreFollows: Bool = false) -> Result {
        let limit = maxLines ?? Int.max
        var lines: [[Atom]] = []
        for paragraph in paragraphs {
            breakParagraph(paragraph, into: &lines, stopAfter: limit)
            if lines.count > limit { break }
        }
        if lines.count > limit {
            lines.removeLast(lines.count - limit)
        } else if !moreFollows || lines.isEmpty {
            return Result(lines: lines, truncated: false)
        }
        lines[lines.count - 1] = ellipsized(lines[lines.count - 1], ellipsis: ellipsis)
        return Result(lines: lines, truncated: true)
    }

    /// The summed advance of `atoms`.
    static func width(of atoms: some Collection<Atom>) -> Double {
        atoms.reduce(0) { $0 + $1.advance }
    }

    private func fits(_ w: Double) -> Bool { w <= width + Self.slack }

    /// Appends the lines of one paragraph, stopping once there are more
    /// than `limit`. A segment is what lies between two opportunities: a
    /// word and the spaces after it; spaces never end a line's width (they
    /// hang) and are dropped from the line's end.
    private func breakParagraph(_ atoms: [Atom], into lines: inout [[Atom]], stopAfter limit: Int) {
        var line: [Atom] = []
        // The line's width with the spaces that end it.
        var pen = 0.0
        var start = 0
        while start < atoms.count {
            // The next segment: up to and including its opportunity.
            var end = start
            while end < atoms.count - 1, !atoms[end].breakAfter { end += 1 }
            end += 1
            var contentEnd = end
            while contentEnd > start, atoms[contentEnd - 1].isSpace { contentEnd -= 1 }
            let content = atoms[start..<contentEnd], spaces = atoms[contentEnd..<end]
            start = end
            let contentWidth = Self.width(of: content)

            if !line.isEmpty {
                if fits(pen + contentWidth) {
                    line += content
                    line += spaces
                    pen += contentWidth + Self.width(of: spaces)
                    continue
                }
                lines.append(trimmed(line))
                if lines.count > limit { return }
            }
            // The segment starts a line: a word wider than the whole line
            // is split between graphemes, each piece a line of its own.
            var piece = content.startIndex
            var pieceWidth = 0.0
            for i in content.indices {
                let advance = content[i].advance
                if i > piece, !fits(pieceWidth + advance) {
                    lines.append(Array(content[piece..<i]))
                    if lines.count > limit { return }
                    piece = i
                    pieceWidth = 0
                }
                pieceWidth += advance
            }
            line = Array(content[piece...]) + spaces
            pen = pieceWidth + Self.width(of: spaces)
        }
        lines.append(trimmed(line))
    }

    /// `line` without the spaces that end it.
    private func trimmed(_ line: [Atom]) -> [Atom] {
        var end = line.endIndex
        while end > line.startIndex, line[end - 1].isSpace { end -= 1 }
        return end == line.endIndex ? line : Array(line[..<end])
    }

    /// `line` shortened grapheme by grapheme (trailing spaces dropped) until
    /// it and `ellipsis` fit in the width, then followed by the ellipsis.
    private func ellipsized(_ line: [Atom], ellipsis: [Atom]) -> [Atom] {
        let ellipsisWidth = Self.width(of: ellipsis)
        var kept = line[...]
        var keptWidth = Self.width(of: kept)
        while let last = kept.last, last.isSpace || !fits(keptWidth + ellipsisWidth) {
            keptWidth -= last.advance
            kept = kept.dropLast()
        }
        // The ellipsis ends the line on the paragraph's side: the left of a
        // right-to-left one.
        let level = line.first?.paragraphLevel ?? 0
        return Array(kept) + ellipsis.map { atom in
            var atom = atom
            atom.level = level
            atom.paragraphLevel = level
            return atom
        }
    }
}
