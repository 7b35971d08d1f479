import Diary
import Site

// Planning the browsable book's pages. Each page is an ordinary work item
// owned like the images it shows (an entry's page by the entry, a day's by
// the date, ...), so held entries hold their pages, shards split them, and
// pages of what is provably gone are removed. A page's fingerprint is its
// key (`SitePage.key`: what it shows, each entry by its entry.json hash),
// or for the few pages keyed by content, the hash of its bytes: a page is
// rewritten exactly when what it shows changes, and an unchanged book's
// rerun makes no page at all.
extension RenderRun {
    /// `entryKeys`: each entry's id and entry.json hash, as page keys
    /// name it (`SitePage.key`), by id.
    func planSite(_ entries: [Entry], base: String, entryKeys: [String: String], holdBook: Bool,
                  heldDates: Set<CalendarDate>) -> [WorkItem] {
        guard options.only.contains(.site) else { return [] }
        let heldMonths = Set(heldDates.map(MonthKey.init))
        let heldYears = Set(heldDates.map(\.year))
        let months = MonthKey.sheetMonths(withEntries: Set(entries.map { MonthKey($0.date) }), held: heldMonths,
                                          today: options.today)
        let (theme, sizes) = backend.siteLook()
        let input = SiteInput(entries: entries, today: options.today,
                              months: months.map { MonthKey(year: $0.year, month: $0.month) },
                              pageSize: options.pageSize, theme: theme, sizes: sizes, links: siteLinks())
        // What decides the links: the kinds made and their formats.
        let linkKey = OutputKind.allCases.filter { options.only.contains($0) }
            .map { "\($0.rawValue).\(options.formats[$0]?.rawValue ?? "-")" }.joined(separator: ",")
        // Pages are made, keyed and compared with the index a batch at a
        // time, on the `--jobs` threads; only the pages to render are kept
        // as items (the current ones by path, in `currentSitePaths`).
        var items: [WorkItem] = []
        var batch: [(page: SitePage, owner: String)] = []
        func plan(_ batch: [(page: SitePage, owner: String)]) {
            let planned = Results<(fingerprint: String, current: Bool)>(count: batch.count)
            WorkPool.run(count: batch.count, threads: options.jobs, makeWorker: { () }) { _, i in
                let page = batch[i].page
                var f = Fingerprint("site")
                f.add(base)
                f.add(linkKey)
                if let key = page.key(entryKey: { entryKeys[$0.id] ?? "\($0.id)|" }) {
                    f.add(key)
                } else {
                    f.add(SHA256.hex(page.render()))
                }
                let fingerprint = f.finish()
                planned.set(i, (fingerprint, self.isCurrent(page.path.relative, fingerprint: fingerprint)))
            }
            for (page, result) in zip(batch, planned.values) {
                let path = page.page.path.relative
                if result!.current {
                    currentSitePaths.append(path)
                } else {
                    items.append(WorkItem(kind: .site(page.page), id: path, outputs: [(.site(page.page.path), path)],
                                          fingerprint: result!.fingerprint, owner: page.owner))
                }
            }
        }
        Site(input).forEachPage { page in
            let owner: String
            let held: Bool
            switch page.owner {
            case let .entry(id): (owner, held) = (id, false)
            case let .day(date): (owner, held) = (date.description, heldDates.contains(date))
            case let .month(m):
                let key = MonthKey(year: m.year, month: m.month)
                (owner, held) = (key.description, heldMonths.contains(key))
            case let .year(year): (owner, held) = (CacheLayout.yearText(year), heldYears.contains(year))
            case .book: (owner, held) = (CacheLayout.bookOwner, holdBook)
            case .site: (owner, held) = ("site", false)
            }
            // Kept as it is, not removed: it may link the held entry. A
            // page the cache does not have yet is made without it instead
            // (see `isHeld`): the other pages link it.
            let nextToHeld = page.neighbourhood.map { range in heldDates.contains { range.contains($0) } } == true
            if isHeld(page.path.relative, held || nextToHeld) {
                if nextToHeld { heldPageOwners.insert(owner) }
                return
            }
            guard options.shard.owns(owner) else { return }
            batch.append((page, owner))
            if batch.count == 4096 {
                plan(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        plan(batch)
        return items
    }

    /// The cache's names for the site: the images of the kinds this run
    /// makes (pages link nothing else), and entry ids as their ticket
    /// folders spell them.
    func siteLinks() -> SiteLinks {
        let only = options.only, formats = options.formats
        return SiteLinks(image: { image in
            let (kind, key): (OutputKind, OutputKey) = switch image {
            case let .front(id): (.tickets, .ticket(id: id, face: .front))
            case let .back(id): (.tickets, .ticket(id: id, face: .back))
            case let .ticket(id): (.tickets, .ticket(id: id, face: .ticket))
            case let .day(date): (.days, .day(date))
            case let .month(year, month): (.months, .month(year: year, month: month))
            case let .gallery(page): (.books, .bookPage(view: .gallery, page: page))
            case let .list(page): (.books, .bookPage(view: .list, page: page))
            case let .timeline(year, page): (.books, .timeline(year: year, page: page))
            case let .year(year): (.years, .year(year))
            }
            guard only.contains(kind), let format = formats[kind] else { return nil }
            return CacheLayout.relativePath(of: key, format: format)
        }, entryName: SafeName.encode)
    }
}
