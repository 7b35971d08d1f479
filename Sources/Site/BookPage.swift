import PhotiCaseDiary

/// A page of the ticket book in reading order (rating high to low, then
/// the newer date, then title, then id), as the book's images page it: the
/// gallery shows front faces as tiles, the list shows rows with the memo's
/// first line. Both link each entry and the page's own image.
struct BookPage: Sendable {

    var view: BookPageView
    var entries: [Entry]
    /// From 1; an empty book still has one (empty) page.
    var page: Int
    var pageCount: Int
    /// Entries in the book.
    var total: Int
    /// The rank of the page's first entry.
    var firstRank: Int
    /// Years with a timeline, oldest first.
    var years: [Int]

    func path(_ page: Int) -> SitePath { view == .gallery ? .gallery(page: page) : .list(page: page) }

    func render(_ w: inout PageWriter) -> [UInt8] {
        let strings = w.strings
        let name = view == .gallery ? strings.gallery : strings.list
        let title = pageCount > 1 ? strings.page(name, page) : name
        return w.page(title: title, section: view == .gallery ? .gallery : .list) { w in
            w.html.element("h1", "\(strings.bookName) · \(name)")
            w.html.element("p", [("class", "lede")],
                           total == 0 ? strings.noTicketsYet : strings.bookLede(total: total, page: page, of: pageCount))
            BookTabs(current: view == .gallery ? .gallery : .list, years: years).write(&w)
            if view == .gallery {
                // Tiles on a wide screen; on a touch screen one entry a page.
                EntryPager(mode: .touch, label: strings.page(name, page), id: "rank", firstRank: firstRank)
                    .write(entries, into: &w)
            } else {
                EntryCard(layout: .row, date: .full, memoLine: true)
                    .list(entries, into: &w, firstRank: firstRank, class: "rows ranked")
            }
            pages(&w)
            if !entries.isEmpty {
                w.imageLinks(w.placed(.bookPageLink, .bookPage(view, page: page)).map { ($0.href, $0.placement.label) })
            }
        }
    }

    /// Previous and next, and the page numbers around this one (the first
    /// and last always), so a long book stays a few links wide.
    private func pages(_ w: inout PageWriter) {
        guard pageCount > 1 else { return }
        let strings = w.strings
        w.pager(label: strings.pagesPager, previous: page > 1 ? .init(target: path(page - 1), text: strings.previousPage) : nil,
                next: page < pageCount ? .init(target: path(page + 1), text: strings.nextPage) : nil)
        w.html.open("nav", [("class", "pages"), ("aria-label", strings.pageNumbers)])
        var last = 0
        for n in 1...pageCount where n == 1 || n == pageCount || abs(n - page) <= 2 {
            if n > last + 1 { w.html.element("span", [("class", "gap"), ("aria-hidden", "true")], "…") }
            if n == page {
                w.html.element("span", [("aria-current", "page")], String(n))
            } else {
                w.link(path(n), String(n), [("aria-label", strings.pageNumber(n))])
            }
            last = n
        }
        w.html.close("nav")
    }
}

/// The book's views side by side: gallery, list, each year's timeline,
/// and the search page in the same order, to filter it.
struct BookTabs {
    enum Current: Equatable { case gallery, list, timeline(Int) }

    var current: Current
    var years: [Int]

    func write(_ w: inout PageWriter) {
        let strings = w.strings
        w.html.open("nav", [("class", "tabs"), ("aria-label", strings.bookViews)])
        w.link(.gallery(page: 1), strings.gallery, [("aria-current", current == .gallery ? "page" : nil)])
        w.link(.list(page: 1), strings.list, [("aria-current", current == .list ? "page" : nil)])
        for year in years.reversed() {
            w.link(.timeline(year: year), strings.timelineTab(year), [("aria-current", current == .timeline(year) ? "page" : nil)])
        }
        // The same book with filters: kind, rating, companion, year.
        w.html.element("a", [("href", w.href(SearchQuery(sort: .rating)))], strings.chooseFromBook)
        w.html.close("nav")
    }
}
