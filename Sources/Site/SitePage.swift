import PhotiCaseDiary

/// One file of the site: where it goes, whom it belongs to, and what it
/// shows. `render()` gives its bytes; the same page always gives the same
/// bytes, so a page's hash tells whether it changed.
public struct SitePage: Sendable {
    public let path: SitePath
    public let owner: SiteOwner
    /// The dates between this page's previous and next neighbours (entry,
    /// day, year), both included, open ends reaching the first and last
    /// dates there are. An entry held on one of these dates may be a
    /// neighbour this run cannot see, so the page is held too, rather
    /// than relinked now and back again once the entry reads.
    public let neighbourhood: ClosedRange<CalendarDate>?
    let content: Content
    let links: SiteLinks
    let kinds: SiteKinds

    /// Boxed: a book of 100,000 entries plans about 200,000 pages, and
    /// inline the largest page model made every page 480 bytes.
    indirect enum Content: Sendable {
        case style(SiteStyle)
        case script
        case month(MonthPage)
        case day(DayPage)
        case entry(EntryPage)
        case book(BookPage)
        case timeline(TimelinePage)
        case year(YearPage)
        case yearsIndex(YearsIndexPage)
        case search(SearchPage)
        case searchScript
        case searchIndex(SearchIndex)
    }

    /// The file's bytes: UTF-8 HTML, CSS or JavaScript.
    public func render() -> [UInt8] {
        var w = PageWriter(path, links: links, kinds: kinds)
        switch content {
        case let .style(style): return Array(style.css.utf8)
        case .script: return Array(SiteScript.source.utf8)
        case let .month(page): return page.render(&w)
        case let .day(page): return page.render(&w)
        case let .entry(page): return page.render(&w)
        case let .book(page): return page.render(&w)
        case let .timeline(page): return page.render(&w)
        case let .year(page): return page.render(&w)
        case let .yearsIndex(page): return page.render(&w)
        case let .search(page): return page.render(&w)
        case .searchScript: return Array(SearchScript.source(kinds: kinds, strings: w.strings).utf8)
        case let .searchIndex(index): return index.render(links: links, kinds: kinds)
        }
    }
}

extension SitePage {
    /// The file's bytes, the cache-relative paths of the images it links
    /// (shown, offered for download, or named as a link preview) and the
    /// ids of the entries whose pages it names, each once, in the order
    /// first linked: what the cache must hold for the page to be whole.
    public func renderLinking() -> (bytes: [UInt8], images: [String], entries: [String]) {
        let images = LinkLog(), entries = LinkLog()
        let links = self.links
        let recording = SiteLinks(entryName: { id in
            entries.add(id)
            return links.entryName(id)
        }, placements: links.placements.map { placement in
            var recorded = placement
            recorded.path = { subject in
                let path = placement.path(subject)
                if let path { images.add(path) }
                return path
            }
            return recorded
        })
        let page = SitePage(path: path, owner: owner, neighbourhood: neighbourhood, content: content,
                            links: recording, kinds: kinds)
        return (page.render(), images.paths, entries.paths)
    }
}

/// The image paths a page asked for while it was rendered. One page
/// renders on one thread, start to end: the log needs no lock.
private final class LinkLog: @unchecked Sendable {
    private var seen: Set<String> = []
    private(set) var paths: [String] = []

    func add(_ path: String) {
        if seen.insert(path).inserted { paths.append(path) }
    }
}
