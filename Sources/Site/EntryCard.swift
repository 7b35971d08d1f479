import PhotiCaseDiary

/// How an entry is shown where many are: a tile (its front face, title
/// below) in grids, or a row (a small square of the front photo beside the
/// title and details) in lists. Either is one link to the entry's page,
/// named by its title.
struct EntryCard {
    enum Layout { case tile, row }

    var layout: Layout
    /// The entry's place in the book, shown as `#3`.
    var rank: Int? = nil
    /// The date, in `dotted` form, or the day of the month alone.
    var date: DateStyle = .none
    /// The memo's first line under the title (list rows).
    var memoLine = false

    enum DateStyle { case none, full, dayOfMonth }

    func write(_ entry: Entry, into w: inout PageWriter) {
        let title = w.strings.title(entry)
        w.html.open("a", [("class", layout == .tile ? "card tile" : "card row"), ("href", w.href(w.entryPath(entry)))])
        if let rank { w.html.element("span", [("class", "rank")], "#\(rank)") }
        picture(entry, into: &w)
        w.html.open("span", [("class", "card-text")])
        w.html.element("span", [("class", "title"), ("dir", "auto")], title)
        w.html.open("span", [("class", "meta")])
        w.html.kind(entry.kind, label: w.kinds.label(entry.kind))
        w.html.stars(entry.rating, w.strings)
        switch date {
        case .none: break
        case .full: w.html.element("time", [("datetime", entry.date.description)], SiteText.dotted(entry.date))
        case .dayOfMonth: w.html.element("time", [("datetime", entry.date.description)], w.strings.dayOfMonth(entry.date))
        }
        w.html.close("span")
        if memoLine, let line = SiteText.memoLine(entry) {
            w.html.element("span", [("class", "memo-line"), ("dir", "auto")], line)
        }
        w.html.close("span")
        w.html.close("a")
    }

    /// The entry's card image (`SitePlacement.Slot.entryCard`, the front
    /// face): a tile shows it whole. A row shows a square of the front
    /// photo: the image cut by CSS to its photo area (`.crop`, the part
    /// clear of the kind badge and the caption, as the book's list image
    /// cuts it), so the row shows the picture and not a ticket too small
    /// to read. A day's thumbnail would be the same size, but it shows the
    /// day's best entry, which on a busy day is not this one. With only a
    /// back photo, a square of the feed image's photo (`entryPhoto`).
    /// Without a photo, or without the image, a square in the kind's colours with
    /// its name. The title is the link's text; the picture repeats it, so
    /// its alt is empty.
    private func picture(_ entry: Entry, into w: inout PageWriter) {
        let card = w.placed(.entryCard, .entry(id: entry.id)).first
        if layout == .tile {
            if let card { return w.image(card, alt: "", class: "thumb") }
            w.html.element("span", [("class", "thumb blank kind-\(entry.kind.rawValue)"), ("aria-hidden", "true")],
                           w.kinds.label(entry.kind))
            return
        }
        if entry.frontName != nil, let card {
            w.html.open("span", [("class", "crop")])
            w.image(card, alt: "")
            w.html.close("span")
        } else if entry.backName != nil, let photo = w.placed(.entryPhoto, .entry(id: entry.id)).first {
            // Only a back photo: the front face is the gradient, so the
            // row shows the photo as the feed image frames it.
            w.html.open("span", [("class", "crop feed")])
            w.image(photo, alt: "")
            w.html.close("span")
        } else {
            w.html.element("span", [("class", "crop blank kind-\(entry.kind.rawValue)"), ("aria-hidden", "true")],
                           w.kinds.label(entry.kind))
        }
    }

    /// `entries` as a list of cards (`ol` when ranked, else `ul`).
    func list(_ entries: [Entry], into w: inout PageWriter, firstRank: Int? = nil, class name: String) {
        let tag = firstRank == nil ? "ul" : "ol"
        w.html.open(tag, [("class", name), ("start", firstRank.flatMap { $0 == 1 ? nil : String($0) })])
        for (i, entry) in entries.enumerated() {
            var card = self
            card.rank = firstRank.map { $0 + i }
            w.html.open("li")
            card.write(entry, into: &w)
            w.html.close("li")
        }
        w.html.close(tag)
    }
}
