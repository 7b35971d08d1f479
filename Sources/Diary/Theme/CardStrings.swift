
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

    /// The credit line of the back face: who made the work, as its kind's
    /// style says (`KindStyle.Credit`), then the year. Movies and dramas
    /// name the director (`감독 미상` when missing), books the author
    /// (`author`, else the `director` field older entries used; `저자 미상`
    /// when both are missing). Shows, concerts and exhibitions print the
    /// names in the `director` field and "other" whatever name was given,
    /// with no "unknown" filler: nil when there is neither a name nor a year.
    public func credit(for entry: Entry) -> String? {
        credit(kind: entry.kind, director: entry.director, author: entry.author, year: entry.year)
    }

    /// The credit line from its parts (see `credit(for:)`).
    public func credit(kind: EntryKind, director: String?, author: String?, year: Int?) -> String? {
        func cleaned(_ name: String?) -> String? {
            name.map { TextCleaner.collapsingWhitespace($0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let name: String?
        switch style(kind).credit {
        case .director:
            name = cleaned(director) ?? (locale == .ko ? "감독 미상" : "Unknown director")
        case .author:
            name = cleaned(author) ?? cleaned(director) ?? (locale == .ko ? "저자 미상" : "Unknown author")
        case .names:
            name = cleaned(director)
        case .none:
            name = nil
        }
        let parts = [name, year.map(String.init)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// `with 민수, 지영`, or nil without friends.
    public func friends(_ names: [String]) -> String? {
        let cleaned = names.map { TextCleaner.collapsingWhitespace($0) }.filter { !$0.isEmpty }
        return cleaned.isEmpty ? nil : "with " + cleaned.joined(separator: ", ")
    }

    /// The rating as printed beside the stars: `4.5`, `3.0`.
    public func rating(_ value: Double) -> String {
        let halves = Int((max(0, min(5, value)) * 2).rounded())
        return "\(halves / 2).\(halves % 2 == 0 ? 0 : 5)"
    }
}
