import PhotiCaseConcurrency
import Foundation
import PhotiCaseImaging
import Synchronization

/// Runs `count` independent jobs on `threads` threads. Each thread gets
/// its own worker value (made by `makeWorker` when the thread takes its
/// first job, used by that thread only: text renderers are not
/// thread-safe), and jobs are taken in index order from a shared counter,
/// so memory stays bounded by the thread count. With `stop`, a thread takes
/// no new job once a stop is requested (jobs in progress finish). With
/// `shelf`, a thread takes a worker a run before left there and leaves its
/// own there when done (`done` called on it first), so workers are made
/// once for several runs. With `spare` (made for `threads` threads), every
/// thread is started even when there are fewer jobs, and a thread out of
/// jobs lends itself to the others' tasks (`SpareThreads`) until all are.
enum WorkPool {
    static func run<Worker>(count: Int, threads: Int, stop: StopRequest? = nil, spare: SpareThreads? = nil,
                            shelf: WorkerShelf<Worker>? = nil, done: (@Sendable (inout Worker) -> Void)? = nil,
                            makeWorker: @escaping @Sendable () -> Worker,
                            job: @escaping @Sendable (inout Worker, Int) -> Void) {
        guard count > 0 else { return }
        // Called from a worker (a job that splits its work), the lanes run
        // on this thread one after the other, and lend it to no one: a
        // spare thread waits for the others, which would come after it.
        let nested = WorkerThreads.isWorker
        let n = spare == nil || nested ? max(1, min(threads, count)) : max(1, threads)
        let next = Counter()
        // Lanes on the process's worker threads, which `share` and `serve`
        // renders use too.
        WorkerThreads.shared.run(lanes: n) { _ in
            var worker: Worker?
            while stop?.signal == nil {
                let i = next.take()
                if i >= count { break }
                if worker == nil { worker = shelf?.take() ?? makeWorker() }
                job(&worker!, i)
            }
            if var kept = worker {
                done?(&kept)
                shelf?.put(kept)
            }
            if !nested { spare?.lend() }
        }
    }

    /// The next job's index. Atomic, not locked: loading an unchanged
    /// book runs tens of thousands of jobs of microseconds each, and a
    /// lock taken per job made the two threads wait on each other.
    private final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func take() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
    }
}

/// Workers kept between `WorkPool` runs: each is used by one thread at a
/// time, handed over through the lock (so a worker that is not Sendable,
/// a renderer, moves between threads only whole, never shared).
final class WorkerShelf<Worker>: @unchecked Sendable {
    private let lock = NSLock()
    private var workers: [Worker] = []

    func take() -> Worker? { lock.withLock { workers.popLast() } }
    func put(_ worker: Worker) { lock.withLock { workers.append(worker) } }
}
