import PhotiCaseDiary

/// The kinds of entries as the theme names them: the labels the pages
/// show and the words the search page finds a kind by. From the theme and
/// not the built-in table, so a theme's own kinds (`"kinds"` in its JSON)
/// read as it names them, not as their keys.
struct SiteKinds: Sendable {
    /// The theme's kinds, in its order.
    let styles: [KindStyle]

    init(theme: Theme) {
        styles = theme.kinds
    }

    /// The Korean label of `kind` (its key for a kind the theme lacks).
    func label(_ kind: EntryKind) -> String {
        styles.first { $0.kind == kind }?.korean ?? kind.rawValue
    }

    /// The words a search finds `kind` by: its Korean and English labels
    /// and its key, lower-cased, each once.
    func words(_ kind: EntryKind) -> [String] {
        let style = styles.first { $0.kind == kind }
        var words: [String] = []
        for word in [style?.korean, style?.english, kind.rawValue].compactMap({ $0?.lowercased() })
        where !word.isEmpty && !words.contains(word) {
            words.append(word)
        }
        return words
    }

    /// The theme's kinds with the built-in ones it lacks, in that order:
    /// the search page's kind filter, which must also offer the kinds of
    /// entries a theme change left behind.
    var all: [EntryKind] {
        var kinds = styles.map(\.kind)
        for style in KindStyle.builtIn where !kinds.contains(style.kind) { kinds.append(style.kind) }
        return kinds
    }

    /// Who made the work, labelled as the theme says its kind credits
    /// someone (`KindStyle.credit`): `감독`, `저자`, `출연`, `만든 이`; nil
    /// without a name, or for a kind that credits nobody.
    func credit(_ entry: Entry) -> (label: String, name: String)? {
        func cleaned(_ name: String?) -> String? {
            name.map { TextCleaner.collapsingWhitespace($0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let credit = styles.first { $0.kind == entry.kind }?.credit ?? KindStyle.builtInStyle(entry.kind)?.credit ?? .names
        switch credit {
        case .director: return cleaned(entry.director).map { ("감독", $0) }
        case .author: return (cleaned(entry.author) ?? cleaned(entry.director)).map { ("저자", $0) }
        case .names: return cleaned(entry.director).map { (entry.kind == .other ? "만든 이" : "출연", $0) }
        case .none: return nil
        }
    }
}
