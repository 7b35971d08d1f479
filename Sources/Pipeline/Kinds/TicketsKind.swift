import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseRaster
import PhotiCaseSite

/// An entry's ticket: its front and back faces and the shareable ticket
/// (both faces side by side on the share backdrop), in
/// `tickets/<id>/front.<ext>`, `back.<ext>` and `ticket.<ext>`.
///
/// Each image has its own key (the front's by `FrontFaceInput`, the back's
/// by `BackFaceInput`, the ticket's by both), so a memo edit writes the
/// back and the ticket and leaves the front, which book pages read, as it
/// is. A ticket whose photo does not decode fails and keeps what the cache
/// holds; where the cache lacks a face, a stand-in drawn without that
/// photo is written (`failed`), so the site never links a missing image.
enum TicketsKind: KindDeclaration {
    static let kind = OutputKind.tickets
    static let summary = "ticket faces and the shareable ticket of each entry"
    static let folders = [KindFolder("tickets", nested: true, bookOwned: [])]
    static func optionsKey(_ options: RenderOptions, kinds: Set<OutputKind>) -> String { "" }
    static let phase = Phase.drawn
    static let defaultFormat: ImageFormatName? = .webp
    static let showsBackText = true

    /// The three images of a ticket, in the order the layout draws them.
    enum Face: String, CaseIterable, Sendable {
        case front, back, ticket
    }

    /// libwebp's quality and method per image, chosen on three books
    /// (docs/PERFORMANCE.md, "Ticket images: size and quality"): method 1 makes files
    /// as small as method 3 a quality step lower, with 41% fewer encoder
    /// instructions. The front needs quality 93 for 40 dB on every book;
    /// the back keeps 40.5 dB at 92; the share image, half backdrop and
    /// shadow, keeps 40 dB at 89.
    static func encoding(_ face: Face) -> Encoding {
        switch face {
        case .front: Encoding(webpQuality: 93, webpMethod: 1)
        case .back: Encoding(webpQuality: 92, webpMethod: 1)
        case .ticket: Encoding(webpQuality: 89, webpMethod: 1)
        }
    }

    /// The front face is an entry's card wherever entries are listed;
    /// its page shows both faces and offers the ticket card, which is also
    /// its link preview where the shares kind's feed image is not made.
    static func sitePlacements(format: ImageFormatName, sizes: SiteImageSizes) -> [SitePlacement] {
        func placement(_ slot: SitePlacement.Slot, _ face: Face, label: String, alt: String,
                       english: (label: String, alt: String), size: PixelSize, order: Int = 0) -> SitePlacement {
            SitePlacement(slot, label: label, alt: alt, english: english, size: size, order: order) { subject in
                guard case let .entry(id) = subject else { return nil }
                return path(id: id, face: face, format: format)
            }
        }
        let front = ("Front", "ticket front"), back = ("Back", "ticket back"), card = ("Ticket card", "ticket front and back")
        return [placement(.entryCard, .front, label: "앞면", alt: "티켓 앞면", english: front, size: sizes.face),
                placement(.entryFigure, .front, label: "앞면", alt: "티켓 앞면", english: front, size: sizes.face),
                placement(.entryFigure, .back, label: "뒷면", alt: "티켓 뒷면", english: back, size: sizes.face),
                // A fallback: a feed shows a 4:5 image whole and cuts a wide one.
                placement(.entryPreview, .ticket, label: "티켓 카드", alt: "티켓 앞면과 뒷면", english: card,
                          size: sizes.ticket, order: 1),
                placement(.entryDownload, .ticket, label: "티켓 카드", alt: "티켓 앞면과 뒷면", english: card,
                          size: sizes.ticket)]
    }

    static func path(id: String, face: Face, format: ImageFormatName) -> String {
        "tickets/\(SafeName.encode(id))/\(face.rawValue).\(format.rawValue)"
    }

    static func ownerKind(ofPath path: String) -> Owner.Kind? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "tickets", SafeName.isEncoded(String(parts[1])),
              let stem = Kinds.imageStem(parts[2]), Face(rawValue: stem) != nil else { return nil }
        return .entry
    }

    static func shardKey(_ owner: Owner) -> String { owner.key }

    /// A ticket's three images are the entry's one item.
    static var stamped: [StampedOutputs] {
        [StampedOutputs(folder: "tickets", kind: ItemKind(kind), naming: .owner) { ownerKind(ofPath: $0) != nil }]
    }

    /// What `e`'s ticket draws.
    static func input(_ e: RunEntry, scale: Int) -> TicketInput {
        TicketInput(e.entry, frontDigest: e.front?.hex ?? "", backDigest: e.back?.hex ?? "", scale: scale)
    }

    /// The outputs of `e`'s ticket with their keys, front, back, ticket.
    static func outputs(_ e: RunEntry, in context: PlanContext) -> [PlannedOutput] {
        let input = input(e, scale: context.scale), format = context.format(kind)
        func output(_ face: Face, _ layout: some LayoutInput) -> PlannedOutput {
            let settings = encoding(face).settings(format, quality: context.options.quality)
            return PlannedOutput(path: path(id: e.entry.id, face: face, format: format),
                                 fingerprint: context.fingerprint(kind, encoding: settings.keyText, input: layout))
        }
        return [output(.front, input.front), output(.back, input.back), output(.ticket, input)]
    }

    /// `e`'s front face as the part of a page or a year image.
    static func frontPart(_ e: RunEntry, in context: PlanContext) -> FacePart {
        let format = context.format(kind)
        let settings = encoding(.front).settings(format, quality: context.options.quality)
        let face = FrontFaceInput(e.entry, digest: e.front?.hex ?? "")
        return FacePart(key: context.fingerprint(kind, encoding: settings.keyText, input: face),
                        reference: path(id: e.entry.id, face: .front, format: format), encoding: settings,
                        scale: context.scale, face: face)
    }

    static func plan(_ context: PlanContext, into plan: inout PlanBuilder) {
        guard context.makes(kind) else { return }
        let entries = context.entries.filter { context.owns(.entry($0.entry.id), of: self) }
        let outputs = context.parallelMap(entries.count) { i in Self.outputs(entries[i], in: context) }
        for (e, outputs) in zip(entries, outputs) {
            plan.add(WorkItem(kind: kind, id: e.entry.id, owner: .entry(e.entry.id), outputs: outputs, payload: e,
                              date: e.entry.date)) { context.isCurrent($0.path, fingerprint: $0.fingerprint) }
        }
    }

    static func render(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: OutputContent]> {
        try renderBytes(item, in: context).asContent
    }

    private static func renderBytes(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: [UInt8]]> {
        let e = item.payload as! RunEntry
        let format = context.format(kind)
        let encodings = Face.allCases.map { encoding($0).settings(format, quality: context.options.quality) }
        let images = try context.draw(input(e, scale: context.scale), encodings)
        return Rendered(Dictionary(uniqueKeysWithValues: zip(item.outputs.map(\.path), images.value)),
                        warnings: images.warnings, provisional: images.provisional)
    }

    static func photos(_ item: WorkItem) -> [String] {
        let e = (item.payload as! RunEntry).entry
        return [e.front?.path, e.back?.path].compactMap { $0 }
    }

    /// A ticket whose photo does not decode keeps whatever ticket the cache
    /// holds. Where the cache lacks a face (missing, or cut short), the
    /// site's pages (which show every loaded entry) would link an image
    /// that is not there; so the ticket is drawn without the photos that
    /// fail, as the day and book images draw a placeholder, and the faces
    /// the cache lacks are written and recorded under a key no plan makes:
    /// every run tries the real ticket again (and fails, and says so) until
    /// the photo decodes, and a face the cache holds whole is never replaced
    /// by a stand-in. Returns the warning that says so, or nil when nothing
    /// was written.
    static func failed(_ item: WorkItem, error: Error, in context: RenderContext) -> String? {
        let e = item.payload as! RunEntry
        let format = context.format(kind)
        let encodings = Face.allCases.map { encoding($0).settings(format, quality: context.options.quality) }
        return StandIn.write(item, error: error, in: context, name: "tickets/\(e.entry.id)") { dropped in
            var input = input(e, scale: context.scale)
            if let path = input.front.photo?.file.path, dropped.contains(path) { input.front.photo = nil }
            if let path = input.back.photo?.file.path, dropped.contains(path) { input.back.photo = nil }
            return try context.draw(input, encodings).value
        }
    }
}

/// Outputs recorded under a key no plan makes, so that every run draws
/// them again: a ticket (or a story and feed) drawn without a photo that
/// does not decode, and any image drawn with a placeholder for a passing
/// cause (a photo over the memory limit) or composed of such a part.
enum StandIn {
    static func fingerprint(_ planned: String) -> String { "stand-in " + planned }

    /// An item whose photo does not decode keeps whatever the cache holds
    /// of it. Where the cache lacks an output (missing, or cut short), the
    /// site's pages (which show every loaded entry) would link an image
    /// that is not there; so the item is drawn without the photos that
    /// fail (`draw` is handed the paths to leave out), as the day and book
    /// images draw a placeholder, and the outputs the cache lacks are
    /// written and recorded under a key no plan makes: every run tries the
    /// real image again (and fails, and says so) until the photo decodes,
    /// and an output the cache holds whole is never replaced by a stand-in.
    /// Returns the warning that says so (`name` names the item), or nil
    /// when nothing was written.
    static func write(_ item: WorkItem, error: Error, in context: RenderContext, name: String,
                      draw: (Set<String>) throws -> [[UInt8]]) -> String? {
        guard let store = context.store, case .photo? = error as? CardError else { return nil }
        let index = context.index
        var lacking: [PlannedOutput] = []
        for out in item.outputs {
            let record = index.output(out.path)
            guard let size = store.fileSize(out.path), size > 0, record?.size.map({ $0 == size }) ?? true else {
                lacking.append(out)
                continue
            }
            // Held whole but unrecorded (another shard's, or an index set
            // aside): adopted, so that this index removes it when the entry
            // goes; the stand-in's key makes the next run try the photo again.
            if record == nil {
                index.setOutput(out.path, .init(fingerprint: fingerprint(out.fingerprint), owner: item.owner, size: size))
            }
        }
        guard !lacking.isEmpty else { return nil }
        let photos = Set(item.kind.declaration.photos(item))
        var dropped: Set<String> = []
        var failure: Error = error
        // A try may fail on another photo; one try a photo at most.
        for _ in 0..<2 {
            guard case let .photo(bad)? = failure as? CardError, photos.contains(bad.path),
                  dropped.insert(bad.path).inserted else { return nil }
            let images: [[UInt8]]
            do {
                images = try draw(dropped)
            } catch {
                failure = error
                continue
            }
            // Each output recorded as it is written: one that cannot be
            // written (a folder in its place, a full disk) leaves none
            // written before it unrecorded, and is said.
            guard let bytes = try? OutputMark.marking(Dictionary(uniqueKeysWithValues: zip(item.outputs.map(\.path), images)),
                                                      owner: item.owner) else { return nil }
            for out in lacking {
                guard let image = bytes[out.path] else { return nil }
                do throws(FileSystemError) {
                    try store.write(out.path, bytes: image)
                } catch {
                    return "\(name): a stand-in drawn without the photo that does not decode could not "
                        + "be written (\(error)); the pages showing the entry link a missing image until it can"
                }
                index.setOutput(out.path, .init(fingerprint: fingerprint(out.fingerprint), owner: item.owner,
                                                size: Int64(image.count)))
            }
            return "\(name): drawn without the photo that does not decode, so that the pages "
                + "showing the entry link an image; the next run tries the photo again"
        }
        return nil
    }
}
