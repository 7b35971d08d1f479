import PhotiCaseDiary

/// Entries as the pages of one pager, as the app's paging scroll view
/// shows a day's tickets: one entry a page, a horizontal swipe to the one
/// before or after (CSS scroll snapping, so a swipe works without script),
/// and a page control under it: a dot per entry, or `3 / 12` where there
/// are many. The control is written hidden; `site.js` shows it where the
/// track pages, keeps it on the entry in view, announces each move to
/// screen readers, and lets its buttons and the arrow keys (while the
/// track has focus) move one entry. Each page is the entry's card, a link
/// to its page, so without script every entry is still a link away.
struct EntryPager {
    enum Mode {
        /// A pager on every screen (a day's entries).
        case always
        /// A pager on touch screens, a grid of tiles elsewhere (the book's
        /// order, whose grid a mouse reads better).
        case touch
        /// A pager on touch screens, not shown elsewhere (a month, whose
        /// days list the same entries).
        case touchOnly
        /// A pager at a phone's width (below 860 px), a grid of tiles from
        /// a desktop's (a day's entries: a wide window shows them all).
        case narrow
    }

    var mode: Mode
    /// Names the pager and its track: `이날의 기록` (`SiteStrings`).
    var label: String
    /// Distinguishes the pager's pages' anchors from another pager's.
    var id: String
    /// The rank of the first entry, for the book's order.
    var firstRank: Int? = nil
    /// The date each card shows.
    var date: EntryCard.DateStyle = .none

    /// More than this many entries show `3 / 12` instead of dots.
    static let maxDots = 10

    func write(_ entries: [Entry], into w: inout PageWriter) {
        guard !entries.isEmpty else { return }
        let modeClass = switch mode {
        case .always: "paged"
        case .touch: "touch-paged"
        case .touchOnly: "touch-paged touch-only"
        case .narrow: "narrow-paged"
        }
        w.html.open("section", [("class", "entry-pager " + modeClass), ("aria-label", label)])
        // Focusable where it always pages, so a keyboard can scroll it
        // (the script makes a touch pager focusable while it pages); the
        // list says "3 of 12".
        let tag = firstRank == nil ? "ul" : "ol"
        w.html.open(tag, [("class", "pager-track tiles" + (firstRank == nil ? "" : " ranked")),
                          ("tabindex", mode == .always ? "0" : nil),
                          ("aria-label", w.strings.track(label, count: entries.count)),
                          ("start", firstRank.flatMap { $0 == 1 ? nil : String($0) })])
        for (i, entry) in entries.enumerated() {
            var card = EntryCard(layout: .tile, date: date)
            card.rank = firstRank.map { $0 + i }
            w.html.open("li", [("class", "slide"), ("id", "\(id)-\(i + 1)")])
            card.write(entry, into: &w)
            w.html.close("li")
        }
        w.html.close(tag)
        if entries.count > 1 { control(entries, into: &w) }
        w.html.close("section")
    }

    /// Buttons to the entry before and after, and between them a dot per
    /// entry (each going to it) or the count; the live region says where
    /// a move landed.
    private func control(_ entries: [Entry], into w: inout PageWriter) {
        w.html.open("div", [("class", "page-control"), ("hidden", "")])
        w.html.element("button", [("type", "button"), ("class", "page-step"), ("data-step", "-1"),
                                  ("aria-label", w.strings.previousEntry)], "‹")
        if entries.count <= Self.maxDots {
            w.html.open("span", [("class", "dots")])
            for (i, entry) in entries.enumerated() {
                w.html.element("button", [("type", "button"), ("class", "dot"), ("data-page", String(i)),
                                          ("aria-label", w.strings.nth(i + 1, title: w.strings.title(entry))),
                                          ("aria-current", i == 0 ? "true" : nil)], "")
            }
            w.html.close("span")
        } else {
            w.html.element("span", [("class", "page-count"), ("aria-hidden", "true")], "1 / \(entries.count)")
        }
        w.html.element("button", [("type", "button"), ("class", "page-step"), ("data-step", "1"),
                                  ("aria-label", w.strings.nextEntry)], "›")
        w.html.element("span", [("class", "sr-only page-status"), ("aria-live", "polite")], "")
        w.html.close("div")
    }
}
