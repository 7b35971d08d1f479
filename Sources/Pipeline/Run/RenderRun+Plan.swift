import Foundation
import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseHashing

// What is held and what is planned: the phases between loading and
// writing. Every kind plans its own items (its declaration's `plan`);
// this file decides what the run leaves alone and what it removes.

/// Everything a run is to do, as planning left it: the items to render in
/// order, those already current, and what is to be removed.
struct RenderPlan {
    /// Items to render, in rendering order (`RenderOrder`).
    var toRender: [WorkItem]
    /// Items whose outputs are all current: reported as skipped.
    var current: [(id: String, kind: OutputKind)]
    /// Outputs whose owners are provably gone (or no longer made): removed
    /// once every item is rendered.
    var gone: [String]
    /// Outputs that this run's outputs of the same owner replace (another
    /// format, a book grown shorter): removed once that owner's items are
    /// all written.
    var superseded: [Owner: [String]]
    /// The days and months planned (for the log's account of what is held).
    var plannedOwners: Set<Owner>

    var itemCount: Int { toRender.count + current.count }
}

extension RenderRun {
    /// What is held: everything a failed entry or an unreadable folder may
    /// own, and every remembered entry not provably gone. An ENTRIES with
    /// no entry at all over an index that records some is refused unless
    /// `--allow-empty`: an unmounted disk looks exactly like that.
    func hold(_ loading: Loading, root: String, nothing: Bool, recorded: Int, keepsText: Bool = true)
        throws(PipelineError) -> HeldRecords {
        let held = try heldRecords(index: index, loading: loading, root: root, keepsText: keepsText)
        if nothing && recorded > 0 && !options.allowEmpty && held.ids.count < recorded {
            throw .emptyEntries(path: options.entries, known: recorded)
        }
        return held
    }

    /// The backend's identity and its input files' (the fonts'): the first
    /// field of every key. Asking fontconfig for the fonts and reading
    /// them takes a first run of a small diary 5-6 ms, so `run` starts it
    /// on another thread before it opens the cache and loads the book.
    static func baseFingerprint(_ backend: Backend) -> String {
        var f = Fingerprint("backend")
        f.add(backend.fingerprint)
        // The bytes of every output, not its pixels: a new mark is written
        // into every file once.
        f.add(OutputMark.version)
        for path in backend.inputFiles.sorted() {
            f.add(path)
            f.add(Self.fontIdentity(path))
        }
        return f.finish()
    }

    /// A font file's identity: its size and the hash of its first 64 KiB.
    /// An OpenType or TrueType file (or collection) opens with its table
    /// directory, which holds every table's checksum, so any change to the
    /// font shows there; hashing the whole of a system's fonts (tens of
    /// megabytes of CJK fonts) was a third of a one-entry diary's first
    /// run, paid again for every new cache. "unreadable" for a file that
    /// cannot be read (the renderer says so when it loads it).
    static func fontIdentity(_ path: String) -> String {
        // Followed through links, as fontconfig lists and FreeType opens them.
        guard let (prefix, status) = try? FileSystem.readFilePrefix(path, count: 64 << 10) else { return "unreadable" }
        var hash = SHA256()
        hash.update("\(status.size):")
        hash.update(prefix)
        return SHA256.hexString(hash.finalize())
    }

    /// Plans every kind the run makes, in the registry's order, and works
    /// out what is removed: outputs not planned whose owners this run
    /// decides for (not held, this shard's), gone or superseded.
    func plan(_ loading: Loading, held: HeldRecords, base: String) throws(PipelineError) -> RenderPlan {
        // The book's pages show every entry in one order: while an entry is
        // held without a stand-in (its last good entry.json), the images of
        // them are held as they were (when the cache has any); the site's,
        // which link every entry's page, while any entry is held.
        let hasBook = !held.ids.isEmpty
            && (index.hasOutput(ownedBy: .book) || store?.holdsAnyFile(in: Kinds.bookFolders) == true)
        let context = PlanContext(options: options, kinds: kinds, loading: loading, held: held,
                                  holdBook: hasBook && held.holdsBook, holdSiteBook: hasBook,
                                  base: base, scale: backend.scale, thumbnailSide: backend.thumbnailSide,
                                  look: kinds.contains(.site) ? backend.siteLook() : (Theme(), .standard),
                                  index: index, store: store)
        var builder = PlanBuilder()
        for declaration in Kinds.all where kinds.contains(declaration.kind) {
            declaration.plan(context, into: &builder)
        }
        logHeld(held, planned: builder.owners)
        // What is held stays as it is: a held entry's outputs, its day,
        // month and year; the book while any entry is held; pages next to
        // a held entry.
        var heldOwners = Set(held.ids.map(Owner.entry))
        for date in held.dates {
            heldOwners.formUnion([.day(date), .month(MonthKey(date)), .year(date.year)])
        }
        if !held.ids.isEmpty { heldOwners.insert(.book) }
        heldOwners.formUnion(builder.held)
        var gone: [String] = []
        var superseded: [Owner: [String]] = [:]
        let planned = builder.paths, plannedOwners = builder.owners, kinds = self.kinds, shard = options.shard
        // A file adopted by its mark (the index was made anew) names its
        // owner but no folder: while an entry cannot be read, it may be
        // that entry's, so none is taken for gone.
        let holdFound = !loading.failed.isEmpty
        var heldFound = 0
        do throws(SQLiteError) {
            try index.forEachOutput(except: planned) { path, record in
                guard let (kind, _) = Kinds.parse(path), kinds.contains(kind), !heldOwners.contains(record.owner),
                      shard.owns(kind.declaration.shardKey(record.owner)) else { return }
                if holdFound && record.fingerprint == OutputMark.foundFingerprint && !plannedOwners.contains(record.owner) {
                    heldFound += 1
                    return
                }
                if plannedOwners.contains(record.owner) {
                    superseded[record.owner, default: []].append(path)
                } else {
                    gone.append(path)
                }
            }
        } catch {
            throw .badCache(path: index.displayName, reason: error.message)
        }
        gone.sort()
        if heldFound > 0 {
            log?.write("held \(heldFound) outputs adopted by their mark whose owners this run did not render: an entry "
                       + "could not be read, and they may be its; they go with the first run that reads every entry")
        }
        // While an entry is held, the pages are held as they were, and they
        // link the outputs of entries gone since: those wait for the run
        // that holds nothing and renders the pages anew, so no held page
        // links a file that was removed.
        if !held.ids.isEmpty && !gone.isEmpty {
            log?.write("held \(gone.count) outputs of entries gone since the last run: the held pages link them; "
                       + "they go with the first run that holds no entry")
            gone = []
        }
        for warning in index.warnings { notice(warning, counted: false) }
        return RenderPlan(toRender: RenderOrder.ordered(builder.toRender), current: builder.current, gone: gone,
                          superseded: superseded, plannedOwners: plannedOwners)
    }

    /// Says in the log what is held and why, so that a cron job's log
    /// explains the items a run left alone: remembered entries it did not
    /// read, and the days and months that show an entry that cannot be
    /// read now and are kept rather than planned (at most `heldLines`
    /// lines of each sort: a folder that cannot be read may hold thousands).
    private func logHeld(_ held: HeldRecords, planned: Set<Owner>) {
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
        let days = kinds.contains(.days)
            ? held.dates.filter { !planned.contains(.day($0)) && options.shard.owns($0.description) }.sorted() : []
        lines(days.map { "held days/\($0): it shows an entry this run did not read; left as it is" },
              more: { "held \($0) more days likewise" })
        let months = kinds.contains(.months)
            ? Set(held.dates.map(MonthKey.init)).filter { !planned.contains(.month($0)) && options.shard.owns($0.description) }
                .sorted() : []
        lines(months.map { "held months/\($0): it shows an entry this run did not read; left as it is" },
              more: { "held \($0) more months likewise" })
    }

    static var heldLines: Int { 20 }

    /// A dry run's report: a line per output to write or remove, the
    /// failures as a run reports them, and the summary.
    func reportDryRun(_ plan: RenderPlan, failed: [FailedEntry], started: Double) -> RunSummary {
        let removals = (plan.gone + plan.superseded.values.joined()).sorted()
        // An output whose key changed but whose bytes are what the cache
        // holds is not rewritten (`keepsEqualFiles`): a dry run says so too.
        let context = renderContext { _, _ in throw DryRun.drawsNothing }
        let writes = plan.toRender.filter { item in
            guard !options.force, item.kind.declaration.keepsEqualFiles,
                  let rendered = try? item.kind.declaration.render(item, in: context),
                  let files = try? OutputMark.marking(rendered.value, owner: item.owner) else { return true }
            return !item.outputs.allSatisfy { out in files[out.path].map { $0.bytes.map { cacheHolds(out.path, $0) } ?? false } ?? true }
        }
        // An item writes only its outputs that are not current (a ticket's
        // front, when only the memo changed, is not written).
        dryRunLines = writes.flatMap { item in
            item.outputs.filter { !item.currentPaths.contains($0.path) }.map { "render \($0.path)" }
        } + removals.map { "remove \($0)" }
        failureRecords = failed.map(\.failure)
        // What cannot be read is reported as a run reports it.
        for (i, f) in failed.enumerated() {
            progress?.handle(.item(done: i + 1, total: failed.count, id: f.id, kind: .entry, status: .failed,
                                   error: f.failure.description, warnings: []))
        }
        summary.failed = failed.count
        summary.rendered = writes.count
        summary.skipped = plan.itemCount - writes.count
        summary.removed = removals.count
        summary.seconds = Clock.now() - started
        progress?.handle(.finished(summary))
        return summary
    }
}

/// A dry run draws nothing: only outputs that need no drawing (pages) are
/// made, to tell whether their bytes changed.
enum DryRun: Error {
    case drawsNothing
}
