import Dispatch

/// A value one thread hands to another once: the maker `fulfill`s it, the
/// taker waits for it in `value()`. One thread can then make several
/// values in turn, each taken as soon as it is made (a share image's
/// photo before its backdrop).
public final class Promise<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let slot = Locked<Value?>(nil)

    public init() {}

    /// Hands over `value`; called once.
    public func fulfill(_ value: Value) {
        slot.withLock { $0 = value }
        done.signal()
    }

    /// Waits until the value is handed over (taken or not).
    public func wait() {
        done.wait()
        // Signalled again: once fulfilled, every wait returns at once.
        done.signal()
    }

    /// Waits for the value and takes it (moved out, so a raster in it is
    /// not copied when written to). Called once.
    public func value() -> Value {
        wait()
        return slot.withLock { slot in
            guard let value = slot.take() else { preconditionFailure("Promise.value() called twice") }
            return value
        }
    }
}
