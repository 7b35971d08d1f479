import Foundation
import Codecs
import Entries
import FileSystem

// The unchanged-book check: a cron job that renders days and months every
// few minutes finds a large book unchanged by stat'ing its files and
// comparing them with the index, without loading an entry or holding one
// in memory, so its memory does not grow with the book.
//
// A run of those kinds that rendered everything it planned, held nothing
// and met no problem leaves a mark in the index: a digest of what decided
// its outputs besides the entries (the build, the options, the fonts) and
// of the index's entry, file and output rows as it left them. The next run
// of the same kinds with the same options finds nothing to do when
// - the mark matches (so no run of any build or kind changed those rows
//   since, and every day and month output's row is the one it left);
// - every day and month output is in the cache at its recorded size;
// - walking ENTRIES finds exactly the folders the index records, none
//   unreadable, each entry.json with the stamp (size, inode, mtime, ctime)
//   it had when it was read, and each photo with the stat its hash was
//   recorded with.
// Anything else, and the run loads the book as it always does.

/// What the unchanged-book check found: how many entries it stat'ed and
/// how many outputs are current.
struct UnchangedBook {
    var entries: Int
    var outputs: Int
}

extension RenderRun {
    /// The kinds whose reruns are checked by stat alone: those a cron job
    /// renders all day (README, "Cron and systemd").
    static var stampedKinds: Set<OutputKind> { [.days, .months] }

    /// Whether this run takes part: a run of days, months or both, that
    /// writes.
    var usesCleanMark: Bool {
        !options.dryRun && !options.only.isEmpty && options.only.isSubset(of: Self.stampedKinds)
    }

    /// The output folders of this run's kinds, as their paths begin, with
    /// the kind of item each output is.
    private var stampedPrefixes: [(prefix: String, kind: ItemKind)] {
        [(OutputKind.days, "days/", ItemKind.days), (.months, "months/", .months)]
            .filter { options.only.contains($0.0) }.map { ($0.1, $0.2) }
    }

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
        var f = Fingerprint("clean-1")
        f.add(Self.buildStamp)
        for kind in OutputKind.allCases {
            f.add(options.only.contains(kind) ? options.formats[kind]?.rawValue ?? "default" : "-")
        }
        f.add("\(options.shard)")
        // An entry without an id in its entry.json is named by its folder's
        // path below ENTRIES: the same book run one folder lower renames it.
        f.add(EntryDiscovery.canonicalRoot(options.entries))
        // Only the month sheets show today.
        f.add(options.only.contains(.months) ? options.today.description : "-")
        f.add(base)
        var outputs = 0
        for (prefix, _) in stampedPrefixes {
            var good = true
            do throws(SQLiteError) {
                try index.forEachOutputRow(prefix: prefix) { path, fingerprint, owner, size in
                    guard let size, CacheLayout.kind(ofOutput: path) != nil,
                          !checkFiles || store?.fileSize(path) == size else {
                        good = false
                        return false
                    }
                    outputs += 1
                    f.add("\(path) \(fingerprint) \(owner) \(size)")
                    return true
                }
            } catch {
                return nil
            }
            guard good else { return nil }
        }
        guard let inputs = try? index.inputRowsDigest() else { return nil }
        f.add("\(outputs) \(inputs.entries) \(inputs.digest.hex)")
        return (f.finish(), UnchangedBook(entries: inputs.entries, outputs: outputs))
    }

    /// Leaves `mark` in the index (nil: none), unless it is there already.
    /// Not being able to is not a problem of the run: the next one loads
    /// the book.
    func updateCleanMark(_ mark: String?, index: CacheIndex) {
        guard index.cleanMark() != mark else { return }
        try? index.setCleanMark(mark)
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
    /// not take part (another kind, `--force`, a dry run).
    func checkUnchanged(index: CacheIndex, phases: inout PhaseTimer) throws(PipelineError) -> UnchangedBook? {
        guard usesCleanMark, !options.force, let stored = index.cleanMark() else { return nil }
        let hasher = FileHasher(previous: index.file)
        guard let (mark, book) = cleanMark(index: index, base: baseFingerprint(hasher: hasher), checkFiles: true),
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
            // As loading checks a photo (`FileHasher.check`).
            guard let record, (try? FileHasher.standing(record, at: EntryDiscovery.join(found.folder, name))) != nil
            else { return false }
        }
        return true
    }

    /// Reports every output of an unchanged book as skipped, in the order
    /// a loading run plans them (days, then months, each by date).
    func reportUnchanged(_ book: UnchangedBook, index: CacheIndex) {
        total = book.outputs
        progress?.handle(.start(total: total))
        for (prefix, kind) in stampedPrefixes {
            // Listed first (a day or month each, not an entry), reported
            // after: reporting may commit, which takes the index's lock.
            var owners: [String] = []
            try? index.forEachOutputRow(prefix: prefix) { _, _, owner, _ in
                owners.append(owner)
                return true
            }
            for owner in owners { finish(id: prefix + owner, kind: kind, status: .skipped, failure: nil, warnings: []) }
        }
    }
}
