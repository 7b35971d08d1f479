import PhotiCaseConcurrency
import PhotiCaseDiary

// The last entry.json of each entry that loaded, and its photos' hashes:
// what lets a run put an entry whose entry.json broke since into the
// book's pages and its year as it last read, instead of holding them all
// (`RenderRun.heldRecords`).

/// An entry as it last loaded: its canonical folder, the exact bytes of
/// its entry.json then, and its photos' content hashes then (hex; nil: no
/// photo on that face).
struct LastGoodEntry: Sendable, Equatable {
    var folder: String
    var json: [UInt8]
    var front: String?
    var back: String?

    /// What tells one state of an entry from another without its bytes:
    /// the entry.json's hash and the photos' (`CacheIndex.lastGoodKeys`).
    static func key(jsonHash: String, front: String?, back: String?) -> String {
        "\(jsonHash) \(front ?? "-") \(back ?? "-")"
    }
}

extension CacheIndex {
    /// A table of its own, made where missing: an index from a build
    /// before it reads as having no last good entries (their books are held
    /// as before while one fails), and that build ignores the table.
    static let lastGoodSchema = """
        CREATE TABLE IF NOT EXISTS last_good(id TEXT PRIMARY KEY, folder TEXT NOT NULL, key TEXT NOT NULL,
                                             json BLOB NOT NULL, front TEXT, back TEXT) WITHOUT ROWID;
        """

    /// Calls `body` with each row's id, key (`LastGoodEntry.key`) and
    /// folder, streamed (no dictionary of a book's worth). Nothing when the
    /// table is missing (a read-only index of an older build).
    func forEachLastGood(_ body: (_ id: String, _ key: String, _ folder: String) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard let scan = try? db.prepare("SELECT id, key, folder FROM last_good") else { return }
        while (try? scan.step()) == true { body(scan.text(0), scan.text(1), scan.text(2)) }
    }

    /// The last good state of entry `id`, or nil.
    func lastGood(id: String) -> LastGoodEntry? {
        lock.lock()
        defer { lock.unlock() }
        guard let query = try? db.prepare("SELECT folder, json, front, back FROM last_good WHERE id = ?"),
              (try? query.bind([.text(id)])) != nil, (try? query.step()) == true else { return nil }
        defer { query.reset() }
        func optionalText(_ c: Int32) -> String? { query.optionalInt64(c) == nil ? nil : query.text(c) }
        return LastGoodEntry(folder: query.text(0), json: query.blob(1), front: optionalText(2), back: optionalText(3))
    }

    /// Drops the rows of `dropping`, then writes `rows` (id, key, state),
    /// in a transaction of its own (the rows only let a later run put a
    /// broken entry in its book: a run ended before this leaves that book
    /// held, as before). `rows` is called with the function that writes
    /// one, so a book's worth of entry.json bytes is never held at once.
    func updateLastGood(dropping: [String],
                        _ rows: (_ put: (String, String, LastGoodEntry) throws(SQLiteError) -> Void)
                        throws(SQLiteError) -> Void) throws(SQLiteError) {
        lock.lock()
        defer { lock.unlock() }
        try db.execute("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            let drop = try db.prepare("DELETE FROM last_good WHERE id = ?")
            for id in dropping { try drop.run([.text(id)]) }
            let put = try db.prepare("INSERT OR REPLACE INTO last_good(id, folder, key, json, front, back) "
                                     + "VALUES (?, ?, ?, ?, ?, ?)")
            try rows { (id, key, state) throws(SQLiteError) in
                try put.run([.text(id), .text(state.folder), .text(key), .blob(state.json),
                             state.front.map { .text($0) } ?? .null, state.back.map { .text($0) } ?? .null])
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }
}
