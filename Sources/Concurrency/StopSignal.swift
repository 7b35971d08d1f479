import Synchronization

/// Tells a render in progress to stop: raised by its caller (a cancelled
/// task, a client gone) or by its deadline passing. The work checks it
/// between its steps and between the bands of its long loops (`isRaised`),
/// so a render stops within one band of work; what it had made is then
/// thrown away. Thread-safe: raised on one thread, read on any.
public final class StopSignal: Sendable {
    /// Why the work was told to stop.
    public enum Reason: Int, Sendable {
        case cancelled = 1
        case deadline = 2
    }

    private let raised = Atomic<Int>(0)
    /// When the work must stop by itself; nil for never.
    public let deadline: ContinuousClock.Instant?

    public init(deadline: ContinuousClock.Instant? = nil) {
        self.deadline = deadline
    }

    /// Tells the work to stop, for `reason` (the first reason given stays).
    public func raise(_ reason: Reason = .cancelled) {
        _ = raised.compareExchange(expected: 0, desired: reason.rawValue, ordering: .relaxed)
    }

    /// Why the work must stop now, nil while it may go on. Past its
    /// deadline the signal raises itself.
    public var reason: Reason? {
        if let reason = Reason(rawValue: raised.load(ordering: .relaxed)) { return reason }
        guard let deadline, ContinuousClock.now >= deadline else { return nil }
        raise(.deadline)
        return Reason(rawValue: raised.load(ordering: .relaxed))
    }

    /// Whether the work must stop now.
    public var isRaised: Bool { reason != nil }
}
