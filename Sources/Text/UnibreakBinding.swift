import CPhotiCaseUnibreak

// The only file that calls libunibreak. `set_linebreaks_utf32` keeps no
// state between calls; `init_linebreak` fills its language tables once,
// before the first call, from whichever thread gets there first.

/// Line-break opportunities by the Unicode line breaking algorithm
/// (UAX #14) as libunibreak implements it.
enum UnicodeLineBreaks {
    /// What the algorithm says of the position after a scalar.
    enum Opportunity: UInt8 {
        /// A line must end here (end of text, a line or paragraph separator).
        case mandatory
        /// A line may end here (after a space, a hyphen, between ideographs...).
        case allowed
        /// A line may not end here.
        case prohibited
    }

    private static let initialized: Void = init_linebreak()

    /// REGIONAL INDICATOR SYMBOL LETTER A to Z.
    private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
    /// CJK UNIFIED IDEOGRAPH-4E00, of class ID.
    private static let ideograph: UInt32 = 0x4E00

    /// The opportunity after each of `scalars` (same count), for text in
    /// `language` (BCP 47; only its first subtag matters to libunibreak,
    /// which sets ambiguous quotation marks by it).
    static func opportunities(_ scalars: UnsafeBufferPointer<UInt32>, language: String) -> [Opportunity] {
        guard !scalars.isEmpty else { return [] }
        _ = initialized
        // libunibreak 1.1 (Debian 12's) has regional indicators (flags) in
        // its data but not in its pair table: it aborts on an assertion.
        // They are handed over as an ideograph, which breaks as a flag
        // does (UAX #14 LB30a only joins the two halves of one flag, and a
        // flag is one grapheme to the breaker anyway).
        // U+FFFF (a noncharacter) is its end-of-text mark, and stops it on
        // another assertion: it goes as the replacement character.
        let safe = scalars.map { scalar in
            Self.regionalIndicators.contains(scalar) ? Self.ideograph : scalar == 0xFFFF ? 0xFFFD : scalar
        }
        var marks = [CChar](repeating: CChar(LINEBREAK_NOBREAK), count: safe.count)
        let primary = language.split(separator: "-").first.map(String.init) ?? ""
        primary.withCString { lang in
            safe.withUnsafeBufferPointer { text in
                marks.withUnsafeMutableBufferPointer { out in
                    set_linebreaks_utf32(text.baseAddress, text.count, lang, out.baseAddress)
                }
            }
        }
        return marks.map { mark in
            switch Int32(mark) {
            case LINEBREAK_MUSTBREAK: .mandatory
            case LINEBREAK_ALLOWBREAK: .allowed
            default: .prohibited
            }
        }
    }
}
