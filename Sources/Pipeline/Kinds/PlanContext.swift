import PhotiCaseConcurrency
import Foundation
import PhotiCaseCards
import PhotiCasePrint
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseHashing
import PhotiCaseImaging
import PhotiCaseSite

/// What every kind's planning reads: the run's options and kinds, the
/// entries loaded (with their photos' hashes), what is held, the base of
/// every key, and the index to compare keys with. Thread-safe: kinds plan
/// large books on the `--jobs` threads.
final class PlanContext: @unchecked Sendable {
    // Sendable: its stored properties are lets set in init; the plans it
    // lends the `--jobs` threads are read only.
    let options: RenderOptions
    /// The kinds this run makes (`Kinds.closure` of what was asked).
    let kinds: Set<OutputKind>
    let loading: Loading
    let held: HeldRecords
    let heldMonths: Set<MonthKey>
    /// The years of every held date: the site's year pages next to them.
    let heldYears: Set<Int>
    /// The book's pages show every entry in one order: while an entry is
    /// held without a stand-in (`HeldRecords.standIns`), the book's images
    /// are held as they were (when the cache has any).
    let holdBook: Bool
    /// The site's book pages link every entry's page: they are held while
    /// any entry is (when the cache has any).
    let holdSiteBook: Bool
    /// The entries the book's pages and years show: the loaded ones, then
    /// the held ones as they last loaded.
    let bookEntries: [RunEntry]
    /// `bookEntries` by id.
    private let bookByID: PositionTable
    /// The renderer's identity and its fonts' hashes: the first field of
    /// every key.
    let base: String
    /// Ticket pixels per point and the day thumbnail's side.
    let scale: Int
    let thumbnailSide: Int
    /// The theme and image sizes the site's pages are made with.
    let look: (theme: Theme, sizes: SiteImageSizes)
    let index: CacheIndex
    let store: CacheStore?

    private let lock = NSLock()
    private var frontParts: [FacePart]?

    init(options: RenderOptions, kinds: Set<OutputKind>, loading: Loading, held: HeldRecords, holdBook: Bool,
         holdSiteBook: Bool, base: String, scale: Int, thumbnailSide: Int, look: (theme: Theme, sizes: SiteImageSizes),
         index: CacheIndex, store: CacheStore?) {
        self.options = options
        self.kinds = kinds
        self.loading = loading
        self.held = held
        heldMonths = Set(held.dates.map(MonthKey.init))
        heldYears = Set(held.dates.map(\.year))
        self.holdBook = holdBook
        self.holdSiteBook = holdSiteBook
        let bookEntries = held.standIns.isEmpty ? loading.entries : loading.entries + held.standIns
        self.bookEntries = bookEntries
        bookByID = held.standIns.isEmpty ? loading.byID
            : PositionTable(count: bookEntries.count) { bookEntries[$0].entry.id }
        self.base = base
        self.scale = scale
        self.thumbnailSide = thumbnailSide
        self.look = look
        self.index = index
        self.store = store
    }

    var entries: [RunEntry] { loading.entries }

    /// Whether this run makes `kind`.
    func makes(_ kind: OutputKind) -> Bool { kinds.contains(kind) }

    /// The format `kind`'s images are written in.
    func format(_ kind: OutputKind) -> ImageFormatName { options.format(kind) }

    /// Whether this shard owns `owner`'s outputs of `declaration`'s kind.
    func owns(_ owner: Owner, of declaration: any KindDeclaration.Type) -> Bool {
        options.shard.owns(declaration.shardKey(owner))
    }

    /// The key of an output: the kind, the run's base, how its image is
    /// encoded, and everything its layout draws (`LayoutInput.key`).
    func fingerprint(_ kind: OutputKind, encoding: String, input: some LayoutInput) -> String {
        var f = Fingerprint(kind.rawValue)
        f.add(base)
        f.add(encoding)
        f.add(bytes: input.key.bytes)
        return f.finish()
    }

    /// Whether output `path` is current: not `--force`d, its index record
    /// carries `fingerprint`, and the file is in the cache at the size it
    /// was written (one cut short, emptied or replaced is made again).
    func isCurrent(_ path: String, fingerprint: String) -> Bool {
        guard !options.force, let record = index.output(path), record.fingerprint == fingerprint,
              let size = store?.fileSize(path) else { return false }
        guard let recorded = record.size else {
            // A record from before sizes were kept: the file's size now is
            // adopted (committed with the run's first batch), so the next
            // run can tell when it is damaged.
            if !options.dryRun { index.setOutput(path, .init(fingerprint: fingerprint, owner: record.owner, size: size)) }
            return true
        }
        return recorded == size
    }

    /// Whether output `path`, which shows a held entry (`showsHeld`: its
    /// date, month, year or neighbours), is kept as it is. Holding keeps
    /// what the cache has, a record in the index or the file (an index set
    /// aside as damaged starts empty, and the files it described are still
    /// the cache's); an output the cache has never had keeps nothing, so it
    /// is made from the readable entries, and made again once the held entry
    /// reads (its key changes then).
    func isHeld(_ path: String, _ showsHeld: Bool) -> Bool {
        showsHeld && (index.output(path) != nil || store?.holdsFile(path) == true)
    }

    /// Every book entry's front face as a part of pages and years (its
    /// key, path and encoding as the tickets kind writes it), in the order
    /// of `bookEntries`; worked out once, when a kind first asks. A held
    /// entry's is the face its stand-in was drawn as, which the cache
    /// holds while its key stands.
    func faceParts() -> [FacePart] {
        lock.lock()
        defer { lock.unlock() }
        if let frontParts { return frontParts }
        let entries = bookEntries
        let parts = parallelMap(entries.count) { i in TicketsKind.frontPart(entries[i], in: self) }
        frontParts = parts
        return parts
    }

    /// The face part of the book entry with id `id`.
    func facePart(id: String) -> FacePart? {
        bookPosition(id).map { faceParts()[$0] }
    }

    /// The book entry with id `id` (loaded, or a held one's stand-in).
    func bookEntry(id: String) -> RunEntry? {
        bookPosition(id).map { bookEntries[$0] }
    }

    private func bookPosition(_ id: String) -> Int? {
        bookByID.position(of: id) { self.bookEntries[$0].entry.id }
    }

    /// `body(0) ..< body(count - 1)` on up to `--jobs` threads, in order:
    /// keys of a large book's days, months and faces.
    func parallelMap<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let results = Results<T>(count: count)
        WorkPool.run(count: count, threads: options.jobs, makeWorker: { () }) { _, i in results.set(i, body(i)) }
        return results.take().map { $0! }
    }
}

/// What a kind's rendering reads and may do: draw a layout through the
/// backend (on this thread's worker), fetch the cache's current parts,
/// and, for a kind that handles its own failures, write and record files.
struct RenderContext {
    let options: RenderOptions
    /// Ticket pixels per point, as the inputs were planned at.
    let scale: Int
    /// Draws a layout and encodes its images, one encoding each, on this
    /// thread's worker.
    let draw: (any CardLayout, [EncodeSettings]) throws -> Rendered<[[UInt8]]>
    /// Writes a document layout to `draft` and finishes it into `final`
    /// through the backend, on this thread's worker.
    let document: DocumentWriting
    let store: CacheStore?
    let index: CacheIndex
    /// The outputs this run could not write, so far, and their entries:
    /// the site's pages that link them wait.
    var unwritten = Unwritten()

    /// The format `kind`'s images are written in.
    func format(_ kind: OutputKind) -> ImageFormatName { options.format(kind) }

    /// A new file to land as output `path` (`OutputContent.file`), in its
    /// folder, made as needed; nil without a cache to write.
    func stage(_ path: String) throws(FileSystemError) -> StagedFile? {
        try store?.stage(path)
    }

    /// The bytes of the cache's output `path` when its record carries
    /// `fingerprint` (written this run, or current): what composites read
    /// their parts from.
    func currentBytes(_ path: String, fingerprint: String) -> [UInt8]? {
        guard index.output(path)?.fingerprint == fingerprint else { return nil }
        return store?.read(path, limit: 64 << 20)
    }
}

/// Builds keys: SHA-256 over length-prefixed fields, so no two different
/// field lists can collide by concatenation.
struct Fingerprint {
    private var hash = SHA256()

    init(_ kind: String) { add(kind) }

    mutating func add(_ field: String) { add(bytes: Array(field.utf8)) }

    mutating func add(bytes: [UInt8]) {
        hash.update("\(bytes.count):")
        hash.update(bytes)
    }

    mutating func finish() -> String { SHA256.hexString(hash.finalize()) }
}
