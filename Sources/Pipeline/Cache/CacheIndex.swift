import PhotiCaseConcurrency
import Foundation
import PhotiCaseDiary
import PhotiCaseFileSystem

/// The cache's index, a SQLite database: for each output the fingerprint
/// of everything that made it and its owner; for each input file its stat
/// and content hash; for each entry its date and canonical folder; for
/// each entry folder its entry.json's stamp, and the last clean run's mark
/// (`CacheIndex+EntryFiles.swift`: what finds an unchanged book by stat).
///
/// Why SQLite: a run looks records up one by one (an unchanged book stats
/// its files and compares with indexed rows) and writes what it finishes
/// in small transactions, so nothing loads or rewrites the whole index.
///
/// One database per shard layout (`index.sqlite`, `index-K-of-N.sqlite`),
/// each written only by the run holding that shard's lock. The database
/// runs in WAL mode with `locking_mode=EXCLUSIVE`, so SQLite keeps its WAL
/// index in process memory instead of a shared-memory `-shm` file: that
/// is what makes it safe on a network file system shared by several
/// machines (WAL's shared memory does not work across hosts; one writer
/// per file, guarded by our flock, never needs it).
///
/// Thread-safe: every call takes the index's lock. Records whose output
/// paths are not the layout's are never returned (closed world).
public final class CacheIndex: @unchecked Sendable {
    /// `PRAGMA user_version` of the schema this build writes: 2 since
    /// owners are typed (a kind and a key); version 1 indexes are migrated
    /// when opened (`migrateOwners`).
    public static let schemaVersion: Int64 = 2
    /// `PRAGMA application_id` of our indexes ("PhCa"): what tells an index
    /// of ours from another program's `index.sqlite` (`CacheStore`).
    public static let applicationID: UInt32 = 0x5068_4361

    /// Our own result codes: a schema from a newer build, a file that
    /// fails the page check or is not an index.
    static let newer: Int32 = -1
    static let damaged: Int32 = -2

    let db: SQLiteDatabase
    let lock = NSLock()
    /// The index as messages name it.
    public let displayName: String
    private let writable: Bool

    private let selectOutput: SQLiteStatement
    private let selectFile: SQLiteStatement
    private let putOutput: SQLiteStatement
    /// Whether `putOutput` writes the size column.
    let putOutputSized: Bool
    private let dropOutput: SQLiteStatement
    private let putFile: SQLiteStatement
    private let dropFile: SQLiteStatement
    private let putEntry: SQLiteStatement
    private let dropEntry: SQLiteStatement
    /// Looks up an entry folder's stamp (nil: the table is missing from a
    /// read-only index).
    let selectEntryFile: SQLiteStatement?

    /// Whether a read transaction begun by `beginReading` is open.
    private var reading = false
    /// Output changes not yet committed, by path (nil: removed).
    private var pending: [String: OutputRecord?] = [:]
    /// A dry run's private copy of the index (and its WAL), removed on close.
    private var snapshot: String?
    private var lastCommit = Clock.now()
    /// Problems met while opening or reading (a recovered corrupt file,
    /// records outside the layout), each once.
    public private(set) var warnings: [String] = []
    private var warned: Set<String> = []

    private init(db: SQLiteDatabase, displayName: String, writable: Bool) throws(SQLiteError) {
        self.db = db
        self.displayName = displayName
        self.writable = writable
        // Output sizes came after the first schema: the column is added
        // where missing, which leaves the version as it was, so a build
        // from before it still reads and writes this index (its rows
        // have no size, and count as present files only).
        var sized = try db.texts("SELECT name FROM pragma_table_info('outputs')").contains("size")
        if !sized && writable {
            try db.execute("ALTER TABLE outputs ADD COLUMN size INTEGER")
            sized = true
        }
        selectOutput = try db.prepare("SELECT fingerprint, owner_kind, owner, \(sized ? "size" : "NULL") FROM outputs WHERE path = ?")
        selectFile = try db.prepare("SELECT size, mtime_ns, inode, sha256 FROM files WHERE path = ?")
        putOutput = sized
            ? try db.prepare("INSERT OR REPLACE INTO outputs(path, fingerprint, owner_kind, owner, size) VALUES (?, ?, ?, ?, ?)")
            : try db.prepare("INSERT OR REPLACE INTO outputs(path, fingerprint, owner_kind, owner) VALUES (?, ?, ?, ?)")
        putOutputSized = sized
        dropOutput = try db.prepare("DELETE FROM outputs WHERE path = ?")
        putFile = try db.prepare("INSERT OR REPLACE INTO files(path, size, mtime_ns, inode, sha256) VALUES (?, ?, ?, ?, ?)")
        dropFile = try db.prepare("DELETE FROM files WHERE path = ?")
        putEntry = try db.prepare("INSERT OR REPLACE INTO entries(id, date, folder) VALUES (?, ?, ?)")
        dropEntry = try db.prepare("DELETE FROM entries WHERE id = ?")
        // Entry files' stamps came after the first schema too: an index
        // without the table is read as having no stamps (every entry is
        // loaded), and a build from before it ignores the table.
        if writable { try db.execute(CacheIndex.entryFilesSchema) }
        if writable { try db.execute(CacheIndex.lastGoodSchema) }
        selectEntryFile = try? db.prepare(CacheIndex.selectEntryFileSQL)
    }

    static let schema = """
        CREATE TABLE IF NOT EXISTS outputs(path TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, owner_kind TEXT NOT NULL,
                                           owner TEXT NOT NULL, size INTEGER) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
                                         inode INTEGER NOT NULL, sha256 TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS entries(id TEXT PRIMARY KEY, date TEXT NOT NULL, folder TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        """

    // MARK: - Opening

    /// Opens the index `name` in `store`: creates it (migrating a
    /// manifest.json of the same shard layout, in one transaction) when
    /// missing, and sets aside a corrupt one (`<name>.corrupt`) to start
    /// empty: every output is then rendered again after re-hashing, and
    /// nothing is removed, since removal needs a record (`clean` removes
    /// what the set-aside index listed). Nothing is written to an index
    /// before it is known to be ours and of a version this build reads:
    /// its header is read first, and its journal mode set only after the
    /// check. With `readOnly` (a dry run) nothing in the cache changes: the
    /// index and its write-ahead log are read from a private copy (so work
    /// a killed run committed to the log counts), and a missing, old or
    /// corrupt index is read into memory.
    static func open(in store: CacheStore, name: String, readOnly: Bool) throws(PipelineError) -> CacheIndex {
        var warnings: [String] = []
        var setAside: (damage: String, salvaged: Salvage?)?
        if try companionsAreFiles(store, name: name) {
            try checkHeader(store: store, name: name)
            if !readOnly { try checkWritable(store, name: name) }
            switch try openExisting(store, name: name, readOnly: readOnly) {
            case .opened(let index): return index
            case .unreadable(let warning): warnings.append(warning)
            case .damaged(let damage, let salvaged): setAside = (damage, salvaged)
            }
        }
        return try makeAnew(store, name: name, readOnly: readOnly, warnings: warnings, setAside: setAside)
    }

    /// What opening an existing index came to.
    private enum Opening {
        case opened(CacheIndex)
        /// Damaged, in a dry run: read as empty, said so.
        case unreadable(String)
        /// Damaged, set aside as NAME.corrupt, with what could be read of it.
        case damaged(String, Salvage?)
    }

    /// Whether the index exists. SQLite opens its own files by name: refuses
    /// anything but regular files at the names it would use (a planted link
    /// or FIFO).
    private static func companionsAreFiles(_ store: CacheStore, name: String) throws(PipelineError) -> Bool {
        var exists = false
        for companion in [name, name + "-wal", name + "-journal", name + "-shm"] {
            guard let status = try? store.root.status(companion) else { continue }
            guard status.kind == .regular else {
                throw .badCache(path: store.display(companion), reason: "not a regular file (\(status.kind.phrase))")
            }
            if companion == name { exists = true }
        }
        return exists
    }

    /// SQLite would open an index it cannot write read-only and fail at the
    /// first write as a "disk I/O error": said as what it is.
    private static func checkWritable(_ store: CacheStore, name: String) throws(PipelineError) {
        if ([".", name] + [name + "-wal", name + "-journal"].filter { (try? store.root.status($0)) != nil })
            .contains(where: { !store.root.isWritable($0) }) {
            throw .badCache(path: store.display(name), reason: "cannot be written (permission denied); only a user who may "
                            + "write the cache can render into it (--dry-run only reads)")
        }
    }

    /// Opens the existing index `name` (a dry run: a snapshot of it),
    /// checks and migrates it; a damaged one is set aside (or, in a dry
    /// run, read as empty).
    private static func openExisting(_ store: CacheStore, name: String, readOnly: Bool) throws(PipelineError) -> Opening {
        let shown = store.display(name)
        let path = store.canonicalRoot + "/" + name
        var snapshot: String?
        do throws(SQLiteError) {
            let openPath: String
            if readOnly {
                let taken = try CacheIndex.snapshot(path, shown: shown)
                snapshot = taken
                openPath = taken + "/index.sqlite"
            } else {
                openPath = path
            }
            let db = try SQLiteDatabase(path: openPath, mode: .readWrite)
            try configure(db, writable: true, journal: false)
            // Checked before the statements are prepared (preparing one
            // over an empty file or another program's tables fails as "no
            // such table", which is not damage SQLite can name), and
            // before the journal mode is set (which writes the header).
            let version = try CacheIndex.check(db, displayName: shown)
            try configure(db, writable: true, journal: true)
            if version < CacheIndex.schemaVersion { try migrateOwners(db) }
            let index = try CacheIndex(db: db, displayName: shown, writable: true)
            index.snapshot = snapshot
            if !readOnly {
                try index.finishMigration(store: store, name: name)
                // An older build's index gets the id that marks it as ours.
                if try db.integer("PRAGMA application_id") != Int64(CacheIndex.applicationID) {
                    try db.execute("PRAGMA application_id=\(CacheIndex.applicationID)")
                }
            }
            return .opened(index)
        } catch {
            if let snapshot { CacheIndex.removeSnapshot(snapshot) }
            // Our run lock is held, so whoever holds SQLite's is another program.
            if error.isBusy { throw .indexInUse(path: shown) }
            // A newer schema is left alone; only damage is set aside.
            guard error.isCorruption || error.code == CacheIndex.damaged else {
                throw .badCache(path: shown, reason: error.message)
            }
            if readOnly { return .unreadable("\(shown): \(error.message); a dry run reads it as empty") }
            // What can be read of it first, with its log.
            let salvaged = CacheIndex.salvage(path)
            do throws(FileSystemError) {
                for companion in ["-wal", "-journal"] { _ = try? store.root.remove(name + companion) }
                try store.root.rename(name, to: name + ".corrupt")
            } catch {
                throw .badCache(path: shown, reason: "damaged, and cannot be set aside: \(error.problem)")
            }
            return .damaged("\(shown): \(error.message); set aside as \(name).corrupt", salvaged)
        }
    }

    /// A new index `name` (in memory for a dry run), with what a damaged
    /// one it replaces could still give, and the files at the cache's
    /// output paths that carry its mark.
    private static func makeAnew(_ store: CacheStore, name: String, readOnly: Bool, warnings: [String],
                                 setAside: (damage: String, salvaged: Salvage?)?) throws(PipelineError) -> CacheIndex {
        let shown = store.display(name)
        var warnings = warnings
        // Made by us, so the umask decides its mode (and its -wal file's,
        // which SQLite copies): SQLite would create it 0644.
        if !readOnly { try? store.root.createEmptyFile(name) }
        do throws(SQLiteError) {
            let db = try SQLiteDatabase(path: readOnly ? ":memory:" : store.canonicalRoot + "/" + name, mode: .readWriteCreate)
            // EXCLUSIVE locking before WAL mode, as for an existing index:
            // set after it, SQLite has already made the -shm file.
            try configure(db, writable: true, journal: false)
            try configure(db, writable: true, journal: true)
            let index = try created(db: db, displayName: shown)
            try index.migrate(from: store, name: name, persist: !readOnly)
            if let setAside {
                // The outputs it listed stay the cache's: carried over, each
                // rendered again when planned and removed once provably gone.
                let carried = try index.adopt(setAside.salvaged ?? Salvage(), holds: { store.holdsFile($0) })
                warnings.append(setAside.damage + " and started anew with the \(carried.outputs) outputs and "
                                + "\(carried.entries) entries that could still be read of it (every output is checked "
                                + "and rendered again; none is removed unless provably gone)")
            }
            // An index made anew over a cache that holds outputs (it was
            // removed, or damaged past salvage): the files that carry our
            // mark are adopted, so that a gone entry's outputs still go.
            if let shard = CacheLayout.shard(ofIndexName: name) {
                let found = store.markedFiles(except: { index.output($0) != nil }, shard: shard)
                if !found.marked.isEmpty {
                    let adopted = try index.adopt(found: found.marked)
                    warnings.append("\(shown): made anew over \(adopted) files at the cache's output paths that carry "
                                    + "its mark; adopted (each rendered again when planned, removed once its owner is "
                                    + "provably gone)")
                }
            }
            index.warnings = warnings + index.warnings
            return index
        } catch {
            throw .badCache(path: shown, reason: error.message)
        }
    }

    /// Refuses, from its header alone and before SQLite opens it, an index
    /// that is another program's (its application id is set and not ours)
    /// or made by a newer build (its schema version is past ours): neither
    /// is ours to change. Older indexes (no id yet) pass.
    private static func checkHeader(store: CacheStore, name: String) throws(PipelineError) {
        guard let header = try? store.root.readPrefix(name, count: 100), header.count == 100,
              header.starts(with: Array("SQLite format 3\0".utf8)) else { return }
        func number(_ at: Int) -> UInt32 { header[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        let id = number(68), version = Int64(number(60))
        if id != 0 && id != CacheIndex.applicationID {
            throw .badCache(path: store.display(name), reason: "another program's SQLite database (application id "
                            + "\(id)), not an index of photicase-render; left as it is")
        }
        if version > CacheIndex.schemaVersion {
            throw .badCache(path: store.display(name), reason: "made by a newer photicase-render (schema \(version), "
                            + "this one reads up to \(CacheIndex.schemaVersion)); refusing to change it")
        }
    }

    /// A private copy of the index at `path` and its write-ahead log, in a
    /// new temporary folder: a dry run opens the copy, so SQLite recovers
    /// the log into it (work a killed run committed counts) and the cache
    /// is not touched. The caller holds the run lock, so the copy is whole.
    private static func snapshot(_ path: String, shown: String) throws(SQLiteError) -> String {
        do {
            return try privateCopy(of: path, purpose: "dry-run")
        } catch {
            throw SQLiteError(path: shown, code: 1, message: "cannot be copied to read it (\(error.localizedDescription))")
        }
    }

    static func removeSnapshot(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Copies the index at `path` and its write-ahead log, if any, into a
    /// new private temporary folder (`index.sqlite` in it) and returns the
    /// folder; nothing is left behind when that fails. Opening the copy
    /// lets SQLite recover the log into it without touching the cache (a
    /// dry run's snapshot, a damaged index's salvage).
    static func privateCopy(of path: String, purpose: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("photicase-\(purpose)-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
            try FileManager.default.copyItem(atPath: path, toPath: folder + "/index.sqlite")
            if FileManager.default.fileExists(atPath: path + "-wal") {
                try FileManager.default.copyItem(atPath: path + "-wal", toPath: folder + "/index.sqlite-wal")
            }
        } catch {
            removeSnapshot(folder)
            throw error
        }
        return folder
    }

    /// An empty index in memory (a dry run over a cache that does not exist).
    static func empty() -> CacheIndex {
        // An in-memory database with a fixed schema cannot fail to open.
        try! created(db: SQLiteDatabase(path: ":memory:", mode: .readWriteCreate), displayName: ":memory:")
    }

    /// An index over a new (or empty) database: the tables made first.
    private static func created(db: SQLiteDatabase, displayName: String) throws(SQLiteError) -> CacheIndex {
        try db.execute(CacheIndex.schema)
        return try CacheIndex(db: db, displayName: displayName, writable: true)
    }

    /// Sets the connection up: before anything reads the file (preparing
    /// a statement reads the schema), EXCLUSIVE locking, so the WAL index
    /// lives in heap memory with no -shm file and the file locks are taken
    /// once (see the type's comment); once the file is known to be ours
    /// (`journal`), WAL mode, which writes the header.
    private static func configure(_ db: SQLiteDatabase, writable: Bool, journal: Bool) throws(SQLiteError) {
        guard db.path != ":memory:", writable else { return }
        if !journal {
            try db.execute("PRAGMA locking_mode=EXCLUSIVE; PRAGMA busy_timeout=2000;")
            return
        }
        try db.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
        // No memory map: opening runs `quick_check`, which reads every
        // page, and a mapped index stayed resident whole (22 MiB of a
        // 100,000-entry rerun's peak). Read with `pread` into SQLite's
        // bounded page cache, an unchanged rerun takes as long.
        try db.execute("PRAGMA mmap_size=0;")
    }

    /// Checks the schema version, the file's pages and our tables: a file
    /// that is empty, or holds only other tables, is not an index of ours.
    /// Returns the version (1 or 2: version 1 is migrated).
    private static func check(_ db: SQLiteDatabase, displayName: String) throws(SQLiteError) -> Int64 {
        let version = try db.integer("PRAGMA user_version")
        if version > CacheIndex.schemaVersion {
            throw SQLiteError(path: displayName, code: CacheIndex.newer,
                              message: "made by a newer photicase-render (schema \(version), this one reads up to "
                                       + "\(CacheIndex.schemaVersion)); refusing to change it")
        }
        let result = try db.texts("PRAGMA quick_check")
        guard result == ["ok"] else {
            throw SQLiteError(path: displayName, code: CacheIndex.damaged, message: "damaged (\(result.prefix(3).joined(separator: "; ")))")
        }
        let tables = Set(try db.texts("SELECT name FROM sqlite_master WHERE type = 'table'"))
        guard version >= 1, tables.isSuperset(of: ["outputs", "files", "entries", "meta"]) else {
            throw SQLiteError(path: displayName, code: CacheIndex.damaged, message: "not an index of this version (schema \(version))")
        }
        return version
    }

    /// Version 1 to 2: each output row's owner gets its kind, read from the
    /// row's path (its kind's declaration says whom its paths belong to),
    /// so an entry folder named `2022` and the year 2022 are two owners. A
    /// row whose path no kind makes keeps an empty kind (and is ignored,
    /// as before). One transaction: a run killed in it leaves version 1.
    private static func migrateOwners(_ db: SQLiteDatabase) throws(SQLiteError) {
        try db.execute("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            let columns = try db.texts("SELECT name FROM pragma_table_info('outputs')")
            if !columns.contains("owner_kind") {
                try db.execute("ALTER TABLE outputs ADD COLUMN owner_kind TEXT NOT NULL DEFAULT ''")
            }
            let update = try db.prepare("UPDATE outputs SET owner_kind = ? WHERE path = ?")
            var rows: [(String, String)] = []
            let scan = try db.prepare("SELECT path FROM outputs")
            while try scan.step() {
                let path = scan.text(0)
                if let (_, owner) = Kinds.parse(path) { rows.append((owner.rawValue, path)) }
            }
            for (kind, path) in rows { try update.run([.text(kind), .text(path)]) }
            try db.execute("PRAGMA user_version=\(CacheIndex.schemaVersion)")
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    /// Creates the schema and imports the shard layout's manifest.json, if
    /// any, in one transaction; then removes manifest.json. A run killed
    /// before the commit leaves manifest.json to import next time; one
    /// killed after it finds the `migrated` mark and only removes the file.
    private func migrate(from store: CacheStore, name: String, persist: Bool) throws(SQLiteError) {
        let jsonName = CacheLayout.manifestName(forIndex: name)
        let (manifest, found, manifestWarnings) = store.loadManifest(jsonName)
        // `found`: a manifest of ours, imported below and then removed.
        warnings += manifestWarnings
        try db.execute("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            // The first version's owners were untyped: typed by their paths.
            for (path, record) in manifest.outputs {
                guard let (_, owner) = Kinds.parse(path) else { continue }
                try putOutputRow(path, OutputRecord(fingerprint: record.fingerprint, owner: Owner(owner, record.owner),
                                                    size: record.size))
            }
            for (path, file) in manifest.files { try putFileRow(path, file) }
            for (id, record) in manifest.entries {
                try putEntry.run([.text(id), .text(record.date), .text(record.folder)])
            }
            if found { try db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('migrated', '\(jsonName)')") }
            try db.execute("PRAGMA user_version=\(CacheIndex.schemaVersion)")
            try db.execute("PRAGMA application_id=\(CacheIndex.applicationID)")
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
        if found && persist { _ = try? store.root.remove(jsonName) }
    }

    /// Removes a manifest.json whose import committed earlier (its removal
    /// failed or the run was killed between the two), and only when it is
    /// still a manifest of ours: a file placed at that name since (a web
    /// app's manifest.json beside index.html) is not ours to remove.
    private func finishMigration(store: CacheStore, name: String) throws(SQLiteError) {
        guard writable else { return }
        let jsonName = CacheLayout.manifestName(forIndex: name)
        guard (try? store.root.status(jsonName)) != nil else { return }
        let migrated = try db.texts("SELECT value FROM meta WHERE key = 'migrated'")
        guard migrated == [jsonName], store.loadManifest(jsonName).isOurs else { return }
        _ = try? store.root.remove(jsonName)
    }

    /// Closes the database (its WAL is checkpointed into the main file).
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        endReadingLocked()
        for statement in [selectOutput, selectFile, putOutput, dropOutput, putFile, dropFile, putEntry, dropEntry] {
            statement.finalize()
        }
        selectEntryFile?.finalize()
        db.close()
        if let snapshot { CacheIndex.removeSnapshot(snapshot) }
    }

    // MARK: - Reading

    /// Opens one read transaction for the lookups that follow, until the
    /// next commit (or `close`). Outside a transaction each lookup is one
    /// of its own, which checks the database file and its WAL again: a
    /// 20,000-entry rerun made 27,000 `fstat` calls on the index that way.
    public func beginReading() {
        lock.lock()
        defer { lock.unlock() }
        guard !reading else { return }
        // A failure only leaves each lookup in its own transaction.
        reading = (try? db.execute("BEGIN")) != nil
    }

    private func endReadingLocked() {
        guard reading else { return }
        reading = false
        try? db.execute("COMMIT")
    }

    /// The record of output `path`, this run's uncommitted changes included.
    public func output(_ path: String) -> OutputRecord? {
        lock.lock()
        defer { lock.unlock() }
        if let change = pending[path] { return change }
        guard (try? selectOutput.bind([.text(path)])) != nil, (try? selectOutput.step()) == true else { return nil }
        let record = OutputRecord(fingerprint: selectOutput.text(0),
                                  owner: CacheIndex.owner(kind: selectOutput.text(1), key: selectOutput.text(2), path: path),
                                  size: selectOutput.optionalInt64(3))
        selectOutput.reset()
        return record
    }

    /// A row's owner: its kind as recorded, or, for a row no migration
    /// could type, as its path says.
    static func owner(kind: String, key: String, path: String) -> Owner {
        Owner(Owner.Kind(rawValue: kind) ?? Kinds.parse(path)?.owner ?? .entry, key)
    }

    /// The stat and hash recorded for input file `path`.
    public func file(_ path: String) -> Manifest.File? {
        lock.lock()
        defer { lock.unlock() }
        guard (try? selectFile.bind([.text(path)])) != nil, (try? selectFile.step()) == true else { return nil }
        let record = Manifest.File(size: selectFile.int64(0), mtimeNanoseconds: selectFile.int64(1),
                                   inode: UInt64(bitPattern: selectFile.int64(2)), sha256: selectFile.text(3))
        selectFile.reset()
        return record
    }

    /// The number of entries recorded.
    public func entryCount() throws(SQLiteError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return Int(try db.integer("SELECT count(*) FROM entries"))
    }

    /// Calls `body` with each recorded entry, streamed from the database.
    public func forEachEntry(_ body: (String, Manifest.EntryRecord) -> Void) throws(SQLiteError) {
        lock.lock()
        defer { lock.unlock() }
        let scan = try db.prepare("SELECT id, date, folder FROM entries")
        while try scan.step() {
            body(scan.text(0), Manifest.EntryRecord(date: scan.text(1), folder: scan.text(2)))
        }
    }

    /// Calls `body` with each committed output record whose path is one the
    /// layout makes; other rows are skipped with a warning. Rows whose path
    /// is in `except` (this run's planned outputs, made by the layout) are
    /// skipped unchecked.
    public func forEachOutput(except: Set<String> = [],
                              _ body: (String, OutputRecord) -> Void) throws(SQLiteError) {
        lock.lock()
        defer { lock.unlock() }
        let scan = try db.prepare("SELECT path, fingerprint, owner_kind, owner FROM outputs")
        while try scan.step() {
            let path = scan.text(0)
            if except.contains(path) { continue }
            guard Kinds.parse(path) != nil else {
                warnOnce("\(displayName): ignoring record \(JSONWriter.quoted(path)), which is not a cache output path")
                continue
            }
            body(path, OutputRecord(fingerprint: scan.text(1),
                                    owner: CacheIndex.owner(kind: scan.text(2), key: scan.text(3), path: path)))
        }
    }

    /// Whether any committed output belongs to `owner` (a full scan: the
    /// owner column has no index; asked once, and only when entries are held).
    public func hasOutput(ownedBy owner: Owner) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let query = try? db.prepare("SELECT 1 FROM outputs WHERE owner_kind = ? AND owner = ? LIMIT 1") else {
            return true
        }
        defer { query.finalize() }
        guard (try? query.bind([.text(owner.kind.rawValue), .text(owner.key)])) != nil else { return true }
        return (try? query.step()) ?? true
    }

    /// Those of `ids` that own an output as entries, in one scan of the
    /// entries' rows (asked only while an entry fails to load and matches
    /// no record). All of them when the index cannot be read.
    func entriesWithOutputs(among ids: Set<String>) -> Set<String> {
        guard !ids.isEmpty else { return [] }
        lock.lock()
        defer { lock.unlock() }
        guard let scan = try? db.prepare("SELECT DISTINCT owner FROM outputs WHERE owner_kind = ?"),
              (try? scan.bind([.text(Owner.Kind.entry.rawValue)])) != nil else { return ids }
        var found: Set<String> = []
        while true {
            guard let more = try? scan.step() else { return ids }
            guard more else { break }
            let owner = scan.text(0)
            if ids.contains(owner) { found.insert(owner) }
        }
        return found
    }

    private func warnOnce(_ text: String) {
        if warned.insert(text).inserted { warnings.append(text) }
    }

    // MARK: - Writing

    /// Records output `path` as made with `record` (committed with the
    /// next batch).
    public func setOutput(_ path: String, _ record: OutputRecord) {
        lock.lock()
        pending[path] = .some(record)
        lock.unlock()
    }

    /// Forgets output `path` (committed with the next batch).
    public func removeOutput(_ path: String) {
        lock.lock()
        pending[path] = .some(nil)
        lock.unlock()
    }

    /// Commits the pending changes when two seconds have passed since the
    /// last commit or many have piled up, so a killed run keeps its work.
    /// A failed commit keeps them pending for the next.
    public func commitIfDue() {
        lock.lock()
        let due = !pending.isEmpty && (pending.count >= 1024 || Clock.now() - lastCommit > 2)
        lock.unlock()
        if due { try? commit() }
    }

    /// Commits the pending output changes in one transaction, and when
    /// given: drops the file rows for which `currentFiles` says no, writes
    /// `changedFiles`, and replaces the entry records by `entries` (rows
    /// not in it are deleted; `keptEntries`, when given, says which records
    /// are known to equal their rows, read from the index this run: those
    /// are not written, and no row is read to compare), replaces the
    /// entry_files rows by `entryFiles`, and deletes the mark under the key
    /// `droppingCleanMark`.
    func commit(changedFiles: [String: Manifest.File] = [:], currentFiles: ((String) -> Bool)? = nil,
                entries: EntryRecords? = nil, keptEntries: ((String) -> Bool)? = nil,
                entryFiles: EntryFileRecords? = nil, droppingCleanMark: String? = nil) throws(SQLiteError) {
        lock.lock()
        defer { lock.unlock() }
        lastCommit = Clock.now()
        endReadingLocked()
        try db.execute("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            for (path, change) in pending {
                if let record = change { try putOutputRow(path, record) } else { try dropOutput.run([.text(path)]) }
            }
            if let currentFiles { try updateFiles(changed: changedFiles, current: currentFiles) }
            if let entries { try replaceEntries(entries, kept: keptEntries) }
            if let entryFiles { try replaceEntryFiles(entryFiles) }
            // With the stamps it vouched for: a run ended at once after this
            // commit (a second signal, SIGKILL, a power cut) leaves no mark
            // that new stamps of an edited entry.json would then match.
            // Others' marks are made stale by the new stamps (they are in
            // every mark's digest); the key an earlier build used goes too.
            if let droppingCleanMark {
                try db.prepare("DELETE FROM meta WHERE key = ? OR key = 'clean'").run([.text(droppingCleanMark)])
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
        pending = [:]
    }

    private func putOutputRow(_ path: String, _ record: OutputRecord) throws(SQLiteError) {
        let size: SQLiteStatement.Value = record.size.map { .integer($0) } ?? .null
        try putOutput.run([.text(path), .text(record.fingerprint), .text(record.owner.kind.rawValue), .text(record.owner.key)]
                          + (putOutputSized ? [size] : []))
    }

    private func putFileRow(_ path: String, _ file: Manifest.File) throws(SQLiteError) {
        try putFile.run([.text(path), .integer(file.size), .integer(file.mtimeNanoseconds),
                         .integer(Int64(bitPattern: file.inode)), .text(file.sha256)])
    }

    /// Drops the rows of files no longer used and writes the changed ones.
    /// Only paths are read: an unchanged book's rerun writes nothing.
    private func updateFiles(changed: [String: Manifest.File], current: (String) -> Bool) throws(SQLiteError) {
        var stale: [String] = []
        let scan = try db.prepare("SELECT path FROM files")
        while try scan.step() {
            let path = scan.text(0)
            if !current(path) && changed[path] == nil { stale.append(path) }
        }
        for path in stale { try dropFile.run([.text(path)]) }
        for (path, file) in changed { try putFileRow(path, file) }
    }

    private func replaceEntries(_ entries: EntryRecords, kept: ((String) -> Bool)?) throws(SQLiteError) {
        var stale: [String] = []
        var same: Set<String> = []
        var respelled: [(String, Manifest.EntryRecord)] = []
        let scan = try db.prepare(kept == nil ? "SELECT id, date, folder FROM entries" : "SELECT id FROM entries")
        while try scan.step() {
            let id = scan.text(0)
            guard let wanted = entries.record(id) else { stale.append(id); continue }
            // A row an older build wrote with its id spelled otherwise (a
            // folder named on a Mac) is written again as ids are spelled
            // now (`Entry.spelling(ofID:)`), kept or not: `==` finds the
            // record, but the SQL key would keep the old bytes.
            let spelled = Entry.spelling(ofID: id)
            if !id.utf8.elementsEqual(spelled.utf8) {
                stale.append(id)
                respelled.append((spelled, wanted))
                continue
            }
            if kept == nil, wanted == Manifest.EntryRecord(date: scan.text(1), folder: scan.text(2)) { same.insert(id) }
        }
        for id in stale { try dropEntry.run([.text(id)]) }
        for (id, record) in respelled { try putEntry.run([.text(id), .text(record.date), .text(record.folder)]) }
        var failure: SQLiteError?
        entries.forEach { id, record in
            guard failure == nil, !same.contains(id), kept?(id) != true else { return }
            do throws(SQLiteError) {
                try putEntry.run([.text(id), .text(record.date), .text(record.folder)])
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// The entry records a commit leaves in the index, by id: looked up and
    /// listed by the caller's closures, so a run can hand over a book's
    /// worth of records without building a dictionary of them. Each id is
    /// listed once.
    public struct EntryRecords {
        /// The record of `id`, or nil when the index is to forget it.
        public var record: (String) -> Manifest.EntryRecord?
        /// Calls its argument with every (id, record).
        public var forEach: (_ body: (String, Manifest.EntryRecord) -> Void) -> Void

        public init(record: @escaping (String) -> Manifest.EntryRecord?,
                    forEach: @escaping (_ body: (String, Manifest.EntryRecord) -> Void) -> Void) {
            self.record = record
            self.forEach = forEach
        }

        /// The records of a dictionary.
        public init(_ records: [String: Manifest.EntryRecord]) {
            self.init(record: { records[$0] }, forEach: { body in for (id, r) in records { body(id, r) } })
        }
    }

    /// Removes the index's files (after `close`): for `clean`.
    static func removeFiles(_ name: String, in store: CacheStore) throws(FileSystemError) {
        for companion in ["-wal", "-journal", "-shm"] { _ = try? store.root.remove(name + companion) }
        try store.root.remove(name)
    }
}

/// What the index keeps of one output: the key it was made with, whom it
/// belongs to, and its size as written.
public struct OutputRecord: Sendable, Equatable {
    /// Hex SHA-256 over what made it (see `PlanContext.fingerprint`), or
    /// a stand-in's (`StandIn`), which no plan makes.
    public var fingerprint: String
    public var owner: Owner
    /// The file's size as written: a file of another size was cut short
    /// or replaced, and is rendered again. Nil in records from before
    /// sizes were kept (the file's presence is then all that counts,
    /// until it is next written).
    public var size: Int64?

    public init(fingerprint: String, owner: Owner, size: Int64? = nil) {
        self.fingerprint = fingerprint
        self.owner = owner
        self.size = size
    }
}
