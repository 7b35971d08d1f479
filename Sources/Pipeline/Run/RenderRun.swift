import PhotiCaseConcurrency
import Foundation
import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseImaging

/// One `render` run, start to finish. `run()` reads as its script: open
/// and lock the cache, check for an unchanged book, load the entries,
/// work out what is held, plan every kind's items, then record, render
/// and remove. Each phase returns a value the next one takes; the run's
/// only shared state is the execution's (counts, failures, the log),
/// which the `--jobs` threads update under `lock`.
public final class RenderRun<Backend: RenderBackend>: @unchecked Sendable {
    let options: RenderOptions
    let backend: Backend
    let loadEntry: EntryLoading
    /// Parses an entry.json the index kept (nil: a held entry holds the book).
    let parseEntry: EntryParsing?
    let progress: ProgressSink?
    /// Set by a signal: the run stops taking items (see `StopRequest`).
    let stop: StopRequest?
    let layout: CacheLayout
    private(set) var store: CacheStore?
    /// The kinds this run makes: what was asked, and what the cache holds
    /// of the kinds made from them or they are made of (`Kinds.closure`).
    private(set) var kinds: Set<OutputKind>

    /// Shared state while rendering, guarded by `lock`.
    let lock = NSLock()
    var index = CacheIndex.empty()
    var summary = RunSummary()
    var done = 0
    var total = 0
    /// When the run began, in nanoseconds since the epoch, as file times
    /// count (see `FileStamp.isSettled`).
    var wallStart: Int64 = 0
    var log: RenderLog?
    /// Owners of items that failed to render or write this run: what their
    /// new outputs would supersede is kept.
    var failedOwners: Set<Owner> = []
    /// The outputs this run could not write, and their entries (guarded
    /// by `lock`): the pages that link them wait (`PageWaits`).
    var unwritten = Unwritten()
    /// The warnings said so far (by `CardWarning.sameness`, guarded by
    /// `lock`): each is said once a run, in the log and to every sink,
    /// though the ticket, its share images, its day and its month all meet
    /// the same crop of the same photo.
    var saidWarnings: Set<String> = []

    /// Dry-run output: one line per output to render or remove.
    public internal(set) var dryRunLines: [String] = []
    /// Every failure, as values, in the order they happened.
    public internal(set) var failureRecords: [ItemFailure] = []
    /// Problems with the cache itself that did not stop the run (records
    /// ignored in a tampered index, an index that could not be saved).
    public internal(set) var notices: [String] = []

    /// `parseEntry` reads the entry.json an entry last loaded from, kept in
    /// the index, when it fails to load now: it then stays in the book's
    /// pages and its year as it was, and other entries' edits still reach
    /// them. Without it, the book is held while any entry is.
    public init(options: RenderOptions, backend: Backend, loadEntry: @escaping EntryLoading,
                parseEntry: EntryParsing? = nil, progress: ProgressSink?, stop: StopRequest? = nil) {
        self.options = options
        self.backend = backend
        self.loadEntry = loadEntry
        self.parseEntry = parseEntry
        self.progress = progress
        self.stop = stop
        self.layout = CacheLayout(root: options.cache)
        kinds = options.only
    }

    /// The kinds this run makes, as the registry lists them.
    public var kindsMade: [OutputKind] { OutputKind.allCases.filter { kinds.contains($0) } }

    /// Runs; returns the summary. Throws `PipelineError` when the run
    /// cannot start (lock held, bad folders, an empty ENTRIES over a full
    /// cache); item failures are counted, not thrown.
    public func run() throws(PipelineError) -> RunSummary {
        let started = Clock.now()
        wallStart = FileSystem.nowNanoseconds()
        // Needed by the unchanged check and the plan alike, and made of
        // nothing the session or the book holds: made meanwhile.
        let baseWork = BackgroundWork { [backend] in Self.baseFingerprint(backend) }
        var baseValue: String?
        func base() -> String {
            if let baseValue { return baseValue }
            let value = baseWork.value()
            baseValue = value
            return value
        }
        let session = try openSession()
        defer { session.close() }
        var phases = PhaseTimer()
        // An unchanged book, found so by stat alone, loads nothing.
        if let unchanged = try checkUnchanged(index: index, base: base, phases: &phases) {
            reportUnchanged(unchanged, index: index)
            phases.mark("report")
            log?.write("run unchanged since the last clean run: \(unchanged.entries) entries and "
                       + "\(unchanged.outputs) outputs checked by stat, none loaded")
            return finished(started: started, phases: phases)
        }
        // Asked to stop while the book was checked: nothing is written yet,
        // and loading a large book would keep the user waiting for seconds.
        if let signal = stop?.signal { return stoppedBeforePlanning(signal, started: started, phases: phases) }
        let hasher = FileHasher(previous: index.file)
        let loader = BookLoader(root: options.entries, excluding: options.cache, jobs: options.jobs, loadEntry: loadEntry,
                                hasher: hasher, keepsText: kinds.contains { $0.declaration.showsBackText },
                                stop: stop, started: wallStart, settleNanoseconds: options.settleNanoseconds)
        let (loading, found) = try loader.discoverAndLoad(phases: &phases)
        phases.mark("load")
        if let signal = stop?.signal { return stoppedBeforePlanning(signal, started: started, phases: phases) }
        let held = try hold(loading, root: found.root, nothing: found.nothing, recorded: session.recorded,
                            keepsText: loader.keepsText)
        phases.mark("held")
        let base = base()
        let plan = try self.plan(loading, held: held, base: base)
        phases.mark("plan")
        if options.dryRun { return reportDryRun(plan, failed: loading.failed, started: started) }
        try record(loading, held: held, hasher: hasher, recorded: session.recorded)
        // Asked before rendering, so the loaded entries are let go: the
        // items to render hold what they need of them.
        let markable = isMarkable(loading, held: held)
        let failed = loading.failed
        phases.mark("record")
        execute(plan, failed: failed)
        phases.mark("render")
        if usesCleanMark {
            leaveCleanMark(markable: markable, base: base)
            phases.mark("mark")
        }
        return finished(started: started, phases: phases)
    }

    // MARK: - The session: cache, lock, index, log

    /// What a run holds open from start to end.
    struct Session {
        var locks: [FileLock]
        var index: CacheIndex
        /// Entries the index records, as the run began.
        var recorded: Int

        func close() {
            index.close()
            withExtendedLifetime(locks) {}
        }
    }

    /// Opens ENTRIES (a path that is no folder fails before the cache is
    /// made or touched), the cache (a dry run creates nothing: a missing
    /// cache is simply empty), its lock, index and log, and works out the
    /// run's kinds from what was asked and what the cache holds.
    private func openSession() throws(PipelineError) -> Session {
        _ = try EntryDiscovery.openRoot(options.entries)
        let store: CacheStore? = options.dryRun && FileSystem.identity(of: layout.root) == nil
            ? nil : try CacheStore(path: options.cache, create: !options.dryRun)
        self.store = store
        let (progress, cache) = (self.progress, options.cache)
        let waiting = { (holder: Int32?) -> Void in progress?.handle(.waiting(cache: cache, holder: holder)) }
        let locks = options.dryRun
            ? try store?.lockForDryRun(shard: options.shard, wait: options.wait, waiting: waiting, stop: stop) ?? []
            : try store?.lockForRun(shard: options.shard, wait: options.wait, waiting: waiting, stop: stop) ?? []
        if let store {
            index = try store.openIndex(CacheLayout.indexName(options.shard), readOnly: options.dryRun, wait: options.wait,
                                        waiting: { progress?.handle(.waitingForIndex(path: $0)) }, stop: stop)
        }
        // Planning looks records up one by one: in one read transaction,
        // ended by the first commit.
        index.beginReading()
        if !options.dryRun {
            // A log that cannot be written does not stop the run, but is said.
            do throws(FileSystemError) { log = try store?.openLog(shard: options.shard) } catch {
                notice("\(error); this run is not logged", counted: false)
            }
            store?.sweepTemporaryFiles()
        }
        let held = store?.heldKinds(index: index) ?? []
        kinds = Kinds.closure(options.only, held: held)
        log?.write("run start entries=\(options.entries) only=\(options.only.sorted().map(\.rawValue).joined(separator: ","))"
                   + " jobs=\(options.jobs) shard=\(options.shard)"
                   + (options.shardSource.isEmpty ? "" : " (from \(options.shardSource.joined(separator: ", ")))")
                   + " force=\(options.force)")
        let added = kinds.subtracting(options.only)
        if !added.isEmpty {
            log?.write("run also makes \(added.sorted().map(\.rawValue).joined(separator: ",")): the cache holds them, and "
                       + "they are made from what was asked (or it from them); kept in agreement")
        }
        let recorded: Int
        do throws(SQLiteError) { recorded = try index.entryCount() } catch { throw .badCache(path: index.displayName, reason: error.message) }
        return Session(locks: locks, index: index, recorded: recorded)
    }

    // MARK: - Ending

    /// Ends a run asked to stop before it planned: it has written nothing
    /// (no record, no output), so there is nothing to commit and no count
    /// of items left; the next run starts as this one did.
    private func stoppedBeforePlanning(_ signal: Int32, started: Double, phases: PhaseTimer) -> RunSummary {
        summary.stoppedBy = signal
        summary.stoppedBeforePlanning = true
        log?.write("run stopped by \(RunSummary.signalName(signal)) before planning; nothing written")
        return finished(started: started, phases: phases)
    }

    /// Ends a run that ran: its time, the log's phases and last line, and
    /// the `done` report.
    private func finished(started: Double, phases: PhaseTimer) -> RunSummary {
        summary.seconds = Clock.now() - started
        log?.write("run phases \(phases.line)")
        progress?.handle(.finished(summary))
        log?.write("run done \(summary.line)")
        return summary
    }

    /// Keeps, logs and reports a problem with the cache itself (see
    /// `RenderEvent.notice`); reported as it happens, so a JSON stream's
    /// `done` is still its last line. Called outside the workers.
    func notice(_ message: String, counted: Bool) {
        notices.append(message)
        log?.write("\(counted ? "error" : "warning") \(message)")
        progress?.handle(.notice(message, counted: counted))
    }

    /// Counts an item, reports it, and now and then commits the index so
    /// a killed run keeps most of its work. Thread-safe.
    func finish(id: String, kind: ItemKind, status: ItemStatus, failure: ItemFailure?, warnings: [String]) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        switch status {
        case .rendered: summary.rendered += 1
        case .skipped: summary.skipped += 1
        case .failed:
            summary.failed += 1
            if let failure { failureRecords.append(failure) }
        }
        // Named with its kind where the id alone does not say it: an
        // entry's ticket and its share images are two items of one id (an
        // entry that cannot be read is one item, named by its folder).
        let name = kind == .entry || id.hasPrefix(kind.rawValue + "/") ? id : "\(kind.rawValue) \(id)"
        if status != .skipped { log?.write("\(status.rawValue) \(name)\(failure.map { ": \($0)" } ?? "")") }
        let warnings = warnings.filter { saidWarnings.insert(CardWarning.sameness($0)).inserted }
        for warning in warnings { log?.write("warning \(name): \(warning)") }
        progress?.handle(.item(done: done, total: total, id: id, kind: kind, status: status,
                               error: failure?.description, warnings: warnings))
        if !options.dryRun { index.commitIfDue() }
    }

    /// `body(0) ..< body(count - 1)` on up to `threads` threads, in order.
    static func parallelMap<T: Sendable>(_ count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let results = Results<T>(count: count)
        WorkPool.run(count: count, threads: threads, makeWorker: { () }) { _, i in results.set(i, body(i)) }
        return results.take().map { $0! }
    }
}
