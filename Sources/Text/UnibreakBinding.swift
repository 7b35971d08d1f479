import CUnibreak

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

    /// The opportunity after each of `scalars` (same count), for text in
    /// `language` (BCP 47; only its first subtag matters to libunibreak,
    /// which sets ambiguous quotation marks by it).
    static func opportunities(_ scalars: UnsafeBufferPointer<UInt32>, language: String) -> [Opportunity] {
        guard let base = scalars.baseAddress, !scalars.isEmpty else { return [] }
        _ = initialized
        var marks = [CChar](repeating: CChar(LINEBREAK_NOBREAK), count: scalars.count)
        let primary = language.split(separator: "-").first.map(String.init) ?? ""
        primary.withCString { lang in
            marks.withUnsafeMutableBufferPointer { out in
                set_linebreaks_utf32(base, scalars.count, lang, out.baseAddress)
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
