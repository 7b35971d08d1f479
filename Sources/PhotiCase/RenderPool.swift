import Foundation
import PhotiCaseCards
import PhotiCaseConcurrency

/// The threads a `ShareRenderer` draws on: a fixed number, each keeping
/// its own `CardRenderer` (fonts, shadows and backdrops stay warm between
/// renders), taking jobs in the order they came. However many callers
/// there are, at most `size` images are drawn at once and at most `size`
/// renderers exist; the rest wait in the queue, where a job whose signal
/// is raised (cancelled, or past its deadline) is dropped without being
/// drawn.
final class RenderPool: Sendable {
    /// What a job is run with.
    enum Turn {
        /// The thread's renderer, to draw with.
        case renderer(CardRenderer)
        /// Its signal was raised while it waited: not drawn.
        case dropped(StopSignal.Reason)
        /// The thread has no renderer: making one failed.
        case failed(CardError)
    }

    /// One render, run on a pool thread.
    struct Job: Sendable {
        var stop: StopSignal
        var run: @Sendable (Turn) -> Void
    }

    private struct Queue {
        var jobs: [Job] = []
        var head = 0

        mutating func take() -> Job? {
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            head += 1
            // Compacted now and then, not per job.
            if head > 64 && head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    /// A renderer handed to the thread that will own it. Sendable: made on
    /// the caller's thread, then used by that one pool thread only.
    private struct Owned: @unchecked Sendable {
        let renderer: CardRenderer?
    }

    /// What the pool and its threads share.
    private final class Shared: Sendable {
        let queue = Locked(Queue())
        /// One signal per job queued, and one per thread to end it.
        let ready = DispatchSemaphore(value: 0)
    }

    let size: Int
    private let shared = Shared()

    /// Starts `size` threads. `first`, when given, is the first thread's
    /// renderer; the others make theirs with `make` at their first job
    /// (a renderer that cannot be made fails that job).
    init(size: Int, first: CardRenderer?, make: @escaping @Sendable () throws(CardError) -> CardRenderer) {
        self.size = size
        for i in 0..<size {
            let owned = Owned(renderer: i == 0 ? first : nil)
            let thread = Thread { [shared] in
                var renderer = owned.renderer
                while true {
                    shared.ready.wait()
                    // None left: the pool is gone and its jobs are done.
                    guard let job = shared.queue.withLock({ $0.take() }) else { return }
                    if let reason = job.stop.reason {
                        job.run(.dropped(reason))
                        continue
                    }
                    if renderer == nil {
                        do throws(CardError) { renderer = try make() } catch {
                            job.run(.failed(error))
                            continue
                        }
                    }
                    if let renderer { job.run(.renderer(renderer)) }
                }
            }
            thread.name = "photicase-render \(i + 1)"
            // Drawing needs more than Foundation's 512 KiB default.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Ends the threads once the jobs queued are done.
    deinit {
        for _ in 0..<size { shared.ready.signal() }
    }

    /// Queues `job`.
    func submit(_ job: Job) {
        shared.queue.withLock { $0.jobs.append(job) }
        shared.ready.signal()
    }
}
