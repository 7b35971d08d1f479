#if canImport(Glibc)
import Glibc
#endif

/// The threads of a pool that have run out of jobs of their own, lent to
/// those still working until every thread is out of jobs.
///
/// A pool's jobs are whole items (an entry's ticket, a book page), taken in
/// order. At the end of a phase one thread may still draw and encode a
/// large item while the other has nothing left; with the item's tail split
/// into independent tasks (`forEach`, `map`: an image's encodes), the idle
/// thread takes some of them. The caller runs its tasks itself in order,
/// and a spare thread takes the next untaken one meanwhile, so nothing
/// waits on a spare that never comes, and every task runs exactly once:
/// the results are the same for any number of spare threads.
///
/// Made for one pool run of `threads` threads. Each thread calls `lend()`
/// once, when it takes no more jobs of its own; `lend()` returns when
/// every thread has, since no task can be posted after that.
public final class SpareThreads: @unchecked Sendable {
    // One lock and one condition for everything: a few threads, a few
    // tasks an item, each of milliseconds. Allocated, not stored: a
    // pthread object must not move, and Swift promises no fixed address
    // for a stored property passed with `&`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Posted tasks not all taken yet, oldest first.
    private var open: [Batch] = []
    /// Threads still on jobs of their own.
    private var working: Int
    /// The pool's size: above 1, a task may also start threads of its own
    /// (a library's), which a spare core runs.
    public let threads: Int

    /// For a pool of `threads` threads.
    public init(threads: Int) {
        self.threads = threads
        working = threads
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body(i)` for every `i` in `0..<count`, each once, on this
    /// thread and any spare one; returns when all have run. Put the
    /// longest tasks first: a spare thread that turns up late takes the
    /// next untaken one.
    public func forEach(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let batch = Batch(count: count, body: body)
        locked {
            open.append(batch)
            pthread_cond_broadcast(condition)
        }
        while let i = locked({ take(from: batch) }) {
            body(i)
            locked { finished(batch) }
        }
        locked {
            while batch.unfinished > 0 { pthread_cond_wait(condition, mutex) }
        }
    }

    /// `forEach`, collecting each task's result in order.
    public func map<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let results = Results<T>(count: count)
        forEach(count) { i in results.set(i, body(i)) }
        // Every task finished under the lock before `forEach` returned.
        return results.take().map { $0! }
    }

    /// Called once by each thread of the pool when it takes no more jobs
    /// of its own: runs other threads' tasks until every thread has
    /// called it.
    public func lend() {
        pthread_mutex_lock(mutex)
        working -= 1
        if working == 0 { pthread_cond_broadcast(condition) }
        while true {
            if let batch = open.first, let i = take(from: batch) {
                pthread_mutex_unlock(mutex)
                batch.body(i)
                pthread_mutex_lock(mutex)
                finished(batch)
            } else if working == 0 {
                // Every thread is out of jobs: none is inside `forEach`,
                // so nothing is open and nothing more can be posted.
                break
            } else {
                pthread_cond_wait(condition, mutex)
            }
        }
        pthread_mutex_unlock(mutex)
    }

    // MARK: - Under the lock

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// The batch's next untaken task, closing the batch when it was the last.
    private func take(from batch: Batch) -> Int? {
        guard batch.next < batch.count else { return nil }
        let i = batch.next
        batch.next += 1
        if batch.next == batch.count, let at = open.firstIndex(where: { $0 === batch }) { open.remove(at: at) }
        return i
    }

    private func finished(_ batch: Batch) {
        batch.unfinished -= 1
        if batch.unfinished == 0 { pthread_cond_broadcast(condition) }
    }

    /// One `forEach`'s tasks; its counters change only under the lock.
    private final class Batch {
        let count: Int
        let body: @Sendable (Int) -> Void
        var next = 0
        var unfinished: Int

        init(count: Int, body: @escaping @Sendable (Int) -> Void) {
            self.count = count
            self.body = body
            unfinished = count
        }
    }
}
