#if canImport(Glibc)
import Glibc
#endif

/// render.log: one line per event, appended (O_APPEND) on every run so
/// the history of a cache can be read back.
public final class RenderLog: @unchecked Sendable {
    private let fd: Int32
    private var lock = pthread_mutex_t()

    /// Opens (creating) the log; nil when it cannot be written, in which
    /// case the run goes on without a log.
    public init?(path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        self.fd = fd
        pthread_mutex_init(&lock, nil)
    }

    deinit { close(fd) }

    /// Appends `line` with a UTC timestamp.
    public func write(_ line: String) {
        let text = Array("\(RenderLog.timestamp()) \(line.replacingNewlines())\n".utf8)
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        _ = text.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
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
    /// must not break the log's line structure.
    func replacingNewlines() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}
