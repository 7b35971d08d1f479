/// What happened to one item of a run.
public enum ItemStatus: String, Sendable, Hashable {
    case rendered, skipped, failed
}

/// What an item of a run makes, named as `--only` names the outputs (an
/// `OutputKind`'s name), and `entry` for an entry or folder that could not
/// be loaded. Events carry it because ids alone can collide: an entry may
/// be named `index.html` or `days/2022-08-20`.
public struct ItemKind: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The items of output kind `kind`.
    public init(_ kind: OutputKind) { rawValue = kind.rawValue }
    /// An entry or folder that could not be loaded.
    public static let entry = ItemKind(rawValue: "entry")
}

/// The totals of a run, printed as the one-line summary.
public struct RunSummary: Sendable, Hashable {
    public var rendered = 0
    public var skipped = 0
    public var failed = 0
    /// Outputs deleted because their entry, day or month is gone.
    public var removed = 0
    public var seconds = 0.0
    /// The signal that stopped the run before every item was reached
    /// (`StopRequest`), or nil.
    public var stoppedBy: Int32?
    /// Items not reached because the run was stopped.
    public var left = 0
    /// Stopped before it planned any item (while the book was checked or
    /// loaded): nothing was written, and `left` is not known.
    public var stoppedBeforePlanning = false

    public init() {}

    /// `rendered 12, skipped 30, failed 1, removed 0 in 3.4 s`, and
    /// `; stopped by SIGTERM, 8 items left for the next run` when stopped
    /// (`; stopped by SIGTERM before planning, nothing written` when it
    /// stopped before it knew its items).
    public var line: String {
        var text = "rendered \(rendered), skipped \(skipped), failed \(failed), removed \(removed) in \(String(format1: seconds)) s"
        if let stoppedBy, stoppedBeforePlanning {
            text += "; stopped by \(RunSummary.signalName(stoppedBy)) before planning, nothing written"
        } else if let stoppedBy {
            text += "; stopped by \(RunSummary.signalName(stoppedBy)), \(left) item\(left == 1 ? "" : "s") left for the next run"
        }
        return text
    }

    /// `SIGINT`, `SIGTERM`, `SIGHUP`, else `signal N`.
    public static func signalName(_ number: Int32) -> String {
        switch number {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 15: "SIGTERM"
        default: "signal \(number)"
        }
    }
}

/// Progress of a run, as values. Items are entries (their ticket images),
/// days (`days/YYYY-MM-DD`) and months (`months/YYYY-MM`).
public enum RenderEvent: Sendable, Hashable {
    /// `--wait`: another run holds the lock on `cache` (pid `holder`),
    /// and this one waits for it. Sent once, before `start`.
    case waiting(cache: String, holder: Int32?)
    /// `--wait`: another program (not a run of ours) holds the index at
    /// `path` open, and this run waits for it. Sent once, before `start`.
    case waitingForIndex(path: String)
    case start(total: Int)
    /// A problem with the cache itself, not with an item: a record of a
    /// tampered index that is ignored (`counted` false: a warning), or an
    /// output that could not be removed, an index that could not be
    /// updated (`counted`: one of the run's failures).
    case notice(String, counted: Bool)
    /// `warnings` are what did not stop the item (clamped crops, missing
    /// glyphs, placeholders for photos that could not be decoded).
    case item(done: Int, total: Int, id: String, kind: ItemKind, status: ItemStatus, error: String?, warnings: [String])
    case finished(RunSummary)
}

extension RenderEvent {
    /// What `.waitingForIndex` says to people.
    public static func waitingForIndexLine(_ path: String) -> String {
        "waiting for the program that holds \(path) open (not a photicase-render run) to close it"
    }

    /// What `.waiting` says to people.
    public static func waitingLine(cache: String, holder: Int32?) -> String {
        "waiting for another photicase-render run\(holder.map { " (pid \($0))" } ?? "") to release the lock on \(cache)"
    }
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
