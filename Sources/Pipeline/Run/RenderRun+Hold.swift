import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseHashing

// What a run leaves alone: every entry it cannot read now, and every entry
// the index remembers that is not provably gone.

/// What a run must leave as it was (see `RenderRun.heldRecords`).
struct HeldRecords {
    /// Entry ids whose ticket outputs and records stay as they are.
    var ids: Set<String> = []
    /// Dates (and so days and months) that are not rendered this run.
    var dates: Set<CalendarDate> = []
    /// The index's records of held entries that were not loaded.
    var records: [String: Manifest.EntryRecord] = [:]
    /// Ids of held or loaded entries whose index rows already say what this
    /// run's records do, but for the loaded ones when `allLoadedUnchanged`.
    var unchanged: Set<String> = []
    /// Every loaded entry's record equals its index row (every unchanged
    /// rerun): then their ids are not listed in `unchanged`, which would
    /// hold a book's worth of them.
    var allLoadedUnchanged = false
    /// Held entries as their entry.json last loaded (`LastGoodEntry`), with
    /// their photos' hashes then: the book's pages and years show them so,
    /// and the other entries' edits still reach those.
    var standIns: [RunEntry] = []
    /// Some held entry has no stand-in (its last entry.json was never kept,
    /// or no longer parses): the book's pages are held as they were.
    var holdsBook = false
    /// The years whose images are held: those of a held entry without a
    /// stand-in, and of a date a failed entry reads now that its stand-in
    /// does not have (an edit half made).
    var years: Set<Int> = []

    /// Whether the index row of `id` already says what its record does.
    func isUnchanged(_ id: String, loading: Loading) -> Bool {
        unchanged.contains(id) || (allLoadedUnchanged && loading.entry(id: id) != nil)
    }

    /// The entry records the index is to hold after this run: the loaded
    /// entries' and the held ones', looked up and listed from where they
    /// are (no dictionary of a book's worth of records).
    func entryRecords(_ loading: Loading) -> CacheIndex.EntryRecords {
        let records = self.records
        return CacheIndex.EntryRecords(
            record: { id in loading.entry(id: id).map(Loading.record) ?? records[id] },
            forEach: { body in
                for e in loading.entries { body(e.entry.id, Loading.record(e)) }
                for (id, record) in records where loading.entry(id: id) == nil { body(id, record) }
            })
    }
}


extension RenderRun {


    /// What this run must leave as it was: failed entries (matched to the
    /// index by their canonical folder, since a broken entry.json cannot
    /// tell its id), and every remembered entry that was not found and is
    /// not provably gone.
    func heldRecords(index: CacheIndex, loading: Loading, root: String, keepsText: Bool = true)
        throws(PipelineError) -> HeldRecords {
        let entries = loading.entries, failed = loading.failed
        var held = HeldRecords()
        let failedFolders = Set(failed.map(\.canonicalFolder))
        // A folder under ENTRIES that cannot be read (no permission, a name
        // that is not UTF-8) may hold any entry not found elsewhere: one
        // moved or renamed into it is not gone. While there is one, no
        // remembered entry is provably gone.
        let unlistedFolder = failed.contains { $0.failure.stage == .discover }
        for f in failed {
            held.ids.insert(f.id)
            if let date = f.date { held.dates.insert(date) }
        }
        var remembered: [(String, Manifest.EntryRecord)] = []
        var matched = 0
        do throws(SQLiteError) {
            // A row stands when it is spelled as the run would write it:
            // `loading.entry(id:)` finds an id spelled otherwise (an older
            // build's decomposed one), which is written again.
            func stands(_ id: String, _ record: Manifest.EntryRecord, _ mine: RunEntry) -> Bool {
                Loading.record(mine) == record && id.utf8.elementsEqual(mine.entry.id.utf8)
            }
            try index.forEachEntry { id, record in
                if let mine = loading.entry(id: id) {
                    if stands(id, record, mine) { matched += 1 }
                } else {
                    remembered.append((id, record))
                }
            }
            // Ids are the table's key: every record matched exactly when
            // as many did as there are. Otherwise the matching ids are
            // listed, in a second pass (only a run that records changes).
            held.allLoadedUnchanged = matched == entries.count
            if !held.allLoadedUnchanged {
                try index.forEachEntry { id, record in
                    if let mine = loading.entry(id: id), stands(id, record, mine) { held.unchanged.insert(id) }
                }
            }
        } catch {
            throw .badCache(path: index.displayName, reason: error.message)
        }
        // Only records not loaded are looked up in it (none in an unchanged rerun).
        let loadedFolders = remembered.isEmpty ? [] : Set(entries.map(\.canonicalFolder))
        for (id, record) in remembered {
            let isHeld: Bool
            if failedFolders.contains(record.folder) {
                isHeld = true
            } else if loadedFolders.contains(record.folder) {
                isHeld = false  // the folder is read fine and now gives another id
            } else if unlistedFolder {
                isHeld = true
            } else {
                isHeld = EntryPresence.check(record.folder, root: root) != .gone
            }
            if isHeld {
                held.ids.insert(id)
                if let date = CalendarDate(record.date) { held.dates.insert(date) }
            }
        }
        for (id, record) in remembered where held.ids.contains(id) {
            held.records[id] = record
            held.unchanged.insert(id)
        }
        standIn(&held, index: index, failed: failed, keepsText: keepsText)
        return held
    }

    /// Finds each held entry's stand-in: its last good entry.json, kept
    /// in the index from the folder the index records it in, parsed again
    /// (its id must be the held one), with its photos' hashes then. Works
    /// out what the held entries without one still hold of the book.
    private func standIn(_ held: inout HeldRecords, index: CacheIndex, failed: [FailedEntry], keepsText: Bool) {
        var standInDates: [String: CalendarDate] = [:]
        for (id, record) in held.records.sorted(by: { $0.key < $1.key }) {
            guard let parse = parseEntry, let good = index.lastGood(id: id),
                  good.folder.utf8.elementsEqual(record.folder.utf8),
                  var entry = try? parse(good.json, record.folder, id), entry.id.utf8.elementsEqual(id.utf8),
                  entry.date.description == record.date else {
                held.holdsBook = true
                if let date = CalendarDate(record.date) { held.years.insert(date.year) }
                continue
            }
            if !keepsText { entry = entry.withoutBackText() }
            held.standIns.append(RunEntry(entry: entry, canonicalFolder: record.folder, jsonHash: Digest.of(good.json),
                                          front: good.front.flatMap(Digest.init(hex:)),
                                          back: good.back.flatMap(Digest.init(hex:))))
            standInDates[id] = entry.date
        }
        // A failed entry that reads far enough to tell its date (its photo
        // does not read, or its id is another's too) may have moved to
        // another year since its stand-in was kept.
        for f in failed {
            if let date = f.date, standInDates[f.id] != date { held.years.insert(date.year) }
        }
        // A failed entry that matches no record is new to the book, unless
        // the cache has outputs of it (an index made anew since, which
        // adopted them by their marks): then the pages show it, and are held.
        let recordedFolders = Set(held.records.values.map(\.folder))
        let unmatched = failed.filter { $0.failure.stage != .discover && !recordedFolders.contains($0.canonicalFolder) }
        if !held.holdsBook, !index.entriesWithOutputs(among: Set(unmatched.map(\.id))).isEmpty {
            held.holdsBook = true
            for f in unmatched { if let date = f.date { held.years.insert(date.year) } }
        }
    }
}
