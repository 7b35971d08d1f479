import Diary

/// A year in review: the story image, and the same facts as text (count,
/// kinds, average, the best five, month by month, the most frequent
/// companion), with links to the year's timeline and months.
struct YearPage: Sendable {
    var summary: YearSummary
    var previous: Int?
    var next: Int?
    var sizes: SiteImageSizes

    func render(_ w: inout PageWriter) -> [UInt8] {
        let year = summary.year
        return w.page(title: "\(year)년 돌아보기", section: .years) { w in
            w.breadcrumbs([(.yearsIndex, "연도별")])
            w.html.element("h1", "\(year)년 돌아보기")
            w.html.open("div", [("class", "year-review")])
            w.image(.year(year), size: sizes.year, alt: "\(year)년 티켓북 한 해 요약 이미지", class: "story")
            w.html.open("div", [("class", "year-facts")])
            facts(&w)
            w.html.element("h2", "올해의 베스트")
            EntryCard(layout: .row, date: .full).list(summary.top, into: &w, faceSize: sizes.face, firstRank: 1,
                                                      class: "rows ranked")
            w.html.element("h2", "월별 기록")
            w.html.open("ul", [("class", "month-bars")])
            let most = max(1, summary.months.max() ?? 1)
            for (i, n) in summary.months.enumerated() {
                w.html.open("li", [("style", "--n:\(n * 100 / most)%")])
                if n > 0 {
                    w.link(.month(year: year, month: i + 1), "\(i + 1)월 \(n)개")
                } else {
                    w.html.element("span", "\(i + 1)월 0개")
                }
                w.html.close("li")
            }
            w.html.close("ul")
            w.html.open("p")
            w.link(.timeline(year: year), "\(year)년 타임라인 보기")
            w.html.close("p")
            w.html.close("div")
            w.html.close("div")
            w.pager(label: "앞뒤 해", previous: previous.map { (.year($0), "\($0)년 돌아보기") },
                    next: next.map { (.year($0), "\($0)년 돌아보기") })
        }
    }

    private func facts(_ w: inout PageWriter) {
        w.html.open("dl", [("class", "details")])
        var rows = [("남긴 티켓", SiteText.count(summary.count))]
        if let average = summary.averageRating { rows.append(("평균 별점", SiteText.strings.average(average))) }
        if !summary.kinds.isEmpty {
            rows.append(("종류", summary.kinds.map { "\($0.kind.koreanLabel) \($0.count)" }.joined(separator: " · ")))
        }
        if let companions = summary.companions {
            rows.append((companions.names.count > 1 ? "가장 많이 함께한 사람들" : "가장 많이 함께한 사람",
                         SiteText.strings.companionNames(companions.names, shown: 3) + " (\(companions.names.count > 1 ? "각 " : "")\(companions.count)번)"))
        }
        for (label, value) in rows {
            w.html.open("div")
            w.html.element("dt", label)
            w.html.element("dd", [("dir", "auto")], value)
            w.html.close("div")
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
                w.html.element("td", "\(summary.count)장")
                w.html.element("td", summary.averageRating.map { SiteText.strings.average($0) } ?? "-")
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
