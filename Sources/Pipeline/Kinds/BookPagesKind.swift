import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseSite

/// The ticket book's pages as the app shows them: the gallery and the
/// list in rating order, `books/gallery-<NNN>.<ext>` and `list-<NNN>`, and
/// each year's timeline, `books/timeline-<YYYY>.<ext>` (`-<NNN>` when it
/// takes pages). Composed of the entries' front faces (`FacePart`): a page
/// decodes the faces the cache holds and opens no photo. Every page shows
/// the whole book in one order, so all belong to the book: a held entry is
/// shown as it last loaded (`HeldRecords.standIns`), and while one has no
/// such state, the pages are held as they were.
enum BookPagesKind: KindDeclaration {
    static let kind = OutputKind.books
    static let summary = "the ticket book's gallery, list and timeline pages"
    static let folders = [KindFolder("books", nested: false, bookOwned: ["books"])]
    /// Pages list so many entries a page.
    static func optionsKey(_ options: RenderOptions, kinds: Set<OutputKind>) -> String { "page size \(options.pageSize)" }
    static let phase = Phase.composed
    static let madeFrom: Set<OutputKind> = [.tickets]
    static let defaultFormat: ImageFormatName? = .jpg
    static let showsBackText = true

    /// Each gallery and list page links its image, and each timeline
    /// page its images.
    static func sitePlacements(format: ImageFormatName, sizes: SiteImageSizes) -> [SitePlacement] {
        [SitePlacement(.bookPageLink, label: "이 쪽을 이미지로 보기", alt: "쪽 이미지",
                       english: ("See this page as an image", "Page image"), size: nil) { subject in
            guard case let .bookPage(view, page) = subject else { return nil }
            return path(stem(view, page: page), format: format)
        },
         SitePlacement(.timelineLink, label: "타임라인 이미지 보기", alt: "타임라인 이미지",
                       english: ("See the timeline image", "Timeline image"), size: nil) { subject in
            guard case let .timeline(year, page) = subject else { return nil }
            return path(timelineStem(year: year, page: page), format: format)
        }]
    }

    static func path(_ stem: String, format: ImageFormatName) -> String { "books/\(stem).\(format.rawValue)" }

    /// `gallery-001`, `timeline-2022`, `timeline-2022-002`.
    static func stem(_ view: BookPageView, page: Int) -> String { "\(view.rawValue)-\(CacheLayout.pageNumber(page))" }
    static func timelineStem(year: Int, page: Int?) -> String {
        "timeline-\(CacheLayout.yearText(year))" + (page.map { "-\(CacheLayout.pageNumber($0))" } ?? "")
    }

    static func ownerKind(ofPath path: String) -> Owner.Kind? {
        imagePath(path, in: "books", isStem: isStem) ? .book : nil
    }

    /// True for a page stem this kind makes: `gallery-001`, `list-012`,
    /// `timeline-2022`, `timeline-2022-002`.
    static func isStem(_ stem: String) -> Bool {
        let parts = stem.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        func page(_ s: String) -> Bool { Int(s).map { $0 >= 1 && CacheLayout.pageNumber($0) == s } ?? false }
        func year(_ s: String) -> Bool { Int(s).map { (1...9999).contains($0) && CacheLayout.yearText($0) == s } ?? false }
        switch (parts.first, parts.count) {
        case ("gallery", 2), ("list", 2): return page(parts[1])
        case ("timeline", 2): return year(parts[1])
        case ("timeline", 3): return year(parts[1]) && page(parts[2])
        default: return false
        }
    }

    static func shardKey(_ owner: Owner) -> String { "book" }

    static func plan(_ context: PlanContext, into plan: inout PlanBuilder) {
        guard context.makes(kind), !context.holdBook, context.owns(.book, of: self), !context.bookEntries.isEmpty
        else { return }
        let format = context.format(kind)
        let settings = Encoding.pages.settings(format, quality: context.options.quality).keyText
        let entries = context.bookEntries.map(\.entry)
        func tile(_ entry: Entry, memo: Bool) -> BookTileInput {
            // An entry with only a back photo: its row shows that photo.
            let back = entry.front == nil ? context.bookEntry(id: entry.id).flatMap(DaysKind.cellPhoto) : nil
            return BookTileInput(face: context.facePart(id: entry.id)!,
                                 memoLine: memo ? BookTile.memoFirstLine(entry.memo) : nil, photo: back)
        }
        func add(_ stem: String, _ input: some CardLayout) {
            let output = PlannedOutput(path: path(stem, format: format),
                                       fingerprint: context.fingerprint(kind, encoding: settings, input: input))
            plan.add(WorkItem(kind: kind, id: "books/\(stem)", owner: .book, outputs: [output], payload: input)) {
                context.isCurrent($0.path, fingerprint: $0.fingerprint)
            }
        }
        let pages = BookOrder.pages(of: BookOrder.sorted(entries), pageSize: context.options.pageSize)
        for view in BookPageView.allCases {
            for (i, page) in pages.enumerated() {
                add(stem(view, page: i + 1),
                    BookPageInput(view: view, tiles: page.map { tile($0, memo: view == .list) }, page: i + 1,
                                  pageCount: pages.count, pageSize: context.options.pageSize, total: entries.count))
            }
        }
        for year in BookOrder.timeline(entries) {
            let monthCounts = Dictionary(grouping: year.months, by: \.month).mapValues { $0.reduce(0) { $0 + $1.entries.count } }
            let pages = BookOrder.timelinePages(year.months)
            for (i, sections) in pages.enumerated() {
                let input = TimelinePageInput(year: year.year, sections: sections.map { section in
                    .init(month: section.month, continued: section.continued, monthCount: monthCounts[section.month] ?? 0,
                          tiles: section.entries.map { tile($0, memo: false) })
                }, page: i + 1, pageCount: pages.count)
                add(timelineStem(year: year.year, page: pages.count > 1 ? i + 1 : nil), input)
            }
        }
    }

    static func render(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: OutputContent]> {
        try renderBytes(item, in: context).asContent
    }

    private static func renderBytes(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: [UInt8]]> {
        let settings = Encoding.pages.settings(context.format(kind), quality: context.options.quality)
        let image = try context.draw(item.payload as! any CardLayout, [settings])
        return Rendered([item.outputs[0].path: image.value[0]], warnings: image.warnings, provisional: image.provisional)
    }
}
