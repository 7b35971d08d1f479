import Foundation
import PhotiCaseCards
import PhotiCaseConcurrency

/// The renders of a `ShareRenderer`, on the process's worker threads
/// (`WorkerThreads.shared`, which `render`'s phases use too): at most
/// `size` drawn at once, each with a `CardRenderer` kept between renders
/// (fonts, shadows and backdrops stay warm), taken in the order they came.
/// However many callers there are, at most `size` renderers exist; the
/// rest of the jobs wait here, where a job whose signal is raised
/// (cancelled, or past its deadline) is dropped without being drawn.
final class RenderPool: Sendable {
    /// What a job is run with.
    enum Turn {
        /// A renderer, to draw with (this job's alone until it returns).
        case renderer(CardRenderer)
        /// Its signal was raised while it waited: not drawn.
        case dropped(StopSignal.Reason)
        /// No renderer could be made for it.
        case failed(CardError)
    }

    /// One render.
    struct Job: Sendable {
        var stop: StopSignal
        var run: @Sendable (Turn) -> Void
    }

    /// Renderers not in use.
    private struct Idle: @unchecked Sendable {
        // Invariant: a renderer here is used by no job; one is taken out
        // and put back only under the pool's lock, so it moves between
        // threads whole and is used by one job at a time, never shared.
        var renderers: [CardRenderer]
    }

    private struct State {
        var waiting = FIFOQueue<Job>()
        /// Jobs handed to the threads and not yet returned.
        var running = 0
        var idle: Idle
    }

    let size: Int
    private let state: Locked<State>
    private let make: @Sendable () throws(CardError) -> CardRenderer
    private let threads = WorkerThreads.shared

    /// A pool of `size` renders at once. `first`, when given, is its first
    /// renderer; the others are made with `make` when a job needs one (a
    /// renderer that cannot be made fails that job).
    init(size: Int, first: CardRenderer?, make: @escaping @Sendable () throws(CardError) -> CardRenderer) {
        self.size = size
        self.make = make
        state = Locked(State(idle: Idle(renderers: first.map { [$0] } ?? [])))
        threads.reserve(size)
    }

    /// Queues `job`.
    func submit(_ job: Job) {
        let start = state.withLock { state -> Bool in
            state.waiting.append(job)
            guard state.running < size else { return false }
            state.running += 1
            return true
        }
        if start { threads.submit { [self] in drain() } }
    }

    /// On a worker thread: runs waiting jobs until none is left, then
    /// gives its place back. One `drain` per place taken, so at most
    /// `size` jobs run at once.
    private func drain() {
        while true {
            let taken = state.withLock { state -> (Job, CardRenderer?)? in
                guard let job = state.waiting.take() else {
                    state.running -= 1
                    return nil
                }
                return (job, job.stop.isRaised ? nil : state.idle.renderers.popLast())
            }
            guard let (job, kept) = taken else { return }
            if let reason = job.stop.reason {
                if let kept { state.withLock { $0.idle.renderers.append(kept) } }
                job.run(.dropped(reason))
                continue
            }
            let renderer: CardRenderer
            if let kept {
                renderer = kept
            } else {
                do throws(CardError) { renderer = try make() } catch {
                    job.run(.failed(error))
                    continue
                }
            }
            job.run(.renderer(renderer))
            state.withLock { $0.idle.renderers.append(renderer) }
        }
    }
}
