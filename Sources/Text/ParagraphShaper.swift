/// A glyph inside an atom: `x` from the atom's pen start (offset included),
/// `y` HarfBuzz's offset upwards from the baseline.
struct AtomGlyph {
    let slot: Int
    let id: UInt32
    let x: Double
    let y: Double
}

/// One grapheme as set: the unit lines are built from.
///
/// A ligature's glyph belongs to its first grapheme; the graphemes it
/// swallowed are atoms without glyphs or advance.
struct Atom {
    let character: Character
    var glyphs: [AtomGlyph] = []
    var advance: Double = 0
    /// The resolved bidi level (odd: right to left), the grapheme's bidi
    /// class and the paragraph's level; lines are set in logical order and
    /// placed in visual order by `Bidi.visualOrder`.
    var level: UInt8 = 0
    var bidiClass = Bidi.Class.otherNeutral
    var paragraphLevel: UInt8 = 0
    /// A line may end after this grapheme (UAX #14, with Korean words kept
    /// whole: see `ParagraphShaper.breaks`).
    var breakAfter = false

    /// Whitespace has been collapsed to single spaces before shaping.
    var isSpace: Bool { character == " " }
}

/// Splits a paragraph into runs that one font, one script and one direction
/// can set (font itemization, bidi levels), shapes each run with HarfBuzz in
/// logical order and returns its atoms, still in logical order.
struct ParagraphShaper {
    let system: FontSystem
    /// The fonts to try, best first.
    let chain: [LoadedFont]
    let pixelSize: Double
    let language: String

    /// A stretch of `characters` set in one font, script and direction.
    private struct Run {
        let font: LoadedFont
        var script: TextScript?
        let level: UInt8
        let start: Int
        var end: Int

        var isRightToLeft: Bool { level % 2 == 1 }
    }

    /// The atoms of `paragraph`. Characters no font covers are left out,
    /// appended (once each) to `missing` and reported as warnings.
    func shape(_ paragraph: String, missing: inout [Character]) -> [Atom] {
        shape(paragraph) { character, script in
            if !missing.contains(character) { missing.append(character) }
            // With no fonts at all, the layout has already said so once.
            if !chain.isEmpty {
                system.report(script?.isHangul == true ? .noHangulFont : .noFontFor(character))
            }
        }
    }

    /// The atoms of text the layout adds itself (the ellipsis), whose
    /// uncovered characters are simply left out.
    func shapeSilently(_ text: String) -> [Atom] {
        shape(text) { _, _ in }
    }

    private func shape(_ paragraph: String, uncovered: (Character, TextScript?) -> Void) -> [Atom] {
        var characters: [Character] = []
        var fonts: [LoadedFont] = []
        var scripts: [TextScript?] = []
        for character in paragraph {
            // Leaving out uncovered characters must not leave double spaces.
            if character == " ", characters.last == " " || characters.isEmpty { continue }
            let script = Self.script(of: character)
            let font: LoadedFont?
            if Self.wantsEmoji(character), let color = chain.first(where: { $0.isColor && $0.covers(character) }) {
                // Emoji presentation (😀, or ❤ with U+FE0F) is drawn in
                // colour even when a text font also has a plain glyph.
                font = color
            } else {
                // The first font that has it, neutral characters (spaces,
                // digits, punctuation) included: after a fallback letter the
                // text goes back to the theme font, not on in the fallback.
                // A grapheme (a letter and its marks) is one font's.
                font = chain.first { $0.covers(character) }
            }
            guard let font else {
                uncovered(character, script)
                continue
            }
            characters.append(character)
            fonts.append(font)
            scripts.append(script)
        }

        let bidi = Self.bidi(characters)
        let levels = bidi.levels
        var runs: [Run] = []
        for (i, font) in fonts.enumerated() {
            let script = scripts[i]
            if var run = runs.last, run.font === font, run.level == levels[i],
               script == nil || run.script == nil || run.script == script {
                run.end += 1
                run.script = run.script ?? script
                runs[runs.count - 1] = run
            } else {
                runs.append(Run(font: font, script: script, level: levels[i], start: i, end: i + 1))
            }
        }
        var atoms = setting(characters, runs: runs)
        for i in atoms.indices {
            atoms[i].level = levels[i]
            atoms[i].bidiClass = bidi.classes[i]
            atoms[i].paragraphLevel = bidi.baseLevel
        }
        return atoms
    }

    /// The bidi resolution of a paragraph, its direction found from its
    /// text (as the site's `dir="auto"` does). FriBidi fails only when it
    /// cannot allocate memory: the paragraph is then set left to right in
    /// logical order, its letters still shaped and drawn.
    static func bidi(_ characters: [Character]) -> Bidi.Paragraph {
        (try? Bidi.paragraph(characters, direction: .auto)) ?? Bidi.Paragraph(leftToRight: characters.count)
    }

    /// Shapes each run with the whole paragraph as context and hands every
    /// glyph to the atom of the grapheme its cluster starts in. A
    /// right-to-left run's glyphs come in visual order, so within one
    /// grapheme they are still laid out from the left.
    private func setting(_ characters: [Character], runs: [Run]) -> [Atom] {
        var scalars: [UInt32] = []
        var atomOfScalar: [Int] = []
        var firstScalar: [Int] = []
        for (i, character) in characters.enumerated() {
            firstScalar.append(scalars.count)
            for scalar in character.unicodeScalars {
                scalars.append(scalar.value)
                atomOfScalar.append(i)
            }
        }
        firstScalar.append(scalars.count)

        var atoms = characters.map { Atom(character: $0) }
        scalars.withUnsafeBufferPointer { text in
            let opportunities = UnicodeLineBreaks.opportunities(text, language: language)
            for i in atoms.indices.dropLast() {
                atoms[i].breakAfter = Self.breaks(after: characters[i], before: characters[i + 1],
                                                  opportunity: opportunities[firstScalar[i + 1] - 1])
            }
            for run in runs {
                run.font.use(pixelSize: pixelSize)
                let shaped = run.font.harfBuzz.shape(text, range: firstScalar[run.start]..<firstScalar[run.end],
                                                     script: run.script ?? (run.isRightToLeft ? .common : .latin),
                                                     rightToLeft: run.isRightToLeft,
                                                     language: language)
                for glyph in shaped {
                    let a = atomOfScalar[glyph.cluster]
                    atoms[a].glyphs.append(AtomGlyph(slot: run.font.slot, id: glyph.id,
                                                     x: atoms[a].advance + glyph.offsetX, y: glyph.offsetY))
                    atoms[a].advance += glyph.advance
                }
            }
        }
        return atoms
    }

    /// Whether a line may end between `left` and `right`: where UAX #14
    /// allows it, except between two letters or digits (CSS `word-break:
    /// keep-all`), so a Korean word (eojeol) is never split between its
    /// syllables; Chinese and Japanese letters still break between them.
    /// A word wider than its line is split by the line breaker anyway.
    static func breaks(after left: Character, before right: Character,
                       opportunity: UnicodeLineBreaks.Opportunity) -> Bool {
        guard opportunity != .prohibited else { return false }
        return !(keepsWhole(left) && keepsWhole(right))
    }

    /// A letter or digit of a script that keeps its words whole.
    private static func keepsWhole(_ character: Character) -> Bool {
        guard character.isLetter || character.isNumber else { return false }
        return !(script(of: character)?.breaksBetweenLetters ?? false)
    }

    /// True when `character` asks to be shown as an emoji: a scalar with
    /// emoji presentation by default, a variation selector 16, a keycap or
    /// a skin-tone modifier.
    static func wantsEmoji(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            scalar.properties.isEmojiPresentation || scalar.value == 0xFE0F || scalar.value == 0x20E3
                || scalar.properties.isEmojiModifier
        }
    }

    /// The first non-neutral script among the character's scalars, or nil.
    static func script(of character: Character) -> TextScript? {
        for scalar in character.unicodeScalars {
            let script = TextScript(of: scalar)
            if !script.isNeutral { return script }
        }
        return nil
    }
}
