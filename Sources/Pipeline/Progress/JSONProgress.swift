#if canImport(Glibc)
import Glibc
#endif
import Entries

/// `--progress json`: JSON Lines on stderr, one object per event:
/// `{"event":"start","total":N}`,
/// `{"event":"entry","done":d,"total":N,"id":"…","status":"rendered|skipped|failed","error":"…","warnings":["…"]}`
/// (`error` only on failure, `warnings` only when there are some),
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
        case let .item(done, total, id, status, error, warnings):
            var s = "{\"event\":\"entry\",\"done\":\(done),\"total\":\(total),\"id\":\(JSONWriter.quoted(id)),\"status\":\"\(status.rawValue)\""
            if let error { s += ",\"error\":\(JSONWriter.quoted(error))" }
            if !warnings.isEmpty { s += ",\"warnings\":[" + warnings.map(JSONWriter.quoted).joined(separator: ",") + "]" }
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
}
