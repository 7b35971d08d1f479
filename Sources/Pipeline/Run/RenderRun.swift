import Foundation
import Cards
import Codecs
import Diary
import FileSystem
import Site

/// One `render` run, start to finish, in this order: open and lock the
/// cache, open its index, find and load entries, hash their files, work
/// out what is held (entries that cannot be read now, or are not provably
/// gone), plan (fingerprint every output and compare with the index),
/// remove outputs whose entries or dates are provably gone, render the
/// rest on `jobs` threads while reporting progress, committing finished
/// items to the index in batches.
public final class RenderRun<Backend: RenderBackend>: @unchecked Sendable {
    let options: RenderOptions
    let backend: Backend
    let loadEntry: EntryLoading
    let progress: ProgressSink?
    /// Set by a signal: the run stops taking items (see `StopRequest`).
    let stop: StopRequest?
    let layout: CacheLayout
    private(set) var store: CacheStore?

    /// Shared state while rendering, guarded by `lock`.
    private let lock = NSLock()
    private var index = CacheIndex.empty()
    private var summary = RunSummary()
    private var done = 0
    var total = 0
    /// When the run began, in nanoseconds since the epoch, as file times
    /// count (see `FileStamp.isSettled`).
    var wallStart: Int64 = 0
    private var log: RenderLog?
    /// Owners of items that failed to render or write this run: what their
    /// new outputs would supersede is kept.
    private var failedOwners: Set<String> = []
    /// This run's fingerprint of each planned day thumbnail.
    private var dayFingerprints: [CalendarDate: String] = [:]
    /// This run's fingerprint of each planned entry's ticket images.
    var ticketFingerprints: [String: String] = [:]
    /// Owners of pages held for being next to a held entry (planning fills it).
    var heldPageOwners: Set<String> = []
    /// Site pages that planning found current (their record carries this
    /// run's fingerprint and the file is there): kept by path only, not
    /// as items, so an unchanged large book does not hold a model and an
    /// item for each of its 200,000 pages.
    var currentSitePaths: [String] = []

    /// Dry-run output: one line per output to render or remove.
    public private(set) var dryRunLines: [String] = []
    /// Every failure, as values, in the order they happened.
    public private(set) var failureRecords: [ItemFailure] = []
    /// Problems with the cache itself that did not stop the run (records
    /// ignored in a tampered index, an index that could not be saved).
    public private(set) var notices: [String] = []

    public init(options: RenderOptions, backend: Backend, loadEntry: @escaping EntryLoading, progress: ProgressSink?,
                stop: StopRequest? = nil) {
        self.options = options
        self.backend = backend
        self.loadEntry = loadEntry
        self.progress = progress
        self.stop = stop
        self.layout = CacheLayout(root: options.cache)
    }

    /// Runs; returns the summary. Throws `PipelineError` when the run
    /// cannot start (lock held, bad folders, an empty ENTRIES over a full
    /// cache); item failures are counted, not thrown.
    public func run() throws(PipelineError) -> RunSummary {
        let started = Clock.now()
        wallStart = FileSystem.nowNanoseconds()
        // ENTRIES first: a path that is no folder fails before the cache is
        // made or touched.
        _ = try EntryDiscovery.openRoot(options.entries)
        // A dry run creates nothing; a missing cache is simply empty.
        let store: CacheStore? = options.dryRun && FileSystem.identity(of: layout.root) == nil
            ? nil : try CacheStore(path: options.cache, create: !options.dryRun)
        self.store = store
        let (progress, cache) = (self.progress, options.cache)
        let locks = options.dryRun ? [] : try store?.lockForRun(
            shard: options.shard, wait: options.wait,
            waiting: { progress?.handle(.waiting(cache: cache, holder: $0)) }, stop: stop) ?? []
        defer { withExtendedLifetime(locks) {} }
        if let store { index = try store.openIndex(CacheLayout.indexName(options.shard), readOnly: options.dryRun) }
        let index = self.index
        defer { index.close() }
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
        log?.write("run start entries=\(options.entries) only=\(options.only.map(\.rawValue).sorted().joined(separator: ",")) jobs=\(options.jobs) shard=\(options.shard) force=\(options.force)")
        let recorded: Int
        do throws(SQLiteError) { recorded = try index.entryCount() } catch { throw .badCache(path: index.displayName, reason: error.message) }

        var phases = PhaseTimer()
        // An unchanged book, found so by stat alone, loads nothing.
        if let unchanged = try checkUnchanged(index: index, phases: &phases) {
            reportUnchanged(unchanged, index: index)
            phases.mark("report")
            log?.write("run unchanged since the last clean run: \(unchanged.entries) entries and "
                       + "\(unchanged.outputs) outputs checked by stat, none loaded")
            return finished(started: started, phases: phases)
        }

        // Asked to stop while the book was checked: nothing is written yet,
        // and loading a large book would keep the user waiting for seconds.
        if let signal = stop?.signal { return stoppedBeforePlanning(signal, started: started, phases: phases) }

        // Find and load; an entry whose photos cannot be read fails here.
        let hasher = FileHasher(previous: index.file)
        let (loading, found) = try discoverAndLoad(hasher: hasher, phases: &phases)
        let failed = loading.failed
        phases.mark("load")
        // Loading stops between chunks when asked; what it read is let go.
        if let signal = stop?.signal { return stoppedBeforePlanning(signal, started: started, phases: phases) }

        // What is held: everything a failed entry or an unreadable folder
        // may own, and every remembered entry not provably gone.
        let held = try heldRecords(index: index, loading: loading, root: found.root)
        if found.nothing && recorded > 0 && !options.allowEmpty
            && held.ids.count < recorded {
            throw .emptyEntries(path: options.entries, known: recorded)
        }

        phases.mark("held")
        // Plan.
        let base = baseFingerprint(hasher: hasher)
        let items = plan(loading: loading, heldDates: held.dates,
                         base: base,
                         holdBook: !held.ids.isEmpty && (index.hasOutput(ownedBy: CacheLayout.bookOwner)
                                                          || store?.holdsAnyFile(in: ["books", "site/book"]) == true))
        var plannedMonths = Set<MonthKey>()
        for item in items {
            switch item.kind {
            case let .day(date, _): dayFingerprints[date] = item.fingerprint
            case let .month(month, _): plannedMonths.insert(month)
            default: break
            }
        }
        logHeld(held, plannedMonths: plannedMonths)
        var planned = Set(items.flatMap { item in item.outputs.map { $0.path } })
        planned.formUnion(currentSitePaths)
        var heldOwners = Set(held.dates.map { $0.description } + held.dates.map { MonthKey($0).description }
                             + held.dates.map { CacheLayout.yearText($0.year) })
        // The book's pages show every entry in one order: while any entry
        // is held, the pages are held as they were.
        if !held.ids.isEmpty { heldOwners.insert(CacheLayout.bookOwner) }
        heldOwners.formUnion(heldPageOwners)
        // Outputs not planned: those of an owner this run renders again
        // (another format, a book grown shorter) are superseded, and go only
        // once that owner's items are all written; the others' owners are
        // gone, and they go first.
        var toRemove: [String] = []
        var superseded: [String: [String]] = [:]
        let plannedOwners = Set(items.map(\.owner))
        do throws(SQLiteError) {
            try index.forEachOutput(except: planned) { path, record in
                guard let kind = CacheLayout.kind(ofOutput: path) else { return }
                if options.only.contains(kind)
                    && !held.ids.contains(record.owner) && !heldOwners.contains(record.owner) {
                    if plannedOwners.contains(record.owner) {
                        superseded[record.owner, default: []].append(path)
                    } else {
                        toRemove.append(path)
                    }
                }
            }
        } catch {
            throw .badCache(path: index.displayName, reason: error.message)
        }
        toRemove.sort()
        // While an entry is held, the pages are held as they were (see
        // `heldOwners`), and they link the outputs of entries gone since:
        // those wait for the run that holds nothing and renders the pages
        // anew, so no held page links a file that was removed.
        if !held.ids.isEmpty && !toRemove.isEmpty {
            log?.write("held \(toRemove.count) outputs of entries gone since the last run: the held pages link them; "
                       + "they go with the first run that holds no entry")
            toRemove = []
        }
        phases.mark("plan")
        for warning in index.warnings { notice(warning, counted: false) }

        // Records of held and other-kind outputs survive --force; only the
        // comparison that decides what to skip ignores them.
        let toRender = items.filter { item in
            item.outputs.contains { out in !isCurrent(out.path, fingerprint: item.fingerprint) }
        }
        let renderSet = Set(toRender.map(\.id))
        phases.mark("compare")
        if options.dryRun {
            let removals = (toRemove + superseded.values.joined()).sorted()
            // A site page whose key changed but whose text is what the cache
            // holds is not rewritten (see `render`): a dry run says so too.
            let writes = toRender.filter { item in
                guard case let .site(page) = item.kind else { return true }
                return !cacheHolds(item.outputs[0].path, page.render())
            }
            dryRunLines = writes.flatMap { item in item.outputs.map { "render \($0.path)" } } + removals.map { "remove \($0)" }
            failureRecords = failed.map(\.failure)
            // What cannot be read is reported as a run reports it.
            for (i, f) in failed.enumerated() {
                progress?.handle(.item(done: i + 1, total: failed.count, id: f.id, kind: .entry, status: .failed,
                                       error: f.failure.description, warnings: []))
            }
            summary.failed = failed.count
            summary.rendered = writes.count
            summary.skipped = items.count - writes.count + currentSitePaths.count
            summary.removed = removals.count
            summary.seconds = Clock.now() - started
            progress?.handle(.finished(summary))
            return summary
        }

        // Record this run's entries and input files first: from here on, a
        // killed run leaves an index that knows every entry it rendered.
        // When every loaded entry's row says what it would write and the
        // index has no other rows (every unchanged rerun), its entry rows
        // are left alone without a scan.
        let entryRowsStand = held.allLoadedUnchanged && recorded == loading.entries.count
        do throws(SQLiteError) {
            // Photos by the loading, the fonts by the base fingerprint's hashing.
            let fonts = hasher.records
            try index.commit(changedFiles: loading.changedFiles.merging(fonts) { photo, _ in photo },
                             currentFiles: { loading.isPhoto($0) || fonts[$0] != nil },
                             entries: entryRowsStand ? nil : held.entryRecords(loading),
                             keptEntries: { held.isUnchanged($0, loading: loading) },
                             entryFiles: usesCleanMark ? Self.entryFileRecords(loading) : nil,
                             droppingCleanMark: usesCleanMark ? cleanMarkKey : nil)
        } catch {
            throw .badCache(path: index.displayName, reason: "cannot be updated: \(error.message)")
        }

        // Asked here, not after rendering: that use kept every loaded
        // entry alive through rendering (8 MiB more at 100,000 entries).
        let markable = usesCleanMark && failed.isEmpty && held.ids.isEmpty && held.dates.isEmpty
            && loading.entries.allSatisfy { Self.entryFileRecord($0) != nil }
        phases.mark("record")
        // Remove what is provably gone.
        for path in toRemove { remove(path) }

        // Render.
        total = items.count + currentSitePaths.count + failed.count
        progress?.handle(.start(total: total))
        for f in failed { finish(id: f.id, kind: .entry, status: .failed, failure: f.failure, warnings: []) }
        for item in items where !renderSet.contains(item.id) { finish(id: item.id, kind: item.itemKind, status: .skipped, failure: nil, warnings: []) }
        // A site page's id is its path.
        for path in currentSitePaths { finish(id: path, kind: .site, status: .skipped, failure: nil, warnings: []) }
        // Months are composed from their days' thumbnails and book pages
        // from front faces: they go after the drawn items, so each finds
        // what it reuses written; site pages go last, after the images they
        // link (`RenderOrder`).
        let backend = self.backend
        let ordered = RenderOrder.ordered(toRender)
        backend.expectPhotoLoads(RenderOrder.photoLoads(ordered))
        for phase in RenderOrder.phases(ordered) where stop?.signal == nil {
            WorkPool.run(count: phase.count, threads: options.jobs, stop: stop,
                         makeWorker: { backend.makeWorker() }) { worker, i in
                self.render(ordered[phase.lowerBound + i], worker: &worker)
            }
        }
        if let signal = stop?.signal {
            // Asked to stop: what is written is recorded below, and the
            // items not reached are planned again by the next run.
            summary.stoppedBy = signal
            summary.left = total - done
            log?.write("run stopped by \(RunSummary.signalName(signal)), \(summary.left) of \(total) items left for the next run")
        } else {
            // What an owner's new outputs replace goes once they are all
            // written: a failed item (a photo gone bad, a full disk) leaves
            // its previous outputs in place, whatever their format. A
            // stopped run removes none: an owner's items may be half done.
            for (owner, paths) in superseded.sorted(by: { $0.key < $1.key }) where !failedOwners.contains(owner) {
                for path in paths.sorted() { remove(path) }
            }
        }
        do throws(SQLiteError) {
            try index.commit()
        } catch {
            // The outputs written are whole; the index keeps the records
            // of the last commit, so the next run renders the rest again.
            // Say so and fail the run.
            summary.failed += 1
            notice("\(error); the index was not updated", counted: true)
        }
        phases.mark("render")
        if usesCleanMark {
            // Left only by a run that rendered every item it planned, held
            // nothing and met no problem; any other run of these kinds
            // takes it away.
            let clean = markable && stop?.signal == nil && summary.failed == 0 && notices.isEmpty
                && index.warnings.isEmpty
            updateCleanMark(clean ? cleanMark(index: index, base: base, checkFiles: false)?.mark : nil, index: index)
            phases.mark("mark")
        }
        return finished(started: started, phases: phases)
    }

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

    /// Says in the log what is held and why, so that a cron job's log
    /// explains the items a run left alone: remembered entries it did not
    /// read, and the days and months that show an entry that cannot be
    /// read now and are kept rather than planned (at most `heldLines`
    /// lines of each sort: a folder that cannot be read may hold thousands).
    /// Planned days are those with a fingerprint (`dayFingerprints`).
    private func logHeld(_ held: HeldRecords, plannedMonths: Set<MonthKey>) {
        guard let log, !held.records.isEmpty || !held.dates.isEmpty else { return }
        func lines(_ texts: [String], more: (Int) -> String) {
            for text in texts.prefix(Self.heldLines) { log.write(text) }
            if texts.count > Self.heldLines { log.write(more(texts.count - Self.heldLines)) }
        }
        // A shard speaks of what it owns.
        lines(held.records.keys.filter { options.shard.owns($0) }.sorted().map { id in
            "held \(id) (\(held.records[id]!.folder)): not read this run and not provably gone; "
                + "its outputs are left as they are"
        }, more: { "held \($0) more entries likewise" })
        let days = options.only.contains(.days)
            ? held.dates.filter { dayFingerprints[$0] == nil && options.shard.owns($0.description) }.sorted() : []
        lines(days.map { "held days/\($0): it shows an entry this run did not read; left as it is" },
              more: { "held \($0) more days likewise" })
        let months = options.only.contains(.months)
            ? Set(held.dates.map(MonthKey.init)).filter { !plannedMonths.contains($0) && options.shard.owns($0.description) }
                .sorted() : []
        lines(months.map { "held months/\($0): it shows an entry this run did not read; left as it is" },
              more: { "held \($0) more months likewise" })
    }

    static var heldLines: Int { 20 }

    /// Whether output `path` is current: not `--force`d, its index record
    /// carries `fingerprint`, and the file is in the cache at the size it
    /// was written (one cut short, emptied or replaced is made again).
    /// Thread-safe.
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
    /// reads (its fingerprint changes then). Thread-safe.
    func isHeld(_ path: String, _ showsHeld: Bool) -> Bool {
        showsHeld && (index.output(path) != nil || store?.holdsFile(path) == true)
    }

    /// Removes output `path` and its record; a file that cannot be removed
    /// is counted as a failure, so the exit status says so: an output that
    /// stays behind after its entry is gone is something a monitor must hear
    /// about (it is tried again, since its record stays).
    private func remove(_ path: String) {
        do throws(FileSystemError) {
            try store?.remove(path)
            index.removeOutput(path)
            summary.removed += 1
            log?.write("removed \(path)")
        } catch {
            summary.failed += 1
            notice("cannot remove \(error)", counted: true)
        }
    }

    // MARK: - Rendering

    private func render(_ item: WorkItem, worker: inout Backend.Worker) {
        var files: [(String, [UInt8])] = []
        var warnings: [String] = []
        do {
            switch item.kind {
            case let .tickets(entry):
                let format = options.formats[.tickets] ?? .webp
                let images = try backend.renderTickets(entry, faces: TicketFace.allCases, format: format, worker: &worker)
                warnings = images.warnings
                for out in item.outputs {
                    guard case let .ticket(_, face) = out.key, let bytes = images.value[face] else { continue }
                    files.append((out.path, bytes))
                }
            case let .day(date, entries):
                let image = try backend.renderDay(date, entries: entries, format: options.formats[.days] ?? .jpg,
                                                  worker: &worker)
                (files, warnings) = ([(item.outputs[0].path, image.value)], image.warnings)
            case let .month(month, byDay):
                let image = try backend.renderMonth(month, entriesByDay: byDay, dayThumbnails: dayThumbnails(month, byDay),
                                                    today: options.today, format: options.formats[.months] ?? .png,
                                                    worker: &worker)
                (files, warnings) = ([(item.outputs[0].path, image.value)], image.warnings)
            case let .bookPage(view, entries, page, pageCount, total):
                let image = try backend.renderBookPage(view, entries: entries, page: page, pageCount: pageCount,
                                                       pageSize: options.pageSize, total: total, faces: frontFaces(entries),
                                                       format: options.formats[.books] ?? .jpg, worker: &worker)
                (files, warnings) = ([(item.outputs[0].path, image.value)], image.warnings)
            case let .timeline(year, sections, page, pageCount):
                let image = try backend.renderTimeline(year: year, sections: sections, page: page, pageCount: pageCount,
                                                       faces: frontFaces(sections.flatMap(\.entries)),
                                                       format: options.formats[.books] ?? .jpg, worker: &worker)
                (files, warnings) = ([(item.outputs[0].path, image.value)], image.warnings)
            case let .year(year, entries):
                let image = try backend.renderYear(year, entries: entries, faces: frontFaces(entries),
                                                   format: options.formats[.years] ?? .jpg, worker: &worker)
                (files, warnings) = ([(item.outputs[0].path, image.value)], image.warnings)
            case let .site(page):
                let path = item.outputs[0].path
                let bytes = page.render()
                // A page's key names every entry it shows whole, so it
                // changes more often than the page: a page whose bytes are
                // those in the cache is not rewritten.
                if cacheHolds(path, bytes) {
                    index.setOutput(path, .init(fingerprint: item.fingerprint, owner: item.owner,
                                                size: Int64(bytes.count)))
                    finish(id: item.id, kind: item.itemKind, status: .skipped, failure: nil, warnings: [])
                    return
                }
                files = [(path, bytes)]
            }
        } catch {
            noteFailed(item.owner)
            var warned = warnings
            if case let .tickets(entry) = item.kind, let stub = standInTickets(entry, item, error: error, worker: &worker) {
                warned.append(stub)
            }
            finish(id: item.id, kind: item.itemKind, status: .failed, failure: ItemFailure(stage: .render, item: item.id, error: error),
                   warnings: warned)
            return
        }
        // Everything is rendered before anything is written, so a failure
        // leaves the previous outputs in place.
        for (path, bytes) in files {
            do throws(FileSystemError) {
                try store?.write(path, bytes: bytes)
            } catch {
                noteFailed(item.owner)
                finish(id: item.id, kind: item.itemKind, status: .failed, failure: ItemFailure(stage: .write, item: item.id, error: error),
                       warnings: warnings)
                return
            }
        }
        let sizes = Dictionary(files.map { ($0.0, Int64($0.1.count)) }, uniquingKeysWith: { a, _ in a })
        for out in item.outputs {
            index.setOutput(out.path, .init(fingerprint: item.fingerprint, owner: item.owner, size: sizes[out.path]))
        }
        finish(id: item.id, kind: item.itemKind, status: .rendered, failure: nil, warnings: warnings)
    }

    /// A ticket whose photo does not decode fails, and keeps whatever
    /// ticket the cache holds. Where it lacks a face (missing, or cut
    /// short), the site's pages (which show every loaded entry, whatever
    /// its ticket did) would link an image that is not there; so the
    /// ticket is drawn without the photos that fail, as the day and book
    /// images draw a placeholder, and the faces the cache lacks are written
    /// and recorded under a fingerprint no plan makes: every run tries the
    /// real ticket again (and fails, and says so) until the photo decodes,
    /// and a face the cache holds whole is never replaced by a stand-in.
    /// Returns the warning that says so, or nil when nothing was written.
    private func standInTickets(_ entry: Entry, _ item: WorkItem, error: Error,
                                worker: inout Backend.Worker) -> String? {
        // The faces the cache lacks: missing, empty, or not at their
        // recorded size (cut short); a face it holds whole is kept,
        // whatever drew it.
        guard let store, case .photo? = error as? CardError else { return nil }
        let fingerprint = "stand-in " + item.fingerprint
        var lacking: [(key: OutputKey, path: String)] = []
        for out in item.outputs {
            let record = index.output(out.path)
            guard let size = store.fileSize(out.path), size > 0, record?.size.map({ $0 == size }) ?? true else {
                lacking.append(out)
                continue
            }
            // Held whole but unrecorded (another shard's, or an index set
            // aside): adopted, so that this index removes it when the entry
            // goes; the stand-in's fingerprint makes the next run try the
            // photo again.
            if record == nil { index.setOutput(out.path, .init(fingerprint: fingerprint, owner: item.owner, size: size)) }
        }
        guard !lacking.isEmpty else { return nil }
        var standIn = entry
        var failure: Error = error
        let format = options.formats[.tickets] ?? .webp
        // A try may fail on the other photo; two photos, two tries at most.
        for _ in 0..<2 {
            guard case let .photo(bad)? = failure as? CardError else { return nil }
            if standIn.front?.path == bad.path { standIn.front = nil } else if standIn.back?.path == bad.path {
                standIn.back = nil
            } else { return nil }
            let images: Rendered<[TicketFace: [UInt8]]>
            do {
                images = try backend.renderTickets(standIn, faces: TicketFace.allCases, format: format, worker: &worker)
            } catch {
                failure = error
                continue
            }
            // Each face recorded as it is written: one that cannot be
            // written (a folder in its place, a full disk) leaves no face
            // written before it unrecorded, and is said.
            for out in lacking {
                guard case let .ticket(_, face) = out.key, let bytes = images.value[face] else { return nil }
                do throws(FileSystemError) {
                    try store.write(out.path, bytes: bytes)
                } catch {
                    return "tickets/\(entry.id): a stand-in drawn without the photo that does not decode could not "
                        + "be written (\(error)); the pages showing the entry link a missing image until it can"
                }
                index.setOutput(out.path, .init(fingerprint: fingerprint, owner: item.owner, size: Int64(bytes.count)))
            }
            return "tickets/\(entry.id): drawn without the photo that does not decode, so that the pages "
                + "showing the entry link an image; the next run tries the photo again"
        }
        return nil
    }

    /// Whether the cache's file `path` holds exactly `bytes`.
    private func cacheHolds(_ path: String, _ bytes: [UInt8]) -> Bool {
        store?.read(path, limit: bytes.count + 1) == bytes
    }

    /// The up-to-date day thumbnails of `month` in the cache: those whose
    /// index record carries this run's fingerprint for the day (rendered
    /// now, or skipped as unchanged). A day that failed or was not planned
    /// is left out, and the backend draws it.
    private func dayThumbnails(_ month: MonthKey, _ byDay: [Int: [Entry]]) -> [Int: [UInt8]] {
        let format = options.formats[.days] ?? .jpg
        var found: [Int: [UInt8]] = [:]
        for day in byDay.keys {
            guard let date = CalendarDate(year: month.year, month: month.month, day: day) else { continue }
            found[day] = upToDate(CacheLayout.relativePath(of: .day(date), format: format), planned: dayFingerprints[date])
        }
        return found
    }

    /// The up-to-date front faces of `entries` in the cache, by entry id:
    /// those whose ticket record carries this run's fingerprint.
    private func frontFaces(_ entries: [Entry]) -> [String: [UInt8]] {
        let format = options.formats[.tickets] ?? .webp
        var found: [String: [UInt8]] = [:]
        for entry in entries {
            found[entry.id] = upToDate(CacheLayout.relativePath(of: .ticket(id: entry.id, face: .front), format: format),
                                       planned: ticketFingerprints[entry.id])
        }
        return found
    }

    /// The bytes of output `path` when the index records it with this
    /// run's fingerprint `planned` (rendered now, or skipped as unchanged).
    private func upToDate(_ path: String, planned: String?) -> [UInt8]? {
        guard let planned else { return nil }
        let current = index.output(path)?.fingerprint == planned
        return current ? store?.read(path, limit: 64 << 20) : nil
    }

    /// Keeps, logs and reports a problem with the cache itself (see
    /// `RenderEvent.notice`); reported as it happens, so a JSON stream's
    /// `done` is still its last line. Called outside the workers.
    private func notice(_ message: String, counted: Bool) {
        notices.append(message)
        log?.write("\(counted ? "error" : "warning") \(message)")
        progress?.handle(.notice(message, counted: counted))
    }

    /// Records that an item of `owner` failed. Thread-safe.
    private func noteFailed(_ owner: String) {
        lock.lock()
        failedOwners.insert(owner)
        lock.unlock()
    }

    /// Counts an item, reports it, and now and then commits the index so
    /// a killed run keeps most of its work.
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
        if status != .skipped { log?.write("\(status.rawValue) \(id)\(failure.map { ": \($0)" } ?? "")") }
        for warning in warnings { log?.write("warning \(id): \(warning)") }
        progress?.handle(.item(done: done, total: total, id: id, kind: kind, status: status,
                               error: failure?.description, warnings: warnings))
        if !options.dryRun { index.commitIfDue() }
    }
}

/// Fixed-size results written from several threads, each slot by one job
/// only: no lock, since slots never share a writer, and `WorkPool.run`
/// returns only after every thread has finished (its semaphore orders the
/// writes before the reads of `values`).
final class Results<Value: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }
    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
    /// Sets slot `i`; call once per slot, from the job that owns it.
    func set(_ i: Int, _ v: Value) { slots[i] = v }
    /// Every slot, once the pool has finished.
    var values: [Value?] { Array(slots) }
    /// Every slot, moved out (the slots are left empty): no second copy of
    /// a large result set is alive at once.
    func take() -> [Value?] {
        var out: [Value?] = []
        out.reserveCapacity(slots.count)
        for i in slots.indices {
            out.append(slots[i])
            slots[i] = nil
        }
        return out
    }

    /// Calls `body` with each set slot, in order, without copying it out.
    func forEach(_ body: (Int, borrowing Value) -> Void) {
        for i in slots.indices { if let value = slots[i] { body(i, value) } }
    }

    /// Calls `body` with each set slot's value, in order, moving it out: the
    /// slot is empty before `body` runs.
    func consume(_ body: (Int, consuming Value) -> Void) {
        for i in slots.indices {
            guard let value = slots[i] else { continue }
            slots[i] = nil
            body(i, value)
        }
    }
}
