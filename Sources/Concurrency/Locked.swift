import Foundation

/// A value behind a lock: the one lock of the package's own state.
///
/// A plain pthread mutex (`NSLock`), not `Synchronization.Mutex`, for two
/// reasons measured here:
/// - ThreadSanitizer cannot see `Mutex` on Linux: it locks with futex(2)
///   directly, which TSan does not intercept, so two `withLock` sections
///   on two threads are reported as a data race (a 10-line program with
///   one `Mutex<[String: Int]>` and two threads reports it every run);
///   every lock TSan must understand is a pthread one.
/// - `Mutex` spins before it sleeps: `serve` answers on a thread per
///   connection, many more threads than cores, and with 16 connections on
///   2 cores warm answers spent 17-38% of the CPU spinning in
///   `_MutexHandle._lockSlow` on lookups of a few dozen nanoseconds (54-60
///   µs of CPU an answer against 31-34 µs with this lock).
///
/// Atomics (`Synchronization.Atomic`) TSan does see; they stay.
public final class Locked<Value>: @unchecked Sendable {
    // Invariant: `value` is read and written only inside `withLock`, under
    // `lock`; that is what makes the class Sendable.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
