
/// The words and formats cards print, per locale.
public struct CardStrings: Sendable, Hashable {
    public let locale: CardLocale
    /// The kinds' labels and credits.
    public let kinds: [KindStyle]

    public init(_ locale: CardLocale, kinds: [KindStyle] = KindStyle.builtIn) {
        self.locale = locale
        self.kinds = kinds
    }

    /// The words of `theme`: its locale and its kinds.
    public init(_ theme: Theme) {
        self.init(theme.locale, kinds: theme.kinds)
    }

    private func style(_ kind: EntryKind) -> KindStyle {
        kinds.first { $0.kind == kind } ?? KindStyle(kind: kind, korean: kind.rawValue, english: kind.rawValue, credit: .names)
    }

    /// Short weekday names, Sunday first.
    public var weekdayNames: [String] {
        switch locale {
        case .ko: ["일", "월", "화", "수", "목", "금", "토"]
        case .en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        }
    }

    private static let englishMonths = ["January", "February", "March", "April", "May", "June", "July",
                                        "August", "September", "October", "November", "December"]

    /// `2022년 8월` or `August 2022`.
    public func monthTitle(year: Int, month: Int) -> String {
        switch locale {
        case .ko: "\(year)년 \(month)월"
        case .en: "\(CardStrings.englishMonths[month - 1]) \(year)"
        }
    }

    /// `2022.08.27 (토)` or `2022.08.27 (Sat)`.
    public func date(_ date: CalendarDate) -> String {
        String(date.description.map { $0 == "-" ? "." : $0 }) + " (\(weekdayNames[date.weekday]))"
    }

    /// The kind badge's text.
    public func kind(_ kind: EntryKind) -> String {
        locale == .ko ? style(kind).korean : style(kind).english
    }

    /// Who made the work, as its kind's style credits them
    /// (`KindStyle.Credit`): the label (`감독`, `저자`, `작가`, `출연`, `만든
    /// 이`; `Director`, `Author`, `Artist`, `Cast`, `By`) and the name.
    /// Movies and dramas name the director, books the author (`author`,
    /// else the `director` field older entries used), both `미상`
    /// (`Unknown`) when missing, with `known` false; shows, concerts,
    /// exhibitions and "other" name whoever was given, and nobody is no
    /// credit (nil). One table for cards and the site, so both say the same.
    public func creditParts(kind: EntryKind, director: String?, author: String?)
        -> (label: String, name: String, known: Bool)? {
        func cleaned(_ name: String?) -> String? {
            name.map { TextCleaner.collapsingWhitespace($0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let ko = locale == .ko
        let unknown = ko ? "미상" : "Unknown"
        switch style(kind).credit {
        case .director:
            let name = cleaned(director)
            return (ko ? "감독" : "Director", name ?? unknown, name != nil)
        case .author:
            let name = cleaned(author) ?? cleaned(director)
            return (ko ? "저자" : "Author", name ?? unknown, name != nil)
        case .artist:
            return (cleaned(director) ?? cleaned(author)).map { (ko ? "작가" : "Artist", $0, true) }
        case .names:
            return cleaned(director).map { (kind == .other ? (ko ? "만든 이" : "By") : (ko ? "출연" : "Cast"), $0, true) }
        case .none:
            return nil
        }
    }

    /// The credit line of the back face: the name (`creditParts`), or
    /// `감독 미상` / `Unknown director` where the kind always names someone
    /// and nobody was given; then the year. Nil when there is neither.
    public func credit(for entry: Entry) -> String? {
        credit(kind: entry.kind, director: entry.director, author: entry.author, year: entry.year)
    }

    /// The credit line from its parts (see `credit(for:)`).
    public func credit(kind: EntryKind, director: String?, author: String?, year: Int?) -> String? {
        let name = creditParts(kind: kind, director: director, author: author).map { parts in
            parts.known ? parts.name
                : locale == .ko ? "\(parts.label) \(parts.name)" : "\(parts.name) \(parts.label.lowercased())"
        }
        let parts = [name, year.map(String.init)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// Who came along: `민수, 지영과 함께` (와 after a last name ending in a
    /// vowel, 과 after a final consonant; `함께: Tom, Jane` when the last
    /// name does not end in a Hangul syllable, whose particle cannot be
    /// told from its spelling), or `with 민수, 지영`; nil without friends.
    public func friends(_ names: [String]) -> String? {
        let cleaned = names.map { TextCleaner.collapsingWhitespace($0) }.filter { !$0.isEmpty }
        guard let last = cleaned.last else { return nil }
        let list = cleaned.joined(separator: ", ")
        switch locale {
        case .en:
            return "with " + list
        case .ko:
            guard let scalar = last.unicodeScalars.last, (0xAC00...0xD7A3).contains(scalar.value) else {
                return "함께: " + list
            }
            return list + ((scalar.value - 0xAC00) % 28 == 0 ? "와" : "과") + " 함께"
        }
    }

    /// The rating as printed beside the stars: `4.5`, `3.0`.
    public func rating(_ value: Double) -> String {
        let halves = Int((max(0, min(5, value)) * 2).rounded())
        return "\(halves / 2).\(halves % 2 == 0 ? 0 : 5)"
    }
}
