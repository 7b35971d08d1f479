import PhotiCaseRaster

/// How a theme shows one kind of entry: its labels, its badge's colour, and
/// whom the back's credit line names. The default theme declares the
/// built-in kinds; a theme adds its own (`"kinds"` in its JSON) or changes
/// these by key.
public struct KindStyle: Sendable, Hashable {
    /// Whom the credit line of the back face names, from entry.json's
    /// `director` and `author` fields.
    public enum Credit: String, Sendable, Hashable, CaseIterable {
        /// Movies and dramas: the director, `감독 미상` when missing.
        case director
        /// Books: the author (else the director field older entries used),
        /// `저자 미상` when missing.
        case author
        /// Shows and concerts: the names in the director field (the
        /// cast, the performers), nothing when missing.
        case names
        /// Exhibitions: the artist (the director field, else the author),
        /// nothing when missing. Labelled `작가`, not `출연`.
        case artist
        /// No credit line.
        case none
    }

    public var kind: EntryKind
    /// The badge text in Korean and in English.
    public var korean: String
    public var english: String
    /// The badge's colour; nil: the theme's brand colour.
    public var badgeColor: RGBA?
    public var credit: Credit

    public init(kind: EntryKind, korean: String, english: String, badgeColor: RGBA? = nil, credit: Credit) {
        self.kind = kind
        self.korean = korean
        self.english = english
        self.badgeColor = badgeColor
        self.credit = credit
    }

    /// The default theme's kinds, in order. Exhibitions and concerts have
    /// badge colours of their own, each 4.5:1 or more against the white
    /// badge text (the others take the brand colour, as the app does).
    public static let builtIn: [KindStyle] = [
        KindStyle(kind: .movie, korean: "영화", english: "Movie", credit: .director),
        KindStyle(kind: .drama, korean: "드라마", english: "Drama", credit: .director),
        KindStyle(kind: .book, korean: "책", english: "Book", credit: .author),
        KindStyle(kind: .performance, korean: "공연", english: "Show", credit: .names),
        KindStyle(kind: .exhibition, korean: "전시", english: "Exhibition", badgeColor: RGBA(0x1B, 0x75, 0x6A), credit: .artist),
        KindStyle(kind: .concert, korean: "콘서트", english: "Concert", badgeColor: RGBA(0x6C, 0x3F, 0xC9), credit: .names),
        KindStyle(kind: .other, korean: "기타", english: "Other", credit: .names),
    ]

    /// The default theme's style of `kind`, nil for a kind it lacks.
    public static func builtInStyle(_ kind: EntryKind) -> KindStyle? {
        builtIn.first { $0.kind == kind }
    }
}

extension Theme {
    /// The style of `kind` in this theme (a kind it does not declare shows
    /// its key and takes the brand colour: entries are checked against the
    /// theme's kinds when they load, so only a caller's own entry can lack
    /// one).
    public func style(of kind: EntryKind) -> KindStyle {
        kinds.first { $0.kind == kind } ?? KindStyle(kind: kind, korean: kind.rawValue, english: kind.rawValue, credit: .names)
    }

    /// The badge colour of `kind`.
    public func badgeColor(_ kind: EntryKind) -> RGBA { style(of: kind).badgeColor ?? brandColor }

    /// The kinds entries may name with this theme, in order.
    public var kindKeys: [EntryKind] { kinds.map(\.kind) }
}
