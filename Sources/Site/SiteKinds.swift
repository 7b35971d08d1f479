import PhotiCaseDiary

/// The kinds of entries as the theme names them: the labels the pages
/// show and the words the search page finds a kind by. From the theme and
/// not the built-in table, so a theme's own kinds (`"kinds"` in its JSON)
/// read as it names them, not as their keys, in the theme's language.
struct SiteKinds: Sendable {
    /// The theme's kinds, in its order.
    var styles: [KindStyle] { cards.kinds }
    /// The kinds' labels and credits as cards print them, in the theme's
    /// language.
    private let cards: CardStrings

    init(theme: Theme) {
        cards = CardStrings(theme)
    }

    /// The language the site speaks (`Theme.locale`): the kinds' labels,
    /// and the words of the pages (`PageWriter.strings`).
    var locale: CardLocale { cards.locale }

    /// The label of `kind` in the site's language (its key for a kind the
    /// theme lacks).
    func label(_ kind: EntryKind) -> String { cards.kind(kind) }

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

    /// Who made the work, labelled as the theme's kind credits someone
    /// (`CardStrings.creditParts`, the words cards print): `감독 봉준호`,
    /// `작가 …` for an exhibition, `감독 미상` where a movie names nobody
    /// (`known` false: no search link); nil for a kind that credits nobody
    /// or without a name; `Director`, `Unknown` in English.
    func credit(_ entry: Entry) -> (label: String, name: String, known: Bool)? {
        cards.creditParts(kind: entry.kind, director: entry.director, author: entry.author)
    }
}
