/// Fixed-size results written from several threads, each slot by one job
/// only: no lock, since slots never share a writer, and they are read only
/// once every job has finished (the pipeline's pool joins its threads
/// through a semaphore, `SpareThreads.forEach` counts its tasks finished
/// under its lock: either orders the writes before the reads).
public final class Results<Value: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>
    public init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }
    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
    /// Sets slot `i`; call once per slot, from the job that owns it.
    public func set(_ i: Int, _ v: Value) { slots[i] = v }
    /// Every slot, once the pool has finished.
    public var values: [Value?] { Array(slots) }
    /// Every slot, moved out (the slots are left empty): no second copy of
    /// a large result set is alive at once.
    public func take() -> [Value?] {
        var out: [Value?] = []
        out.reserveCapacity(slots.count)
        for i in slots.indices {
            out.append(slots[i])
            slots[i] = nil
        }
        return out
    }

    /// Calls `body` with each set slot, in order, without copying it out.
    public func forEach(_ body: (Int, borrowing Value) -> Void) {
        for i in slots.indices { if let value = slots[i] { body(i, value) } }
    }

    /// Calls `body` with each set slot's value, in order, moving it out: the
    /// slot is empty before `body` runs.
    public func consume(_ body: (Int, consuming Value) -> Void) {
        for i in slots.indices {
            guard let value = slots[i] else { continue }
            slots[i] = nil
            body(i, value)
        }
    }
}
