import CPhotiCaseFriBidi

// The only file that calls FriBidi. The functions called here keep no
// state between calls (Debian builds FriBidi with plain malloc, not the
// shared free list of runs of other builds), so any thread may use them.

/// The Unicode bidirectional algorithm (UAX #9) as FriBidi implements it:
/// explicit embeddings and overrides (LRE, RLE, LRO, RLO, PDF), isolates
/// (LRI, RLI, FSI, PDI), marks (LRM, RLM, ALM), numbers, and bracket pairs
/// (rule N0).
///
/// Text is shaped in logical order, each run with its own direction; the
/// levels resolved here then put a line's graphemes in visual order.
/// FriBidi works on scalars and the layout on graphemes (`Character`s): a
/// grapheme takes the level and class of its first scalar, so a letter and
/// its marks, or an emoji sequence, are never split.
enum Bidi {
    /// The direction a paragraph is set in.
    enum Direction: Sendable {
        /// From its first strong character outside isolates (rules P2, P3);
        /// left to right when it has none.
        case auto
        case leftToRight
        case rightToLeft
    }

    /// A grapheme's bidi class (that of its first scalar), kept with it so
    /// that a line can be reordered after it was broken.
    struct Class: Equatable, Sendable {
        fileprivate let raw: UInt32

        /// Other neutral (ON): a class that rule L1 leaves alone.
        static let otherNeutral = Class(raw: FRIBIDI_TYPE_ON.rawValue)
    }

    /// The resolution of one paragraph.
    struct Paragraph: Equatable, Sendable {
        /// 0 for a left-to-right paragraph, 1 for a right-to-left one.
        var baseLevel: UInt8
        /// The embedding level of each grapheme: even is left to right, odd
        /// right to left.
        var levels: [UInt8]
        /// The class of each grapheme.
        var classes: [Class]

        /// A paragraph set left to right in logical order, as if it held
        /// only left-to-right letters.
        init(leftToRight count: Int) {
            baseLevel = 0
            levels = Array(repeating: 0, count: count)
            classes = Array(repeating: .otherNeutral, count: count)
        }

        fileprivate init(baseLevel: UInt8, levels: [UInt8], classes: [Class]) {
            self.baseLevel = baseLevel
            self.levels = levels
            self.classes = classes
        }
    }

    /// The embedding levels of a paragraph's graphemes (rules P2 to I2 and
    /// parts 1 to 3 of L1).
    static func paragraph(_ characters: [Character], direction: Direction) throws(BidiError) -> Paragraph {
        var scalars: [UInt32] = []
        var firstScalar: [Int] = []
        firstScalar.reserveCapacity(characters.count)
        for character in characters {
            firstScalar.append(scalars.count)
            scalars += character.unicodeScalars.lazy.map(\.value)
        }
        guard let length = Int32(exactly: scalars.count) else { throw .tooLong(scalars: scalars.count) }
        guard length > 0 else {
            return Paragraph(baseLevel: direction == .rightToLeft ? 1 : 0, levels: [], classes: [])
        }

        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_ON, count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var base: FriBidiParType
        switch direction {
        case .auto: base = FRIBIDI_PAR_ON
        case .leftToRight: base = FRIBIDI_PAR_LTR
        case .rightToLeft: base = FRIBIDI_PAR_RTL
        }
        fribidi_get_bidi_types(scalars, length, &types)
        // Bracket pairs (N0) need each bracket's pair identity.
        fribidi_get_bracket_types(scalars, length, types, &brackets)
        // Zero means FriBidi could not allocate its run lists.
        guard fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, &levels) != 0 else {
            throw .resolutionFailed(scalars: scalars.count)
        }
        // Without a strong character FriBidi leaves an automatic direction
        // neutral, which it sets as left to right.
        return Paragraph(baseLevel: base == FRIBIDI_PAR_RTL ? 1 : 0,
                         levels: firstScalar.map { UInt8(clamping: levels[$0]) },
                         classes: firstScalar.map { Class(raw: types[$0].rawValue) })
    }

    /// The order in which to place a line's graphemes from left to right,
    /// given their levels and classes from `paragraph` and that paragraph's
    /// base level: whitespace and invisible controls ending the line take
    /// the paragraph's level (part 4 of rule L1), then every stretch at a
    /// level or above is reversed, from the highest level down to the
    /// lowest odd one (L2).
    ///
    /// The line need not be a slice of the paragraph (a line cut short ends
    /// with an ellipsis of its own).
    static func visualOrder(levels: [UInt8], classes: [Class], baseLevel: UInt8) throws(BidiError) -> [Int] {
        precondition(levels.count == classes.count, "one class per level")
        guard let length = Int32(exactly: levels.count) else { throw .tooLong(scalars: levels.count) }
        var lineLevels = levels.map { FriBidiLevel(clamping: $0) }
        var order = [FriBidiStrIndex](0..<length)
        let types = classes.map { FriBidiCharType(rawValue: $0.raw) }
        // No flags: a grapheme already holds its marks (L3 has nothing to do).
        let status = fribidi_reorder_line(0, types, length, 0, baseLevel % 2 == 1 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR,
                                          &lineLevels, nil, &order)
        guard status != 0 else { throw .reorderFailed(graphemes: levels.count) }
        return order.map(Int.init)
    }
}

/// Why FriBidi could not resolve or reorder a text. It fails only when it
/// cannot allocate memory, or when the text is too long for its 32-bit
/// indices.
enum BidiError: Error, Equatable, CustomStringConvertible {
    case tooLong(scalars: Int)
    case resolutionFailed(scalars: Int)
    case reorderFailed(graphemes: Int)

    var description: String {
        switch self {
        case let .tooLong(count): "text of \(count) scalars is too long for FriBidi"
        case let .resolutionFailed(count): "FriBidi could not resolve the levels of a paragraph of \(count) scalars"
        case let .reorderFailed(count): "FriBidi could not reorder a line of \(count) graphemes"
        }
    }
}
