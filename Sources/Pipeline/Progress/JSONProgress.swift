#if canImport(Glibc)
import Glibc
#endif
import PhotiCaseDiary
import PhotiCaseFileSystem

/// `--progress json`: JSON Lines on stderr, one object per event:
/// `{"event":"waiting","cache":"…","holder":pid}` (`--wait`, once),
/// `{"event":"start","total":N}`,
/// `{"event":"warning","message":"…"}` (a problem with the cache that did
/// not count as a failure) and `{"event":"error","message":"…"}` (one
/// that did: an output that could not be removed),
/// `{"event":"entry","done":d,"total":N,"id":"…","kind":"tickets|days|months|books|years|site|entry","status":"rendered|skipped|failed","error":"…","warnings":["…"]}`
/// (`error` only on failure, `warnings` only when there are some),
/// `{"event":"done","rendered":r,"skipped":s,"failed":f,"removed":m,"seconds":t}`, with
/// `"interrupted":"SIGTERM","left":n` when a signal stopped the run
/// (`"left":null` when it stopped before planning: nothing was written).
/// The CLI writes its own messages into the same stream as JSON: an
/// `error` with `"exit":N` for what ends a run before it could run.
public final class JSONProgress: ProgressSink {
    private let writer: (String) -> Void

    /// Lines written whole to `fd`.
    public convenience init(fd: Int32 = STDERR_FILENO) {
        // Whole lines, or a reader would parse half an object.
        self.init { line in _ = FileSystem.writeAll(Array((line + "\n").utf8), toDescriptor: fd) }
    }

    /// Each line (without its newline) handed to `writer`, which writes
    /// it whole (the CLI's stream, shared with its own messages).
    public init(writer: @escaping (String) -> Void) { self.writer = writer }

    public func handle(_ event: RenderEvent) {
        writer(JSONProgress.line(for: event))
    }

    public static func line(for event: RenderEvent) -> String {
        switch event {
        case let .waiting(cache, holder):
            return "{\"event\":\"waiting\",\"cache\":\(JSONWriter.quoted(cache))"
                + (holder.map { ",\"holder\":\($0)" } ?? "") + "}"
        case let .waitingForIndex(path):
            return "{\"event\":\"waiting\",\"index\":\(JSONWriter.quoted(path))}"
        case let .start(total):
            return "{\"event\":\"start\",\"total\":\(total)}"
        case let .notice(message, counted):
            return "{\"event\":\"\(counted ? "error" : "warning")\",\"message\":\(JSONWriter.quoted(message))}"
        case let .item(done, total, id, kind, status, error, warnings):
            var s = "{\"event\":\"entry\",\"done\":\(done),\"total\":\(total),\"id\":\(JSONWriter.quoted(id)),"
                + "\"kind\":\"\(kind.rawValue)\",\"status\":\"\(status.rawValue)\""
            if let error { s += ",\"error\":\(JSONWriter.quoted(error))" }
            if !warnings.isEmpty { s += ",\"warnings\":[" + warnings.map(JSONWriter.quoted).joined(separator: ",") + "]" }
            return s + "}"
        case let .finished(summary):
            return "{\"event\":\"done\",\"rendered\":\(summary.rendered),\"skipped\":\(summary.skipped),"
                + "\"failed\":\(summary.failed),\"removed\":\(summary.removed),\"seconds\":\(String(format1: summary.seconds))"
                + (summary.stoppedBy.map { ",\"interrupted\":\"\(RunSummary.signalName($0))\",\"left\":"
                     + (summary.stoppedBeforePlanning ? "null" : "\(summary.left)") } ?? "") + "}"
        }
    }

}
