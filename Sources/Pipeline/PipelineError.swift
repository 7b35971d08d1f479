import PhotiCaseFileSystem

/// Why a run could not start or an item failed, with the file it concerns.
public enum PipelineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process holds the cache lock (exit status 3).
    case locked(cache: String, holder: Int32?)
    /// The index is open in another program (a sqlite3 shell, a backup or
    /// sync tool) that holds its lock (exit status 3, as a held lock).
    case indexInUse(path: String)
    /// The entries folder cannot be used.
    case badEntries(path: String, reason: String)
    /// The cache folder cannot be created or written.
    case badCache(path: String, reason: String)
    /// The folder given as the cache holds files that are not ours.
    case notACache(path: String)
    /// ENTRIES holds no entry while the cache records some: an unmounted
    /// disk or a typo must not empty the cache.
    case emptyEntries(path: String, known: Int)
    /// Two entries share an id; both fail.
    case duplicateID(id: String, folders: [String])
    /// A file could not be read or written.
    case file(FileSystemError)
    /// A signal asked the run to stop before it began (while it waited
    /// for the cache lock).
    case stopped(signal: Int32)

    public var description: String {
        switch self {
        case let .locked(cache, holder):
            "another photicase-render run\(holder.map { " (pid \($0))" } ?? "") holds the lock on \(cache)"
        case let .indexInUse(path):
            "\(path) is open in another program (a sqlite3 shell, a backup or sync tool) that holds its lock, not "
                + "in a photicase-render run: close it, or pass --wait to wait for it"
        case let .badEntries(path, reason): "\(path): \(reason)"
        case let .badCache(path, reason): "\(path): \(reason)"
        case let .notACache(path):
            "\(path): not a photicase-render cache (it holds other files and no CACHEDIR.TAG or index of ours); refusing to touch it"
        case let .emptyEntries(path, known):
            "\(path): no entries found, but the cache holds outputs of \(known); nothing is removed "
                + "(an unmounted disk?). Pass --allow-empty to remove them"
        case let .duplicateID(id, folders): "id \"\(id)\" is used by more than one entry: \(folders.joined(separator: ", "))"
        case let .file(error): error.description
        case let .stopped(signal): "stopped by \(RunSummary.signalName(signal)) while waiting for the cache's lock"
        }
    }
}
