/// The search's words: the page, its script's messages (`SearchScript`
/// writes them into the script) and the indexes' heading.
extension SiteStrings {
    // MARK: The page

    var findEntries: String { pick("기록 찾기", "Find entries") }
    var searchWords: String { pick("찾을 말", "Search words") }
    var searchPlaceholder: String { pick("무엇을 찾을까요?", "What are you looking for?") }
    var searchHint: String {
        pick("제목, 메모, 함께한 사람, 감독·저자, 종류, 날짜(2022.8, 8월)로 찾아요. 초성도 돼요: ㅎㅇㅈ → 헤어질 결심",
             "Finds titles, memos, companions, directors and authors, kinds and dates (2022.8, 2022-08-27).")
    }
    /// A filter's first option.
    var all: String { pick("모두", "All") }
    var rating: String { pick("별점", "Rating") }
    /// The least rating's options: `5점`, `4.5점 이상`.
    var onlyFive: String { pick("5점", "5 only") }
    func atLeast(_ value: String) -> String { pick("\(value)점 이상", "\(value) or more") }
    var sort: String { pick("정렬", "Sort") }
    var sortNewest: String { pick("최근 날짜순", "Newest first") }
    var sortRating: String { pick("별점순", "Best rated") }
    var sortTitle: String { pick("제목순", "By title") }
    var sortBest: String { pick("알맞은 순", "Best match") }
    /// The label of the sort that follows the search: the best match first
    /// when words were typed, else the newest first (the script renames the
    /// option as the words come and go, so it names the order shown).
    func automaticSort(words: Bool) -> String { pick("기본: ", "Default: ") + (words ? sortBest : sortNewest) }
    var showMore: String { pick("더 보기", "Show more") }
    /// Without script: the sentence around the links to the gallery, the
    /// list and the years.
    var noScript: (before: String, comma: String, or: String, after: String) {
        switch locale {
        case .ko: ("검색은 브라우저의 자바스크립트가 켜져 있어야 해요. ", ", ", ", ", " 페이지에서 둘러볼 수 있어요.")
        case .en: ("The search needs JavaScript on in the browser. Browse the ", ", ", " or ", " pages instead.")
        }
    }

    // MARK: The script's messages

    var noEntriesYet: String { pick("아직 기록이 없어요.", "No entries yet.") }
    var noMatch: String {
        pick("맞는 기록이 없어요. 다른 말로 찾거나 필터를 풀어 보세요.", "No entry matches. Try other words, or clear a filter.")
    }
    /// How many results, before the order's name: `기록 12개 · `.
    var resultCount: NumberPhrase {
        locale == .ko ? NumberPhrase("기록 ", "개 · ") : NumberPhrase("", " entries · ", one: " entry · ")
    }
    /// The button under the results: `더 보기 (12개 남음)`.
    var moreLeft: NumberPhrase {
        locale == .ko ? NumberPhrase("더 보기 (", "개 남음)") : NumberPhrase("Show more (", " left)")
    }

    // MARK: The indexes

    /// The first line of a year's index, after `// `.
    func indexHeading(_ year: Int) -> String {
        pick("PhotiCase 티켓북 \(year)년의 기록: 검색 페이지(site/search.html)가 읽는 색인.",
             "PhotiCase \(bookName), \(year): the index the search page (site/search.html) reads.")
    }
}
