import Diary
import Raster

/// How an entry is shown where many are: a tile (its front face, title
/// below) in grids, or a row (a small face beside the title and details)
/// in lists. Either is one link to the entry's page, named by its title.
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

    func write(_ entry: Entry, into w: inout PageWriter, faceSize: PixelSize) {
        let title = SiteText.title(entry)
        w.html.open("a", [("class", layout == .tile ? "card tile" : "card row"), ("href", w.href(w.entryPath(entry)))])
        if let rank { w.html.element("span", [("class", "rank")], "#\(rank)") }
        // The title is the link's text; the face repeats it, so its alt is empty.
        if !w.image(.front(id: entry.id), size: faceSize, alt: "", class: "thumb") {
            w.html.element("span", [("class", "thumb blank kind-\(entry.kind.rawValue)"), ("aria-hidden", "true")],
                           entry.kind.koreanLabel)
        }
        w.html.open("span", [("class", "card-text")])
        w.html.element("span", [("class", "title"), ("dir", "auto")], title)
        w.html.open("span", [("class", "meta")])
        w.html.kind(entry.kind)
        w.html.stars(entry.rating)
        switch date {
        case .none: break
        case .full: w.html.element("time", [("datetime", entry.date.description)], SiteText.dotted(entry.date))
        case .dayOfMonth: w.html.element("time", [("datetime", entry.date.description)], SiteText.dayOfMonth(entry.date))
        }
        w.html.close("span")
        if memoLine, let line = SiteText.memoLine(entry) {
            w.html.element("span", [("class", "memo-line"), ("dir", "auto")], line)
        }
        w.html.close("span")
        w.html.close("a")
    }

    /// `entries` as a list of cards (`ol` when ranked, else `ul`).
    func list(_ entries: [Entry], into w: inout PageWriter, faceSize: PixelSize, firstRank: Int? = nil,
              class name: String) {
        let tag = firstRank == nil ? "ul" : "ol"
        w.html.open(tag, [("class", name), ("start", firstRank.flatMap { $0 == 1 ? nil : String($0) })])
        for (i, entry) in entries.enumerated() {
            var card = self
            card.rank = firstRank.map { $0 + i }
            w.html.open("li")
            card.write(entry, into: &w, faceSize: faceSize)
            w.html.close("li")
        }
        w.html.close(tag)
    }
}
