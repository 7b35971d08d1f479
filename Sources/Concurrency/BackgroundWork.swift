import Dispatch

/// Work started on another thread, its result collected later: a fork and
/// a join, for one image whose independent parts can be drawn on two
/// cores at once (a share image's backdrop while its faces are drawn).
///
/// The work must not touch what the starting thread goes on using; it is
/// given values and returns one. It never outlives its handle: letting go
/// of a `BackgroundWork` whose result was not collected (the starter
/// failed on the way) waits for the work to end, so no thread is left
/// inside a library while the process exits.
public final class BackgroundWork<Value: Sendable>: Sendable {
    private let result = Promise<Value>()

    /// Starts `work` on a thread of the system's pool.
    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async { [result] in result.fulfill(work()) }
    }

    deinit { result.wait() }

    /// Waits for the work and takes its result (moved out, so a raster in
    /// it is not copied when written to). Called once.
    public func value() -> Value { result.value() }
}
