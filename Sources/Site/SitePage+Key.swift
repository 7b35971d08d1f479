import PhotiCaseDiary

extension SitePage {
    /// Bump whenever a page's HTML, CSS or script changes for the same
    /// input: cached pages are trusted by `key`, so a template change that
    /// keeps the version would leave old pages in the cache.
    /// `SiteVersionTests` pins this to a hash of reference pages.
    public static let version = "site-12"

    /// Everything the page shows, as text, without making the page: its
    /// path, the scalar fields of its content, and for each entry it shows
    /// `entryKey(entry)`, which must change whenever anything the entry's
    /// pages show changes (its entry.json bytes do). Cheap next to
    /// `render()`: an unchanged book's rerun compares keys and renders no
    /// page. Nil for the few pages (years, the style sheet and script) that
    /// are cheaper to compare by their bytes.
    public func key(entryKey: (Entry) -> String) -> String? {
        // Plain fields only: interpolating a struct reflects on it, which
        // costs more than the rest of the key.
        var parts = [SitePage.version, path.relative]
        // The words' language (`SiteStrings`). Korean, the first, adds
        // nothing: a Korean site's pages keep the keys they had before the
        // site spoke another.
        if kinds.locale != .ko { parts.append("locale \(kinds.locale.rawValue)") }
        func add(_ entries: [Entry]) { for e in entries { parts.append(entryKey(e)) } }
        func text(_ date: CalendarDate?) -> String { date?.description ?? "-" }
        func text(_ month: MonthKey?) -> String { month.map { "\($0.year)-\($0.month)" } ?? "-" }
        switch content {
        case .style, .script, .searchScript, .year, .yearsIndex:
            return nil
        case let .search(page):
            parts.append(page.years.map(String.init).joined(separator: ","))
        case let .searchIndex(index):
            parts += ["\(index.year)", "\(index.cardSize.width)x\(index.cardSize.height)"]
            add(index.entries)
        case let .timeline(page):
            parts += ["\(page.year.year)", "\(page.imagePages)", page.previous.map(String.init) ?? "-",
                      page.next.map(String.init) ?? "-", page.years.map(String.init).joined(separator: ",")]
            for section in page.year.months {
                parts.append("month \(section.year)-\(section.month)\(section.continued ? " continued" : "")")
                add(section.entries)
            }
        case let .month(page):
            parts += [text(page.month), text(page.previous), text(page.next), text(page.today),
                      page.firstWeekday.rawValue, page.isHome ? "home" : "-", page.isPast ? "past" : "-",
                      page.holidays.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.joined(separator: ","))" }
                        .joined(separator: ";")]
            if let diary = page.diary {
                parts += diary.keyParts
                add(diary.recent)
            }
            if let onThisDay = page.onThisDay {
                parts.append("on this day \(onThisDay.today)")
                add(onThisDay.entries)
            }
            if let preview = page.homePreview { parts += ["preview"] + preview.keyParts }
            for (day, entries) in page.days.sorted(by: { $0.key < $1.key }) {
                parts.append("day \(day)")
                add(entries)
            }
        case let .day(page):
            parts += [page.date.description, text(page.previous), text(page.next)]
            add(page.entries)
        case let .entry(page):
            parts += [page.previous.map(entryKey) ?? "-", page.next.map(entryKey) ?? "-", page.siteURL ?? "-"]
            add([page.entry])
        case let .book(page):
            parts += [page.view == .gallery ? "gallery" : "list", "\(page.page)/\(page.pageCount)", "\(page.total)",
                      "\(page.firstRank)", page.years.map(String.init).joined(separator: ",")]
            add(page.entries)
        }
        return parts.joined(separator: "\u{1F}")
    }
}
