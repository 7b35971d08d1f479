import PhotiCaseDiary

/// The part of the site a page belongs to, marked in the top navigation.
enum SiteSection {
    case calendar, gallery, list, years, search
}

/// Writes one page: the shell every page shares (head, skip link, top
/// navigation, footer) and links relative to the page's own place.
struct PageWriter {
    var html = HTML()
    let path: SitePath
    let links: SiteLinks
    /// The theme's names of kinds.
    let kinds: SiteKinds
    /// The page's words, in the language the kinds are named in (the theme's).
    let strings: SiteStrings

    init(_ path: SitePath, links: SiteLinks, kinds: SiteKinds) {
        self.path = path
        self.links = links
        self.kinds = kinds
        strings = SiteStrings(kinds.locale)
    }

    /// The link from this page to `target`.
    func href(_ target: SitePath) -> String { HTML.href(from: path.relative, to: target.relative) }

    /// An entry's page.
    func entryPath(_ entry: Entry) -> SitePath { .entry(name: links.entryName(entry.id)) }

    /// The link from this page to the search page showing `query`
    /// (`SearchQuery`): its state in the fragment, as the page keeps it.
    func href(_ query: SearchQuery) -> String { href(.search) + query.fragment }

    /// The whole document: `title` names the page (the site's name is
    /// added), `preview` adds link-preview tags (`LinkPreview`), `body`
    /// writes what goes inside `<main>`.
    mutating func page(title: String, section: SiteSection?, preview: LinkPreview? = nil,
                       body: (inout PageWriter) -> Void) -> [UInt8] {
        html.raw("<!doctype html>\n")
        html.open("html", [("lang", strings.lang)])
        html.raw("\n<head>\n<meta charset=\"utf-8\">\n")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        // The style sheet follows the system's light or dark appearance;
        // this tells the browser its own parts (scroll bars, form fields) may too.
        html.raw("<meta name=\"color-scheme\" content=\"light dark\">\n")
        // A title with bidi controls (an unbalanced U+202E) is isolated
        // (FSI ... PDI), or it would turn the site's name round with it in
        // the browser's tab; the body isolates it by `dir="auto"`.
        let controls: ClosedRange<Unicode.Scalar> = "\u{202A}"..."\u{202E}", isolates: ClosedRange<Unicode.Scalar> = "\u{2066}"..."\u{2069}"
        let isolated = title.unicodeScalars.contains { controls.contains($0) || isolates.contains($0) }
            ? "\u{2068}" + title + "\u{2069}" : title
        html.element("title", isolated + " · " + strings.bookName)
        html.newline()
        preview?.write(&html, strings: strings)
        // An empty icon: otherwise a browser asks a server for /favicon.ico.
        html.raw("<link rel=\"icon\" href=\"data:,\">\n")
        html.open("link", [("rel", "stylesheet"), ("href", href(.style))])
        html.newline()
        html.open("script", [("src", href(.script)), ("defer", "")])
        html.close("script")
        html.raw("\n</head>\n<body>\n")
        html.element("a", [("class", "skip"), ("href", "#main")], strings.skipLink)
        html.newline()
        header(section)
        html.raw("\n<main id=\"main\">\n")
        body(&self)
        html.raw("\n</main>\n")
        html.element("footer", [("class", "foot")]) { $0.element("p", strings.footer) }
        html.newline()
        html.raw("</body>\n</html>\n")
        return html.bytes
    }

    private mutating func header(_ section: SiteSection?) {
        html.raw("<header class=\"top\">")
        html.element("a", [("class", "brand"), ("href", href(.home))], "PhotiCase " + strings.bookName)
        html.open("nav", [("class", "sections"), ("aria-label", strings.siteNavigation)])
        let items: [(SiteSection, SitePath, String)] = [
            (.calendar, .home, strings.calendar), (.gallery, .gallery(page: 1), strings.gallery),
            (.list, .list(page: 1), strings.list), (.years, .yearsIndex, strings.years), (.search, .search, strings.search),
        ]
        // "page" only on the link to this very page; the section a page
        // belongs to (a day's page under the calendar) is "true", so a
        // screen reader does not call the calendar link this page.
        for (s, target, label) in items {
            let current = s == section ? (target == path ? "page" : "true") : nil
            html.element("a", [("href", href(target)), ("aria-current", current)], label)
        }
        html.close("nav")
        html.raw("</header>")
    }

    /// `<a href>text</a>` to a page of the site.
    mutating func link(_ target: SitePath, _ text: String, _ attributes: [(String, String?)] = []) {
        html.element("a", [("href", href(target))] + attributes, text)
    }

    /// One side of a pager: where it goes, and what it says there: `lead`
    /// (`이전 기록한 날: 2022년 `) is read aloud everywhere but shown only
    /// where there is room, `text` (`8월 20일 (토)`) always, on one line.
    struct PagerLink {
        var target: SitePath
        var lead: String = ""
        var text: String
    }

    /// A pager between neighbours: `rel="prev"` and `rel="next"` links (the
    /// arrow keys follow them), each saying where it goes; on a phone both
    /// fit one line.
    mutating func pager(label: String, previous: PagerLink?, next: PagerLink?) {
        guard previous != nil || next != nil else { return }
        html.open("nav", [("class", "pager"), ("aria-label", label)])
        for (link, rel) in [(previous, "prev"), (next, "next")] {
            guard let link else { continue }
            html.element("a", [("class", rel), ("rel", rel), ("href", href(link.target))]) { h in
                if rel == "prev" { h.element("span", [("aria-hidden", "true")], "← ") }
                if !link.lead.isEmpty { h.element("span", [("class", "lead")], link.lead) }
                h.element("span", [("class", "text"), ("dir", "auto")], link.text)
                if rel == "next" { h.element("span", [("aria-hidden", "true")], " →") }
            }
        }
        html.close("nav")
    }

    /// A trail of links up from this page: `달력 › 2022년 8월 › …`.
    mutating func breadcrumbs(_ trail: [(SitePath, String)]) {
        html.open("nav", [("class", "crumbs"), ("aria-label", strings.breadcrumbs)])
        for (i, (target, text)) in trail.enumerated() {
            if i > 0 { html.element("span", [("aria-hidden", "true")], " › ") }
            link(target, text)
        }
        html.close("nav")
    }
}
