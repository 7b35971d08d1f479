import PhotiCaseConcurrency
import PhotiCaseFileSystem
import PhotiCaseText
#if canImport(Glibc)
import Glibc
#endif

/// Writing to stdout and stderr, unbuffered enough for progress lines.
///
/// With `--progress json` (`json`), stderr is a stream of JSON lines for an
/// app to parse: the run's events, and this tool's own messages as
/// `{"event":"warning","message":…}` and, for what ends a run before it
/// could run (a usage error, a held lock, an unusable cache),
/// `{"event":"error","exit":N,"message":…}`. No plain line is mixed in, and
/// the stream's last line is a `done` or an `error` event. What fontconfig
/// says about a user's configuration (on stderr, when it loads it) is
/// caught and becomes `warning` events (`capturingStderr`). A crash, which
/// is a bug, still prints its message and backtrace as text.
enum Console {
    /// Set once, before any thread starts, by `startJSON`.
    nonisolated(unsafe) private(set) static var json = false
    /// Lines of the stream are written whole, one at a time.
    private static let stream = Locked(())
    /// The first failure to write stdout other than a closed pipe (a full
    /// disk behind `> file`): the tool must not exit 0 having lost it.
    nonisolated(unsafe) private(set) static var outputError: Int32?

    static func out(_ line: String) {
        // A reader that went away (`| head`) is not a failure of the run.
        if let code = FileSystem.writeAll(Array((line + "\n").utf8), toDescriptor: STDOUT_FILENO),
           code != EPIPE, outputError == nil {
            outputError = code
        }
    }

    /// A message for people; in JSON mode, an `error` event without an
    /// exit status (one failure among the run's).
    static func error(_ line: String) {
        if json {
            emitJSON("error", message: line)
            return
        }
        // A file or folder name may hold control characters (an escape
        // sequence in a folder's name): shown as "?", so what reaches a
        // terminal or a cron mail is text. Newlines separate our own lines.
        var text = line.split(separator: "\n", omittingEmptySubsequences: false)
            .map { DisplayWidth.printable(String($0)) }.joined(separator: "\n")
        if !text.hasSuffix("\n") { text += "\n" }
        _ = FileSystem.writeAll(Array(text.utf8), toDescriptor: STDERR_FILENO)
    }

    /// What ends the command with exit status `exit`: `text` as people
    /// read it, or an `error` event carrying `message` and the status
    /// (the stream's last line).
    static func fatal(_ text: String, message: String, exit: Int32) {
        if json { emitJSON("error", message: message, exit: exit) } else { error(text) }
    }

    private static func emitJSON(_ event: String, message: String, exit: Int32? = nil) {
        var line = JSONLine()
        line.add("event", event)
        if let exit { line.add("exit", Int(exit)) }
        // The message as the tool words it, without its "photicase-render:"
        // prefix: the event says whose it is.
        let prefix = "photicase-render: "
        line.add("message", message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message)
        jsonLine(line.text)
    }

    /// Makes stderr a JSON Lines stream (`--progress json`). Called once,
    /// before any thread starts.
    static func startJSON() { json = true }

    /// Writes one line of the JSON stream (the run's events and the
    /// tool's own), whole.
    static func jsonLine(_ line: String) {
        // write(2) rather than stdio: no shared FILE state between threads,
        // and nothing buffered is lost if a signal ends the process.
        stream.withLock { _ in _ = FileSystem.writeAll(Array((line + "\n").utf8), toDescriptor: STDERR_FILENO) }
    }

    /// Runs `body` (a library loading its configuration) with stderr caught
    /// in JSON mode: each line the library wrote becomes a `warning` event.
    /// May run on another thread while the command goes on: stderr is the
    /// process's, so the stream's own lines wait until it is given back
    /// (they hold `stream` to write). A library that writes more than the
    /// pipe holds loses the rest (EAGAIN) rather than blocking.
    static func capturingStderr(_ body: () -> Void) {
        var ends: [Int32] = [-1, -1]
        guard json, pipe(&ends) == 0 else {
            body()
            return
        }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        let redirected: Bool = stream.withLock { _ in
            let saved = dup(STDERR_FILENO)
            guard saved >= 0, dup2(ends[1], STDERR_FILENO) >= 0 else {
                if saved >= 0 { close(saved) }
                return false
            }
            close(ends[1])
            body()
            _ = dup2(saved, STDERR_FILENO)
            close(saved)
            return true
        }
        guard redirected else {
            close(ends[0])
            close(ends[1])
            body()
            return
        }
        var caught: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            caught += buffer[0..<n]
        }
        close(ends[0])
        for text in String(decoding: caught, as: UTF8.self).split(separator: "\n")
        where !text.allSatisfy(\.isWhitespace) {
            var line = JSONLine()
            line.add("event", "warning")
            line.add("message", String(text))
            jsonLine(line.text)
        }
    }
}
