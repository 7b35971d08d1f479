import Foundation
import Cards
import Codecs
import Entries
import FileSystem

// Loading entries, hashing their files, working out what is held and
// planning the outputs: the first half of a run, before anything is written.
extension RenderRun {
    // MARK: - Loading

    struct Loaded: Sendable {
        var entry: Entry
        var canonicalFolder: String
        var jsonHash: String
    }

    func load(_ discovery: EntryDiscovery.Result) -> ([Loaded], [FailedEntry]) {
        var loaded: [Loaded] = []
        var failed: [FailedEntry] = discovery.unreadable.map { u in
            let error = PipelineError.badEntries(path: u.folder, reason: "cannot read folder (\(u.reason)); "
                                                 + "the outputs of entries below it are kept")
            return FailedEntry(id: u.folder, folder: u.folder, canonicalFolder: u.canonicalFolder, date: nil,
                               failure: ItemFailure(stage: .discover, item: u.folder, error: error))
        }
        // On `jobs` threads: parsing entry.json and checking photo paths is
        // most of an unchanged book's rerun. Results keep discovery order.
        let found = discovery.found
        let results = Results<Result<Loaded, ItemFailure>>(count: found.count)
        let loadEntry = self.loadEntry
        WorkPool.run(count: found.count, threads: options.jobs, makeWorker: { () }) { _, i in
            let f = found[i]
            do {
                let (entry, json) = try loadEntry(f.folder, f.canonicalFolder, f.defaultID)
                results.set(i, .success(Loaded(entry: entry, canonicalFolder: f.canonicalFolder, jsonHash: SHA256.hex(json))))
            } catch {
                results.set(i, .failure(ItemFailure(stage: .load, item: f.defaultID, error: error)))
            }
        }
        for (f, result) in zip(found, results.values) {
            switch result {
            case .success(let entry)?: loaded.append(entry)
            case .failure(let failure)?:
                failed.append(FailedEntry(id: f.defaultID, folder: f.folder, canonicalFolder: f.canonicalFolder, date: nil,
                                          failure: failure))
            case nil: break
            }
        }
        // Two entries with one id: both fail, neither overwrites the other.
        let byID = Dictionary(grouping: loaded, by: \.entry.id)
        for (id, group) in byID where group.count > 1 {
            let error = PipelineError.duplicateID(id: id, folders: group.map(\.entry.folder).sorted())
            for g in group {
                failed.append(FailedEntry(id: id, folder: g.entry.folder, canonicalFolder: g.canonicalFolder,
                                          date: g.entry.date, failure: ItemFailure(stage: .load, item: id, error: error)))
            }
        }
        loaded.removeAll { byID[$0.entry.id]!.count > 1 }
        return (loaded, failed.sorted { $0.folder < $1.folder })
    }

    /// Content hashes of every photo, on `jobs` threads. An entry with a
    /// photo that cannot be read (missing, unreadable, not a regular file)
    /// fails here, so its outputs, day and month are held as they were.
    func hashPhotos(_ entries: inout [Loaded], failed: inout [FailedEntry], hasher: FileHasher) -> [String: String] {
        let paths = Array(Set(entries.flatMap { [$0.entry.front?.path, $0.entry.back?.path].compactMap { $0 } })).sorted()
        let results = Results<Result<String, ImageFileError>>(count: paths.count)
        WorkPool.run(count: paths.count, threads: options.jobs, makeWorker: { () }) { _, i in
            do throws(ImageFileError) {
                results.set(i, .success(try hasher.hash(paths[i], limit: DecodeLimits().maxFileBytes)))
            } catch {
                results.set(i, .failure(error))
            }
        }
        var hashes: [String: String] = [:]
        var problems: [String: ImageFileError] = [:]
        for (path, result) in zip(paths, results.values) {
            switch result {
            case .success(let hash)?: hashes[path] = hash
            case .failure(let error)?: problems[path] = error
            case nil: break
            }
        }
        entries.removeAll { e in
            let photos = [e.entry.front?.path, e.entry.back?.path].compactMap { $0 }
            guard let problem = photos.lazy.compactMap({ problems[$0] }).first else { return false }
            failed.append(FailedEntry(id: e.entry.id, folder: e.entry.folder, canonicalFolder: e.canonicalFolder,
                                      date: e.entry.date,
                                      failure: ItemFailure(stage: .read, item: e.entry.id, error: problem)))
            return true
        }
        failed.sort { $0.folder < $1.folder }
        return hashes
    }

    // MARK: - Held

    struct Held {
        /// Entry ids whose ticket outputs and records stay as they are.
        var ids: Set<String> = []
        /// Dates (and so days and months) that are not rendered this run.
        var dates: Set<CalendarDate> = []
        /// The index's records of held entries that were not loaded.
        var records: [String: Manifest.EntryRecord] = [:]
    }

    /// What this run must leave as it was: failed entries (matched to the
    /// index by their canonical folder, since a broken entry.json cannot
    /// tell its id), and every remembered entry that was not found and is
    /// not provably gone.
    func heldRecords(index: CacheIndex, entries: [Loaded], failed: [FailedEntry],
                     root: String) throws(PipelineError) -> Held {
        var held = Held()
        let loadedIDs = Set(entries.map(\.entry.id))
        let loadedFolders = Set(entries.map(\.canonicalFolder))
        let failedFolders = Set(failed.map(\.canonicalFolder))
        for f in failed {
            held.ids.insert(f.id)
            if let date = f.date { held.dates.insert(date) }
        }
        var remembered: [(String, Manifest.EntryRecord)] = []
        do throws(SQLiteError) {
            try index.forEachEntry { id, record in
                if !loadedIDs.contains(id) { remembered.append((id, record)) }
            }
        } catch {
            throw .badCache(path: index.displayName, reason: error.message)
        }
        for (id, record) in remembered {
            let isHeld: Bool
            if failedFolders.contains(record.folder)
                || failed.contains(where: { $0.failure.stage == .discover && record.folder.hasPrefix($0.canonicalFolder + "/") }) {
                isHeld = true
            } else if loadedFolders.contains(record.folder) {
                isHeld = false  // the folder is read fine and now gives another id
            } else {
                isHeld = EntryPresence.check(record.folder, root: root) != .gone
            }
            if isHeld {
                held.ids.insert(id)
                if let date = CalendarDate(record.date) { held.dates.insert(date) }
            }
        }
        for (id, record) in remembered where held.ids.contains(id) { held.records[id] = record }
        return held
    }

    // MARK: - Planning

    /// The backend's identity and the content hashes of its input files
    /// (fonts): the first field of every fingerprint.
    func baseFingerprint(hasher: FileHasher) -> String {
        var f = Fingerprint("backend")
        f.add(backend.fingerprint)
        for path in backend.inputFiles.sorted() {
            f.add(path)
            do throws(ImageFileError) {
                f.add(try hasher.hash(path, limit: 1 << 30))
            } catch {
                f.add("unreadable")
            }
        }
        return f.finish()
    }

    func plan(entries: inout [Loaded], hashes: [String: String], heldDates: Set<CalendarDate>, base: String,
              holdBook: Bool) -> [WorkItem] {
        var items: [WorkItem] = []
        func photo(_ p: FacePhoto?) -> String { p.map { "\($0.name)|\(hashes[$0.path] ?? "")" } ?? "none" }

        // Every entry's ticket fingerprint is known even when tickets are not
        // rendered this run: book pages reuse cached faces that match it.
        let ticketFormat = options.formats[.tickets] ?? .webp
        for e in entries {
            var f = Fingerprint("tickets")
            for field in [base, ticketFormat.rawValue, e.jsonHash, photo(e.entry.front), photo(e.entry.back)] { f.add(field) }
            ticketFingerprints[e.entry.id] = f.finish()
        }
        if options.only.contains(.tickets) {
            for e in entries where options.shard.owns(e.entry.id) {
                let outputs = TicketFace.allCases.map { face -> (OutputKey, String) in
                    let key = OutputKey.ticket(id: e.entry.id, face: face)
                    return (key, CacheLayout.relativePath(of: key, format: ticketFormat))
                }
                items.append(WorkItem(kind: .tickets(e.entry), id: e.entry.id, outputs: outputs,
                                      fingerprint: ticketFingerprints[e.entry.id]!, owner: e.entry.id))
            }
        }

        // What a day thumbnail shows of an entry: its front photo and edit
        // (the crop's canonical JSON), and for placeholders and ordering its
        // title, kind, rating and date; never its memo.
        func dayInput(_ e: Entry) -> String {
            "\(e.id)|\(photo(e.front))|\(e.front?.crop?.jsonText ?? "-")|\(e.title)|\(e.kind.rawValue)|\(e.rating)"
        }
        let frontInput = { (e: Entry) in self.frontInput(e, photo: photo) }
        let byDate = Dictionary(grouping: entries.map(\.entry), by: \.date)
        if options.only.contains(.days) {
            let format = options.formats[.days] ?? .jpg
            for (date, group) in byDate.sorted(by: { $0.key < $1.key })
            where options.shard.owns(date.description) && !heldDates.contains(date) {
                let sorted = group.sorted { $0.id < $1.id }
                var f = Fingerprint("day")
                for field in [base, format.rawValue] + sorted.map(dayInput) { f.add(field) }
                let key = OutputKey.day(date)
                items.append(WorkItem(kind: .day(date, sorted), id: "days/\(date)",
                                      outputs: [(key, CacheLayout.relativePath(of: key, format: format))],
                                      fingerprint: f.finish(), owner: date.description))
            }
        }
        if options.only.contains(.months) {
            let format = options.formats[.months] ?? .png
            let heldMonths = Set(heldDates.map(MonthKey.init))
            var byMonth = Dictionary(grouping: entries.map(\.entry), by: { MonthKey($0.date) })
            for month in MonthKey.sheetMonths(withEntries: Set(byMonth.keys), held: heldMonths, today: options.today)
            where byMonth[month] == nil {
                byMonth[month] = []
            }
            for (month, group) in byMonth.sorted(by: { $0.key < $1.key })
            where options.shard.owns(month.description) && !heldMonths.contains(month) {
                let byDay = Dictionary(grouping: group.sorted { $0.id < $1.id }, by: \.date.day)
                var f = Fingerprint("month")
                let today = MonthKey(options.today) == month ? options.today.description : "-"
                for field in [base, format.rawValue, today] { f.add(field) }
                for (day, list) in byDay.sorted(by: { $0.key < $1.key }) {
                    f.add("\(day)")
                    for e in list { f.add(dayInput(e)) }
                }
                let key = OutputKey.month(year: month.year, month: month.month)
                items.append(WorkItem(kind: .month(month, byDay), id: "months/\(month)",
                                      outputs: [(key, CacheLayout.relativePath(of: key, format: format))],
                                      fingerprint: f.finish(), owner: month.description))
            }
        }
        items += planBook(entries.map(\.entry), base: base, front: frontInput, holdBook: holdBook, heldDates: heldDates)
        let jsonHashes = options.only.contains(.site)
            ? Dictionary(entries.map { ($0.entry.id, $0.jsonHash) }, uniquingKeysWith: { a, _ in a }) : [:]
        items += planSite(entries.map(\.entry), base: base, jsonHashes: jsonHashes, holdBook: holdBook,
                          heldDates: heldDates)
        return items
    }

    /// What a front face shows of an entry, as book pages show it: never
    /// its memo, friends or back.
    func frontInput(_ e: Entry, photo: (FacePhoto?) -> String) -> String {
        "\(e.id)|\(e.title)|\(e.kind.rawValue)|\(e.rating)|\(e.date)|\(photo(e.front))|\(e.front?.crop?.jsonText ?? "-")"
    }
}
