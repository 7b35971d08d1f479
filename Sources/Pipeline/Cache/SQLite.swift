import CPhotiCaseSQLite
import PhotiCaseSite

/// A failure from SQLite, with the database it happened in.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    public var path: String
    /// SQLite's primary result code (`SQLITE_CORRUPT` is 11, `SQLITE_NOTADB` 26).
    public var code: Int32
    public var message: String

    /// True when the file is not a database or its pages are damaged.
    public var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
    /// True when another connection holds the database.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    public var description: String { "\(path): \(message)" }
}

/// One SQLite connection: the only code that calls SQLite. Not thread-safe
/// (opened without SQLite's own mutex); `CacheIndex` serialises access.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    let path: String

    enum Mode { case readWrite, readWriteCreate, readOnly }

    /// Opens `path` (":memory:" for a private in-memory database). The
    /// file name may not contain a symbolic link: a link planted at the
    /// index's name is refused, not followed.
    init(path: String, mode: Mode) throws(SQLiteError) {
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        switch mode {
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        var name = path
        if mode == .readOnly {
            // Read-only means immutable: no locks, no WAL, no file created
            // (a WAL database cannot otherwise be read without a -shm file
            // or write access to the folder).
            flags |= SQLITE_OPEN_URI
            name = "file:" + PercentEncoding.path(path) + "?immutable=1"
        }
        var db: OpaquePointer?
        let code = sqlite3_open_v2(name, &db, flags, nil)
        handle = db
        guard code == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(db)
            handle = nil
            throw SQLiteError(path: path, code: code & 0xff, message: message)
        }
        sqlite3_extended_result_codes(db, 0)
    }

    deinit { close() }

    /// Closes the connection (checkpointing and removing the WAL file).
    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(path: path, code: code & 0xff, message: text)
        }
    }

    /// The first column of the first row of `sql` as an integer (a pragma).
    func integer(_ sql: String) throws(SQLiteError) -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { return 0 }
        return statement.int64(0)
    }

    /// The first column of each row of `sql` as text.
    func texts(_ sql: String) throws(SQLiteError) -> [String] {
        let statement = try prepare(sql)
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(0)) }
        return rows
    }

    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code) }
        return SQLiteStatement(statement, database: self)
    }

    func error(_ code: Int32) -> SQLiteError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        return SQLiteError(path: path, code: code & 0xff, message: message)
    }
}

/// A prepared statement, reused: bind, step through rows, reset.
final class SQLiteStatement {
    private var handle: OpaquePointer?
    private let database: SQLiteDatabase

    fileprivate init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { finalize() }

    /// Frees the statement: a connection closes only once every statement
    /// on it is finalized (until then SQLite keeps it, and its lock, open).
    func finalize() {
        sqlite3_finalize(handle)
        handle = nil
    }

    /// A value to bind: text, a 64-bit integer, bytes or NULL.
    enum Value {
        case text(String)
        case integer(Int64)
        case blob([UInt8])
        case null
    }

    /// Resets the statement and binds `values` to its parameters in order.
    func bind(_ values: [Value]) throws(SQLiteError) {
        guard let handle else { throw database.error(SQLITE_MISUSE) }
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (i, value) in values.enumerated() {
            let code: Int32
            switch value {
            case .text(let text):
                let bytes = Array(text.utf8)
                if bytes.isEmpty {
                    code = pr_sqlite_bind_text(handle, Int32(i + 1), "", 0)
                } else {
                    code = bytes.withUnsafeBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) { chars in
                            pr_sqlite_bind_text(handle, Int32(i + 1), chars.baseAddress!, Int32(chars.count))
                        }
                    }
                }
            case .integer(let number):
                code = sqlite3_bind_int64(handle, Int32(i + 1), number)
            case .blob(let bytes):
                // A zero-length blob is bound from a non-null pointer: a
                // null one would be stored as NULL.
                code = bytes.isEmpty ? pr_sqlite_bind_blob(handle, Int32(i + 1), "", 0)
                    : bytes.withUnsafeBytes { pr_sqlite_bind_blob(handle, Int32(i + 1), $0.baseAddress!, Int32($0.count)) }
            case .null:
                code = sqlite3_bind_null(handle, Int32(i + 1))
            }
            guard code == SQLITE_OK else { throw database.error(code) }
        }
    }

    /// Advances to the next row: true when there is one, false when done.
    @discardableResult
    func step() throws(SQLiteError) -> Bool {
        guard let handle else { throw database.error(SQLITE_MISUSE) }
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(handle)
            return false
        default:
            let error = database.error(code)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Binds `values` and runs the statement to completion.
    func run(_ values: [Value]) throws(SQLiteError) {
        try bind(values)
        while try step() {}
    }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// The column's bytes (a blob's, or a text's as stored).
    func blob(_ column: Int32) -> [UInt8] {
        // The pointer first, then its length (SQLite's documented order).
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The column's integer, or nil when it is NULL.
    func optionalInt64(_ column: Int32) -> Int64? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
    }

    /// Ends the current scan early.
    func reset() { sqlite3_reset(handle) }
}
