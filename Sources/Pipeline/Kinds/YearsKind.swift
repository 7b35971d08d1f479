import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseSite

/// The year in review of each year with entries: `years/<YYYY>.<ext>`, a
/// 9:16 story image, JPEG by default. Keyed by `YearInput`: the year's
/// figures and the best five's faces (`FacePart`). With `--site-url`, when
/// the site is made, also its link preview, `years/<YYYY>-link.<ext>`
/// (1200×630, `YearPreviewInput`): the year page's and the home page's
/// `og:image`.
enum YearsKind: KindDeclaration {
    static let kind = OutputKind.years
    static let summary = "a year-in-review story image for each year"
    static let folders = [KindFolder("years", nested: false, bookOwned: [])]
    /// With the site and its address, each year's link preview is made too.
    static func optionsKey(_ options: RenderOptions, kinds: Set<OutputKind>) -> String {
        SharesKind.makesLinks(options, kinds: kinds) ? "links" : "-"
    }
    static let phase = Phase.composed
    static let madeFrom: Set<OutputKind> = [.tickets]
    static let defaultFormat: ImageFormatName? = .jpg
    static let showsBackText = true
    /// A year took 44 ms of a one-entry diary's 64×64 render, started last
    /// after its three book pages (13-23 ms each) and drawn alone.
    static let startsFirstInPhase = true

    /// A year's page shows its image (also the page's link preview) and
    /// offers it.
    static func sitePlacements(format: ImageFormatName, sizes: SiteImageSizes) -> [SitePlacement] {
        [SitePlacement.Slot.yearImage, .yearDownload].map { slot in
            SitePlacement(slot, label: "한 해 요약", alt: "티켓북 한 해 요약 이미지",
                          english: ("Year in review", "ticket book year in review"), size: sizes.year) { subject in
                guard case let .year(year) = subject else { return nil }
                return path(year, format: format)
            }
        } + [SitePlacement(.yearPreview, label: "링크 미리보기", alt: "티켓북 한 해 요약",
                           english: ("Link preview", "ticket book year in review"),
                           size: CardRenderer.yearPreviewSize) { subject in
            guard case let .year(year) = subject else { return nil }
            return path(year, link: true, format: format)
        }]
    }

    /// `years/2022.jpg`, or its link preview `years/2022-link.jpg`.
    static func path(_ year: Int, link: Bool = false, format: ImageFormatName) -> String {
        "years/\(CacheLayout.yearText(year))\(link ? "-link" : "").\(format.rawValue)"
    }

    static func ownerKind(ofPath path: String) -> Owner.Kind? {
        imagePath(path, in: "years") { name in
            let stem = name.hasSuffix("-link") ? String(name.dropLast(5)) : name
            return Int(stem).map { (1...9999).contains($0) && CacheLayout.yearText($0) == stem } ?? false
        } ? .year : nil
    }

    /// As the first builds sharded years (`year 2022`), so each shard's
    /// index keeps the years it had.
    static func shardKey(_ owner: Owner) -> String { "year \(Int(owner.key) ?? 0)" }

    static func plan(_ context: PlanContext, into plan: inout PlanBuilder) {
        guard context.makes(kind) else { return }
        let format = context.format(kind)
        let settings = Encoding.pages.settings(format, quality: context.options.quality).keyText
        // Held entries as they last loaded: a broken entry.json holds only
        // the years it may have moved to (`HeldRecords.years`).
        let byYear = Dictionary(grouping: context.bookEntries.map(\.entry), by: \.date.year)
        let links = SharesKind.makesLinks(context.options, kinds: context.kinds)
        for (year, group) in byYear.sorted(by: { $0.key < $1.key }) {
            let path = path(year, format: format)
            guard context.owns(.year(year), of: self), !context.isHeld(path, context.held.years.contains(year)) else {
                continue
            }
            let summary = YearSummary(year: year, entries: group)
            let input = YearInput(summary, top: summary.top.map { context.facePart(id: $0.id)! }, scale: context.scale)
            var outputs = [PlannedOutput(path: path, fingerprint: context.fingerprint(kind, encoding: settings, input: input))]
            if links {
                outputs.append(PlannedOutput(path: self.path(year, link: true, format: format),
                                             fingerprint: context.fingerprint(kind, encoding: settings,
                                                                              input: YearPreviewInput(input))))
            }
            plan.add(WorkItem(kind: kind, id: "years/\(CacheLayout.yearText(year))", owner: .year(year), outputs: outputs,
                              payload: input)) { context.isCurrent($0.path, fingerprint: $0.fingerprint) }
        }
    }

    static func render(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: OutputContent]> {
        try renderBytes(item, in: context).asContent
    }

    private static func renderBytes(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: [UInt8]]> {
        let settings = Encoding.pages.settings(context.format(kind), quality: context.options.quality)
        let input = item.payload as! YearInput
        let image = try context.draw(input, [settings])
        guard item.outputs.count > 1 else {
            return Rendered([item.outputs[0].path: image.value[0]], warnings: image.warnings, provisional: image.provisional)
        }
        let preview = try context.draw(YearPreviewInput(input), [settings])
        return Rendered([item.outputs[0].path: image.value[0], item.outputs[1].path: preview.value[0]],
                        warnings: image.warnings + preview.warnings, provisional: image.provisional || preview.provisional)
    }
}
