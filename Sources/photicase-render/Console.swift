import Text
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
/// the stream's last line is a `done` or an `error` event.
enum Console {
    /// Set once, before any thread starts, by the command that takes
    /// `--progress json`.
    nonisolated(unsafe) static var json = false
    /// The first failure to write stdout other than a closed pipe (a full
    /// disk behind `> file`): the tool must not exit 0 having lost it.
    nonisolated(unsafe) private(set) static var outputError: Int32?

    static func out(_ line: String) {
        let ok = writeAll(STDOUT_FILENO, line + "\n")
        // A reader that went away (`| head`) is not a failure of the run.
        if !ok, errno != EPIPE, outputError == nil { outputError = errno }
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
        _ = writeAll(STDERR_FILENO, text)
    }

    /// `photicase-render: warning: MESSAGE`, or a `warning` event.
    static func warning(_ message: String) {
        if json { emitJSON("warning", message: message) } else { error("photicase-render: warning: \(message)") }
    }

    /// What ends the command with `status` before it could do its work:
    /// `text` as people read it, or an `error` event carrying `message`
    /// and the exit status.
    static func fatal(_ text: String, message: String, status: ExitStatus) {
        if json { emitJSON("error", message: message, exit: status) } else { error(text) }
    }

    private static func emitJSON(_ event: String, message: String, exit: ExitStatus? = nil) {
        var line = JSONLine()
        line.add("event", event)
        if let exit { line.add("exit", Int(exit.rawValue)) }
        // The message as the tool words it, without its "photicase-render:"
        // prefix: the event says whose it is.
        let prefix = "photicase-render: "
        line.add("message", message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message)
        _ = writeAll(STDERR_FILENO, line.text + "\n")
    }

    /// write(2) rather than stdio: no shared FILE state between threads,
    /// and nothing buffered is lost if a signal ends the process.
    private static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
    }
}
