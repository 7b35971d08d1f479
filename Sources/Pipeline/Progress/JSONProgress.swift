#if canImport(Glibc)
import Glibc
#endif

/// `--progress json`: JSON Lines on stderr, one object per event:
/// `{"event":"start","total":N}`,
/// `{"event":"entry","done":d,"total":N,"id":"…","status":"rendered|skipped|failed","error":"…"}`,
/// `{"event":"done","rendered":r,"skipped":s,"failed":f,"seconds":t}`.
public final class JSONProgress: ProgressSink {
    private let fd: Int32

    public init(fd: Int32 = STDERR_FILENO) { self.fd = fd }

    public func handle(_ event: RenderEvent) {
        emit(JSONProgress.line(for: event))
    }

    public static func line(for event: RenderEvent) -> String {
        switch event {
        case let .start(total):
            return "{\"event\":\"start\",\"total\":\(total)}"
        case let .item(done, total, id, status, error):
            var s = "{\"event\":\"entry\",\"done\":\(done),\"total\":\(total),\"id\":\(quote(id)),\"status\":\"\(status.rawValue)\""
            if let error { s += ",\"error\":\(quote(error))" }
            return s + "}"
        case let .finished(summary):
            return "{\"event\":\"done\",\"rendered\":\(summary.rendered),\"skipped\":\(summary.skipped),"
                + "\"failed\":\(summary.failed),\"removed\":\(summary.removed),\"seconds\":\(String(format1: summary.seconds))}"
        }
    }

    private func emit(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// A JSON string literal with control characters escaped.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
