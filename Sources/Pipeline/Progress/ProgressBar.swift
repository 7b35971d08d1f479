#if canImport(Glibc)
import Glibc
#endif

/// A progress bar on a terminal's stderr, redrawn in place at most ten
/// times a second: done/total, percent, rate, ETA and the current item.
public final class ProgressBar: ProgressSink {
    private let fd: Int32
    private let width: Int
    private var total = 0
    private var start = 0.0
    private var lastDraw = -1.0
    private var drawn = false

    public init(fd: Int32 = STDERR_FILENO) {
        self.fd = fd
        var ws = winsize()
        width = ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0 && ws.ws_col > 20 ? Int(ws.ws_col) : 80
    }

    /// True when `fd` is a terminal (the bar is only for people).
    public static func isTerminal(_ fd: Int32 = STDERR_FILENO) -> Bool { isatty(fd) == 1 }

    public func handle(_ event: RenderEvent) {
        switch event {
        case let .start(total):
            self.total = total
            start = Clock.now()
        case let .item(done, total, id, status, error, warnings):
            if status == .failed, let error {
                clear()
                emit("failed: \(error)\n")
            }
            if !warnings.isEmpty {
                clear()
                for warning in warnings { emit("warning: \(warning)\n") }
            }
            let now = Clock.now()
            if now - lastDraw >= 0.1 || done == total {
                lastDraw = now
                draw(done: done, total: total, current: id, now: now)
            }
        case .finished:
            clear()
        }
    }

    private func draw(done: Int, total: Int, current: String, now: Double) {
        let elapsed = max(now - start, 1e-6)
        let rate = Double(done) / elapsed
        let percent = total > 0 ? done * 100 / total : 100
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let barWidth = 24
        let filled = total > 0 ? barWidth * done / total : barWidth
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        var line = "\(bar) \(done)/\(total) \(percent)% \(String(format1: rate))/s ETA \(ProgressBar.clock(eta)) "
        let room = width - line.count - 1
        if room > 3 {
            line += current.count > room ? "…" + current.suffix(room - 1) : current
        }
        emit("\r\u{1B}[K" + line)
        drawn = true
    }

    private func clear() {
        if drawn { emit("\r\u{1B}[K") }
        drawn = false
    }

    private func emit(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        let m = s / 60, r = s % 60
        return m >= 60 ? "\(m / 60)h\(m % 60 < 10 ? "0" : "")\(m % 60)m" : "\(m):\(r < 10 ? "0" : "")\(r)"
    }
}

/// Monotonic seconds.
enum Clock {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
