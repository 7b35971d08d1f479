/// Greedy line breaking with Korean "keep-all" rules (CSS
/// `word-break: keep-all`): lines break only at spaces, so a Korean word
/// (eojeol) is never split; a word is split between graphemes only when it
/// alone is wider than the line. Overflow beyond `maxLines` is cut and the
/// last line ends with an ellipsis that fits.
///
/// Spaces are the only break opportunities: a Latin compound such as
/// "Spider-Man" does not break at its hyphen unless it alone is too wide.
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
    /// line) and, when they need more than `maxLines`, ends the last kept
    /// line with `ellipsis`.
    func lines(_ paragraphs: [[Atom]], ellipsis: [Atom]) -> Result {
        let limit = maxLines ?? Int.max
        var lines: [[Atom]] = []
        for paragraph in paragraphs {
            breakParagraph(paragraph, into: &lines, stopAfter: limit)
            if lines.count > limit { break }
        }
        guard lines.count > limit else { return Result(lines: lines, truncated: false) }
        lines.removeLast(lines.count - limit)
        lines[limit - 1] = ellipsized(lines[limit - 1], ellipsis: ellipsis)
        return Result(lines: lines, truncated: true)
    }

    /// The summed advance of `atoms`.
    static func width(of atoms: some Collection<Atom>) -> Double {
        atoms.reduce(0) { $0 + $1.advance }
    }

    private func fits(_ w: Double) -> Bool { w <= width + Self.slack }

    private func breakParagraph(_ atoms: [Atom], into lines: inout [[Atom]], stopAfter limit: Int) {
        var line: [Atom] = []
        var lineWidth = 0.0
        var index = 0
        repeat {
            // The spaces before the next word, then the word itself.
            var gapEnd = index
            while gapEnd < atoms.count, atoms[gapEnd].isSpace { gapEnd += 1 }
            var wordEnd = gapEnd
            while wordEnd < atoms.count, !atoms[wordEnd].isSpace { wordEnd += 1 }
            let gap = atoms[index..<gapEnd], word = atoms[gapEnd..<wordEnd]
            index = wordEnd
            if word.isEmpty { break }

            let wordWidth = Self.width(of: word)
            if !line.isEmpty {
                let gapWidth = Self.width(of: gap)
                if fits(lineWidth + gapWidth + wordWidth) {
                    line += gap
                    line += word
                    lineWidth += gapWidth + wordWidth
                    continue
                }
                lines.append(line)
                if lines.count > limit { return }
            }
            line = Array(word)
            lineWidth = wordWidth
            // Only a word wider than the whole line is split, between graphemes.
            while !fits(lineWidth) {
                var cut = 1
                var cutWidth = line[0].advance
                while cut < line.count, fits(cutWidth + line[cut].advance) {
                    cutWidth += line[cut].advance
                    cut += 1
                }
                if cut == line.count { break }
                lines.append(Array(line[..<cut]))
                if lines.count > limit { return }
                line.removeFirst(cut)
                lineWidth = Self.width(of: line)
            }
        } while index < atoms.count
        lines.append(line)
    }

    /// `line` shortened grapheme by grapheme (trailing spaces dropped) until
    /// it and `ellipsis` fit in the width, then followed by the ellipsis.
    private func ellipsized(_ line: [Atom], ellipsis: [Atom]) -> [Atom] {
        let ellipsisWidth = Self.width(of: ellipsis)
        var kept = line[...]
        while !kept.isEmpty, kept.last?.isSpace == true || !fits(Self.width(of: kept) + ellipsisWidth) {
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
