import Synchronization

/// A request to end a run early, made by a signal (SIGINT from a
/// terminal's Ctrl-C, SIGTERM from cron's timeout or a service manager,
/// SIGHUP from a closed session). The run stops taking new items,
/// lets those in progress finish, commits the index and reports what it
/// did, so the next run renders only what this one did not reach.
///
/// Setting it is one atomic store, safe from a signal handler; the run
/// reads it between items.
public final class StopRequest: Sendable {
    private let number = Atomic<Int32>(0)
    private let count = Atomic<Int>(0)

    public init() {}

    /// Records signal `signal` (the first request's signal is the one
    /// reported); returns how many requests there have been, this one
    /// included.
    @discardableResult
    public func request(signal: Int32) -> Int {
        _ = number.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
        return count.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The signal that asked the run to stop, or nil.
    public var signal: Int32? {
        let value = number.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }
}
