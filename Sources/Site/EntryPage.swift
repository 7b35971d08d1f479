import Diary

/// One entry's page: its title, kind, stars and date, both faces, who made
/// the work and who came along, the memo as text, and the shareable image
/// with a link to download it; the entries before and after it in time
/// one arrow key away.
struct EntryPage: Sendable {
    var entry: Entry
    /// The neighbours in diary order (date, then title, then id).
    var previous: Entry?
    var next: Entry?
    var sizes: SiteImageSizes

    func render(_ w: inout PageWriter) -> [UInt8] {
        let title = SiteText.title(entry)
        return w.page(title: title, section: .calendar) { w in
            let date = entry.date
            w.breadcrumbs([(.home, "달력"), (.month(year: date.year, month: date.month), SiteText.month(MonthKey(date))),
                           (.day(date), SiteText.shortDate(date))])
            w.html.open("article", [("class", "entry")])
            header(&w, title: title)
            faces(&w, title: title)
            details(&w)
            memo(&w)
            share(&w, title: title)
            w.html.close("article")
            w.pager(label: "앞뒤 기록",
                    previous: previous.map { (w.entryPath($0), "이전 기록: " + SiteText.title($0)) },
                    next: next.map { (w.entryPath($0), "다음 기록: " + SiteText.title($0)) })
        }
    }

    private func header(_ w: inout PageWriter, title: String) {
        w.html.raw("<header class=\"entry-head\">")
        w.html.element("h1", [("dir", "auto")], title)
        w.html.open("p", [("class", "meta")])
        w.html.kind(entry.kind)
        w.html.stars(entry.rating)
        w.html.element("time", [("datetime", entry.date.description)], SiteText.longDate(entry.date))
        w.html.close("p")
        w.html.raw("</header>")
    }

    private func faces(_ w: inout PageWriter, title: String) {
        guard w.href(.front(id: entry.id)) != nil || w.href(.back(id: entry.id)) != nil else { return }
        w.html.open("div", [("class", "faces")])
        for (image, side) in [(SiteImage.front(id: entry.id), "앞면"), (.back(id: entry.id), "뒷면")]
        where w.href(image) != nil {
            w.html.open("figure", [("class", "face")])
            w.image(image, size: sizes.face, alt: "\(title) 티켓 \(side)")
            w.html.element("figcaption", side)
            w.html.close("figure")
        }
        w.html.close("div")
    }

    private func details(_ w: inout PageWriter) {
        var rows: [(String, [String])] = []
        if let credit = SiteText.credit(entry) { rows.append((credit.label, [credit.name])) }
        if let year = entry.year { rows.append((SiteText.yearLabel(entry.kind), ["\(year)년"])) }
        let friends = SiteText.friends(entry)
        if !friends.isEmpty { rows.append(("함께한 사람", friends)) }
        guard !rows.isEmpty else { return }
        w.html.open("dl", [("class", "details")])
        for (label, values) in rows {
            w.html.open("div")
            w.html.element("dt", label)
            w.html.element("dd") { h in
                if values.count == 1 {
                    h.element("span", [("dir", "auto")], values[0])
                } else {
                    h.element("ul", [("class", "friends")]) { h in
                        for value in values { h.element("li", [("dir", "auto")], value) }
                    }
                }
            }
            w.html.close("div")
        }
        w.html.close("dl")
    }

    /// The memo as the user wrote it: lines kept, a blank line between
    /// paragraphs.
    private func memo(_ w: inout PageWriter) {
        let lines = SiteText.memo(entry)
        guard !lines.isEmpty else { return }
        w.html.open("section", [("class", "memo"), ("aria-labelledby", "memo-title")])
        w.html.element("h2", [("id", "memo-title")], "메모")
        var paragraph: [String] = []
        func flush(_ h: inout HTML) {
            guard !paragraph.isEmpty else { return }
            h.element("p", [("dir", "auto")]) { h in
                for (i, line) in paragraph.enumerated() {
                    if i > 0 { h.raw("<br>") }
                    h.text(line)
                }
            }
            paragraph = []
        }
        for line in lines {
            if line.isEmpty { flush(&w.html) } else { paragraph.append(line) }
        }
        flush(&w.html)
        w.html.close("section")
    }

    private func share(_ w: inout PageWriter, title: String) {
        let image = SiteImage.ticket(id: entry.id)
        guard let href = w.href(image) else { return }
        w.html.open("section", [("class", "share"), ("aria-labelledby", "share-title")])
        w.html.element("h2", [("id", "share-title")], "공유 이미지")
        w.image(image, size: sizes.ticket, alt: "\(title) 공유용 티켓 이미지 (앞면과 뒷면)")
        let format = href.split(separator: ".").last.map { $0.uppercased() } ?? ""
        w.html.open("p")
        w.html.element("a", [("class", "button"), ("href", href), ("download", "")],
                       "공유 이미지 내려받기 (\(format == "JPG" ? "JPEG" : format))")
        w.html.close("p")
        w.html.close("section")
    }
}
