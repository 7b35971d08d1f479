import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseSite

/// A folder of the cache a kind writes in, as the cache's housekeeping
/// needs it: every field is given where the folder is declared, so no
/// list elsewhere names folders by hand.
struct KindFolder: Sendable, Hashable {
    /// Relative to the cache (`tickets`, `site`).
    var path: String
    /// Whether the kind's files lie in folders one level down
    /// (`tickets/<id>/`, `site/entries/`): abandoned temporary files are
    /// swept there too.
    var nested: Bool
    /// The folders (the folder itself as `path`) whose files belong to the
    /// whole book (`Owner.book`): while an entry is held, a cache that
    /// holds any of them holds the book, even when its index was lost.
    var bookOwned: [String]

    init(_ path: String, nested: Bool, bookOwned: [String]) {
        self.path = path
        self.nested = nested
        self.bookOwned = bookOwned
    }
}

/// One kind of output, declared once, with everything about it beside it:
/// its name and folder, the paths it makes and whom they belong to, how it
/// is sharded, when it renders, what it is made of, its default encoding,
/// what it draws (the layout input that keys it), how it plans and renders
/// its items, and how a failure is handled. Nothing else in the pipeline
/// names a kind: the registry (`OutputKind`'s cases, each mapped to its
/// declaration in one exhaustive switch) lists the declarations, and the
/// cache's folders, which index rows are accepted, the cleaner's owners,
/// the temporary-file sweep, the hold of the book, the unchanged mark's
/// options, the site's closure, `--only` and its help, and the progress
/// events' kinds all follow from them.
///
/// Adding a kind: a new file with a type conforming to this protocol, a
/// case of `OutputKind` with its line in `declaration` (the compiler asks
/// for both), and its layout (an input type and its drawing) in Cards.
/// See docs/architecture.md.
protocol KindDeclaration: SendableMetatype {
    /// The name `--only`, the events and the log use.
    static var kind: OutputKind { get }
    /// `--only`'s help line: what the kind makes.
    static var summary: String { get }
    /// The cache folders its files live in (created and swept as needed),
    /// each saying how (`KindFolder`).
    static var folders: [KindFolder] { get }
    /// Files it makes in the cache's root (the site's `index.html`).
    static var rootFiles: [String] { get }
    /// The options besides the formats, the quality and the shard that
    /// decide its files' bytes, as text (empty: none), when the run makes
    /// `kinds`: part of the mark that finds an unchanged book by stat
    /// (`RenderRun.cleanMark`), so a run with another value of one of them
    /// is not taken for unchanged. No default: every kind says.
    static func optionsKey(_ options: RenderOptions, kinds: Set<OutputKind>) -> String
    static var phase: Phase { get }
    /// The kinds whose outputs this one is composed of or links: a run of
    /// those keeps this one in agreement with them (`Kinds.closure`).
    static var madeFrom: Set<OutputKind> { get }
    /// The format of its images unless `--format` says otherwise; nil for
    /// a kind that writes no image (the site's HTML).
    static var defaultFormat: ImageFormatName? { get }
    /// Whether its items show an entry's director, author, friends or memo
    /// (a run of kinds that do not lets that text go as entries load).
    static var showsBackText: Bool { get }
    /// Whether one of its items takes several times what its phase's
    /// others do (a year's image: five faces decoded and a 1080×1920 story
    /// drawn, against a book page's tiles): such items start first in
    /// their phase, so none is left running on one thread at its end
    /// while the others wait (`RenderOrder`).
    static var startsFirstInPhase: Bool { get }

    /// The owner kind of `path` when it is a path this kind makes, else nil
    /// (closed world: the index's rows are accepted only so, and no row can
    /// name a file outside the layout). A path of another kind is nil.
    static func ownerKind(ofPath path: String) -> Owner.Kind?
    /// What a shard is told to own the outputs of `owner` by
    /// (`Shard.owns`); stable across builds, so each shard's index keeps
    /// the outputs it always had.
    static func shardKey(_ owner: Owner) -> String
    /// This kind's rows as the unchanged-book check reads and reports them.
    static var stamped: [StampedOutputs] { get }
    /// Whether an output whose new bytes are those the cache holds is left
    /// as it is (its record updated): for pages keyed by more than they
    /// show, so that a key change rewrites no page that did not change.
    static var keepsEqualFiles: Bool { get }

    /// Plans the kind's items: each with its outputs' paths and keys,
    /// current ones counted, the others to render.
    static func plan(_ context: PlanContext, into plan: inout PlanBuilder)
    /// Renders one of its items: each output to write, as bytes or as a
    /// file staged beside it (`OutputContent`).
    static func render(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: OutputContent]>
    /// Called when rendering `item` failed with `error`, before the failure
    /// is reported; returns a warning to report with it (what was done
    /// instead), or nil. Most kinds keep what the cache holds and do
    /// nothing.
    static func failed(_ item: WorkItem, error: Error, in context: RenderContext) -> String?
    /// The photos rendering `item` opens (the decoded-photo cache keeps
    /// those opened more than once).
    static func photos(_ item: WorkItem) -> [String]
    /// Where the site's pages show, link or offer this kind's images (the
    /// slot, its words, the size, and the path for the slot's subject) in
    /// a run that makes it in `format`. The site places exactly what the
    /// registry declares: a kind the site shows adds its declaration here,
    /// and nothing in Site names it.
    static func sitePlacements(format: ImageFormatName, sizes: SiteImageSizes) -> [SitePlacement]
    /// The options of `render` the kind adds (`KindOption`); its
    /// `optionsKey` names their values.
    static var options: [KindOption] { get }
}

extension KindDeclaration {
    /// Whether the kind places files on the site's pages (it declares
    /// `sitePlacements`): the site is made from it, and links its files.
    static var placesOnSite: Bool { !sitePlacements(format: defaultFormat ?? .png, sizes: .standard).isEmpty }

    static var rootFiles: [String] { [] }
    static var madeFrom: Set<OutputKind> { [] }
    static var showsBackText: Bool { false }
    static var startsFirstInPhase: Bool { false }
    static var keepsEqualFiles: Bool { false }
    static func failed(_ item: WorkItem, error: Error, in context: RenderContext) -> String? { nil }
    static func photos(_ item: WorkItem) -> [String] { [] }
    static func sitePlacements(format: ImageFormatName, sizes: SiteImageSizes) -> [SitePlacement] { [] }
    static var options: [KindOption] { [] }

    /// The rows of its one folder, each row named by its path's stem.
    static var stamped: [StampedOutputs] {
        folders.map { StampedOutputs(folder: $0.path, kind: ItemKind(kind), naming: .stem) }
    }

    /// Whether `path` is `folder/<stem>.<ext>` with a `stem` that passes
    /// `isStem` and an image format's `ext`: the shape of most kinds' paths.
    static func imagePath(_ path: String, in folder: String, isStem: (String) -> Bool) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == folder, let stem = Kinds.imageStem(parts[1]) else { return false }
        return isStem(stem)
    }
}

/// One unit of work: the outputs of one owner that render together (an
/// entry's three ticket images, a day thumbnail, a page), each with its
/// key, and what its kind needs to render it again.
struct WorkItem: Sendable {
    var kind: OutputKind
    /// The id progress events and the log show.
    var id: String
    var owner: Owner
    var outputs: [PlannedOutput]
    /// The kind's own: what it renders the item from (an entry, a layout
    /// input, a site page). Only the kind that planned it reads it.
    var payload: any Sendable
    /// The day the item shows, for drawn items: a day's thumbnail renders
    /// right after the tickets of its entries, so their photos are still
    /// decoded (`RenderOrder`).
    var date: CalendarDate?
    /// The outputs planning found current (of an item to render: the
    /// others are written). Filled by `PlanBuilder.add`.
    var currentPaths: Set<String> = []
}

/// One file an item writes: its cache path and its key (a hash of what
/// made it: the kind, the renderer, the encoding and the layout's input).
struct PlannedOutput: Sendable, Hashable {
    var path: String
    var fingerprint: String
}

/// What a kind's planning gives: the items to render, the ids of those
/// already current (reported as skipped, kept as ids only: an unchanged
/// large book does not hold an item for each of its 200,000 pages), every
/// path and owner it plans (what is not planned is removed or replaced),
/// and the owners it holds as they are.
struct PlanBuilder {
    var toRender: [WorkItem] = []
    var current: [(id: String, kind: OutputKind)] = []
    var paths: Set<String> = []
    var owners: Set<Owner> = []
    /// Owners kept as they are for showing what is held (pages next to a
    /// held entry): their outputs are neither planned nor removed.
    var held: Set<Owner> = []

    /// Adds `item`: to render unless every output is current.
    mutating func add(_ item: WorkItem, isCurrent: (PlannedOutput) -> Bool) {
        for output in item.outputs { paths.insert(output.path) }
        owners.insert(item.owner)
        let current = Set(item.outputs.filter(isCurrent).map(\.path))
        if current.count == item.outputs.count {
            self.current.append((item.id, item.kind))
        } else {
            var item = item
            item.currentPaths = current
            toRender.append(item)
        }
    }
}
