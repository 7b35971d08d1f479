import PhotiCaseConcurrency
import PhotiCaseCards
import PhotiCasePrint
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseImaging
import PhotiCaseRaster
import PhotiCaseSite

/// What draws and encodes the images. The pipeline decides what to render
/// and when; the backend (the Cards layer, or a fake in tests) draws a
/// layout from its input and encodes its images. It knows no output kind:
/// a kind's declaration makes the input and hands it over.
public protocol RenderBackend: Sendable {
    /// Per-thread state (text renderers are not thread-safe).
    associatedtype Worker

    /// Theme, fonts, scale, locale and renderer version as canonical text
    /// (sorted JSON, content hashes): part of every output's key, so
    /// changing any of them renders again.
    var fingerprint: String { get }

    /// Files whose content is part of every output's key (the font files
    /// text is set in): the run hashes them, reusing the index's records
    /// of unchanged files, so replacing a font renders again.
    var inputFiles: [String] { get }

    /// Ticket pixels per card point, and the day thumbnail's side: what the
    /// kinds' inputs are made at.
    var scale: Int { get }
    var thumbnailSide: Int { get }

    /// Makes one thread's worker. A run makes one a thread and keeps it
    /// from phase to phase (its fonts loaded once).
    func makeWorker() -> Worker

    /// Lets go of what `worker` kept for the items of the phase that
    /// ended (share backdrops, shadows, decoded parts of book pages),
    /// before it takes the next phase's: only its fonts are carried over.
    func endPhase(_ worker: inout Worker)

    /// Lets go of what the workers shared for the phase that ended, once
    /// every worker is done with it.
    func phaseEnded()

    /// Draws `layout` and encodes its images, the i-th with `encodings[i]`.
    /// `parts` hands a composite the encoded parts the cache holds; `spare`
    /// lends the pool's idle threads (a phase's last items), for work the
    /// layout's images can be split into, such as their encodes.
    func render(_ layout: some CardLayout, encodings: [EncodeSettings], parts: @escaping PartSource,
                spare: SpareThreads, worker: inout Worker) throws -> Rendered<[[UInt8]]>

    /// Writes `layout`, a document (the print book), into `draft` as it
    /// draws it, then finishes it into `final` (the file the run lands),
    /// with `metadata` (the owner's mark among it). A document is too
    /// large to hold in memory, so it goes to files, never to bytes.
    /// `stop` is asked between its pages: a run asked to end does not
    /// wait out a long document.
    func renderDocument(_ layout: some DocumentLayout, metadata: DocumentMetadata, draft: StagedFile, final: StagedFile,
                        spare: SpareThreads, stop: @escaping @Sendable () -> Bool,
                        worker: inout Worker) throws -> Rendered<DocumentSummary>

    /// The theme the site's style sheet takes its colours and first
    /// weekday from, and the pixel sizes of the images this backend makes
    /// (the pages' `width` and `height` attributes).
    func siteLook() -> (theme: Theme, sizes: SiteImageSizes)
    /// How many times the items about to render will load each photo, by
    /// path (photos loaded once are left out): a backend that keeps
    /// decoded photos keeps only those and only until their last load.
    func expectPhotoLoads(_ loads: [String: Int])
}

extension RenderBackend {
    public var inputFiles: [String] { [] }
    public var scale: Int { 2 }
    public var thumbnailSide: Int { CardRenderer.defaultThumbnailSide }

    public func expectPhotoLoads(_ loads: [String: Int]) {}

    /// `render` on the calling thread alone.
    public func render(_ layout: some CardLayout, encodings: [EncodeSettings], parts: @escaping PartSource,
                       worker: inout Worker) throws -> Rendered<[[UInt8]]> {
        try render(layout, encodings: encodings, parts: parts, spare: SpareThreads(threads: 1), worker: &worker)
    }
    public func endPhase(_ worker: inout Worker) {}
    public func phaseEnded() {}

    /// The default theme, and the default sizes at scale 2.
    public func siteLook() -> (theme: Theme, sizes: SiteImageSizes) {
        (Theme(), .standard)
    }
}

/// A backend's result and the warnings it met on the way (clamped crops,
/// missing glyphs, placeholders for photos it could not decode).
public struct Rendered<Value: Sendable>: Sendable {
    public var value: Value
    public var warnings: [String]
    /// Drawn with a placeholder for a cause that may pass (see
    /// `RenderedImage.provisional`): recorded so that the next run draws
    /// it again.
    public var provisional: Bool

    public init(_ value: Value, warnings: [String] = [], provisional: Bool = false) {
        self.value = value
        self.warnings = warnings
        self.provisional = provisional
    }
}

/// How a kind's rendering has the backend write a document on its
/// thread's worker: the layout, its metadata, the draft and the final file.
typealias DocumentWriting = (any DocumentLayout, DocumentMetadata, StagedFile, StagedFile) throws -> Rendered<DocumentSummary>

/// How entry folders become entries; the Diary loader in production.
/// `canonicalFolder` is where the folder lands with every link resolved,
/// as discovery found it (photo names are checked against it).
public typealias EntryLoading = @Sendable (_ folder: String, _ canonicalFolder: String, _ defaultID: String) throws
    -> (entry: Entry, json: [UInt8])

/// The production `EntryLoading`: the Diary loader for `kinds` (the
/// theme's; nil for the default kinds), as `render` and `serve` load.
public func diaryEntryLoading(kinds: [EntryKind]?) -> EntryLoading {
    { folder, canonicalFolder, defaultID in
        let loaded = try EntryLoader(kinds: kinds).load(folder: folder, defaultID: defaultID, landing: canonicalFolder)
        return (loaded.entry, loaded.jsonBytes)
    }
}

/// How an entry.json a run read before becomes an entry again: the bytes
/// the index kept of an entry that loaded (`LastGoodEntry`), parsed as if
/// they were in `canonicalFolder`, reading no file. What lets a run put an
/// entry whose entry.json broke since into the book's pages and its year
/// as it last read; a run without one holds the book while any entry is
/// held.
public typealias EntryParsing = @Sendable (_ json: [UInt8], _ canonicalFolder: String, _ defaultID: String) throws
    -> Entry

/// The production `EntryParsing`: the Diary loader's parse for `kinds`,
/// photo names checked as names (`EntryLoader.parse(onDisk: false)`).
public func diaryEntryParsing(kinds: [EntryKind]?) -> EntryParsing {
    { json, canonicalFolder, defaultID in
        try EntryLoader(kinds: kinds).parse(json: json, folder: canonicalFolder, defaultID: defaultID,
                                            displayPath: EntryLoader.file(in: canonicalFolder), onDisk: false)
    }
}
