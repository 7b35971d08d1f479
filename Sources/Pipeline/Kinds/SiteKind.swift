import PhotiCaseCards
import PhotiCaseDiary
import PhotiCaseHashing
import PhotiCaseSite

/// The browsable book: `index.html` and `site/` (HTML, CSS and scripts;
/// `SitePath`). Each page is owned like the images it shows (an entry's
/// page by the entry, a day's by the date, a year's search index by the
/// year, the search page by the book, ...), so held entries hold their
/// pages, shards split them, and pages of what is provably gone are
/// removed. A page's key is `SitePage.key` (what it shows, each entry by
/// its entry.json hash), or for the few pages keyed by content the hash of
/// its bytes, with the images it links: a page is rewritten exactly when
/// what it shows changes, and an unchanged book's rerun writes none.
///
/// The site links the images of every kind the run makes, and is made
/// from them all: a run over a cache that holds a site makes every kind
/// the cache holds (`Kinds.closure`), so no page links an image that is
/// not there or shows what its image does not.
enum SiteKind: KindDeclaration {
    static let kind = OutputKind.site
    static let summary = "a static site to browse them all (CACHE/index.html)"
    static let folders = [KindFolder("site", nested: true, bookOwned: ["site/book"])]
    /// Pages list so many entries a page, the calendar marks today, and
    /// the link previews name the address the site is served at.
    static func optionsKey(_ options: RenderOptions, kinds: Set<OutputKind>) -> String {
        "page size \(options.pageSize) today \(options.today) site url \(options.siteURL ?? "-")"
    }
    static let rootFiles = ["index.html"]
    static let phase = Phase.pages
    /// Every kind that places its files on the site's pages (`placesOnSite`).
    static var madeFrom: Set<OutputKind> { Set(Kinds.all.filter { $0.placesOnSite }.map { $0.kind }) }
    static let defaultFormat: ImageFormatName? = nil
    static let showsBackText = true

    static func ownerKind(ofPath path: String) -> Owner.Kind? {
        guard path == "index.html" || path.hasPrefix("site/"),
              let page = SitePath(relative: path, isEntryName: SafeName.isEncoded) else { return nil }
        return switch page {
        case .home, .month: .month
        case .style, .script, .searchScript: .site
        case .day: .day
        case .entry: .entry
        case .gallery, .list, .timeline, .yearsIndex, .search: .book
        case .year, .searchIndex: .year
        }
    }

    /// The owner's key, as the first builds sharded pages.
    static func shardKey(_ owner: Owner) -> String { owner.key }

    /// The site's front page, alone in its range ("\u{1}" is the least
    /// character that can follow a name), and its folder; rows named by path.
    static var stamped: [StampedOutputs] {
        [StampedOutputs(range: "index.html"..<"index.html\u{1}", kind: ItemKind(kind), naming: .path),
         StampedOutputs(folder: "site", kind: ItemKind(kind), naming: .path)]
    }

    /// A page whose bytes are those the cache holds is not written again.
    static let keepsEqualFiles = true

    static func owner(_ owner: SiteOwner) -> Owner {
        switch owner {
        case let .entry(id): .entry(id)
        case let .day(date): .day(date)
        case let .month(month): .month(month)
        case let .year(year): .year(year)
        case .book: .book
        case .site: .site
        }
    }

    static func plan(_ context: PlanContext, into plan: inout PlanBuilder) {
        guard context.makes(kind) else { return }
        let input = SiteInput(entries: context.entries.map(\.entry), today: context.options.today,
                              months: MonthsKind.months(context), pageSize: context.options.pageSize,
                              theme: context.look.theme, sizes: context.look.sizes, links: links(context),
                              siteURL: context.options.siteURL)
        // What decides the links: the image kinds made, their formats and
        // where they place their images, under the words the site shows.
        let linkKey = Kinds.all.filter { $0.placesOnSite && context.makes($0.kind) }
            .map { "\($0.kind.rawValue).\(context.format($0.kind).rawValue)" }.joined(separator: ",")
            + "|" + input.links.speaking(input.theme.locale).placements.map(\.keyText).joined(separator: ",")
        // Each entry's key as page keys spell it, made once: a large book's
        // pages name every entry seven or eight times.
        let entryKeys = Dictionary(context.entries.map { ($0.entry.id, "\($0.entry.id)|\($0.jsonHash.hex)") },
                                   uniquingKeysWith: { a, _ in a })
        let heldDates = context.held.dates
        // Pages are made, keyed and compared with the index a batch at a
        // time, on the `--jobs` threads.
        var batch: [(page: SitePage, owner: Owner)] = []
        func planBatch(_ batch: [(page: SitePage, owner: Owner)], into plan: inout PlanBuilder) {
            let keys = context.parallelMap(batch.count) { i in
                let page = batch[i].page
                var f = Fingerprint("site")
                f.add(context.base)
                f.add(linkKey)
                if let key = page.key(entryKey: { entryKeys[$0.id] ?? "\($0.id)|" }) {
                    f.add(key)
                } else {
                    f.add(SHA256.hex(page.render()))
                }
                return f.finish()
            }
            for (page, fingerprint) in zip(batch, keys) {
                let path = page.page.path.relative
                plan.add(WorkItem(kind: kind, id: path, owner: page.owner,
                                  outputs: [PlannedOutput(path: path, fingerprint: fingerprint)], payload: page.page)) {
                    context.isCurrent($0.path, fingerprint: $0.fingerprint)
                }
            }
        }
        Site(input).forEachPage { page in
            let owner = owner(page.owner)
            let held: Bool = switch page.owner {
            case .entry, .site: false
            case let .day(date): heldDates.contains(date)
            case let .month(month): context.heldMonths.contains(month)
            case let .year(year): context.heldYears.contains(year)
            case .book: context.holdSiteBook
            }
            // Kept as it is, not removed: it may link the held entry. A
            // page the cache does not have yet is made without it instead
            // (see `isHeld`): the other pages link it.
            let nextToHeld = page.neighbourhood.map { range in heldDates.contains { range.contains($0) } } == true
            if context.isHeld(page.path.relative, held || nextToHeld) {
                if nextToHeld { plan.held.insert(owner) }
                return
            }
            guard context.owns(owner, of: self) else { return }
            batch.append((page, owner))
            if batch.count == 4096 {
                planBatch(batch, into: &plan)
                batch.removeAll(keepingCapacity: true)
            }
        }
        planBatch(batch, into: &plan)
    }

    /// The page's bytes, unless it links an image this run could not
    /// write (a full disk, a quota, a read-only folder) that the cache
    /// does not hold from before, or the page of an entry whose images
    /// could not be written that is not there yet (it waits too): then the
    /// page is not written (`PageWaits`), so the page as it was stays, or
    /// none is there yet, and the next run writes it. A page linking an
    /// image as it was (its new version could not be written) is written:
    /// it links no missing file.
    static func render(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: OutputContent]> {
        try renderBytes(item, in: context).asContent
    }

    private static func renderBytes(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: [UInt8]]> {
        let path = item.outputs[0].path
        let (bytes, images, entries) = (item.payload as! SitePage).renderLinking()
        // What this run could not write and the cache does not hold from
        // before; and the page of an entry whose images could not be
        // written, which waits too when it is new.
        func absent(_ path: String) -> Bool { context.store.map { $0.fileSize(path) == nil } ?? false }
        let missing = images.filter { context.unwritten.paths.contains($0) && absent($0) }
            + entries.filter { context.unwritten.entries.contains($0) }
                .map { SitePath.entry(name: SafeName.encode($0)).relative }.filter(absent)
        if !missing.isEmpty { throw PageWaits(page: path, missing: missing, kept: !absent(path)) }
        return Rendered([path: bytes])
    }

    /// The cache's names for the site: entry ids as their ticket folders
    /// spell them, and where the kinds this run makes place their images
    /// (`sitePlacements`): pages show, link and offer nothing else.
    static func links(_ context: PlanContext) -> SiteLinks {
        let made = Kinds.all.filter { context.makes($0.kind) && $0.placesOnSite }
        return SiteLinks(entryName: SafeName.encode, placements: made.flatMap {
            $0.sitePlacements(format: context.format($0.kind), sizes: context.look.sizes)
        })
    }
}
