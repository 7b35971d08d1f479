import Foundation

/// A value behind a lock that waits without spinning (`NSLock`, a plain
/// pthread mutex), for the state every request reads: the diary's list,
/// the photos' digests, the served copies.
///
/// Not `Synchronization.Mutex`: libmicrohttpd answers on a thread per
/// connection, so there are many more threads than cores, and `Mutex`
/// spins before it sleeps. With 16 connections on 2 cores, warm answers
/// spent 17-38% of the CPU spinning in `_MutexHandle._lockSlow` on a
/// lookup of a few dozen nanoseconds, and cost 54-60 µs of CPU each
/// against 31-34 µs before; this lock gives the time back.
final class Locked<Value>: @unchecked Sendable {
    // Invariant: `value` is read and written only inside `withLock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
