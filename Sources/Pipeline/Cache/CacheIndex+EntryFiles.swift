import PhotiCaseConcurrency
import Foundation
import PhotiCaseHashing

// The stamps of entry folders' entry.json files and the mark a clean run
// leaves: what lets the next run find an unchanged book unchanged by
// stat'ing its files, without loading an entry or holding one in memory
// (`RenderRun.checkUnchanged`).

/// What the index keeps of an entry folder for the unchanged-book check:
/// the id its entry.json gave, that file's stamp, and its photos' paths
/// relative to the folder.
struct EntryFileRecord: Sendable, Hashable {
    var id: String
    var stamp: FileStamp
    var front: String?
    var back: String?
}

extension EntryFileRecord {
    /// The record in `row`'s columns id, size, inode, mtime_ns, ctime_ns,
    /// front and back, the first at `column`.
    init(_ row: SQLiteStatement, from column: Int32) {
        func optionalText(_ c: Int32) -> String? { row.optionalInt64(c) == nil ? nil : row.text(c) }
        self.init(id: row.text(column),
                  stamp: FileStamp(size: row.int64(column + 1), inode: UInt64(bitPattern: row.int64(column + 2)),
                                   mtimeNanoseconds: row.int64(column + 3), ctimeNanoseconds: row.int64(column + 4)),
                  front: optionalText(column + 5), back: optionalText(column + 6))
    }
}

/// The entry-file rows a commit leaves, by position in the caller's list
/// of loaded entries: looked up without a dictionary of a book's worth.
struct EntryFileRecords {
    /// How many positions there are.
    var count: Int
    /// The position of the loaded entry with id `id`.
    var position: (String) -> Int?
    /// The canonical folder and row of position `i`; nil when that entry
    /// gets no row (its entry.json changed too recently to be stamped, or
    /// a photo lies outside its folder's path).
    var record: (Int) -> (folder: String, record: EntryFileRecord)?
}

extension CacheIndex {
    static let entryFilesSchema = """
        CREATE TABLE IF NOT EXISTS entry_files(folder TEXT PRIMARY KEY, id TEXT NOT NULL, size INTEGER NOT NULL,
                                               inode INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
                                               ctime_ns INTEGER NOT NULL, front TEXT, back TEXT) WITHOUT ROWID;
        """

    /// A folder's row, only where the entries table agrees on its id and
    /// folder (a row left by a run that recorded the entry elsewhere
    /// since does not count), with its photos' file rows, found by their
    /// index keys (the canonical folder and the name): one lookup a folder.
    static let selectEntryFileSQL = """
        SELECT f.id, f.size, f.inode, f.mtime_ns, f.ctime_ns, f.front, f.back,
               p.size, p.mtime_ns, p.inode, p.sha256, q.size, q.mtime_ns, q.inode, q.sha256
        FROM entry_files f JOIN entries e ON e.id = f.id AND e.folder = f.folder
        LEFT JOIN files p ON p.path = f.folder || '/' || f.front
        LEFT JOIN files q ON q.path = f.folder || '/' || f.back
        WHERE f.folder = ?
        """

    /// What the index holds of an entry folder: its row, and the file rows
    /// of its front and back photos (nil: none recorded).
    typealias EntryFileRows = (record: EntryFileRecord, front: Manifest.File?, back: Manifest.File?)

    /// The rows of the entry folders whose canonical paths are `folders`,
    /// in order (nil where there is none), under one taking of the lock:
    /// a lock taken per folder by two threads cost a fifth of an
    /// unchanged book's check in futex waits. Thread-safe.
    func entryFiles(folders: [String]) -> [EntryFileRows?] {
        lock.lock()
        defer { lock.unlock() }
        return folders.map(entryFileLocked)
    }

    private func entryFileLocked(_ folder: String) -> EntryFileRows? {
        guard let query = selectEntryFile, (try? query.bind([.text(folder)])) != nil,
              (try? query.step()) == true else { return nil }
        defer { query.reset() }
        func file(_ column: Int32) -> Manifest.File? {
            guard query.optionalInt64(column) != nil else { return nil }
            return Manifest.File(size: query.int64(column), mtimeNanoseconds: query.int64(column + 1),
                                 inode: UInt64(bitPattern: query.int64(column + 2)), sha256: query.text(column + 3))
        }
        let record = EntryFileRecord(query, from: 0)
        return (record, file(7), file(11))
    }

    /// Makes the entry_files table hold exactly `records`: rows that differ
    /// or whose entry was not loaded go, missing rows are written. Called
    /// inside `commit`'s transaction, with the lock held.
    func replaceEntryFiles(_ records: EntryFileRecords) throws(SQLiteError) {
        var same = [Bool](repeating: false, count: records.count)
        var stale: [String] = []
        let scan = try db.prepare("SELECT folder, id, size, inode, mtime_ns, ctime_ns, front, back FROM entry_files")
        while try scan.step() {
            let folder = scan.text(0)
            let row = EntryFileRecord(scan, from: 1)
            if let i = records.position(row.id), let wanted = records.record(i), wanted.folder == folder,
               wanted.record == row {
                same[i] = true
            } else {
                stale.append(folder)
            }
        }
        let drop = try db.prepare("DELETE FROM entry_files WHERE folder = ?")
        for folder in stale { try drop.run([.text(folder)]) }
        let put = try db.prepare("INSERT OR REPLACE INTO entry_files(folder, id, size, inode, mtime_ns, ctime_ns, front, back) "
                                 + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        for i in 0..<records.count where !same[i] {
            guard let (folder, r) = records.record(i) else { continue }
            try put.run([.text(folder), .text(r.id), .integer(r.stamp.size), .integer(Int64(bitPattern: r.stamp.inode)),
                         .integer(r.stamp.mtimeNanoseconds), .integer(r.stamp.ctimeNanoseconds),
                         r.front.map { .text($0) } ?? .null, r.back.map { .text($0) } ?? .null])
        }
    }

    // MARK: - The clean runs' marks

    /// The mark the last clean run of a set of kinds left under `key`
    /// (see `RenderRun.cleanMark`), or nil. Each set of kinds has its own,
    /// so a cron job of days and an app's ticket runs do not take each
    /// other's away.
    func cleanMark(key: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let query = try? db.prepare("SELECT value FROM meta WHERE key = ?"), (try? query.bind([.text(key)])) != nil,
              (try? query.step()) == true else { return nil }
        return query.text(0)
    }

    /// Sets (or with nil, drops) the mark under `key`, in a transaction of
    /// its own.
    func setCleanMark(_ mark: String?, key: String) throws(SQLiteError) {
        lock.lock()
        defer { lock.unlock() }
        if let mark {
            try db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").run([.text(key), .text(mark)])
        } else {
            try db.prepare("DELETE FROM meta WHERE key = ?").run([.text(key)])
        }
    }

    /// SHA-256 over every row of the entries, files and entry_files tables,
    /// in key order, and the number of entry rows: a change to any row, by
    /// any build or run of any kind, changes it. The entry_files rows are
    /// in it so that a run which records an edited entry.json's new stamp
    /// and is ended at once (SIGKILL, a power cut) leaves every mark
    /// stale, not only its own, which its commit drops.
    func inputRowsDigest() throws(SQLiteError) -> (entries: Int, digest: Digest) {
        lock.lock()
        defer { lock.unlock() }
        var hash = SHA256()
        // Each text column with its length, each number as 8 bytes, a
        // missing one as -2: no two different tables hash alike.
        func text(_ scan: SQLiteStatement, _ column: Int32) {
            // NULL (a photo column of an entry without one).
            guard scan.optionalInt64(column) != nil else { return number(-2) }
            let bytes = Array(scan.text(column).utf8)
            number(Int64(bytes.count))
            hash.update(bytes)
        }
        func number(_ value: Int64) {
            withUnsafeBytes(of: value.littleEndian) { hash.update($0) }
        }
        var entries = 0
        let rows = try db.prepare("SELECT id, date, folder FROM entries ORDER BY id")
        while try rows.step() {
            entries += 1
            for column in 0..<3 { text(rows, Int32(column)) }
        }
        number(-1)
        let files = try db.prepare("SELECT path, size, mtime_ns, inode, sha256 FROM files ORDER BY path")
        while try files.step() {
            text(files, 0)
            for column in 1...3 { number(files.int64(Int32(column))) }
            text(files, 4)
        }
        number(-1)
        let stamps = try db.prepare("SELECT folder, id, size, inode, mtime_ns, ctime_ns, front, back FROM entry_files "
                                    + "ORDER BY folder")
        while try stamps.step() {
            for column in 0...1 { text(stamps, Int32(column)) }
            for column in 2...5 { number(stamps.int64(Int32(column))) }
            for column in 6...7 { text(stamps, Int32(column)) }
        }
        return (entries, Digest(bytes: hash.finalize()))
    }

    /// Calls `body` with each committed output row whose path is in
    /// `range` (from its lower bound, below its upper one) and after
    /// `after`, in path order, at most `limit` of them, as stored (no
    /// layout check: the caller checks), with its size (nil: a row from
    /// before sizes were kept). `body` returns false to stop. Paged by
    /// `after` so that a caller who must not hold the lock while it works
    /// (reporting commits) lists a batch at a time, not a book's worth.
    func forEachOutputRow(in range: Range<String>, after: String = "", limit: Int = -1,
                          _ body: (_ path: String, _ fingerprint: String, _ owner: String, _ size: Int64?) -> Bool)
        throws(SQLiteError) {
        lock.lock()
        defer { lock.unlock() }
        // A range on the key, not LIKE (which would scan every row).
        let scan = try db.prepare("SELECT path, fingerprint, owner, \(putOutputSized ? "size" : "NULL") FROM outputs "
                                  + "WHERE path >= ? AND path < ? AND path > ? ORDER BY path LIMIT ?")
        try scan.bind([.text(range.lowerBound), .text(range.upperBound), .text(after), .integer(Int64(limit))])
        while try scan.step() {
            guard body(scan.text(0), scan.text(1), scan.text(2), scan.optionalInt64(3)) else { return }
        }
    }
}
