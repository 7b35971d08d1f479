import Foundation

/// The process's worker threads: one set, shared by everything that draws
/// or loads in parallel (`render`'s phases, the library's share renders,
/// `serve`'s requests), each job taken in the order it came.
///
/// Real threads rather than Dispatch's pool: `--jobs N` means N workers
/// even beyond the core count, a job may block (a decode, a file), and
/// drawing needs a larger stack than Dispatch gives. The set only grows,
/// to the largest count asked for (`reserve`); a thread waits for work
/// when there is none.
public final class WorkerThreads: Sendable {
    /// The threads every part of the process shares.
    public static let shared = WorkerThreads()

    /// Threads started, at most: a bound on what any caller can ask.
    public static let maximum = 256

    private struct State {
        var jobs = FIFOQueue<@Sendable () -> Void>()
        var threads = 0
        /// Lanes of `run`s not yet returned.
        var lanes = 0
    }

    private let state = Locked(State())
    /// One signal per job queued.
    private let ready = DispatchSemaphore(value: 0)

    /// A set of its own, for a test; the process shares `shared`.
    public init() {}

    /// The threads started so far.
    public var count: Int { state.withLock { $0.threads } }

    /// Starts threads until there are `count` of them (at most `maximum`),
    /// so that `count` jobs can run at once.
    public func reserve(_ count: Int) {
        let start = state.withLock { state -> Int in
            let wanted = min(max(count, 0), Self.maximum)
            defer { state.threads = max(state.threads, wanted) }
            return max(0, wanted - state.threads)
        }
        for _ in 0..<start {
            let thread = Thread { [self] in
                Self.mark()
                while true {
                    ready.wait()
                    // One signal, one job: never nil while the set lives,
                    // and `shared` lives as long as the process.
                    if let job = state.withLock({ $0.jobs.take() }) { job() }
                }
            }
            thread.name = "photicase-render worker"
            // Drawing needs more than Foundation's 512 KiB default.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Queues `job`, to run on one of the threads once those queued
    /// before it have started.
    public func submit(_ job: @escaping @Sendable () -> Void) {
        state.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    /// Runs `body(lane)` for each lane in `0..<lanes` at once, on as many
    /// threads, and returns when all have returned. Called from one of the
    /// threads themselves (a job that splits its work), the lanes run one
    /// after another on the calling thread: waiting for threads that may
    /// all be waiting in turn could never end.
    public func run(lanes: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard lanes > 0 else { return }
        if Self.isWorker {
            for lane in 0..<lanes { body(lane) }
            return
        }
        // A lane may wait for the others of its run (`SpareThreads`), so
        // there are threads for every lane of every run at once: then a
        // lane still queued always has a thread that is not waiting ahead
        // of it, whatever else runs (jobs that wait for nothing).
        let all = state.withLock { state -> Int in
            state.lanes += lanes
            return state.lanes
        }
        defer { state.withLock { $0.lanes -= lanes } }
        reserve(all)
        let finished = DispatchSemaphore(value: 0)
        for lane in 0..<lanes {
            submit {
                body(lane)
                finished.signal()
            }
        }
        for _ in 0..<lanes { finished.wait() }
    }

    /// Whether the calling thread is one of a `WorkerThreads`' threads.
    public static var isWorker: Bool { Thread.current.threadDictionary[markKey] != nil }

    private static let markKey = "photicase.worker"
    private static func mark() { Thread.current.threadDictionary[markKey] = true }
}
