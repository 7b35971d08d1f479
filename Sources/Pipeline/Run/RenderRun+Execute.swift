import PhotiCaseConcurrency
import PhotiCaseCards
import PhotiCasePrint
import PhotiCaseImaging
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseHashing

// Writing: recording the run's entries, rendering the planned items on
// the `--jobs` threads, and removing what is gone or replaced.

extension RenderRun {
    /// Records this run's entries and input files first: from here on, a
    /// killed run leaves an index that knows every entry it rendered. When
    /// every loaded entry's row says what it would write and the index has
    /// no other rows (every unchanged rerun), its entry rows are left alone
    /// without a scan.
    func record(_ loading: Loading, held: HeldRecords, hasher: FileHasher, recorded: Int) throws(PipelineError) {
        let entryRowsStand = held.allLoadedUnchanged && recorded == loading.entries.count
        do throws(SQLiteError) {
            // Photos by the loading, the fonts by the base key's hashing.
            let fonts = hasher.records
            try index.commit(changedFiles: loading.changedFiles.merging(fonts) { photo, _ in photo },
                             currentFiles: { loading.isPhoto($0) || fonts[$0] != nil },
                             entries: entryRowsStand ? nil : held.entryRecords(loading),
                             keptEntries: { held.isUnchanged($0, loading: loading) },
                             entryFiles: usesCleanMark ? Self.entryFileRecords(loading) : nil,
                             droppingCleanMark: usesCleanMark ? cleanMarkKey : nil)
            try recordLastGood(loading, held: held)
        } catch {
            throw .badCache(path: index.displayName, reason: "cannot be updated: \(error.message)")
        }
        // Every kind this run makes is marked as the cache's before its
        // first output is written (`Kinds.closure` keeps them together).
        store?.markKinds(kinds)
    }

    /// Keeps each loaded entry's entry.json and photo hashes as they loaded
    /// (`LastGoodEntry`), for a run in which it fails to load: one scan of
    /// the rows, then only those that differ are written, each entry.json
    /// read again and kept only when it still hashes as it loaded (one
    /// edited since waits for the next run). Rows of entries neither
    /// loaded nor held go.
    func recordLastGood(_ loading: Loading, held: HeldRecords) throws(SQLiteError) {
        let entries = loading.entries
        func key(_ e: RunEntry) -> String {
            LastGoodEntry.key(jsonHash: e.jsonHash.hex, front: e.front?.hex, back: e.back?.hex)
        }
        var current = [Bool](repeating: false, count: entries.count)
        var dropping: [String] = []
        index.forEachLastGood { id, rowKey, folder in
            if let i = loading.byID.position(of: id, key: { entries[$0].entry.id }) {
                current[i] = folder.utf8.elementsEqual(entries[i].canonicalFolder.utf8) && rowKey == key(entries[i])
            } else if held.records[id] == nil {
                dropping.append(id)
            }
        }
        guard !dropping.isEmpty || current.contains(false) else { return }
        let limit = JSONParser.Limits().maxBytes
        try index.updateLastGood(dropping: dropping) { (put) throws(SQLiteError) in
            for i in entries.indices where !current[i] {
                let e = entries[i]
                guard let json = try? FileSystem.readFile(EntryLoader.file(in: e.entry.folder), limit: limit),
                      Digest.of(json) == e.jsonHash else { continue }
                try put(e.entry.id, key(e), LastGoodEntry(folder: e.canonicalFolder, json: json,
                                                         front: e.front?.hex, back: e.back?.hex))
            }
        }
    }

    /// Renders the plan's items phase by phase, then, unless stopped,
    /// removes what is gone and what the written outputs replace, and
    /// commits the index.
    func execute(_ plan: RenderPlan, failed: [FailedEntry]) {
        total = plan.itemCount + failed.count
        progress?.handle(.start(total: total))
        for f in failed { finish(id: f.id, kind: .entry, status: .failed, failure: f.failure, warnings: []) }
        for item in plan.current { finish(id: item.id, kind: ItemKind(item.kind), status: .skipped, failure: nil, warnings: []) }
        let backend = self.backend
        let ordered = plan.toRender
        backend.expectPhotoLoads(RenderOrder.photoLoads(ordered))
        // One worker a thread for the whole run: a renderer loads its fonts
        // once, not once a phase.
        let shelf = WorkerShelf<Backend.Worker>()
        for phase in RenderOrder.phases(ordered) where stop?.signal == nil {
            // A thread out of items at a phase's end encodes the images of
            // those still drawing (a ticket's three faces).
            let spare = SpareThreads(threads: options.jobs)
            WorkPool.run(count: phase.count, threads: options.jobs, stop: stop, spare: spare, shelf: shelf,
                         done: { backend.endPhase(&$0) }, makeWorker: { backend.makeWorker() }) { worker, i in
                self.render(ordered[phase.lowerBound + i], spare: spare, worker: &worker)
            }
            backend.phaseEnded()
        }
        if let signal = stop?.signal {
            // Asked to stop: what is written is recorded below, and the
            // items not reached are planned again by the next run. Nothing
            // is removed: the pages on disk may still link it.
            summary.stoppedBy = signal
            summary.left = total - done
            log?.write("run stopped by \(RunSummary.signalName(signal)), \(summary.left) of \(total) items left for the next run")
        } else if pagesFailed(plan) {
            // A page that could not be written still links what it showed.
            log?.write("kept \(plan.gone.count + plan.superseded.values.joined().count) outputs this run would remove: "
                       + "a page that links them could not be written; the next run removes them")
        } else {
            // Gone outputs go once everything is written (the pages that
            // linked them are rewritten by now); what an owner's new outputs
            // replace goes once they are all written: a failed item (a photo
            // gone bad, a full disk) leaves its previous outputs in place,
            // whatever their format.
            for path in plan.gone { remove(path) }
            for (owner, paths) in plan.superseded.sorted(by: { $0.key.description < $1.key.description })
            where !failedOwners.contains(owner) {
                for path in paths.sorted() { remove(path) }
            }
        }
        do throws(SQLiteError) {
            try index.commit()
        } catch {
            // The outputs written are whole; the index keeps the records
            // of the last commit, so the next run renders the rest again.
            summary.failed += 1
            notice("\(error); the index was not updated", counted: true)
        }
    }

    /// Whether a page of the site failed this run.
    private func pagesFailed(_ plan: RenderPlan) -> Bool {
        plan.toRender.contains { $0.kind == .site && failedOwners.contains($0.owner) }
    }

    /// The context a kind renders one item in, on `worker`'s thread;
    /// `document` writes documents (none in a dry run).
    func renderContext(_ draw: @escaping (any CardLayout, [EncodeSettings]) throws -> Rendered<[[UInt8]]>,
                       document: @escaping DocumentWriting = { _, _, _, _ in throw DryRun.drawsNothing }) -> RenderContext {
        RenderContext(options: options, scale: backend.scale, draw: draw, document: document, store: store, index: index,
                      unwritten: lock.withLock { unwritten })
    }

    /// Renders one item, writes its files and records them; a failure
    /// keeps what the cache holds, and the item's kind may do more
    /// (`KindDeclaration.failed`). Everything is rendered before anything
    /// is written, so a failure leaves the previous outputs in place.
    func render(_ item: WorkItem, spare: SpareThreads, worker: inout Backend.Worker) {
        let declaration = item.kind.declaration
        let kind = ItemKind(item.kind)
        var rendered: Rendered<[String: OutputContent]>
        do {
            rendered = try withoutActuallyEscaping({ (layout: any CardLayout, encodings: [EncodeSettings]) in
                try self.draw(layout, encodings, spare: spare, worker: &worker)
            }) { draw in
                try withoutActuallyEscaping({ (layout: any DocumentLayout, metadata: DocumentMetadata, draft: StagedFile,
                                               final: StagedFile) in
                    let stop = self.stop
                    return try self.backend.renderDocument(layout, metadata: metadata, draft: draft, final: final, spare: spare,
                                                           stop: { stop?.signal != nil }, worker: &worker)
                }) { document in
                    try declaration.render(item, in: renderContext(draw, document: document))
                }
            }
            // Every file the cache writes names its owner (OutputMark).
            rendered.value = try OutputMark.marking(rendered.value, owner: item.owner)
        } catch {
            noteFailed(item.owner)
            var warnings: [String] = []
            let said = withoutActuallyEscaping({ (layout: any CardLayout, encodings: [EncodeSettings]) in
                try self.draw(layout, encodings, spare: spare, worker: &worker)
            }) { draw in declaration.failed(item, error: error, in: renderContext(draw)) }
            if let said { warnings.append(said) }
            finish(id: item.id, kind: kind, status: .failed,
                   failure: ItemFailure(stage: .render, item: item.id, error: error), warnings: warnings)
            return
        }
        // A page whose bytes are those in the cache is left as it is (its
        // key changed for something it does not show); `--force` writes
        // every output again, as it says.
        if declaration.keepsEqualFiles, !options.force,
           item.outputs.allSatisfy({ out in rendered.value[out.path].map { $0.bytes.map { cacheHolds(out.path, $0) } ?? false } ?? true }) {
            for out in item.outputs {
                index.setOutput(out.path, .init(fingerprint: out.fingerprint, owner: item.owner,
                                                size: rendered.value[out.path]?.size))
            }
            finish(id: item.id, kind: kind, status: .skipped, failure: nil, warnings: [])
            return
        }
        // Drawn with a placeholder for a passing cause: recorded under a key
        // no plan makes, so the next run draws it again.
        let record = { (fingerprint: String) in rendered.provisional ? StandIn.fingerprint(fingerprint) : fingerprint }
        for (n, out) in item.outputs.enumerated() {
            guard let content = rendered.value[out.path] else { continue }
            // An output already current (a ticket's front when only its
            // memo changed) has these very bytes: not written again.
            if !rendered.provisional && isCurrentOutput(out) { continue }
            do throws(FileSystemError) {
                switch content {
                case let .bytes(bytes): try store?.write(out.path, bytes: bytes)
                case let .file(file): try file.land()
                }
            } catch {
                noteFailed(item.owner)
                // This output and the ones after it are not in the cache
                // as this run made them: the pages that link them wait.
                lock.withLock { unwritten.add(item.outputs[n...].map(\.path), of: item.owner) }
                finish(id: item.id, kind: kind, status: .failed, failure: ItemFailure(stage: .write, item: item.id, error: error),
                       warnings: rendered.warnings)
                return
            }
            index.setOutput(out.path, .init(fingerprint: record(out.fingerprint), owner: item.owner, size: content.size))
        }
        finish(id: item.id, kind: kind, status: .rendered, failure: nil, warnings: rendered.warnings)
    }

    /// Draws on `worker`, handing the composites the cache's current parts.
    private func draw(_ layout: any CardLayout, _ encodings: [EncodeSettings], spare: SpareThreads,
                      worker: inout Backend.Worker) throws -> Rendered<[[UInt8]]> {
        let (index, store) = (self.index, self.store)
        return try backend.render(layout, encodings: encodings, parts: { path, key in
            guard index.output(path)?.fingerprint == key else { return nil }
            return store?.read(path, limit: 64 << 20)
        }, spare: spare, worker: &worker)
    }

    /// Whether `output` is current in the cache (see `PlanContext.isCurrent`).
    private func isCurrentOutput(_ output: PlannedOutput) -> Bool {
        guard !options.force, let record = index.output(output.path), record.fingerprint == output.fingerprint,
              let size = store?.fileSize(output.path) else { return false }
        return record.size == size
    }

    /// Whether the cache's file `path` holds exactly `bytes`.
    func cacheHolds(_ path: String, _ bytes: [UInt8]) -> Bool {
        store?.read(path, limit: bytes.count + 1) == bytes
    }

    /// Removes output `path` and its record; a file that cannot be removed
    /// is counted as a failure, so the exit status says so: an output that
    /// stays behind after its entry is gone is something a monitor must hear
    /// about (it is tried again, since its record stays).
    func remove(_ path: String) {
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

    /// Records that an item of `owner` failed. Thread-safe.
    func noteFailed(_ owner: Owner) {
        lock.lock()
        failedOwners.insert(owner)
        lock.unlock()
    }
}
