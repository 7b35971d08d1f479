import PhotiCaseConcurrency
import Foundation
import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseHashing
import PhotiCaseImaging

// Finding and loading a book: its entries, and for a run their photos' hashes.

/// An entry loaded in this run: where it was found (links resolved) and
/// the hash of its entry.json (32 bytes, spelled in hex only where a
/// fingerprint needs it). Not nested in the generic `RenderRun`: a
/// type nested there is generic too, and every copy of it went through
/// runtime metadata (a tenth of an unchanged book's rerun).
struct RunEntry: Sendable {
    var entry: Entry
    var canonicalFolder: String
    var jsonHash: Digest
    /// The content hashes of the front and back photos (nil: no photo).
    /// Kept here, not in a dictionary by path (see `PositionTable`).
    var front: Digest?
    var back: Digest?
    /// entry.json's stamp as discovery found it, when it had settled (see
    /// `FileStamp.isSettled`): the index keeps it for the next run's
    /// unchanged-book check.
    var stamp: FileStamp?
}

/// What loading gave: see `RenderRun.load`.
struct Loading {
    var entries: [RunEntry]
    var failed: [FailedEntry]
    /// The loaded entries by id (ids are unique here: entries that share
    /// one failed).
    var byID: PositionTable
    /// The loaded entries' photos by path: position `2 * i` is entry `i`'s
    /// front, `2 * i + 1` its back.
    var byPhotoPath: PositionTable
    /// The new index records of the photos whose record did not match,
    /// by the photos' canonical paths (their index keys).
    var changedFiles: [String: Manifest.File] = [:]
    /// The index keys of the loaded entries' photos that differ from the
    /// photos' paths (ENTRIES typed other than canonically: relative, or
    /// through a link); nil when none does. A photo whose key is its path
    /// is found in `byPhotoPath`.
    var photoKeys: Set<String>?

    init(entries: [RunEntry], failed: [FailedEntry], photoKeys: Set<String>?) {
        self.entries = entries
        self.failed = failed
        self.photoKeys = photoKeys
        byID = PositionTable(count: entries.count) { entries[$0].entry.id }
        byPhotoPath = PositionTable(count: 2 * entries.count) { Loading.photoPath(entries, $0) }
    }

    /// The path of photo `p` as `byPhotoPath` numbers them.
    private static func photoPath(_ entries: [RunEntry], _ p: Int) -> String? {
        let e = entries[p >> 1].entry
        return (p & 1 == 0 ? e.front : e.back)?.path
    }

    /// The loaded entry with id `id`.
    func entry(id: String) -> RunEntry? {
        byID.position(of: id) { entries[$0].entry.id }.map { entries[$0] }
    }

    /// Whether the index's file row `key` is a photo of this run. Paths
    /// match byte for byte, as the file system names files (two spellings
    /// of an accented name are two files), not as `String`s compare.
    func isPhoto(_ key: String) -> Bool {
        if byPhotoPath.position(of: key, where: { entries[$0 >> 1].entry.photoPath(back: $0 & 1 == 1, is: key) }) != nil {
            return true
        }
        guard let photoKeys, let i = photoKeys.firstIndex(of: key) else { return false }
        return photoKeys[i].utf8.elementsEqual(key.utf8)
    }

    /// This run's index record of each loaded entry.
    static func record(_ e: RunEntry) -> Manifest.EntryRecord {
        .init(date: e.entry.date.description, folder: e.canonicalFolder)
    }
}

/// What loading kept of an entry's photos until the results are gathered:
/// the new records of those whose index record did not stand. Not the
/// records that stand: each holds its hash as the index's
/// hex text, and a large book's worth of those waited here for nothing.
private struct CheckedPhotos: Sendable {
    /// By index key. Empty in an unchanged book (no allocation).
    var fresh: [(path: String, record: Manifest.File)] = []
    /// The photos' index keys where they differ from their paths (empty
    /// when ENTRIES is typed canonically, no allocation).
    var keys: [String] = []
}

/// What loading one entry folder gave.
private enum LoadOutcome: Sendable {
    case loaded(RunEntry, photos: CheckedPhotos)
    /// Read and checked, but a photo cannot be read.
    case unreadablePhoto(RunEntry, ImageFileError)
    /// Not read: entry.json is missing, unreadable or wrong.
    case failed(FailedEntry)
}

/// Finds a book's entry folders and loads them: the one loader `render`,
/// `clean --prune` and `share --year` use. For `render` it also hashes
/// each photo (`photos`), so the run can key what the photos make.
public struct BookLoader {
    /// ENTRIES: an entry folder, or a folder of entry folders.
    var root: String
    /// A folder below ENTRIES that is not part of the book (the cache).
    var excluding: String?
    var jobs: Int
    var loadEntry: EntryLoading
    /// Hashes each photo against the index's records (render); nil only
    /// checks nothing of the photos (prune, share --year).
    var hasher: FileHasher?
    /// Keep each entry's director, author, friends and memo (false for a
    /// run whose kinds show none of them: a large book's memory).
    var keepsText = true
    /// Ends loading between chunks when set.
    var stop: StopRequest?
    /// When the run began and how long before it an entry.json must have
    /// last changed for its stamp to be kept (see `FileStamp.isSettled`).
    var started: Int64 = 0
    var settleNanoseconds: Int64 = 2_000_000_000

    /// Finds the entry folders under ENTRIES and loads them (see `load`).
    /// Also returns ENTRIES with links resolved, and whether nothing at all
    /// was found. The list of folders found, as long as the book, is not
    /// kept past loading.
    func discoverAndLoad(phases: inout PhaseTimer) throws(PipelineError)
        -> (loaded: Loading, found: (root: String, nothing: Bool)) {
        let discovery = try EntryDiscovery.find(in: root, excluding: excluding, threads: jobs)
        phases.mark("discover")
        let found = (root: discovery.canonicalRoot, nothing: discovery.found.isEmpty && discovery.unreadable.isEmpty)
        // Handed over, so loading can let the list go once it is loaded.
        return (load(consume discovery), found)
    }

    /// Loads every found entry and hashes its photos, on `jobs` threads:
    /// parsing entry.json, checking photo paths and stat'ing photos is most
    /// of an unchanged book's rerun. Returns the entries in discovery order,
    /// the failures (an unreadable folder, a bad entry.json, two entries
    /// with one id, an entry with a photo that cannot be read: missing,
    /// unreadable, not a regular file, so its outputs, day and month are
    /// held as they were), each entry with its photos' content hashes, and
    /// the new records of the photos that changed. Folders are loaded a
    /// chunk at a time, each chunk's results gathered as it ends; the list
    /// of folders found is let go once every folder is loaded.
    func load(_ discovery: consuming EntryDiscovery.Result) -> Loading {
        var loaded: [RunEntry] = []
        var failed: [FailedEntry] = discovery.unreadable.map { u in
            let error = PipelineError.badEntries(path: u.folder, reason: "cannot read folder (\(u.reason)); "
                                                 + "the outputs of entries below it are kept")
            return FailedEntry(id: u.folder, folder: u.folder, canonicalFolder: u.canonicalFolder, date: nil,
                               failure: ItemFailure(stage: .discover, item: u.folder, error: error))
        }
        let count = discovery.found.count
        loaded.reserveCapacity(count)
        var fresh: [(id: String, path: String, record: Manifest.File)] = []
        var keys: [(id: String, key: String)] = []
        var unreadable: [(RunEntry, ImageFileError)] = []
        // A chunk of folders at a time, each outcome moved out of its slot
        // into `loaded`: a book's worth of outcomes (184 bytes each) is
        // never held beside the entries made of them, which was the rerun's
        // peak (18 MB at 100,000 entries).
        var start = 0
        // A stop request ends loading between chunks (`run` then ends).
        while start < count && stop?.signal == nil {
            let chunk = start..<min(count, start + Self.loadChunk)
            let results = loadOutcomes(discovery.found[chunk])
            results.consume { _, outcome in
                switch outcome {
                case let .loaded(l, photos):
                    for (path, record) in photos.fresh { fresh.append((l.entry.id, path, record)) }
                    for key in photos.keys { keys.append((l.entry.id, key)) }
                    loaded.append(l)
                case let .unreadablePhoto(l, problem):
                    unreadable.append((l, problem))
                case let .failed(entry):
                    failed.append(entry)
                }
            }
            start = chunk.upperBound
        }
        // The list of folders is let go here: its last reference.
        discovery.found = []
        // Two entries with one id: both fail, neither overwrites the other.
        // Found from the sorted ids, not a dictionary counting them (a sixth
        // of loading's peak at 100,000 entries); a book without duplicates
        // (every run of it) moves no entry.
        var ids = loaded.map(\.entry.id) + unreadable.map(\.0.entry.id)
        ids.sort()
        var duplicateIDs: Set<String> = []
        for k in ids.indices.dropFirst() where ids[k] == ids[k - 1] { duplicateIDs.insert(ids[k]) }
        ids = []
        var duplicated: [RunEntry] = []
        if !duplicateIDs.isEmpty {
            duplicated = loaded.filter { duplicateIDs.contains($0.entry.id) }
                + unreadable.map(\.0).filter { duplicateIDs.contains($0.entry.id) }
            loaded.removeAll { duplicateIDs.contains($0.entry.id) }
            unreadable.removeAll { duplicateIDs.contains($0.0.entry.id) }
            fresh.removeAll { duplicateIDs.contains($0.id) }
            keys.removeAll { duplicateIDs.contains($0.id) }
        }
        for (l, problem) in unreadable {
            failed.append(FailedEntry(id: l.entry.id, folder: l.entry.folder, canonicalFolder: l.canonicalFolder,
                                      date: l.entry.date,
                                      failure: ItemFailure(stage: .read, item: l.entry.id, error: problem)))
        }
        for (id, group) in Dictionary(grouping: duplicated, by: \.entry.id) {
            let error = PipelineError.duplicateID(id: id, folders: group.map(\.entry.folder).sorted())
            for g in group {
                failed.append(FailedEntry(id: id, folder: g.entry.folder, canonicalFolder: g.canonicalFolder,
                                          date: g.entry.date, failure: ItemFailure(stage: .load, item: id, error: error)))
            }
        }
        var result = Loading(entries: loaded, failed: failed.sorted { $0.folder < $1.folder },
                             photoKeys: keys.isEmpty ? nil : Set(keys.map(\.key)))
        result.changedFiles = Dictionary(fresh.map { ($0.path, $0.record) }, uniquingKeysWith: { _, last in last })
        return result
    }

    /// How many entry folders `load` loads at a time.
    static var loadChunk: Int { 8192 }

    /// Loads each of `found` and checks its photos, on `jobs` threads: one
    /// outcome per folder, in order.
    private func loadOutcomes(_ found: ArraySlice<EntryDiscovery.Found>) -> Results<LoadOutcome> {
        let results = Results<LoadOutcome>(count: found.count)
        let loadEntry = self.loadEntry
        let fileLimit = DecodeLimits().maxFileBytes
        let (started, window, keepsText, hasher) = (self.started, settleNanoseconds, self.keepsText, self.hasher)
        // Days and months never show an entry's director, friends or memo
        // (their inputs hold none): a run of kinds that show none lets that
        // text go as each entry is loaded (checked all the same, so an entry
        // fails or loads whatever the run makes).
        WorkPool.run(count: found.count, threads: jobs, makeWorker: { () }) { _, i in
            let f = found[found.startIndex + i]
            var entry: Entry, json: [UInt8]
            do {
                (entry, json) = try loadEntry(f.folder, f.canonicalFolder, f.defaultID)
                if !keepsText { entry = entry.withoutBackText() }
            } catch {
                results.set(i, .failed(FailedEntry(id: f.defaultID, folder: f.folder, canonicalFolder: f.canonicalFolder,
                                                   date: nil, failure: ItemFailure(stage: .load, item: f.defaultID,
                                                                                   error: error))))
                return
            }
            var l = RunEntry(entry: entry, canonicalFolder: f.canonicalFolder, jsonHash: Digest.of(json),
                             stamp: f.stamp.flatMap { $0.isSettled(at: started, window: window) ? $0 : nil })
            var photos = CheckedPhotos()
            do throws(ImageFileError) {
                func check(_ photo: FacePhoto?) throws(ImageFileError) -> Digest? {
                    guard let path = photo?.path else { return nil }
                    // Recorded by canonical path, so a book run by hand as
                    // `book` and by cron as `/home/me/book` shares its rows
                    // instead of hashing every photo again on each switch.
                    let key = BookLoader.indexKey(of: path, folder: f.folder, canonicalFolder: f.canonicalFolder)
                    guard let hasher else { return nil }
                    let checked = try hasher.check(path, key: key, limit: fileLimit)
                    if let key { photos.keys.append(key) }
                    if let record = checked.fresh { photos.fresh.append((key ?? path, record)) }
                    return checked.digest
                }
                l.front = try check(entry.front)
                l.back = try check(entry.back)
            } catch {
                results.set(i, .unreadablePhoto(l, error))
                return
            }
            results.set(i, .loaded(l, photos: photos))
        }
        return results
    }
}

extension BookLoader {
    /// The entries of the book at `root` (an entry folder, or a folder of
    /// entry folders; `excluding` a folder below it that is not the book),
    /// loaded on `jobs` threads without reading their photos, and what could
    /// not be loaded: an unreadable folder, a bad entry.json, two entries
    /// with one id, each with its folder. What `clean --prune` and
    /// `share --year` read.
    public static func entries(in root: String, excluding: String?, jobs: Int, loadEntry: @escaping EntryLoading)
        throws(PipelineError) -> (entries: [Entry], failures: [(folder: String, failure: ItemFailure)]) {
        let loader = BookLoader(root: root, excluding: excluding, jobs: jobs, loadEntry: loadEntry, hasher: nil)
        var phases = PhaseTimer()
        let (loading, _) = try loader.discoverAndLoad(phases: &phases)
        return (loading.entries.map(\.entry), loading.failed.map { ($0.folder, $0.failure) })
    }

    /// The index key of the photo at `path` in an entry folder typed as
    /// `folder`: the same file under the folder's canonical path, or nil
    /// when that is `path` itself (ENTRIES typed canonically, the usual
    /// case: no second string).
    static func indexKey(of path: String, folder: String, canonicalFolder: String) -> String? {
        guard folder != canonicalFolder, path.hasPrefix(folder + "/") else { return nil }
        return canonicalFolder + path.dropFirst(folder.count)
    }
}

/// Something found that could not be used this run: an entry whose
/// entry.json or photo cannot be read, or a folder that cannot be listed.
/// Whatever it may own in the cache is held as it was.
struct FailedEntry: Sendable {
    var id: String
    /// As ENTRIES spells it, for messages.
    var folder: String
    /// As the index records it.
    var canonicalFolder: String
    /// The entry's date when it was read far enough to know it.
    var date: CalendarDate?
    var failure: ItemFailure
}
