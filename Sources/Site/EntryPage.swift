import PhotiCaseDiary

/// One entry's page: its title, kind, stars and date, each face once (a
/// tap opens it whole), who made the work and who came along (each a way
/// into the search), the memo as text, and the entry's images to download;
/// the entries before and after it in time one arrow key away.
struct EntryPage: Sendable {
    var entry: Entry
    /// The neighbours in diary order (date, then title, then id).
    var previous: Entry?
    var next: Entry?
    /// Where the site is published (`SiteInput.siteURL`): link previews.
    var siteURL: String?

    func render(_ w: inout PageWriter) -> [UInt8] {
        let strings = w.strings
        let title = strings.title(entry)
        return w.page(title: title, section: .calendar, preview: preview(w, title: title)) { w in
            let date = entry.date
            w.breadcrumbs([(.home, strings.calendar), (.month(year: date.year, month: date.month), strings.month(MonthKey(date))),
                           (.day(date), strings.shortDate(date))])
            w.html.open("article", [("class", "entry")])
            header(&w, title: title)
            w.html.open("div", [("class", "entry-body")])
            faces(&w, title: title)
            w.html.open("div", [("class", "entry-info")])
            details(&w)
            memo(&w)
            downloads(&w, title: title)
            w.html.close("div")
            w.html.close("div")
            w.html.close("article")
            w.pager(label: strings.entryPager,
                    previous: previous.map { .init(target: w.entryPath($0), lead: strings.previousEntry + ": ", text: strings.title($0)) },
                    next: next.map { .init(target: w.entryPath($0), lead: strings.nextEntry + ": ", text: strings.title($0)) })
        }
    }

    /// The title, `★ 4.5 · 영화 · 2022년 8월 27일 (토)` and the memo's first
    /// line, and the first preview image made (the kinds declare the feed
    /// image, 4:5, what feeds show whole, before the ticket card).
    private func preview(_ w: PageWriter, title: String) -> LinkPreview? {
        var description = "★ \(SiteText.rating(entry.rating)) · \(w.kinds.label(entry.kind)) · \(w.strings.longDate(entry.date))"
        if let line = SiteText.summary(entry, limit: 120) { description += " — " + line }
        let image = w.placed(.entryPreview, .entry(id: entry.id)).first
        return LinkPreview.make(siteURL: siteURL, path: w.path, title: title, description: description, image: image,
                                alt: "\(title) \(image?.placement.alt ?? "")")
    }

    private func header(_ w: inout PageWriter, title: String) {
        w.html.raw("<header class=\"entry-head\">")
        w.html.element("h1", [("dir", "auto")], title)
        w.html.open("p", [("class", "meta")])
        // The badge leads to every entry of its kind.
        w.html.element("a", [("class", "kind kind-\(entry.kind.rawValue)"), ("href", w.href(SearchQuery(kind: entry.kind))),
                             ("aria-label", w.strings.allOfKind(w.kinds.label(entry.kind)))], w.kinds.label(entry.kind))
        w.html.stars(entry.rating, w.strings)
        w.html.element("time", [("datetime", entry.date.description)], w.strings.longDate(entry.date))
        w.html.close("p")
        w.html.raw("</header>")
    }

    /// Each figure the kinds declare (the faces, once each), as a link to
    /// its image: a tap opens it whole (and lets a phone zoom it), with no
    /// script.
    private func faces(_ w: inout PageWriter, title: String) {
        let figures = w.placed(.entryFigure, .entry(id: entry.id))
        guard !figures.isEmpty else { return }
        w.html.open("div", [("class", "faces")])
        for figure in figures {
            w.html.open("figure", [("class", "face")])
            w.html.open("a", [("class", "zoom"), ("href", figure.href)])
            w.image(figure, alt: "\(title) \(figure.placement.alt)")
            w.html.element("span", [("class", "sr-only")], w.strings.fullSize)
            w.html.close("a")
            w.html.element("figcaption", figure.placement.label)
            w.html.close("figure")
        }
        w.html.close("div")
    }

    /// Who made the work (a search for the name), the year, and who came
    /// along (each a link to the entries shared with them), as label and
    /// value pairs.
    private func details(_ w: inout PageWriter) {
        let credit = w.kinds.credit(entry)
        let friends = SiteText.friends(entry)
        guard credit != nil || entry.year != nil || !friends.isEmpty else { return }
        w.html.open("dl", [("class", "details")])
        if let credit {
            w.html.element("dt", credit.label)
            w.html.open("dd")
            if credit.known {
                w.html.element("a", [("href", w.href(SearchQuery(text: credit.name))), ("dir", "auto")], credit.name)
            } else {
                w.html.text(credit.name)
            }
            w.html.close("dd")
        }
        if let year = entry.year {
            w.html.element("dt", w.strings.yearLabel(entry.kind))
            w.html.element("dd", w.strings.year(year))
        }
        if !friends.isEmpty {
            w.html.element("dt", w.strings.together)
            w.html.open("dd")
            w.html.open("ul", [("class", "friends")])
            for friend in friends {
                w.html.open("li")
                w.html.element("a", [("href", w.href(SearchQuery(friend: friend))), ("dir", "auto")], friend)
                w.html.close("li")
            }
            if entry.friendsLeftOut > 0 {
                // The names past the first thousand are counted, not listed.
                w.html.element("li", [("class", "more")], w.strings.morePeople(entry.friendsLeftOut))
            }
            w.html.close("ul")
            w.html.close("dd")
        }
        w.html.close("dl")
    }

    /// The memo as the user wrote it: lines kept, a blank line between
    /// paragraphs.
    private func memo(_ w: inout PageWriter) {
        let lines = SiteText.memo(entry)
        guard !lines.isEmpty else { return }
        w.html.open("section", [("class", "memo"), ("aria-labelledby", "memo-title")])
        w.html.element("h2", [("id", "memo-title")], w.strings.memo)
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

    /// The images made of the entry, to download, as the kinds declare
    /// them (the ticket card, a story, a feed post), saved under the title.
    private func downloads(_ w: inout PageWriter, title: String) {
        w.downloads(.entryDownload, for: .entry(id: entry.id), name: title)
    }
}
