import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary
import PhotiCaseSite

/// The browsable book as work items: incremental by content, removed when
/// its owner is gone, held with its entries, split by shards.
@Suite struct SitePipelineTests {
    static let withSite: Set<OutputKind> = [.tickets, .days, .months, .books, .years, .site]

    /// Five entries over two months and two years.
    static func book() throws -> Book {
        let book = try Book()
        try book.add("a", date: "2022-08-20", memo: "first line\nsecond", rating: 4)
        try book.add("b", date: "2022-08-20", rating: 5)
        try book.add("c", date: "2022-08-27", memo: "c memo", id: "2022/08/c", rating: 3)
        try book.add("d", date: "2022-09-03", rating: 2)
        try book.add("e", date: "2023-01-05", rating: 4.5)
        return book
    }

    static func sitePages(_ ids: [String]) -> [String] {
        ids.filter { $0 == "index.html" || $0.hasPrefix("site/") }
    }

    /// Pages are written after every image they link: a page on disk
    /// (served during a run, or left by a killed one) never links an image
    /// not written yet. Here every site page's event follows every other.
    @Test func pagesAreWrittenAfterTheImages() throws {
        let book = try Self.book()
        let run = try book.run { $0.only = Self.withSite }
        let order = run.events.events.compactMap { event -> String? in
            if case let .item(_, _, id, _, status, _, _) = event, status == .rendered { return id }
            return nil
        }
        let isPage = { (id: String) in id == "index.html" || id.hasPrefix("site/") }
        let firstPage = try #require(order.firstIndex(where: isPage))
        #expect(order[firstPage...].allSatisfy(isPage), "\(order)")
        #expect(order[..<firstPage].contains { $0.hasPrefix("years/") } && order[..<firstPage].contains { $0.hasPrefix("books/") })
    }

    @Test func aRunWritesThePagesAndASecondRewritesNone() throws {
        let book = try Self.book()
        let first = try book.run { $0.only = Self.withSite }
        let pages = Self.sitePages(first.events.ids(.rendered))
        for page in ["index.html", "site/style.css", "site/site.js", "site/months/2022-08.html", "site/months/2022-12.html",
                     "site/days/2022-08-20.html", "site/entries/2022%2F08%2Fc.html", "site/entries/a.html",
                     "site/book/gallery-001.html", "site/book/list-001.html", "site/book/timeline-2023.html",
                     "site/years/index.html", "site/years/2022.html"] {
            #expect(pages.contains(page), "\(page)")
            #expect(book.exists(page), "\(page)")
        }
        let second = try book.run { $0.only = Self.withSite }
        #expect(second.summary.rendered == 0)
        #expect(second.summary.skipped == first.summary.rendered)
        // Current pages are planned by path alone, yet each is still
        // reported as skipped, and a page deleted from the cache is made
        // again (and nothing else).
        #expect(Set(Self.sitePages(second.events.ids(.skipped))) == Set(pages))
        try FileManager.default.removeItem(atPath: book.cache + "/site/entries/a.html")
        #expect(try book.run { $0.only = Self.withSite }.events.ids(.rendered) == ["site/entries/a.html"])
        // The index records every page, and the cache's closed world
        // accepts its path.
        let index = try CacheStore(path: book.cache, create: false).openIndex("index.sqlite")
        #expect(index.output("site/entries/2022%2F08%2Fc.html")?.owner == .entry("2022/08/c"))
        var listed: [String] = []
        try index.forEachOutput { path, _ in if path.hasPrefix("site/") { listed.append(path) } }
        #expect(index.warnings.isEmpty)
        #expect(listed.contains("site/entries/a.html"))
        index.close()
    }

    @Test func aMemoEditRewritesItsEntryPageAndTheListPageShowingIt() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = Self.withSite }
        try book.add("a", date: "2022-08-20", memo: "a new first line\nsecond", rating: 4)
        let again = try book.run { $0.only = Self.withSite }.events.ids(.rendered)
        // The search index of a's year holds its memo: that year's index alone.
        #expect(again == ["a", "books/list-001", "site/book/list-001.html", "site/entries/a.html", "site/search/2022.js"],
                "\(again)")
        // Only the second line changes: the list shows the first line alone.
        try book.add("a", date: "2022-08-20", memo: "a new first line\nthird", rating: 4)
        // A dry run lists what the run will write: not the pages whose key
        // changed with a's entry.json but whose text did not.
        let dry = RenderRun(options: book.options { $0.only = Self.withSite; $0.dryRun = true }, backend: FakeBackend(),
                            loadEntry: fakeLoader, progress: nil)
        _ = try dry.run()
        let listed = dry.dryRunLines.filter { $0.hasPrefix("render site/") || $0 == "render index.html" }
        #expect(listed == ["render site/entries/a.html", "render site/search/2022.js"], "\(dry.dryRunLines)")
        #expect(try book.run { $0.only = Self.withSite }.events.ids(.rendered)
                == ["a", "site/entries/a.html", "site/search/2022.js"])
    }

    @Test func aGoneEntrysPageIsRemovedAndItsNeighboursRelinked() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = Self.withSite }
        try FileManager.default.removeItem(atPath: book.root + "/d")
        let run = try book.run { $0.only = Self.withSite }
        #expect(!book.exists("site/entries/d.html") && !book.exists("site/days/2022-09-03.html"))
        let rendered = Self.sitePages(run.events.ids(.rendered))
        // c and e were d's neighbours; September stays, empty, between
        // August and today's... gap months.
        #expect(rendered.contains("site/entries/2022%2F08%2Fc.html") && rendered.contains("site/entries/e.html"))
        #expect(!rendered.contains("site/entries/a.html"))
        #expect(book.read("site/entries/e.html")?.contains("2022%252F08%252Fc.html") == true)
        #expect(book.exists("site/months/2022-09.html"))
    }

    @Test func anUnreadableEntryHoldsItsPagesAndItsNeighbours() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = Self.withSite }
        let before = book.read("site/entries/a.html")
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: book.root + "/a/entry.json"))
        try book.add("b", date: "2022-08-20", memo: "b changed", rating: 5)
        try book.add("e", date: "2023-01-05", memo: "e changed", rating: 4.5)
        let run = try book.run { $0.only = Self.withSite }
        let rendered = Self.sitePages(run.events.ids(.rendered))
        #expect(book.read("site/entries/a.html") == before)
        // Far from a, e's page and its year's search index follow its
        // memo; b, a's neighbour, waits, as do a's day, month, year (and
        // the year's search index) and the book's pages.
        #expect(rendered == ["site/entries/e.html", "site/search/2023.js"], "\(rendered)")
        for held in ["site/entries/b.html", "site/days/2022-08-20.html", "site/months/2022-08.html", "index.html",
                     "site/book/list-001.html", "site/years/2022.html", "site/search/2022.js"] {
            #expect(book.exists(held), "\(held)")
        }
        #expect(run.summary.removed == 0)
        // Readable again: what changed meanwhile is written, then nothing.
        try book.add("a", date: "2022-08-20", memo: "first line\nsecond", rating: 4)
        let fixed = Self.sitePages(try book.run { $0.only = Self.withSite }.events.ids(.rendered))
        #expect(fixed.contains("site/entries/b.html") && !fixed.contains("site/entries/a.html"), "\(fixed)")
        #expect(try book.run { $0.only = Self.withSite }.summary.rendered == 0)
    }

    /// Holding keeps what the cache has; on a first run with an entry that
    /// cannot be read there is nothing to keep, so the book's and the
    /// year's pages are made from the readable entries, and no written
    /// page links a page that is not there.
    @Test func aFirstRunWithABrokenEntryLeavesNoDeadLinks() throws {
        let book = try Self.book()
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: book.root + "/d/entry.json"))
        // b's photo cannot be read: b is held with its date, which a shares.
        try FileManager.default.removeItem(atPath: book.root + "/b/front.jpg")
        let run = try book.run { $0.only = Self.withSite }
        #expect(run.events.ids(.failed) == ["b", "d"])
        for page in ["index.html", "site/book/gallery-001.html", "site/book/list-001.html", "site/years/2022.html",
                     "site/entries/a.html", "site/entries/e.html", "site/days/2022-08-20.html", "days/2022-08-20.jpg",
                     "months/2022-08.png"] {
            #expect(book.exists(page), "\(page)")
        }
        var checked = 0
        let enumerator = FileManager.default.enumerator(atPath: book.cache)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".html"), let html = book.read(relative) else { continue }
            let folder = (relative as NSString).deletingLastPathComponent
            for match in html.matches(of: /href="([^"#?]+)"/) {
                let target = String(match.1)
                // Links are the files' names percent-encoded once.
                guard !target.hasPrefix("http"), !target.hasPrefix("data:"), let decoded = target.removingPercentEncoding
                else { continue }
                let resolved = ((folder as NSString).appendingPathComponent(decoded) as NSString).standardizingPath
                #expect(FileManager.default.fileExists(atPath: book.cache + "/" + resolved), "\(relative) links \(target)")
                checked += 1
            }
        }
        #expect(checked > 50)
        // Once b and d read, the pages take them in, and nothing is held any more.
        try book.add("b", date: "2022-08-20", rating: 5)
        try book.add("d", date: "2022-09-03", rating: 2)
        let fixed = try book.run { $0.only = Self.withSite }
        #expect(fixed.events.ids(.rendered).contains("site/entries/d.html"))
        #expect(fixed.events.ids(.rendered).contains("books/gallery-001"))
        #expect(fixed.events.ids(.rendered).contains("days/2022-08-20"))
        #expect(try book.run { $0.only = Self.withSite }.summary.rendered == 0)
    }

    /// An index set aside as damaged starts empty, but the files it
    /// described are the cache's: while an entry cannot be read the book's
    /// pages stay as they were, though no record names them. (Its date,
    /// and so its neighbours, died with the index: a broken entry.json
    /// cannot tell it.)
    @Test func aDamagedIndexStillHoldsTheBookWhileAnEntryIsUnreadable() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = Self.withSite }
        let list = book.read("site/book/list-001.html")
        let gallery = book.read("books/gallery-001.jpg")
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: book.root + "/a/entry.json"))
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: book.cache + "/index.sqlite"))
        let run = try book.run { $0.only = Self.withSite }
        #expect(run.summary.removed == 0)
        #expect(book.read("site/book/list-001.html") == list)
        #expect(book.read("books/gallery-001.jpg") == gallery)
        #expect(book.exists("site/entries/a.html"))
    }

    @Test func shardsWriteTheSameSiteAsOneRun() throws {
        let one = try Self.book()
        _ = try one.run { $0.only = Self.withSite }
        let sharded = try Self.book()
        for k in 0..<4 { _ = try sharded.run { $0.only = Self.withSite; $0.shard = Shard(index: k, count: 4) } }
        let pages = try FileManager.default.subpathsOfDirectory(atPath: one.cache + "/site").sorted()
        #expect(try FileManager.default.subpathsOfDirectory(atPath: sharded.cache + "/site").sorted() == pages)
        for page in pages.map({ "site/" + $0 }) + ["index.html"] where page.contains(".") {
            #expect(one.read(page) == sharded.read(page), "\(page)")
        }
    }

    @Test func pagesLinkOnlyTheImagesThisRunMakes() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = [.site] }
        let page = try #require(book.read("site/entries/a.html"))
        #expect(!page.contains("<img") && !page.contains("tickets/"))
        _ = try book.run { $0.only = [.site, .tickets] }
        #expect(book.read("site/entries/a.html")?.contains("src=\"../../tickets/a/front.webp\"") == true)
    }

    /// Where the kinds made place their images
    /// (`KindDeclaration.sitePlacements`), for `subject` in `slot`, in the
    /// order the slot takes them.
    static func declared(_ kinds: Set<OutputKind>, _ slot: SitePlacement.Slot, _ subject: SitePlacement.Subject) -> [String] {
        let placements = Kinds.all.filter { kinds.contains($0.kind) }.flatMap { kind in
            kind.defaultFormat.map { kind.sitePlacements(format: $0, sizes: .standard) } ?? []
        }
        return SiteLinks(entryName: { $0 }, placements: placements).placements(slot).compactMap { $0.path(subject) }
    }

    /// Pages show, link and offer exactly the images the kinds made
    /// declare, in the slots they declare them for, each a file the run
    /// wrote; a kind not made places nothing.
    @Test func pagesPlaceWhatTheRegistryDeclares() throws {
        let book = try Self.book()
        func offered(_ page: String) -> [String] {
            (book.read(page) ?? "").matches(of: /<a class="download" href="\.\.\/\.\.\/([^"]+)"/).map { String($0.1) }
        }
        // The cache paths of the images a page shows (of class `name`).
        func shown(_ page: String, class name: String? = nil) -> [String] {
            (book.read(page) ?? "").matches(of: /<img (?:class="([^"]+)" )?src="(?:\.\.\/)*([^"]+)"/)
                .filter { name == nil || $0.1.map(String.init) == name }.map { String($0.2).removingPercentEncoding! }
        }
        _ = try book.run { $0.only = [.site, .tickets] }
        #expect(offered("site/entries/a.html") == ["tickets/a/ticket.webp"])
        #expect(shown("site/entries/a.html") == ["tickets/a/front.webp", "tickets/a/back.webp"])
        #expect(offered("site/years/2022.html").isEmpty && shown("site/years/2022.html", class: "story").isEmpty)
        #expect(shown("site/months/2022-08.html", class: "day-thumb").isEmpty)
        let kinds: Set<OutputKind> = [.site, .tickets, .shares, .days, .months, .books, .years]
        _ = try book.run { $0.only = kinds }
        let entry = offered("site/entries/a.html"), year = offered("site/years/2022.html")
        #expect(entry == Self.declared(kinds, .entryDownload, .entry(id: "a")) && entry.count == 3, "\(entry)")
        #expect(year == Self.declared(kinds, .yearDownload, .year(2022)) && year == ["years/2022.jpg"], "\(year)")
        let faces = shown("site/entries/a.html")
        #expect(faces == Self.declared(kinds, .entryFigure, .entry(id: "a")) && faces.count == 2, "\(faces)")
        let image = shown("site/years/2022.html", class: "story")
        #expect(image == Self.declared(kinds, .yearImage, .year(2022)), "\(image)")
        let days = shown("site/months/2022-08.html", class: "day-thumb")
        #expect(days == ["2022-08-20", "2022-08-27"].flatMap { Self.declared(kinds, .dayCell, .day(CalendarDate($0)!)) }
                && days.count == 2, "\(days)")
        let cards = shown("site/book/gallery-001.html", class: "thumb")
        #expect(cards.first.map { [$0] } == Self.declared(kinds, .entryCard, .entry(id: "b")), "\(cards)")
        let sheet = try #require(Self.declared(kinds, .monthLink, .month(MonthKey(year: 2022, month: 8))).first)
        #expect(book.read("site/months/2022-08.html")?.contains("<a href=\"../../\(sheet)\">") == true)
        let gallery = try #require(Self.declared(kinds, .bookPageLink, .bookPage(.gallery, page: 1)).first)
        #expect(book.read("site/book/gallery-001.html")?.contains("<a href=\"../../\(gallery)\">") == true)
        for path in entry + year + faces + image + days + cards + [sheet, gallery] { #expect(book.exists(path), "\(path)") }
    }

    /// Every slot pages keep is filled by a kind of the registry, but a
    /// day's downloads: no kind offers an image for a day yet.
    @Test func theRegistryFillsThePagesSlots() {
        let slots = Set(Kinds.all.flatMap { kind in
            kind.defaultFormat.map { kind.sitePlacements(format: $0, sizes: .standard) } ?? []
        }.map(\.slot))
        #expect(Set(SitePlacement.Slot.allCases).subtracting(slots) == [.dayDownload])
    }

    @Test func theCacheAcceptsExactlyTheSitesPaths() {
        for path in ["index.html", "site/style.css", "site/site.js", "site/entries/2022%2F08%2Fc.html",
                     "site/book/timeline-2022.html", "site/years/index.html"] {
            #expect(Kinds.parse(path)?.kind == .site, "\(path)")
        }
        for path in ["index.htm", "site/entries/.x.html", "site/entries/a/b.html", "site/entries/a%2.html",
                     "site/../index.html", "site/years/2022.jpg", "site", "index.html/x"] {
            #expect(Kinds.parse(path) == nil, "\(path)")
        }
    }
}
