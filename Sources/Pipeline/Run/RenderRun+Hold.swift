import PhotiCaseDiary
import PhotiCaseFileSystem

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
    func heldRecords(index: CacheIndex, loading: Loading, root: String) throws(PipelineError) -> HeldRecords {
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
        return held
    }
}
