import Foundation
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseFileSystem

// The unchanged-book check: a cron job that renders every few minutes
// finds a large book unchanged by stat'ing its files and comparing them
// with the index, without loading an entry or holding one in memory, so
// its memory does not grow with the book.
//
// A run that rendered everything it planned, held nothing and met no
// problem leaves a mark in the index: a digest of what decided its outputs
// besides the entries (the build, the options, the fonts) and of the
// index's entry, file and output rows as it left them. The next run of the
// same kinds with the same options finds nothing to do when
// - the mark matches (so no run of any build or kind changed those rows
//   since, and every output row of its kinds is the one it left);
// - every output of its kinds is in the cache at its recorded size;
// - walking ENTRIES finds exactly the folders the index records, none
//   unreadable, each entry.json with the stamp (size, inode, mtime, ctime)
//   it had when it was read, and each photo with the stat its hash was
//   recorded with.
// Anything else, and the run loads the book as it always does.
//
// Every kind's outputs are decided by those inputs alone: a ticket by its
// entry.json and photos, a day, month, book page, year or site page by the
// entries it shows (all of them, for the book's order), and the month
// sheets and the site also by today, which is in the mark when they are
// made. So what holds for days and months holds for every kind.

/// What the unchanged-book check found: how many entries it stat'ed, how
/// many outputs are current, and how many items they are (a ticket's three
/// images are one item).
struct UnchangedBook {
    var entries: Int
    var outputs: Int
    var items: Int
}

/// The output rows of one kind as the unchanged-book check reads them: a
/// range of the index's keys, and how a row names the item a loading run
/// reports it under.
struct StampedOutputs {
    enum Naming {
        /// The row's owner: a ticket's three images are the entry's item.
        case owner
        /// The path without its extension (`days/2022-08-27`).
        case stem
        /// The path (site pages).
        case path
    }

    var range: Range<String>
    var kind: ItemKind
    var naming: Naming
    /// Which rows of the range are this kind's (two kinds share the
    /// tickets folder).
    var accepts: @Sendable (String) -> Bool = { _ in true }


    /// The rows of one output folder: its paths begin with `folder/`. The
    /// range ends at `folder0`, '0' being the character after '/'.
    init(folder: String, kind: ItemKind, naming: Naming, accepts: @escaping @Sendable (String) -> Bool = { _ in true }) {
        self.init(range: (folder + "/")..<(folder + "0"), kind: kind, naming: naming, accepts: accepts)
    }

    init(range: Range<String>, kind: ItemKind, naming: Naming, accepts: @escaping @Sendable (String) -> Bool = { _ in true }) {
        self.range = range
        self.kind = kind
        self.naming = naming
        self.accepts = accepts
    }

    /// The id of the item row `path` (owned by `owner`) belongs to.
    func itemID(path: String, owner: String) -> String {
        switch naming {
        case .owner: owner
        case .stem: path.lastIndex(of: ".").map { String(path[..<$0]) } ?? path
        case .path: path
        }
    }
}

extension RenderRun {
    /// Whether this run takes part: every run that writes.
    var usesCleanMark: Bool { !options.dryRun && !kinds.isEmpty }

    /// The output rows of this run's kinds, in the order a loading run
    /// reports their items (each kind's declaration says how).
    private var stampedOutputs: [StampedOutputs] { kindsMade.flatMap { $0.declaration.stamped } }

    /// The index row of a loaded entry's folder, or nil when it gets none:
    /// its entry.json had not settled, or a photo's path is not inside the
    /// folder's path as typed (the loader allows links that stay inside).
    static func entryFileRecord(_ e: RunEntry) -> (folder: String, record: EntryFileRecord)? {
        guard let stamp = e.stamp else { return nil }
        let folder = e.entry.folder
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        func relative(_ photo: FacePhoto?) -> String?? {
            guard let path = photo?.path else { return .some(nil) }
            guard path.hasPrefix(prefix) else { return nil }
            return .some(String(path.dropFirst(prefix.count)))
        }
        guard let front = relative(e.entry.front), let back = relative(e.entry.back) else { return nil }
        return (e.canonicalFolder, EntryFileRecord(id: e.entry.id, stamp: stamp, front: front, back: back))
    }

    /// The entry-file rows of every loaded entry.
    static func entryFileRecords(_ loading: Loading) -> EntryFileRecords {
        EntryFileRecords(count: loading.entries.count,
                         position: { id in loading.byID.position(of: id) { loading.entries[$0].entry.id } },
                         record: { entryFileRecord(loading.entries[$0]) })
    }

    /// The mark for the index as it stands: nil when an output row of this
    /// run's kinds is not one the layout makes or has no size, or, with
    /// `checkFiles`, when its file is not in the cache at that size.
    func cleanMark(index: CacheIndex, base: String, checkFiles: Bool) -> (mark: String, book: UnchangedBook)? {
        var f = Fingerprint("clean-5")
        f.add(Self.buildStamp)
        for kind in OutputKind.allCases {
            f.add(kinds.contains(kind) ? "\(kind) \(kind.declaration.defaultFormat == nil ? "-" : options.format(kind).rawValue)" : "-")
        }
        f.add(options.quality.map(String.init) ?? "-")
        f.add("\(options.shard)")
        // What else decides each kind's bytes, as the kind says (page size,
        // today, the site's address).
        for kind in OutputKind.allCases {
            f.add(kinds.contains(kind) ? kind.declaration.optionsKey(options, kinds: kinds) : "-")
        }
        // An entry without an id in its entry.json is named by its folder's
        // path below ENTRIES: the same book run one folder lower renames it.
        f.add(EntryDiscovery.canonicalRoot(options.entries))
        f.add(base)
        var outputs = 0, items = 0
        for stamped in stampedOutputs {
            var owner: String?, after = ""
            while true {
                // A batch of rows at a time, so their files are stat'ed on the
                // `--jobs` threads (a whole book's tickets and site pages are
                // hundreds of thousands) without the index's lock held.
                var rows: [(path: String, fingerprint: String, owner: String, size: Int64)] = []
                var sized = true, scanned: String?
                do throws(SQLiteError) {
                    try index.forEachOutputRow(in: stamped.range, after: after, limit: 4096) { path, fingerprint, rowOwner, size in
                        scanned = path
                        guard stamped.accepts(path) else { return true }
                        guard let size else {
                            sized = false
                            return false
                        }
                        rows.append((path, fingerprint, rowOwner, size))
                        return true
                    }
                } catch {
                    return nil
                }
                guard sized else { return nil }
                guard let last = scanned else { break }
                after = last
                if checkFiles {
                    // The rows' paths need no layout check here: they are the
                    // ones the mark was made from (each checked then), or the
                    // digest differs anyway.
                    let (store, batch) = (self.store, rows)
                    let present = Self.parallelMap(batch.count, threads: options.jobs) { i in
                        store?.fileSize(batch[i].path) == batch[i].size
                    }
                    guard !present.contains(false) else { return nil }
                } else {
                    guard rows.allSatisfy({ Kinds.parse($0.path) != nil }) else { return nil }
                }
                for row in rows {
                    outputs += 1
                    if stamped.naming != .owner || row.owner != owner { items += 1 }
                    owner = row.owner
                    f.add("\(row.path) \(row.fingerprint) \(row.owner) \(row.size)")
                }
            }
        }
        guard let inputs = try? index.inputRowsDigest() else { return nil }
        f.add("\(outputs) \(inputs.entries) \(inputs.digest.hex)")
        return (f.finish(), UnchangedBook(entries: inputs.entries, outputs: outputs, items: items))
    }

    /// The index key of this run's mark: one for each set of kinds.
    var cleanMarkKey: String {
        "clean " + kindsMade.map(\.rawValue).joined(separator: ",")
    }

    /// Whether this run may leave a mark once it has rendered everything
    /// it planned: it held nothing, failed nothing while loading, and every
    /// entry has an entry-file row.
    func isMarkable(_ loading: Loading, held: HeldRecords) -> Bool {
        usesCleanMark && loading.failed.isEmpty && held.ids.isEmpty && held.dates.isEmpty
            && loading.entries.allSatisfy { Self.entryFileRecord($0) != nil }
    }

    /// Left only by a run that rendered every item it planned, held nothing
    /// and met no problem; any other run of these kinds takes it away.
    func leaveCleanMark(markable: Bool, base: String) {
        let clean = markable && stop?.signal == nil && summary.failed == 0 && notices.isEmpty && index.warnings.isEmpty
        updateCleanMark(clean ? cleanMark(index: index, base: base, checkFiles: false)?.mark : nil, index: index)
    }

    /// Leaves `mark` in the index (nil: none), unless it is there already.
    /// Not being able to is not a problem of the run: the next one loads
    /// the book.
    func updateCleanMark(_ mark: String?, index: CacheIndex) {
        guard index.cleanMark(key: cleanMarkKey) != mark else { return }
        try? index.setCleanMark(mark, key: cleanMarkKey)
    }

    /// This build, as the mark names it: the executable's size, inode and
    /// times, so a new build (which may plan differently) loads the book
    /// once before it trusts a mark.
    static var buildStamp: String {
        guard let status = try? FileSystem.status("/proc/self/exe"), let stamp = FileStamp(status) else {
            return UUID().uuidString  // never matches: every run loads
        }
        return "\(stamp.size) \(stamp.inode) \(stamp.mtimeNanoseconds) \(stamp.ctimeNanoseconds)"
    }

    /// Whether the book is as the last clean run of these kinds left it
    /// (see the top of this file); nil when it may not be, or this run does
    /// not take part (`--force`, a dry run).
    /// `base`: the run's `baseFingerprint`.
    func checkUnchanged(index: CacheIndex, base: () -> String, phases: inout PhaseTimer) throws(PipelineError) -> UnchangedBook? {
        guard usesCleanMark, !options.force, let stored = index.cleanMark(key: cleanMarkKey) else { return nil }
        guard let (mark, book) = cleanMark(index: index, base: base(), checkFiles: true),
              mark == stored, book.entries > 0 else {
            phases.mark("mark")
            return nil
        }
        phases.mark("mark")
        var matched = 0
        let walk = try EntryDiscovery.walk(in: options.entries, excluding: options.cache, chunk: 4096) { found in
            let rows = index.entryFiles(folders: found.map(\.canonicalFolder))
            let holds = Self.parallelMap(found.count, threads: options.jobs) { i in
                rows[i].map { Self.stampHolds(found[i], $0) } ?? false
            }
            guard !holds.contains(false), stop?.signal == nil else { return false }
            matched += found.count
            return true
        }
        phases.mark("walk")
        guard walk.complete, walk.unreadable.isEmpty, matched == book.entries else { return nil }
        return book
    }

    /// Whether entry folder `found` is as the index recorded it (`rows`): its
    /// entry.json's stamp, and its photos' stats those their hashes were
    /// recorded with (each file opened and stat'ed, not read, as loading
    /// checks it: a file that cannot be read now fails its entry).
    /// Thread-safe.
    private static func stampHolds(_ found: EntryDiscovery.Found, _ rows: CacheIndex.EntryFileRows) -> Bool {
        let (row, front, back) = rows
        // Opened, as loading opens it: one this user cannot read fails its
        // entry (a book checked by one user and rerun by another).
        guard found.stamp == row.stamp,
              let status = try? FileSystem.readableStatus(EntryDiscovery.join(found.folder, EntryLoader.fileName)),
              FileStamp(status) == row.stamp else { return false }
        for (name, record) in [(row.front, front), (row.back, back)] {
            guard let name else { continue }
            // As loading checks a photo: inside its folder once links are
            // followed (a photo moved out and linked to keeps its stat),
            // and as its hash was recorded (`FileHasher.check`).
            guard let record, EntryLoader.photoStaysInside(name, folder: found.folder, landing: found.canonicalFolder),
                  (try? FileHasher.standing(record, at: EntryDiscovery.join(found.folder, name))) != nil
            else { return false }
        }
        return true
    }

    /// Reports every item of an unchanged book as skipped, kind by kind in
    /// the order a loading run reports them, each kind's items in the
    /// order of their paths (a loading run gives tickets in the order of
    /// their folders, and each kind's pages in its own order).
    func reportUnchanged(_ book: UnchangedBook, index: CacheIndex) {
        total = book.items
        progress?.handle(.start(total: total))
        for stamped in stampedOutputs {
            var after = "", owner: String?
            while true {
                // Listed a batch at a time, reported after: reporting may
                // commit, which takes the index's lock.
                var ids: [String] = [], last: String?
                try? index.forEachOutputRow(in: stamped.range, after: after, limit: 4096) { path, _, rowOwner, _ in
                    last = path
                    guard stamped.accepts(path) else { return true }
                    if stamped.naming != .owner || rowOwner != owner { ids.append(stamped.itemID(path: path, owner: rowOwner)) }
                    owner = rowOwner
                    return true
                }
                for id in ids { finish(id: id, kind: stamped.kind, status: .skipped, failure: nil, warnings: []) }
                guard let last else { break }
                after = last
            }
        }
    }
}
