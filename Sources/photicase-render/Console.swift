import Text
#if canImport(Glibc)
import Glibc
#endif

/// Writing to stdout and stderr, unbuffered enough for progress lines.
enum Console {
    static func out(_ line: String) {
        print(line)
    }

    static func error(_ line: String) {
        // A file or folder name may hold control characters (an escape
        // sequence in a folder's name): shown as "?", so what reaches a
        // terminal or a cron mail is text. Newlines separate our own lines.
        var text = line.split(separator: "\n", omittingEmptySubsequences: false)
            .map { DisplayWidth.printable(String($0)) }.joined(separator: "\n")
        if !text.hasSuffix("\n") { text += "\n" }
        // write(2) rather than stdio: no shared FILE state between threads.
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { break }
            done += n
        }
    }
}
