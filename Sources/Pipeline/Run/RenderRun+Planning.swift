import Foundation
import Codecs
import Entries

// Loading entries, hashing their files and planning the outputs: the
// first half of a run, before anything is written.
extension RenderRun {
    // MARK: - Loading

    struct Loaded {
        var entry: Entry
        var jsonHash: String
    }

    func load(_ found: [EntryDiscovery.Found]) -> ([Loaded], [FailedEntry]) {
        var loaded: [Loaded] = []
        var failed: [FailedEntry] = []
        for f in found {
            do {
                let (entry, json) = try loadEntry(f.folder, f.defaultID)
                loaded.append(Loaded(entry: entry, jsonHash: SHA256.hex(json)))
            } catch {
                failed.append(FailedEntry(id: f.defaultID, folder: f.folder, message: "\(error)"))
            }
        }
        // Two entries with one id: both fail, neither overwrites the other.
        let byID = Dictionary(grouping: loaded, by: \.entry.id)
        for (id, group) in byID where group.count > 1 {
            let error = PipelineError.duplicateID(id: id, folders: group.map(\.entry.folder).sorted())
            for g in group { failed.append(FailedEntry(id: id, folder: g.entry.folder, message: "\(error)")) }
        }
        loaded.removeAll { byID[$0.entry.id]!.count > 1 }
        return (loaded, failed.sorted { $0.folder < $1.folder })
    }

    /// Content hashes of every photo, on `jobs` threads; a photo that
    /// cannot be read gets a marker, and fails when rendered.
    func hashPhotos(_ entries: [Loaded], hasher: FileHasher) -> [String: String] {
        let paths = Array(Set(entries.flatMap { [$0.entry.front?.path, $0.entry.back?.path].compactMap { $0 } })).sorted()
        let results = Results(count: paths.count)
        WorkPool.run(count: paths.count, threads: options.jobs, makeWorker: { () }) { _, i in
            let value: String
            do { value = try hasher.hash(paths[i], limit: DecodeLimits().maxFileBytes) } catch { value = "unreadable: \(error)" }
            results.set(i, value)
        }
        return Dictionary(uniqueKeysWithValues: zip(paths, results.values))
    }

    // MARK: - Planning

    func plan(entries: inout [Loaded], hashes: [String: String], heldDates: Set<CalendarDate>) -> [WorkItem] {
        let base = backend.fingerprint
        var items: [WorkItem] = []
        func photo(_ p: FacePhoto?) -> String { p.map { "\($0.name)|\(hashes[$0.path] ?? "")" } ?? "none" }

        if options.only.contains(.tickets) {
            let format = options.formats[.tickets] ?? .png
            for e in entries where options.shard.owns(e.entry.id) {
                var f = Fingerprint("tickets")
                for field in [base, format.rawValue, e.jsonHash, photo(e.entry.front), photo(e.entry.back)] { f.add(field) }
                let outputs = TicketFace.allCases.map { face -> (OutputKey, String) in
                    let key = OutputKey.ticket(id: e.entry.id, face: face)
                    return (key, CacheLayout.relativePath(of: key, format: format))
                }
                items.append(WorkItem(kind: .tickets(e.entry), id: e.entry.id, outputs: outputs,
                                      fingerprint: f.finish(), owner: e.entry.id))
            }
        }

        // What a day thumbnail shows of an entry: its front photo and edit,
        // and for placeholders its title and kind; never its memo.
        func dayInput(_ e: Entry) -> String {
            "\(e.id)|\(photo(e.front))|\(String(describing: e.front?.crop))|\(e.title)|\(e.kind.rawValue)"
        }
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
            let byMonth = Dictionary(grouping: entries.map(\.entry), by: { MonthKey($0.date) })
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
        return items
    }
}
