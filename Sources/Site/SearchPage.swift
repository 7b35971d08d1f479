import PhotiCaseDiary

/// The search page (`site/search.html`): a search box, filters (kind,
/// least rating, companion, year) and a sort, over every entry, each
/// result a link to its entry page with its picture. The state lives in
/// the URL fragment (`SearchQuery`), so a view can be bookmarked and other
/// pages link to one. The work is done by `search.js` (`SearchScript`)
/// over the years' indexes (`SearchIndex`), loaded as scripts; without
/// script the page says so and points to the pages that need none.
struct SearchPage: Sendable {
    /// Years with entries, oldest first: an index each.
    var years: [Int]

    func render(_ w: inout PageWriter) -> [UInt8] {
        w.page(title: "검색", section: .search) { w in
            w.html.element("h1", [("id", "search-title")], "기록 찾기")
            // Hidden until the script runs: without it the form does nothing.
            w.html.open("form", [("class", "search-form"), ("id", "search-form"), ("role", "search"),
                                 ("aria-labelledby", "search-title"), ("hidden", "")])
            w.html.open("p", [("class", "search-box")])
            w.html.open("input", [("type", "search"), ("id", "q"), ("name", "q"), ("aria-label", "찾을 말"),
                                  ("spellcheck", "false"), ("enterkeyhint", "search"),
                                  ("placeholder", "무엇을 찾을까요?"),
                                  ("aria-describedby", "search-hint")])
            w.html.close("p")
            w.html.element("p", [("class", "hint"), ("id", "search-hint")],
                           "제목, 메모, 함께한 사람, 감독·저자, 종류, 날짜(2022.8, 8월)로 찾아요. 초성도 돼요: ㅎㅇㅈ → 헤어질 결심")
            w.html.open("div", [("class", "filters")])
            select(&w, id: "kind", label: "종류",
                   options: [("", "모두")] + w.kinds.all.map { ($0.rawValue, w.kinds.label($0)) })
            select(&w, id: "min", label: "별점",
                   options: [("", "모두"), ("5.0", "5점")] + stride(from: 9, through: 1, by: -1).map { tenths in
                       let value = SiteText.rating(Double(tenths) / 2)
                       return (value, "\(value)점 이상")
                   })
            // The companions come from the indexes, filled in by the script.
            select(&w, id: "friend", label: "함께한 사람", options: [("", "모두")])
            select(&w, id: "year", label: "해", options: [("", "모두")] + years.reversed().map { (String($0), "\($0)년") })
            select(&w, id: "sort", label: "정렬",
                   options: [("", SearchPage.automaticSort(words: false)), ("date", "최근 날짜순"), ("rating", "별점순"),
                             ("title", "제목순")])
            w.html.close("div")
            w.html.close("form")
            w.html.element("p", [("class", "lede"), ("id", "search-status"), ("role", "status"), ("aria-live", "polite")], "")
            w.html.element("ol", [("class", "rows results"), ("id", "results"), ("aria-labelledby", "search-title")], "")
            w.html.open("p", [("class", "more")])
            w.html.element("button", [("type", "button"), ("class", "button"), ("id", "more"), ("hidden", "")], "더 보기")
            w.html.close("p")
            w.html.open("noscript")
            w.html.open("p", [("class", "lede")])
            w.html.text("검색은 브라우저의 자바스크립트가 켜져 있어야 해요. ")
            w.link(.gallery(page: 1), "갤러리")
            w.html.text(", ")
            w.link(.list(page: 1), "목록")
            w.html.text(", ")
            w.link(.yearsIndex, "연도별")
            w.html.text(" 페이지에서 둘러볼 수 있어요.")
            w.html.close("p")
            w.html.close("noscript")
            // In order, after the page is read: the indexes, then the search.
            for year in years {
                w.html.open("script", [("src", w.href(.searchIndex(year: year))), ("defer", "")])
                w.html.close("script")
            }
            w.html.open("script", [("src", w.href(.searchScript)), ("defer", "")])
            w.html.close("script")
        }
    }

    private func select(_ w: inout PageWriter, id: String, label: String, options: [(String, String)]) {
        w.html.open("p", [("class", "filter")])
        w.html.element("label", [("for", id)], label)
        w.html.open("select", [("id", id), ("name", id)])
        for (value, text) in options { w.html.element("option", [("value", value)], text) }
        w.html.close("select")
        w.html.close("p")
    }

    /// The label of the sort that follows the search: the best match first
    /// when words were typed, else the newest first (the script renames the
    /// option as the words come and go, so it names the order shown).
    static func automaticSort(words: Bool) -> String {
        words ? "기본: 알맞은 순" : "기본: 최근 날짜순"
    }
}
