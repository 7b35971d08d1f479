import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseRaster
import PhotiCaseSite

/// Each entry's images to post: a story (1080×1920) and a feed post
/// (1080×1350), `tickets/<id>/story.<ext>` and `feed.<ext>`, in the
/// entry's tickets folder. JPEG by default: Instagram recompresses what it
/// is given, so a larger file shows no better (docs/outputs.md, "Story and
/// feed images"). Keyed by `SocialPairInput`: the front photo
/// (or the back one of an entry that has no front), title, kind, rating,
/// date and the memo's first line. With `--site-url`, when the site is
/// made, also a link preview (1200×630, `link.<ext>`): the entry page's
/// `og:image`.
enum SharesKind: KindDeclaration {
    static let kind = OutputKind.shares
    static let summary = "a story (1080x1920) and a feed post (1080x1350) image of each entry"
    static let folders = [KindFolder("tickets", nested: true, bookOwned: [])]
    /// With the site and its address, each entry's link preview is made too.
    static func optionsKey(_ options: RenderOptions, kinds: Set<OutputKind>) -> String {
        makesLinks(options, kinds: kinds) ? "links" : "-"
    }
    static let phase = Phase.drawn
    static let defaultFormat: ImageFormatName? = .jpg
    static let showsBackText = true
    /// Photos with text, shown on phones: 4:2:0 keeps the file small and
    /// Instagram subsamples anyway.
    static let encoding = Encoding(webpQuality: 85, webpMethod: 2, jpegQuality: 88)

    enum Image: String, CaseIterable, Sendable {
        case story, feed, link
    }

    /// Entry pages offer the story (9:16) and the feed post (4:5); the
    /// link preview (1.91:1, made with `--site-url`) is the page's link
    /// preview, the feed image (which feeds show whole) where it is not
    /// made.
    static func sitePlacements(format: ImageFormatName, sizes: SiteImageSizes) -> [SitePlacement] {
        func placement(_ slot: SitePlacement.Slot, _ image: Image, label: String, alt: String,
                       english: (label: String, alt: String), size: PixelSize, order: Int = 0) -> SitePlacement {
            SitePlacement(slot, label: label, alt: alt, english: english, size: size, order: order) { subject in
                guard case let .entry(id) = subject else { return nil }
                return path(id: id, image: image, format: format)
            }
        }
        return [placement(.entryPreview, .link, label: "링크 미리보기", alt: "티켓", english: ("Link preview", "ticket"),
                          size: SocialFormat.link.size, order: -1),
                placement(.entryPreview, .feed, label: "피드", alt: "티켓", english: ("Feed", "ticket"), size: sizes.feed),
                placement(.entryPhoto, .feed, label: "피드", alt: "", english: ("Feed", ""), size: sizes.feed),
                placement(.entryDownload, .story, label: "스토리", alt: "티켓 스토리", english: ("Story", "ticket story"),
                          size: sizes.story),
                placement(.entryDownload, .feed, label: "피드", alt: "티켓", english: ("Feed", "ticket"), size: sizes.feed)]
    }

    static func path(id: String, image: Image, format: ImageFormatName) -> String {
        "tickets/\(SafeName.encode(id))/\(image.rawValue).\(format.rawValue)"
    }

    static func ownerKind(ofPath path: String) -> Owner.Kind? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "tickets", SafeName.isEncoded(String(parts[1])),
              let stem = Kinds.imageStem(parts[2]), Image(rawValue: stem) != nil else { return nil }
        return .entry
    }

    static func shardKey(_ owner: Owner) -> String { owner.key }

    /// The tickets folder's rows of this kind, named by their owner (an
    /// entry's two images are one item).
    static var stamped: [StampedOutputs] {
        [StampedOutputs(folder: "tickets", kind: ItemKind(kind), naming: .owner) { ownerKind(ofPath: $0) != nil }]
    }

    static func input(_ e: RunEntry) -> SocialPairInput {
        SocialPairInput(e.entry, digest: digest(e))
    }

    /// The link preview's input.
    static func linkInput(_ e: RunEntry) -> SocialImageInput {
        SocialImageInput(e.entry, format: .link, digest: digest(e))
    }

    private static func digest(_ e: RunEntry) -> String { (e.entry.front != nil ? e.front : e.back)?.hex ?? "" }

    /// Whether this run makes link previews: only for the site's link
    /// previews, which need its address.
    static func makesLinks(_ options: RenderOptions, kinds: Set<OutputKind>) -> Bool {
        options.siteURL != nil && kinds.contains(.site)
    }

    static func plan(_ context: PlanContext, into plan: inout PlanBuilder) {
        guard context.makes(kind) else { return }
        let format = context.format(kind)
        let settings = encoding.settings(format, quality: context.options.quality).keyText
        let entries = context.entries.filter { context.owns(.entry($0.entry.id), of: self) }
        let links = makesLinks(context.options, kinds: context.kinds)
        let outputs = context.parallelMap(entries.count) { i in
            let pair = input(entries[i])
            return [PlannedOutput(path: path(id: entries[i].entry.id, image: .story, format: format),
                                  fingerprint: context.fingerprint(kind, encoding: settings, input: pair.story)),
                    PlannedOutput(path: path(id: entries[i].entry.id, image: .feed, format: format),
                                  fingerprint: context.fingerprint(kind, encoding: settings, input: pair.feed))]
                + (links ? [PlannedOutput(path: path(id: entries[i].entry.id, image: .link, format: format),
                                          fingerprint: context.fingerprint(kind, encoding: settings,
                                                                           input: linkInput(entries[i])))] : [])
        }
        for (e, outputs) in zip(entries, outputs) {
            plan.add(WorkItem(kind: kind, id: e.entry.id, owner: .entry(e.entry.id), outputs: outputs, payload: e,
                              date: e.entry.date)) { context.isCurrent($0.path, fingerprint: $0.fingerprint) }
        }
    }

    static func render(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: OutputContent]> {
        try renderBytes(item, in: context).asContent
    }

    private static func renderBytes(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: [UInt8]]> {
        let settings = encoding.settings(context.format(kind), quality: context.options.quality)
        let e = item.payload as! RunEntry
        var images = try context.draw(input(e), [settings, settings])
        if item.outputs.count > 2 {
            let link = try context.draw(linkInput(e), [settings])
            images = Rendered(images.value + link.value, warnings: images.warnings + link.warnings,
                              provisional: images.provisional || link.provisional)
        }
        return Rendered(Dictionary(uniqueKeysWithValues: zip(item.outputs.map(\.path), images.value)),
                        warnings: images.warnings, provisional: images.provisional)
    }

    /// A photo that does not decode keeps the story and feed the cache
    /// holds; where it lacks them, they are drawn without it (the brand
    /// gradient), as the ticket is, so the site's downloads link images
    /// that are there (`StandIn.write`).
    static func failed(_ item: WorkItem, error: Error, in context: RenderContext) -> String? {
        let e = item.payload as! RunEntry
        let settings = encoding.settings(context.format(kind), quality: context.options.quality)
        return StandIn.write(item, error: error, in: context, name: "tickets/\(e.entry.id) story and feed") { dropped in
            var pair = input(e), link = linkInput(e)
            if let path = pair.story.photo?.file.path, dropped.contains(path) {
                pair.story.photo = nil
                pair.feed.photo = nil
                link.photo = nil
            }
            return try context.draw(pair, [settings, settings]).value
                + (item.outputs.count > 2 ? try context.draw(link, [settings]).value : [])
        }
    }

    /// The photo twice: the story and the feed each load it (three times
    /// with the link preview).
    static func photos(_ item: WorkItem) -> [String] {
        let e = (item.payload as! RunEntry).entry
        return Array(repeating: (e.front ?? e.back)?.path, count: item.outputs.count).compactMap { $0 }
    }
}
