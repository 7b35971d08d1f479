import PhotiCaseDiary

/// A year in review: the story image (to download), and the same facts
/// as text (count, kinds, average, the best five, month by month as a
/// chart, the most frequent companion), with links to the year's
/// timeline, months and entries in the search.
struct YearPage: Sendable {
    var summary: YearSummary
    var previous: Int?
    var next: Int?
    /// Where the site is published (`SiteInput.siteURL`): link previews.
    var siteURL: String?

    func render(_ w: inout PageWriter) -> [UInt8] {
        let year = summary.year
        let strings = w.strings
        let title = strings.yearReview(year)
        return w.page(title: title, section: .years, preview: preview(w, title: title)) { w in
            w.breadcrumbs([(.yearsIndex, strings.years)])
            w.html.element("h1", title)
            w.html.open("div", [("class", "year-review")])
            w.html.open("div", [("class", "year-image")])
            if let image = w.placed(.yearImage, .year(year)).first {
                w.image(image, alt: strings.year(year) + " " + image.placement.alt, class: "story")
            }
            w.downloads(.yearDownload, for: .year(year), name: strings.year(year) + " " + strings.bookName)
            w.html.close("div")
            w.html.open("div", [("class", "year-facts")])
            facts(&w)
            w.html.element("h2", strings.cards.topHeading)
            EntryCard(layout: .row, date: .full).list(summary.top, into: &w, firstRank: 1,
                                                      class: "rows ranked")
            w.html.element("h2", [("id", "months-title")], strings.cards.monthsHeading)
            chart(&w)
            w.html.open("p", [("class", "year-links")])
            w.link(.timeline(year: year), strings.seeTimeline(year))
            w.html.element("a", [("href", w.href(SearchQuery(year: year, sort: .date)))], strings.searchYear(year))
            w.html.close("p")
            w.html.close("div")
            w.html.close("div")
            w.pager(label: strings.yearPager, previous: previous.map { .init(target: .year($0), text: strings.yearReview($0)) },
                    next: next.map { .init(target: .year($0), text: strings.yearReview($0)) })
        }
    }

    /// `티켓 27장 · 평균 별점 4.1 · 영화 12 · 책 5`, with the year's image.
    private func preview(_ w: PageWriter, title: String) -> LinkPreview? {
        var parts = [w.strings.count(summary.count)]
        if let average = summary.averageRating { parts.append(w.strings.cards.averageLabel + " " + SiteText.average(average)) }
        parts += summary.kinds.map { "\(w.kinds.label($0.kind)) \($0.count)" }
        let image = (w.placed(.yearPreview, .year(summary.year)) + w.placed(.yearImage, .year(summary.year))).first
        return LinkPreview.make(siteURL: siteURL, path: w.path, title: title, description: parts.joined(separator: " · "),
                                image: image, alt: w.strings.year(summary.year) + " " + (image?.placement.alt ?? ""))
    }

    /// The months as a bar chart: a column per month, its bar as tall as
    /// its share of the busiest month, its count above and its name below;
    /// read aloud as a list, `3월 4개` (`Mar 4`), each month with entries a link to it.
    private func chart(_ w: inout PageWriter) {
        let year = summary.year
        let most = max(1, summary.months.max() ?? 1)
        w.html.open("ol", [("class", "month-chart"), ("aria-labelledby", "months-title")])
        for (i, n) in summary.months.enumerated() {
            // Bars keep a sliver when they have any entry, so a quiet
            // month with one is not read as none.
            let height = n == 0 ? 0 : max(4, n * 100 / most)
            w.html.open("li", [("style", "--n:\(height)%")])
            let body: (inout HTML) -> Void = { [strings = w.strings] h in
                h.element("span", [("class", "label")], strings.monthShort(i + 1))
                h.element("span", [("class", "count")], strings.chartCount(n))
                h.element("span", [("class", "bar"), ("aria-hidden", "true")], "")
            }
            if n > 0 {
                w.html.element("a", [("href", w.href(SitePath.month(year: year, month: i + 1)))], body: body)
            } else {
                w.html.element("span", [("class", "empty")], body: body)
            }
            w.html.close("li")
        }
        w.html.close("ol")
    }

    private func facts(_ w: inout PageWriter) {
        let strings = w.strings
        w.html.open("dl", [("class", "details")])
        w.html.element("dt", strings.ticketsKept)
        w.html.element("dd", strings.count(summary.count))
        if let average = summary.averageRating {
            w.html.element("dt", strings.cards.averageLabel)
            w.html.element("dd", SiteText.average(average))
        }
        if !summary.kinds.isEmpty {
            w.html.element("dt", strings.kind)
            w.html.open("dd")
            w.html.open("ul", [("class", "kinds")])
            for (kind, count) in summary.kinds {
                w.html.open("li")
                w.html.element("a", [("href", w.href(SearchQuery(kind: kind, year: summary.year, sort: .date)))],
                               "\(w.kinds.label(kind)) \(count)")
                w.html.close("li")
            }
            w.html.close("ul")
            w.html.close("dd")
        }
        // All of a tie, each a link to their entries of the year (bdi keeps
        // a right-to-left name from reordering the list).
        if let companions = summary.companions {
            let tie = companions.names.count > 1
            w.html.element("dt", strings.mostTogether(tie: tie))
            w.html.open("dd")
            for (i, name) in companions.names.prefix(3).enumerated() {
                if i > 0 { w.html.text(", ") }
                w.html.element("a", [("href", w.href(SearchQuery(friend: name, year: summary.year, sort: .date))),
                                     ("dir", "auto")], name)
            }
            if companions.names.count > 3 { w.html.text(" " + strings.morePeople(companions.names.count - 3)) }
            w.html.text(strings.timesTogether(companions.count, tie: tie))
            w.html.close("dd")
        }
        w.html.close("dl")
    }
}

/// The plain index of years: each year with its count, its average, and
/// links to its review, its timeline and its months.
struct YearsIndexPage: Sendable {
    var years: [YearSummary]

    func render(_ w: inout PageWriter) -> [UInt8] {
        let strings = w.strings
        return w.page(title: strings.years, section: .years) { w in
            w.html.element("h1", strings.years)
            guard !years.isEmpty else {
                w.html.element("p", [("class", "lede")], strings.noTicketsYet)
                return
            }
            w.html.open("table", [("class", "years")])
            w.html.raw("<thead><tr>")
            for column in [strings.yearColumn, strings.ticketsColumn, strings.cards.averageLabel, strings.monthsColumn] {
                w.html.element("th", [("scope", "col")], column)
            }
            w.html.raw("</tr></thead><tbody>")
            for summary in years.reversed() {
                let y = summary.year
                w.html.raw("<tr><th scope=\"row\">")
                w.link(.year(y), strings.yearReview(y))
                w.html.raw("<br>")
                w.link(.timeline(year: y), strings.timeline(y))
                w.html.raw("</th>")
                w.html.element("td", [("class", "num")], strings.tickets(summary.count))
                w.html.element("td", [("class", "num")], summary.averageRating.map(SiteText.average) ?? "-")
                w.html.open("td", [("class", "month-links")])
                for (i, n) in summary.months.enumerated() where n > 0 {
                    w.link(.month(year: y, month: i + 1), strings.monthShort(i + 1),
                           [("aria-label", strings.monthWithEntries(MonthKey(year: y, month: i + 1), n))])
                }
                w.html.close("td")
                w.html.raw("</tr>")
            }
            w.html.raw("</tbody>")
            w.html.close("table")
        }
    }
}
