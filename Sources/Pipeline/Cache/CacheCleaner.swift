import PhotiCaseDiary
import PhotiCaseFileSystem

/// `clean`: empties a cache, or with `--prune` removes only the outputs
/// whose entries or dates are gone. Both remove only what an index of
/// ours lists, at the layout's paths, under every lock (shard locks too).
public enum CacheCleaner {
    /// Removes every output the indexes list, and the indexes; keeps
    /// the log and the cache tag. Refuses a folder that is not a cache of
    /// ours (no CACHEDIR.TAG and no manifest). Returns the number of files
    /// removed. `notice` hears what did not stop it (a log it cannot write).
    ///
    /// Files at the layout's paths that no index lists (an index removed
    /// or damaged past salvage listed them) are removed when they carry
    /// our mark (`OutputMark`); those without it (another program's, or
    /// made before outputs were marked) stay, since nothing proves them
    /// ours, and `left` hears them and why.
    public static func empty(cache: String, notice: (String) -> Void = { _ in },
                             left: (_ paths: [String], _ why: String) -> Void = { _, _ in }) throws(PipelineError) -> Int {
        let store = try CacheStore(path: cache, create: false)
        guard store.isMarked else { throw .notACache(path: store.layout.root) }
        let locks = try store.lockAll()
        defer { withExtendedLifetime(locks) {} }
        store.sweepTemporaryFiles()
        var removed = 0
        var problems: [FileSystemError] = []
        for name in store.indexNames() {
            let index = try store.openIndex(name)
            var paths: [String] = []
            do throws(SQLiteError) { try index.forEachOutput { path, _ in paths.append(path) } } catch {
                throw .badCache(path: index.displayName, reason: error.message)
            }
            index.close()
            for path in paths.sorted() {
                do throws(FileSystemError) {
                    if try store.remove(path) { removed += 1 }
                } catch {
                    problems.append(error)
                }
            }
            guard problems.isEmpty else { break }
            do throws(FileSystemError) { try CacheIndex.removeFiles(name, in: store) } catch { problems.append(error) }
        }
        // An index set aside as damaged still named outputs of ours: what
        // can be read of it is removed, then the damaged file.
        var unreadable: [String] = []
        for name in store.setAsideIndexNames() where problems.isEmpty {
            guard let salvage = CacheIndex.salvage(store.canonicalRoot + "/" + name) else {
                unreadable.append(name)
                continue
            }
            for path in salvage.outputs.map(\.path).sorted() {
                do throws(FileSystemError) {
                    if try store.remove(path) { removed += 1 }
                } catch {
                    problems.append(error)
                }
            }
            if problems.isEmpty { _ = try? store.root.remove(name) }
        }
        // What no index lists but carries our mark is ours all the same
        // (an index removed, or damaged past salvage, listed it).
        var remaining: [String] = []
        if problems.isEmpty {
            let found = store.markedFiles(except: { _ in false }, shard: .all)
            for file in found.marked where problems.isEmpty {
                do throws(FileSystemError) {
                    if try store.remove(file.path) { removed += 1 }
                } catch {
                    problems.append(error)
                }
            }
            remaining = found.unmarked
        }
        if !remaining.isEmpty {
            let why = unreadable.isEmpty
                ? "no index lists them and they carry no mark of ours, so nothing proves them ours"
                : "no index lists them (\(unreadable.joined(separator: ", ")) was damaged past salvage) and they "
                    + "carry no mark of ours, so nothing proves them ours"
            log(store, "clean: left \(remaining.count) files at the cache's output paths: \(why)", notice: notice)
            left(remaining, why)
        }
        for folder in Kinds.folders { store.root.removeFolderIfEmpty(folder) }
        store.removeKindMarkers()
        log(store, "clean: removed \(removed) outputs", notice: notice)
        if let first = problems.first { throw .file(first) }
        return removed
    }

    /// Removes the outputs of entries that are provably gone, and of the
    /// days, months and years no remaining entry shows, with their index
    /// records, in every (shard) index. An entry the index remembers stays
    /// when it is among `entries`, or when its recorded folder cannot be
    /// shown to be gone (it still holds entry.json, or something on the way
    /// cannot be read): `EntryPresence`'s proof, as `render` uses, applied
    /// from the file system's root, since a remembered entry may live
    /// outside ENTRIES. A folder that now gives another id (an entry.json
    /// edited, or ENTRIES one folder up, so that default ids change) still
    /// holds an entry: its old outputs wait for `render`, which replaces
    /// them. The months kept are those
    /// `render` makes a sheet for on `today`. The book's pages and the
    /// site's style files are kept: they show the whole book, and the next
    /// `render` updates them. ENTRIES (`entriesPath`) with no entry at all
    /// over an index that records some is refused (`emptyEntries`) unless
    /// `allowEmpty`: an unmounted disk looks exactly like that. Returns
    /// the removed cache-relative paths.
    public static func prune(cache: String, entries: [Entry], today: CalendarDate,
                             entriesPath: String, allowEmpty: Bool = false,
                             notice: (String) -> Void = { _ in }) throws(PipelineError) -> [String] {
        let store = try CacheStore(path: cache, create: false)
        guard store.isMarked else { throw .notACache(path: store.layout.root) }
        let locks = try store.lockAll()
        defer { withExtendedLifetime(locks) {} }
        let ids = Set(entries.map(\.id))
        // No index at all over outputs (it was removed): the index made
        // anew adopts the files that carry our mark, and they are pruned
        // like any others.
        if store.indexNames().isEmpty && !store.layoutFiles().isEmpty {
            try store.openIndex(CacheLayout.indexName(.all)).close()
        }
        // Every index's remembered entries: what stays, and whether any exist.
        let (remembered, known) = try rememberedEntries(store)
        if entries.isEmpty && known > 0 && !allowEmpty { throw .emptyEntries(path: entriesPath, known: known) }
        let unrecorded = try unrecordedEntries(store, remembered: remembered, ids: ids)
        var presence: [String: Bool] = [:]
        func stays(_ id: String, _ record: Manifest.EntryRecord) -> Bool {
            if ids.contains(id) { return true }
            if let known = presence[record.folder] { return known }
            let present = EntryPresence.check(record.folder, root: "/") != .gone
            presence[record.folder] = present
            return present
        }
        var kept: [String: [String: Manifest.EntryRecord]] = [:]
        var dates = Set(entries.map(\.date))
        for (name, records) in remembered {
            kept[name] = records.filter { stays($0.key, $0.value) }
            for record in kept[name]!.values { if let date = CalendarDate(record.date) { dates.insert(date) } }
        }
        let months = MonthKey.sheetMonths(withEntries: Set(dates.map(MonthKey.init)), held: [], today: today)
        // Typed: an entry folder named `2022` gone is not kept by the year 2022.
        var owners = Set(ids.union(kept.values.flatMap(\.keys)).map(Owner.entry))
        owners.formUnion(dates.map(Owner.day))
        owners.formUnion(months.map(Owner.month))
        owners.formUnion(dates.map { Owner.year($0.year) })
        owners.formUnion([.book, .site])
        owners.formUnion(unrecorded.ids.map(Owner.entry))
        var removed: [String] = []
        for name in store.indexNames() {
            removed += try prune(store, index: name, owners: owners, dates: dates, keepDated: !unrecorded.ids.isEmpty,
                                 keptEntries: kept[name] ?? [:])
        }
        if !unrecorded.ids.isEmpty { sayKept(unrecorded, store: store, notice: notice) }
        log(store, "clean --prune: removed \(removed.count) outputs", notice: notice)
        return removed.sorted()
    }

    /// Every index's remembered entries, by index name, and how many.
    private static func rememberedEntries(_ store: CacheStore) throws(PipelineError)
        -> (remembered: [String: [String: Manifest.EntryRecord]], known: Int) {
        var remembered: [String: [String: Manifest.EntryRecord]] = [:]
        var known = 0
        for name in store.indexNames() {
            let index = try store.openIndex(name)
            defer { index.close() }
            var records: [String: Manifest.EntryRecord] = [:]
            do throws(SQLiteError) {
                try index.forEachEntry { id, record in
                    known += 1
                    records[id] = record
                }
            } catch {
                throw .badCache(path: index.displayName, reason: error.message)
            }
            remembered[name] = records
        }
        return (remembered, known)
    }

    /// Removes the outputs index `name` lists whose owner is not among
    /// `owners` (an entry's with its dates kept whole while `keepDated`),
    /// and records `keptEntries` as its entries; returns the paths removed.
    private static func prune(_ store: CacheStore, index name: String, owners: Set<Owner>, dates: Set<CalendarDate>,
                              keepDated: Bool, keptEntries: [String: Manifest.EntryRecord]) throws(PipelineError) -> [String] {
        let index = try store.openIndex(name)
        defer { index.close() }
        var gone: [String] = []
        // The site's home page shows the month of its last render's
        // today; that month is kept whole (its sheet and site page, which
        // the home page links) even when the date has moved on or
        // `--today` is earlier: no entry of it is gone, and the next
        // render moves the home page on.
        // With it go the months the site's calendar steps through to get
        // there (the short gaps `sheetMonths` fills), which its pages link.
        var keptOwners = owners
        if let home = index.output("index.html") {
            keptOwners.insert(home.owner)
            if let month = MonthKey(home.owner.key), let first = CalendarDate(year: month.year, month: month.month, day: 1) {
                let withEntries = Set(dates.map(MonthKey.init))
                keptOwners.formUnion(MonthKey.sheetMonths(withEntries: withEntries, held: [], today: first).map(Owner.month))
            }
        }
        do throws(SQLiteError) {
            try index.forEachOutput { path, record in
                // An entry no index records may show any date.
                if keepDated && Self.datedOwners.contains(record.owner.kind) { return }
                if !keptOwners.contains(record.owner) { gone.append(path) }
            }
        } catch {
            throw .badCache(path: index.displayName, reason: error.message)
        }
        var removed: [String] = []
        for path in gone.sorted() {
            do throws(FileSystemError) {
                try store.remove(path)
            } catch {
                try? index.commit()
                throw .file(error)
            }
            index.removeOutput(path)
            removed.append(path)
        }
        do throws(SQLiteError) { try index.commit(entries: .init(keptEntries)) } catch {
            throw .badCache(path: index.displayName, reason: "cannot be updated: \(error.message)")
        }
        return removed
    }

    /// Says (in the log and to the user) what prune kept of entries no
    /// index records.
    private static func sayKept(_ unrecorded: (ids: Set<String>, outputs: Int), store: CacheStore,
                                notice: (String) -> Void) {
        let shown = unrecorded.ids.sorted().prefix(10).joined(separator: ", ")
        let line = "clean --prune: kept \(unrecorded.outputs) outputs of \(unrecorded.ids.count) entries no index records "
            + "(\(shown)\(unrecorded.ids.count > 10 ? " and \(unrecorded.ids.count - 10) more" : "")), adopted by their mark "
            + "when the index was made anew, and every day, month and year: a mark names an entry, not its folder, so "
            + "nothing proves them gone; a render of the whole book records them again (or removes those gone)"
        log(store, line, notice: notice)
        notice(line)
    }

    /// The owner kinds whose outputs show the entries of a date.
    private static let datedOwners: Set<Owner.Kind> = [.day, .month, .year]

    /// The entries whose outputs an index lists but no index records
    /// (adopted by their mark, when an index was made anew after it was
    /// lost), other than `ids`, with the number of their outputs. Their
    /// folders are unknown, so prune cannot prove them gone: they may live
    /// outside ENTRIES, or be spelled from another root.
    private static func unrecordedEntries(_ store: CacheStore, remembered: [String: [String: Manifest.EntryRecord]],
                                          ids: Set<String>) throws(PipelineError) -> (ids: Set<String>, outputs: Int) {
        var found: Set<String> = [], outputs = 0
        for name in store.indexNames() {
            let index = try store.openIndex(name)
            defer { index.close() }
            do throws(SQLiteError) {
                try index.forEachOutput { _, record in
                    let id = record.owner.key
                    guard record.owner.kind == .entry, !ids.contains(id),
                          !remembered.values.contains(where: { $0[id] != nil }) else { return }
                    found.insert(id)
                    outputs += 1
                }
            } catch {
                throw .badCache(path: index.displayName, reason: error.message)
            }
        }
        return (found, outputs)
    }

    /// Writes `line` to the cache's log; a log that cannot be written does
    /// not undo the clean, but is said, as a render says it.
    private static func log(_ store: CacheStore, _ line: String, notice: (String) -> Void) {
        do throws(FileSystemError) { try store.openLog().write(line) } catch {
            notice("\(error); this clean is not logged")
        }
    }
}
