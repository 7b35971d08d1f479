import Foundation
import Codecs
import Entries

/// One `render` run, start to finish, in this order: lock the cache, read
/// the manifest, find and load entries, hash their files, plan (fingerprint
/// every output and compare with the manifest), remove outputs whose
/// entries or dates are gone, render the rest on `jobs` threads while
/// reporting progress, and save the manifest.
public final class RenderRun<Backend: RenderBackend>: @unchecked Sendable {
    let options: RenderOptions
    let backend: Backend
    let loadEntry: EntryLoading
    let progress: ProgressSink?
    let layout: CacheLayout

    /// Shared state while rendering, guarded by `lock`.
    private let lock = NSLock()
    private var manifest = Manifest()
    private var summary = RunSummary()
    private var done = 0
    private var total = 0
    private var lastSave = 0.0
    private var log: RenderLog?

    /// Dry-run output: one line per output to render or remove.
    public private(set) var dryRunLines: [String] = []
    /// One line per failure, for the caller's stderr.
    public private(set) var failures: [String] = []

    public init(options: RenderOptions, backend: Backend, loadEntry: @escaping EntryLoading, progress: ProgressSink?) {
        self.options = options
        self.backend = backend
        self.loadEntry = loadEntry
        self.progress = progress
        self.layout = CacheLayout(root: options.cache)
    }

    /// Runs; returns the summary. Throws `PipelineError` when the run
    /// cannot start (lock held, bad folders); item failures are counted,
    /// not thrown.
    public func run() throws -> RunSummary {
        let started = Clock.now()
        try makeDirectory(layout.root)
        let cacheLock = options.dryRun ? nil : try CacheLock(path: layout.lock + options.shard.fileSuffix,
                                                              cacheDisplay: layout.root, wait: options.wait)
        defer { withExtendedLifetime(cacheLock) {} }
        let manifestPath = manifestFile
        // Records of held and other-kind outputs survive --force; only the
        // comparison that decides what to skip starts empty.
        let kept = Manifest.load(manifestPath)
        let previous = options.force ? Manifest() : kept
        if !options.dryRun {
            log = RenderLog(path: layout.log)
            CacheCleaner.sweepTemporaryFiles(cache: layout.root)
        }
        log?.write("run start entries=\(options.entries) only=\(options.only.map(\.rawValue).sorted().joined(separator: ",")) jobs=\(options.jobs) shard=\(options.shard) force=\(options.force)")

        // Find and load.
        let found = try EntryDiscovery.find(in: options.entries, excluding: options.cache)
        var (entries, failed) = load(found)
        let hasher = FileHasher(previous: kept.files)
        let photoHashes = hashPhotos(entries, hasher: hasher)

        // Plan.
        let heldDates = Set(failed.compactMap { f in
            kept.entries.first { $0.value.folder == f.folder || $0.key == f.id }.flatMap { CalendarDate($0.value.date) }
        })
        let items = plan(entries: &entries, hashes: photoHashes, heldDates: heldDates)
        // A failed entry may be known to the manifest by its id field,
        // which cannot be read now; match it by folder too.
        let failedFolders = Set(failed.map(\.folder))
        let failedIDs = Set(failed.map(\.id) + kept.entries.filter { failedFolders.contains($0.value.folder) }.map(\.key))
        manifest = kept
        manifest.files = hasher.records
        manifest.entries = kept.entries.filter { failedIDs.contains($0.key) }
        for e in entries { manifest.entries[e.entry.id] = .init(date: e.entry.date.description, folder: e.entry.folder) }
        let planned = Set(items.flatMap { item in item.outputs.map { $0.path } })
        let heldOwners = Set(heldDates.map { $0.description } + heldDates.map { MonthKey($0).description })
        let toRemove = kept.outputs.filter { path, record in
            !planned.contains(path) && options.only.contains(kind(ofPath: path))
                && !failedIDs.contains(record.owner) && !heldOwners.contains(record.owner)
        }.keys.sorted()

        let toRender = items.filter { item in
            item.outputs.contains { out in
                previous.outputs[out.path]?.fingerprint != item.fingerprint || !fileExists(layout.path(out.path))
            }
        }
        let renderSet = Set(toRender.map(\.id))
        if options.dryRun {
            dryRunLines = toRender.flatMap { item in item.outputs.map { "render \($0.path)" } } + toRemove.map { "remove \($0)" }
            for f in failed { failures.append(f.message) }
            summary.failed = failed.count
            summary.rendered = toRender.count
            summary.skipped = items.count - toRender.count
            summary.removed = toRemove.count
            summary.seconds = Clock.now() - started
            return summary
        }

        // Remove what is gone.
        for path in toRemove {
            unlink(layout.path(path))
            manifest.outputs[path] = nil
            removeEmptyParents(of: path)
            summary.removed += 1
            log?.write("removed \(path)")
        }

        // Render.
        total = items.count + failed.count
        progress?.handle(.start(total: total))
        for f in failed { finish(id: f.id, status: .failed, error: f.message) }
        for item in items where !renderSet.contains(item.id) { finish(id: item.id, status: .skipped, error: nil) }
        let backend = self.backend
        WorkPool.run(count: toRender.count, threads: options.jobs, makeWorker: { backend.makeWorker() }) { worker, i in
            self.render(toRender[i], worker: &worker)
        }
        summary.seconds = Clock.now() - started
        try saveManifest()
        progress?.handle(.finished(summary))
        log?.write("run done \(summary.line)")
        return summary
    }

    var manifestFile: String {
        layout.root + "/manifest\(options.shard.fileSuffix).json"
    }

    // MARK: - Rendering

    private func render(_ item: WorkItem, worker: inout Backend.Worker) {
        do {
            var files: [(String, [UInt8])] = []
            switch item.kind {
            case let .tickets(entry):
                let format = options.formats[.tickets] ?? .png
                let images = try backend.renderTickets(entry, faces: TicketFace.allCases, format: format, worker: &worker)
                for out in item.outputs {
                    guard case let .ticket(_, face) = out.key, let bytes = images[face] else { continue }
                    files.append((out.path, bytes))
                }
            case let .day(date, entries):
                files = [(item.outputs[0].path, try backend.renderDay(date, entries: entries, format: options.formats[.days] ?? .jpg, worker: &worker))]
            case let .month(month, byDay):
                files = [(item.outputs[0].path, try backend.renderMonth(month, entriesByDay: byDay, today: options.today,
                                                                        format: options.formats[.months] ?? .png, worker: &worker))]
            }
            // Everything is rendered before anything is written, so a
            // failure leaves the previous outputs in place.
            for (path, bytes) in files {
                let full = layout.path(path)
                try makeDirectory(String(full[..<full.lastIndex(of: "/")!]))
                do { try FileIO.writeAtomically(bytes, to: full) } catch {
                    throw PipelineError.writeFailed(path: full, reason: "\(error)")
                }
            }
            lock.lock()
            for out in item.outputs { manifest.outputs[out.path] = .init(fingerprint: item.fingerprint, owner: item.owner) }
            lock.unlock()
            finish(id: item.id, status: .rendered, error: nil)
        } catch {
            finish(id: item.id, status: .failed, error: "\(error)")
        }
    }

    /// Counts an item, reports it, and now and then saves the manifest so
    /// a killed run keeps most of its work.
    private func finish(id: String, status: ItemStatus, error: String?) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        switch status {
        case .rendered: summary.rendered += 1
        case .skipped: summary.skipped += 1
        case .failed:
            summary.failed += 1
            if let error { failures.append(error) }
        }
        if status != .skipped { log?.write("\(status.rawValue) \(id)\(error.map { ": \($0)" } ?? "")") }
        progress?.handle(.item(done: done, total: total, id: id, status: status, error: error))
        let now = Clock.now()
        if now - lastSave > 2 {
            lastSave = now
            try? manifest.save(manifestFile)
        }
    }

    private func saveManifest() throws {
        lock.lock()
        defer { lock.unlock() }
        try manifest.save(manifestFile)
    }

    // MARK: - Files

    private func kind(ofPath path: String) -> OutputKind {
        path.hasPrefix("tickets/") ? .tickets : path.hasPrefix("days/") ? .days : .months
    }

    private func fileExists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    private func removeEmptyParents(of path: String) {
        var rel = path
        while let slash = rel.lastIndex(of: "/") {
            rel = String(rel[..<slash])
            guard rel.contains("/") else { break }  // keep tickets/, days/, months/
            if rmdir(layout.path(rel)) != 0 { break }
        }
    }

    func makeDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw PipelineError.badCache(path: path, reason: "cannot create folder")
        }
    }
}

/// Fixed-size results written from several threads.
final class Results: @unchecked Sendable {
    private(set) var values: [String]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: "", count: count) }
    func set(_ i: Int, _ v: String) {
        lock.lock()
        values[i] = v
        lock.unlock()
    }
}
