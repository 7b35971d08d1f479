import PhotiCaseText
import PhotiCaseFileSystem
#if canImport(Glibc)
import Glibc
#endif

/// render.log: one line per event, appended (O_APPEND) on every run so
/// the history of a cache can be read back.
/// Lines of a sharded run name their shard (`shard 1/4: rendered …`), since
/// the shards of one cache append to the same log at once.
public final class RenderLog: @unchecked Sendable {
    // Sendable: immutable; its one file (`AppendFile`) locks each append.
    private let file: AppendFile
    private let tag: String

    init(_ file: AppendFile, shard: Shard = .all) {
        self.file = file
        tag = shard.count > 1 ? "shard \(shard): " : ""
    }

    /// Appends `line` with a UTC timestamp.
    public func write(_ line: String) {
        file.append("\(RenderLog.timestamp()) \(tag)\(line.printableLine())\n")
    }

    static func timestamp() -> String {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        func p(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)-\(p(parts.tm_mon + 1))-\(p(parts.tm_mday))T\(p(parts.tm_hour)):\(p(parts.tm_min)):\(p(parts.tm_sec))Z"
    }
}

extension String {
    /// One line: newlines from user data (error messages quoting files)
    /// must not break the log's line structure, and no control character
    /// (a folder named with an escape sequence) reaches a terminal that
    /// shows the log: each becomes "?", as the progress bar shows them.
    func printableLine() -> String { DisplayWidth.printable(self) }
}
