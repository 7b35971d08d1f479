/// Why a run could not start or an item failed, with the file it concerns.
public enum PipelineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process holds the cache lock (exit status 3).
    case locked(cache: String, holder: Int32?)
    /// The entries folder cannot be used.
    case badEntries(path: String, reason: String)
    /// The cache folder cannot be created or written.
    case badCache(path: String, reason: String)
    /// Two entries share an id; both fail.
    case duplicateID(id: String, folders: [String])
    /// A file could not be written.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .locked(cache, holder):
            "another photicase-render run\(holder.map { " (pid \($0))" } ?? "") holds the lock on \(cache)"
        case let .badEntries(path, reason): "\(path): \(reason)"
        case let .badCache(path, reason): "\(path): \(reason)"
        case let .duplicateID(id, folders): "id \"\(id)\" is used by more than one entry: \(folders.joined(separator: ", "))"
        case let .writeFailed(path, reason): "\(path): \(reason)"
        }
    }
}
