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
        let strings = w.strings
        return w.page(title: strings.search, section: .search) { w in
            w.html.element("h1", [("id", "search-title")], strings.findEntries)
            // Hidden until the script runs: without it the form does nothing.
            w.html.open("form", [("class", "search-form"), ("id", "search-form"), ("role", "search"),
                                 ("aria-labelledby", "search-title"), ("hidden", "")])
            w.html.open("p", [("class", "search-box")])
            w.html.open("input", [("type", "search"), ("id", "q"), ("name", "q"), ("aria-label", strings.searchWords),
                                  ("spellcheck", "false"), ("enterkeyhint", "search"),
                                  ("placeholder", strings.searchPlaceholder),
                                  ("aria-describedby", "search-hint")])
            w.html.close("p")
            w.html.element("p", [("class", "hint"), ("id", "search-hint")], strings.searchHint)
            w.html.open("div", [("class", "filters")])
            let all = ("", strings.all)
            select(&w, id: "kind", label: strings.kind, options: [all] + w.kinds.all.map { ($0.rawValue, w.kinds.label($0)) })
            select(&w, id: "min", label: strings.rating,
                   options: [all, ("5.0", strings.onlyFive)] + stride(from: 9, through: 1, by: -1).map { tenths in
                       let value = SiteText.rating(Double(tenths) / 2)
                       return (value, strings.atLeast(value))
                   })
            // The companions come from the indexes, filled in by the script.
            select(&w, id: "friend", label: strings.together, options: [all])
            select(&w, id: "year", label: strings.yearColumn, options: [all] + years.reversed().map { (String($0), strings.year($0)) })
            select(&w, id: "sort", label: strings.sort,
                   options: [("", strings.automaticSort(words: false)), ("date", strings.sortNewest),
                             ("rating", strings.sortRating), ("title", strings.sortTitle)])
            w.html.close("div")
            w.html.close("form")
            w.html.element("p", [("class", "lede"), ("id", "search-status"), ("role", "status"), ("aria-live", "polite")], "")
            w.html.element("ol", [("class", "rows results"), ("id", "results"), ("aria-labelledby", "search-title")], "")
            w.html.open("p", [("class", "more")])
            w.html.element("button", [("type", "button"), ("class", "button"), ("id", "more"), ("hidden", "")], strings.showMore)
            w.html.close("p")
            w.html.open("noscript")
            w.html.open("p", [("class", "lede")])
            let sentence = strings.noScript
            w.html.text(sentence.before)
            w.link(.gallery(page: 1), strings.gallery)
            w.html.text(sentence.comma)
            w.link(.list(page: 1), strings.list)
            w.html.text(sentence.or)
            w.link(.yearsIndex, strings.years)
            w.html.text(sentence.after)
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
}
