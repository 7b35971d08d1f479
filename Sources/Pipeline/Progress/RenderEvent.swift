/// What happened to one item of a run.
public enum ItemStatus: String, Sendable, Hashable {
    case rendered, skipped, failed
}

/// The totals of a run, printed as the one-line summary.
public struct RunSummary: Sendable, Hashable {
    public var rendered = 0
    public var skipped = 0
    public var failed = 0
    /// Outputs deleted because their entry, day or month is gone.
    public var removed = 0
    public var seconds = 0.0

    public init() {}

    /// `rendered 12, skipped 30, failed 1, removed 0 in 3.4 s`.
    public var line: String {
        "rendered \(rendered), skipped \(skipped), failed \(failed), removed \(removed) in \(String(format1: seconds)) s"
    }
}

/// Progress of a run, as values. Items are entries (their ticket images),
/// days (`days/YYYY-MM-DD`) and months (`months/YYYY-MM`).
public enum RenderEvent: Sendable, Hashable {
    case start(total: Int)
    /// `warnings` are what did not stop the item (clamped crops, missing
    /// glyphs, placeholders for photos that could not be decoded).
    case item(done: Int, total: Int, id: String, status: ItemStatus, error: String?, warnings: [String])
    case finished(RunSummary)
}

/// Receives events, always from one thread at a time.
public protocol ProgressSink: AnyObject {
    func handle(_ event: RenderEvent)
}

extension String {
    /// One decimal place, without Foundation's locale-dependent formatting.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
