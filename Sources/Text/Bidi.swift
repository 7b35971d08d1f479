/// A small part of the Unicode bidirectional algorithm (UAX #9), at the
/// grapheme level and without explicit embeddings or isolates: enough for
/// right-to-left words and numbers among left-to-right text and the other
/// way round.
///
/// Text is shaped in logical order, each run with its own direction; the
/// levels resolved here then put a line's graphemes in visual order (rule
/// L2).
enum Bidi {
    /// The classes the resolution tells apart.
    enum Class: Equatable {
        /// Strong left to right (Latin, Hangul, Han...; LRM).
        case left
        /// Strong right to left (Arabic, Hebrew...; RLM, ALM).
        case right
        /// A decimal digit, European or Arabic-Indic.
        case number
        /// A separator inside a number: "," "." "/" ":" "+" "-".
        case numberSeparator
        /// A sign next to a number: "%", "$", "€", "#", "°"...
        case numberTerminator
        /// An opening or closing bracket, named by its opening scalar (for
        /// pairing, rule N0).
        case openBracket(UInt32)
        case closeBracket(UInt32)
        /// Spaces, punctuation, symbols, emoji.
        case neutral

        var isStrongOrNumber: Bool { self == .left || self == .right || self == .number }
    }

    /// Paired brackets (Bidi_Paired_Bracket), closing to opening.
    private static let closing: [UInt32: UInt32] = [
        0x29: 0x28, 0x5D: 0x5B, 0x7D: 0x7B, 0xBB: 0xAB, 0x203A: 0x2039, 0x2046: 0x2045,
        0x232A: 0x2329, 0x27E9: 0x27E8, 0x3009: 0x3008, 0x300B: 0x300A, 0x300D: 0x300C,
        0x300F: 0x300E, 0x3011: 0x3010, 0xFF09: 0xFF08, 0xFF3D: 0xFF3B, 0xFF5D: 0xFF5B,
    ]
    private static let opening = Set(closing.values)

    /// The class of a grapheme: that of its first scalar that is not
    /// neutral (a base letter with its marks is one grapheme).
    static func `class`(of character: Character) -> Class {
        var weak = Class.neutral
        for scalar in character.unicodeScalars {
            switch scalar.value {
            case 0x200E: return .left
            case 0x200F, 0x061C: return .right
            default: break
            }
            if scalar.properties.generalCategory == .decimalNumber { return .number }
            let script = TextScript(of: scalar)
            if !script.isNeutral { return script.isRightToLeft ? .right : .left }
            if weak == .neutral {
                if opening.contains(scalar.value) {
                    weak = .openBracket(scalar.value)
                } else if let open = closing[scalar.value] {
                    weak = .closeBracket(open)
                } else if let sign = numberSign(scalar) {
                    weak = sign
                }
            }
        }
        return weak
    }

    private static func numberSign(_ scalar: Unicode.Scalar) -> Class? {
        switch scalar {
        case ",", ".", "/", ":", "+", "-", "\u{00A0}", "\u{2212}", "\u{060C}": .numberSeparator
        case "%", "\u{2030}", "#", "$", "\u{00A2}", "\u{00A3}", "\u{00A5}", "\u{00B0}", "\u{20AC}", "\u{066A}":
            .numberTerminator
        default: nil
        }
    }

    /// The paragraph's base level: 1 when its first strong grapheme is
    /// right to left, else 0 (rules P2, P3).
    static func baseLevel(_ classes: [Class]) -> UInt8 {
        classes.first { $0 == .left || $0 == .right } == .right ? 1 : 0
    }

    /// The resolved embedding level of each grapheme of a paragraph (rules
    /// W4-W7, N0-N2, I1-I2): even is left to right, odd right to left.
    static func levels(_ classes: [Class], base: UInt8) -> [UInt8] {
        let baseClass: Class = base % 2 == 0 ? .left : .right
        var resolved = classes
        // W4, W5: a single separator between two digits, and signs touching
        // digits, belong to the number.
        for i in resolved.indices where resolved[i] == .numberSeparator {
            if i > 0, i + 1 < resolved.count, classes[i - 1] == .number, classes[i + 1] == .number {
                resolved[i] = .number
            }
        }
        for i in resolved.indices where resolved[i] == .number {
            var j = i - 1
            while j >= 0, resolved[j] == .numberTerminator { resolved[j] = .number; j -= 1 }
            j = i + 1
            while j < resolved.count, resolved[j] == .numberTerminator { resolved[j] = .number; j += 1 }
        }
        // W7: digits after left-to-right text (or at the start of a
        // left-to-right paragraph) are left to right themselves.
        var strong = baseClass
        for i in resolved.indices {
            switch resolved[i] {
            case .left, .right: strong = resolved[i]
            case .number where strong == .left: resolved[i] = .left
            default: break
            }
        }
        resolveBrackets(&resolved, base: baseClass)
        // N1, N2: neutrals between two graphemes of one direction take it
        // (digits count as right to left), others the paragraph's.
        var i = 0
        while i < resolved.count {
            guard !resolved[i].isStrongOrNumber else { i += 1; continue }
            var end = i
            while end < resolved.count, !resolved[end].isStrongOrNumber { end += 1 }
            let before = i == 0 ? baseClass : direction(resolved[i - 1])
            let after = end == resolved.count ? baseClass : direction(resolved[end])
            for k in i..<end { resolved[k] = before == after ? before : baseClass }
            i = end
        }
        // I1, I2.
        return resolved.map { cls in
            switch (cls, base % 2 == 0) {
            case (.left, true): base
            case (.left, false), (.number, _): base + (base % 2 == 0 ? 2 : 1)
            default: base % 2 == 0 ? base + 1 : base
            }
        }
    }

    private static func direction(_ cls: Class) -> Class { cls == .left ? .left : .right }

    /// N0: a bracket pair takes the paragraph's direction when it holds
    /// text of that direction, else the other direction when it holds text
    /// of it and that direction also precedes the pair; so "(שלום)" after
    /// Hebrew or digits stays one right-to-left piece, both brackets
    /// mirrored.
    private static func resolveBrackets(_ resolved: inout [Class], base: Class) {
        // BD16: pairs, by a stack of openings (at most 63 deep).
        var stack: [(open: UInt32, at: Int)] = []
        var pairs: [(Int, Int)] = []
        for (i, cls) in resolved.enumerated() {
            switch cls {
            case let .openBracket(open):
                guard stack.count < 63 else { break }
                stack.append((open, i))
            case let .closeBracket(open):
                if let match = stack.lastIndex(where: { $0.open == open }) {
                    pairs.append((stack[match].at, i))
                    stack.removeSubrange(match...)
                }
            default: break
            }
        }
        for (open, close) in pairs.sorted(by: { $0.0 < $1.0 }) {
            let inside = resolved[(open + 1)..<close].filter(\.isStrongOrNumber).map(direction)
            let value: Class
            if inside.contains(base) {
                value = base
            } else if let other = inside.first {
                let before = resolved[..<open].last(where: \.isStrongOrNumber).map(direction) ?? base
                value = before == other ? other : base
            } else {
                continue
            }
            resolved[open] = value
            resolved[close] = value
        }
    }

    /// The order in which to place items with `levels` from left to right
    /// (rule L2): from the highest level down to the lowest odd one, every
    /// stretch at that level or above is reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var end = i
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }
}
