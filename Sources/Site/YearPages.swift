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
        let title = "\(year)년 돌아보기"
        return w.page(title: title, section: .years, preview: preview(w, title: title)) { w in
            w.breadcrumbs([(.yearsIndex, "연도별")])
            w.html.element("h1", title)
            w.html.open("div", [("class", "year-review")])
            w.html.open("div", [("class", "year-image")])
            if let image = w.placed(.yearImage, .year(year)).first {
                w.image(image, alt: "\(year)년 \(image.placement.alt)", class: "story")
            }
            w.downloads(.yearDownload, for: .year(year), name: "\(year)년 티켓북")
            w.html.close("div")
            w.html.open("div", [("class", "year-facts")])
            facts(&w)
            w.html.element("h2", "올해의 베스트")
            EntryCard(layout: .row, date: .full).list(summary.top, into: &w, firstRank: 1,
                                                      class: "rows ranked")
            w.html.element("h2", [("id", "months-title")], "월별 기록")
            chart(&w)
            w.html.open("p", [("class", "year-links")])
            w.link(.timeline(year: year), "\(year)년 타임라인 보기")
            w.html.element("a", [("href", w.href(SearchQuery(year: year, sort: .date)))], "\(year)년 기록 모두 찾아보기")
            w.html.close("p")
            w.html.close("div")
            w.html.close("div")
            w.pager(label: "앞뒤 해", previous: previous.map { .init(target: .year($0), text: "\($0)년 돌아보기") },
                    next: next.map { .init(target: .year($0), text: "\($0)년 돌아보기") })
        }
    }

    /// `티켓 27장 · 평균 별점 4.1 · 영화 12 · 책 5`, with the year's image.
    private func preview(_ w: PageWriter, title: String) -> LinkPreview? {
        var parts = [SiteText.count(summary.count)]
        if let average = summary.averageRating { parts.append("평균 별점 \(SiteText.strings.average(average))") }
        parts += summary.kinds.map { "\(w.kinds.label($0.kind)) \($0.count)" }
        let image = (w.placed(.yearPreview, .year(summary.year)) + w.placed(.yearImage, .year(summary.year))).first
        return LinkPreview.make(siteURL: siteURL, path: w.path, title: title, description: parts.joined(separator: " · "),
                                image: image, alt: "\(summary.year)년 \(image?.placement.alt ?? "")")
    }

    /// The months as a bar chart: a column per month, its bar as tall as
    /// its share of the busiest month, its count above and its name below;
    /// read aloud as a list, `3월 4개`, each month with entries a link to it.
    private func chart(_ w: inout PageWriter) {
        let year = summary.year
        let most = max(1, summary.months.max() ?? 1)
        w.html.open("ol", [("class", "month-chart"), ("aria-labelledby", "months-title")])
        for (i, n) in summary.months.enumerated() {
            // Bars keep a sliver when they have any entry, so a quiet
            // month with one is not read as none.
            let height = n == 0 ? 0 : max(4, n * 100 / most)
            w.html.open("li", [("style", "--n:\(height)%")])
            let body: (inout HTML) -> Void = { h in
                h.element("span", [("class", "label")], "\(i + 1)월")
                h.element("span", [("class", "count")], "\(n)개")
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
        w.html.open("dl", [("class", "details")])
        w.html.element("dt", "남긴 티켓")
        w.html.element("dd", SiteText.count(summary.count))
        if let average = summary.averageRating {
            w.html.element("dt", "평균 별점")
            w.html.element("dd", SiteText.strings.average(average))
        }
        if !summary.kinds.isEmpty {
            w.html.element("dt", "종류")
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
            w.html.element("dt", companions.names.count > 1 ? "가장 많이 함께한 사람들" : "가장 많이 함께한 사람")
            w.html.open("dd")
            for (i, name) in companions.names.prefix(3).enumerated() {
                if i > 0 { w.html.text(", ") }
                w.html.element("a", [("href", w.href(SearchQuery(friend: name, year: summary.year, sort: .date))),
                                     ("dir", "auto")], name)
            }
            if companions.names.count > 3 { w.html.text(" 외 \(companions.names.count - 3)명") }
            w.html.text(" (\(companions.names.count > 1 ? "각 " : "")\(companions.count)번)")
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
        w.page(title: "연도별", section: .years) { w in
            w.html.element("h1", "연도별")
            guard !years.isEmpty else {
                w.html.element("p", [("class", "lede")], "아직 티켓이 없어요.")
                return
            }
            w.html.open("table", [("class", "years")])
            w.html.raw("<thead><tr><th scope=\"col\">해</th><th scope=\"col\">티켓</th><th scope=\"col\">평균 별점</th>")
            w.html.raw("<th scope=\"col\">달</th></tr></thead><tbody>")
            for summary in years.reversed() {
                let y = summary.year
                w.html.raw("<tr><th scope=\"row\">")
                w.link(.year(y), "\(y)년 돌아보기")
                w.html.raw("<br>")
                w.link(.timeline(year: y), "\(y)년 타임라인")
                w.html.raw("</th>")
                w.html.element("td", [("class", "num")], "\(summary.count)장")
                w.html.element("td", [("class", "num")], summary.averageRating.map { SiteText.strings.average($0) } ?? "-")
                w.html.open("td", [("class", "month-links")])
                for (i, n) in summary.months.enumerated() where n > 0 {
                    w.link(.month(year: y, month: i + 1), "\(i + 1)월", [("aria-label", "\(y)년 \(i + 1)월 (\(n)개)")])
                }
                w.html.close("td")
                w.html.raw("</tr>")
            }
            w.html.raw("</tbody>")
            w.html.close("table")
        }
    }
}
