#if canImport(Glibc)
import Glibc
#endif
import PhotiCaseFileSystem
import PhotiCaseText

/// A progress bar on a terminal's stderr, redrawn in place at most ten
/// times a second: done/total, percent, rate, ETA and the current item.
///
/// The line never reaches the terminal's last column, so it can never wrap
/// (a wrapped line is not erased by the next redraw and the bar scrolls):
/// widths are counted in terminal cells, Hangul and other East Asian wide
/// characters as two, and what does not fit is left out, the item's name
/// first (its start, keeping the distinctive end), then the bar, the rate.
public final class ProgressBar: ProgressSink {
    private let fd: Int32
    private var total = 0
    private var start = 0.0
    private var lastDraw = -1.0
    private var drawn = false

    public init(fd: Int32 = STDERR_FILENO) {
        self.fd = fd
    }

    /// The terminal's width in cells now (it may be resized while a run
    /// goes on): the terminal's own, else `COLUMNS`, else 80.
    private var width: Int {
        var ws = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0 { return Int(ws.ws_col) }
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 { return columns }
        return 80
    }

    /// True when `fd` is a terminal (the bar is only for people).
    public static func isTerminal(_ fd: Int32 = STDERR_FILENO) -> Bool { isatty(fd) == 1 }

    public func handle(_ event: RenderEvent) {
        switch event {
        case let .start(total):
            self.total = total
            start = Clock.now()
        case let .item(done, total, id, _, status, error, warnings):
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
        case let .notice(message, counted):
            clear()
            emit((counted ? "error: " : "warning: ") + message + "\n")
        case let .waiting(cache, holder):
            emit(RenderEvent.waitingLine(cache: cache, holder: holder) + "\n")
        case let .waitingForIndex(path):
            emit(RenderEvent.waitingForIndexLine(path) + "\n")
        }
    }

    private func draw(done: Int, total: Int, current: String, now: Double) {
        let elapsed = max(now - start, 1e-6)
        let rate = Double(done) / elapsed
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let line = ProgressBar.line(done: done, total: total, rate: rate, eta: eta, current: current, width: width)
        emit("\r\u{1B}[K" + line)
        drawn = true
    }

    /// The bar's longest width in cells.
    static let barCells = 24
    /// Below this many cells the bar says too little to be worth its room.
    static let minimumBarCells = 8
    /// The item's name keeps at least this many cells before the bar shrinks.
    static let nameCells = 16

    /// The status line for a terminal `width` cells wide: at most
    /// `width - 1` cells, so it never wraps.
    public static func line(done: Int, total: Int, rate: Double, eta: Double, current: String, width: Int) -> String {
        let room = max(0, width - 1)
        let percent = total > 0 ? done * 100 / total : 100
        let counts = "\(done)/\(total) \(percent)%"
        var timing = " \(String(format1: rate))/s ETA \(clock(eta))"
        if DisplayWidth.cells(counts + timing) > room { timing = "" }
        let fixed = DisplayWidth.cells(counts + timing)
        // The bar takes what is left after the numbers and a useful name.
        var bar = ""
        let barRoom = min(barCells, room - fixed - 1 - 1 - nameCells)
        if barRoom >= minimumBarCells {
            let filled = total > 0 ? barRoom * done / total : barRoom
            bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barRoom - filled) + " "
        }
        var line = DisplayWidth.truncating(bar + counts + timing, to: room, keepEnd: false)
        let nameRoom = room - DisplayWidth.cells(line) - 1
        let name = DisplayWidth.printable(current)
        if nameRoom >= 4, !name.isEmpty {
            line += " " + DisplayWidth.truncating(name, to: nameRoom, keepEnd: true)
        }
        return line
    }

    private func clear() {
        if drawn { emit("\r\u{1B}[K") }
        drawn = false
    }

    private func emit(_ text: String) {
        _ = FileSystem.writeAll(Array(text.utf8), toDescriptor: fd)
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
