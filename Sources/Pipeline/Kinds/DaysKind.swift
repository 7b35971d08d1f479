import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseSite

/// The calendar-day thumbnail of each day with entries: `days/<YYYY-MM-DD>.<ext>`,
/// JPEG by default (photos, small, read often). Keyed by `DayTileInput`:
/// the day's entries in display order, each by title, kind and photo.
enum DaysKind: KindDeclaration {
    static let kind = OutputKind.days
    static let summary = "a calendar-day thumbnail for each day with entries"
    static let folders = [KindFolder("days", nested: false, bookOwned: [])]
    static func optionsKey(_ options: RenderOptions, kinds: Set<OutputKind>) -> String { "" }
    static let phase = Phase.drawn
    static let defaultFormat: ImageFormatName? = .jpg
    static let encoding = Encoding()

    /// A day's thumbnail is its cell in the month's calendar.
    static func sitePlacements(format: ImageFormatName, sizes: SiteImageSizes) -> [SitePlacement] {
        [SitePlacement(.dayCell, label: "썸네일", alt: "하루 썸네일", english: ("Thumbnail", "day thumbnail"),
                       size: sizes.day) { subject in
            guard case let .day(date) = subject else { return nil }
            return path(date, format: format)
        }]
    }

    static func path(_ date: CalendarDate, format: ImageFormatName) -> String {
        "days/\(date.description).\(format.rawValue)"
    }

    static func ownerKind(ofPath path: String) -> Owner.Kind? {
        imagePath(path, in: "days") { stem in CalendarDate(stem)?.description == stem } ? .day : nil
    }

    static func shardKey(_ owner: Owner) -> String { owner.key }

    /// What the day of `entries` draws (the entries of one date): each
    /// entry's front photo, or the back one of an entry that has no front.
    static func input(_ entries: [RunEntry], side: Int) -> DayTileInput {
        let sorted = entries.sorted { EntryOrder.precedes($0.entry, $1.entry) }
        return DayTileInput(cells: sorted.map { e in
            DayTileInput.Cell(title: e.entry.title, kind: e.entry.kind, photo: cellPhoto(e))
        }, side: side)
    }

    /// The photo an entry's cell shows: its front, else its back.
    static func cellPhoto(_ e: RunEntry) -> PhotoInput? {
        if let front = e.entry.front { return PhotoInput(front, digest: e.front?.hex ?? "") }
        return e.entry.back.map { PhotoInput($0, digest: e.back?.hex ?? "") }
    }

    /// The day of `entries` as a month sheet's part: its key, path and
    /// encoding as this kind writes it, whether or not this run does.
    static func part(_ date: CalendarDate, _ entries: [RunEntry], in context: PlanContext) -> DayPart {
        let format = context.format(kind)
        let settings = encoding.settings(format, quality: context.options.quality)
        let tile = input(entries, side: context.thumbnailSide)
        return DayPart(key: context.fingerprint(kind, encoding: settings.keyText, input: tile),
                       reference: path(date, format: format), encoding: settings, tile: tile)
    }

    /// The loaded entries by date, as positions, each date's in id order.
    static func byDate(_ context: PlanContext) -> [CalendarDate: [Int]] {
        let entries = context.entries
        return Dictionary(grouping: entries.indices, by: { entries[$0].entry.date })
    }

    static func plan(_ context: PlanContext, into plan: inout PlanBuilder) {
        guard context.makes(kind) else { return }
        let entries = context.entries, format = context.format(kind)
        let days = byDate(context).filter { date, _ in
            context.owns(.day(date), of: self)
                && !context.isHeld(path(date, format: format), context.held.dates.contains(date))
        }.sorted { $0.key < $1.key }
        let parts = context.parallelMap(days.count) { i in
            part(days[i].key, days[i].value.map { entries[$0] }, in: context)
        }
        for ((date, _), part) in zip(days, parts) {
            let output = PlannedOutput(path: part.reference, fingerprint: part.key)
            plan.add(WorkItem(kind: kind, id: "days/\(date)", owner: .day(date), outputs: [output], payload: part.tile,
                              date: date)) { context.isCurrent($0.path, fingerprint: $0.fingerprint) }
        }
    }

    static func render(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: OutputContent]> {
        try renderBytes(item, in: context).asContent
    }

    private static func renderBytes(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: [UInt8]]> {
        let settings = encoding.settings(context.format(kind), quality: context.options.quality)
        let image = try context.draw(item.payload as! DayTileInput, [settings])
        return Rendered([item.outputs[0].path: image.value[0]], warnings: image.warnings, provisional: image.provisional)
    }

    static func photos(_ item: WorkItem) -> [String] {
        (item.payload as! DayTileInput).cells.compactMap { $0.photo?.file.path }
    }
}
