import Foundation
import PhotiCaseFileSystem

/// What can still be read of an index found damaged: the outputs it listed
/// (only paths the layout makes) and the entries it remembered. A damaged
/// index is set aside, but the files it listed are still the cache's: what
/// can be read of it is carried into the new index, so that its outputs are
/// removed once provably gone (by `render` and `clean --prune`) or by
/// `clean`, instead of staying for good.
struct Salvage {
    var outputs: [(path: String, owner: Owner)] = []
    var entries: [(id: String, record: Manifest.EntryRecord)] = []

    var isEmpty: Bool { outputs.isEmpty && entries.isEmpty }
}

extension CacheIndex {
    /// Reads what it can of the index at `path` (and its write-ahead log),
    /// from a private copy, row by row until the first unreadable one; nil
    /// when the file is not an index of ours (another program's id in its
    /// header, or none of our tables readable).
    static func salvage(_ path: String) -> Salvage? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let header = [UInt8](handle.readData(ofLength: 100))
        try? handle.close()
        guard header.count == 100 else { return nil }
        let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard id == 0 || id == CacheIndex.applicationID else { return nil }
        guard let folder = try? CacheIndex.privateCopy(of: path, purpose: "salvage") else { return nil }
        defer { CacheIndex.removeSnapshot(folder) }
        guard let db = try? SQLiteDatabase(path: folder + "/index.sqlite", mode: .readWrite) else { return nil }
        defer { db.close() }
        var salvage = Salvage()
        var ours = false
        let typed = (try? db.texts("SELECT name FROM pragma_table_info('outputs')"))?.contains("owner_kind") == true
        if let scan = try? db.prepare("SELECT path, \(typed ? "owner_kind" : "''"), owner FROM outputs") {
            ours = true
            while (try? scan.step()) == true {
                let path = scan.text(0)
                guard let (_, pathOwner) = Kinds.parse(path) else { continue }
                let kind = Owner.Kind(rawValue: scan.text(1)) ?? pathOwner
                salvage.outputs.append((path, Owner(kind, scan.text(2))))
            }
        }
        if let scan = try? db.prepare("SELECT id, date, folder FROM entries") {
            ours = true
            while (try? scan.step()) == true {
                salvage.entries.append((scan.text(0), Manifest.EntryRecord(date: scan.text(1), folder: scan.text(2))))
            }
        }
        return ours ? salvage : nil
    }

    /// Carries `salvage` into this (new) index: each output whose file the
    /// cache still holds, under a key no plan makes (it is rendered again
    /// when planned, removed when its owner is provably gone), and each
    /// remembered entry (so an entry that cannot be read now is held, not
    /// taken for gone).
    func adopt(_ salvage: Salvage, holds: (String) -> Bool) throws(SQLiteError) -> (outputs: Int, entries: Int) {
        let outputs = salvage.outputs.filter { holds($0.path) }
        for (path, owner) in outputs { setOutput(path, OutputRecord(fingerprint: "salvaged", owner: owner)) }
        try commit(entries: EntryRecords(Dictionary(salvage.entries.map { ($0.id, $0.record) },
                                                   uniquingKeysWith: { first, _ in first })))
        return (outputs.count, salvage.entries.count)
    }

    /// Carries the files `found` at the layout's paths that carry our mark
    /// into this (new) index, each under its marked owner and a key no plan
    /// makes (`OutputMark.foundFingerprint`): rendered again when planned,
    /// removed when its owner is provably gone, like any output. Returns
    /// how many.
    func adopt(found: [CacheStore.MarkedFile]) throws(SQLiteError) -> Int {
        for file in found where output(file.path) == nil {
            setOutput(file.path, OutputRecord(fingerprint: OutputMark.foundFingerprint, owner: file.owner, size: file.size))
        }
        try commit()
        return found.count
    }
}
