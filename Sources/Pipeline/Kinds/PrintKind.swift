import PhotiCaseCards
import PhotiCasePrint
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseDocument
import PhotiCaseHashing
import PhotiCaseSite

/// Each year's ticket book as a PDF for a print service:
/// `print/<YYYY>.pdf`, in the page size `--page` names (A5 by default),
/// with 3 mm bleed, the cover, the year in review, every ticket front and
/// back with its whole memo, and the contents (`PrintBookInput`, drawn by
/// cairo and finished by qpdf; docs/outputs.md, "Print book"). Keyed by
/// everything it prints, so an edit to one entry writes its year's book
/// again and an unchanged diary leaves it as it is. Written to a file as
/// it is drawn (`OutputContent.file`): a year of a thousand photos is
/// never held in memory.
enum PrintKind: KindDeclaration {
    static let kind = OutputKind.print
    static let summary = "a print-ready PDF ticket book for each year (print/YYYY.pdf)"
    static let folders = [KindFolder("print", nested: false, bookOwned: [])]
    static let phase = Phase.drawn
    static let defaultFormat: ImageFormatName? = nil
    static let showsBackText = true
    /// A year's book draws every photo of the year again, at print size:
    /// by far the longest item of its phase.
    static let startsFirstInPhase = true

    static let page = KindOption(name: "page", valueName: "a5|a4|6x9in",
                                 help: "the print book's page size (default a5)", defaultValue: PrintPageSize.a5.rawValue) {
        PrintPageSize(rawValue: $0.lowercased())?.rawValue
    }
    static var options: [KindOption] { [page] }

    /// The page size decides the books' bytes.
    static func optionsKey(_ options: RenderOptions, kinds: Set<OutputKind>) -> String {
        "page \(options.value(of: page))"
    }

    /// Who draws and finishes the PDF, and how its photos are encoded: a
    /// cairo or qpdf upgrade writes the books again, not every image.
    static var encodingKey: String {
        "pdf-1.5|\(PDFWriter.libraryIdentity)|\(PDFFinisher.libraryIdentity)|\(PrintBookInput.encodingKey)|srgb-"
            + SHA256.hex(SRGBProfile.bytes)
    }

    /// A year's page offers its book to download: what a reader of the
    /// site takes to a print service. (So the site is made from this kind,
    /// and a run that keeps the site keeps the books with it.)
    static func sitePlacements(format: ImageFormatName, sizes: SiteImageSizes) -> [SitePlacement] {
        [SitePlacement(.yearDownload, label: "인쇄용", alt: "인쇄용 티켓북 PDF",
                       english: ("For print", "ticket book to print, PDF"), size: nil, order: 1) { subject in
            guard case let .year(year) = subject else { return nil }
            return path(year)
        }]
    }

    static func path(_ year: Int) -> String { "print/\(CacheLayout.yearText(year)).pdf" }

    static func ownerKind(ofPath path: String) -> Owner.Kind? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "print", parts[1].hasSuffix(".pdf") else { return nil }
        let stem = String(parts[1].dropLast(4))
        return Int(stem).map { (1...9999).contains($0) && CacheLayout.yearText($0) == stem } == true ? .year : nil
    }

    static func shardKey(_ owner: Owner) -> String { "print \(owner.key)" }

    static func plan(_ context: PlanContext, into plan: inout PlanBuilder) {
        guard context.makes(kind) else { return }
        let size = PrintPageSize(rawValue: context.options.value(of: page)) ?? .a5
        // Held entries as they last loaded, as the years show them.
        let byYear = Dictionary(grouping: context.bookEntries, by: \.entry.date.year)
        for (year, group) in byYear.sorted(by: { $0.key < $1.key }) {
            let path = path(year)
            guard context.owns(.year(year), of: self), !context.isHeld(path, context.held.years.contains(year)) else {
                continue
            }
            let ordered = group.sorted { BookOrder.chronological($0.entry, $1.entry) }
            let tickets = ordered.map { e in
                let input = TicketsKind.input(e, scale: context.scale)
                return PrintBookInput.Ticket(front: input.front, back: input.back)
            }
            let input = PrintBookInput(YearSummary(year: year, entries: ordered.map(\.entry)), tickets: tickets, page: size)
            let output = PlannedOutput(path: path, fingerprint: context.fingerprint(kind, encoding: encodingKey, input: input))
            plan.add(WorkItem(kind: kind, id: "print/\(CacheLayout.yearText(year))", owner: .year(year), outputs: [output],
                              payload: input)) {
                context.isCurrent($0.path, fingerprint: $0.fingerprint)
            }
        }
    }

    static func render(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: OutputContent]> {
        let book = item.payload as! PrintBookInput
        let path = item.outputs[0].path
        guard let draft = try context.stage(path), let final = try context.stage(path) else {
            return Rendered([:])
        }
        let metadata = DocumentMetadata(creator: OutputMark.text(item.owner), createDate: book.createDate)
        let written = try context.document(book, metadata, draft, final)
        return Rendered([path: .file(final)], warnings: written.warnings, provisional: written.provisional)
    }
}
