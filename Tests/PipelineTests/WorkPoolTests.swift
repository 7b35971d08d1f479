import PhotiCaseConcurrency
@testable import PhotiCasePipeline
import Foundation
import PhotiCaseImaging
import Synchronization
import Testing

/// A run's phases share one worker a thread (`WorkerShelf`): a renderer
/// loads its fonts once a run, not once a phase.
@Suite struct WorkPoolTests {
    final class Tally: Sendable {
        let made = Atomic<Int>(0)
        let ended = Atomic<Int>(0)
    }

    @Test func phasesTakeTheWorkersTheLastOneLeft() {
        let tally = Tally()
        let shelf = WorkerShelf<Int>()
        let jobs = Atomic<Int>(0)
        for _ in 0..<3 {
            WorkPool.run(count: 40, threads: 2, shelf: shelf, done: { _ in tally.ended.add(1, ordering: .relaxed) },
                         makeWorker: { () -> Int in
                             tally.made.add(1, ordering: .relaxed)
                             return 0
                         }) { worker, _ in
                worker += 1
                jobs.add(1, ordering: .relaxed)
            }
        }
        #expect(jobs.load(ordering: .relaxed) == 120)
        // Two threads, three phases: at most two workers made, each ended
        // once a phase it took part in.
        #expect(tally.made.load(ordering: .relaxed) <= 2)
        #expect(tally.ended.load(ordering: .relaxed) >= 3)
        // The workers carry what they counted from phase to phase.
        var total = 0
        while let worker = shelf.take() { total += worker }
        #expect(total == 120)
    }

    @Test func withoutAShelfEachRunMakesItsOwn() {
        let tally = Tally()
        for _ in 0..<3 {
            WorkPool.run(count: 10, threads: 1, makeWorker: { () -> Int in
                tally.made.add(1, ordering: .relaxed)
                return 0
            }) { _, _ in }
        }
        #expect(tally.made.load(ordering: .relaxed) == 3)
    }
}

/// With spare threads, a thread out of jobs lends itself to the tasks of
/// those still working, and makes no worker it does not need.
@Suite struct WorkPoolSpareTests {
    @Test func aThreadWithoutJobsMakesNoWorkerAndTakesTasks() {
        let made = Atomic<Int>(0)
        let spare = SpareThreads(threads: 2)
        let tasksOffTheJobsThread = Atomic<Int>(0)
        WorkPool.run(count: 1, threads: 2, spare: spare, makeWorker: { () -> Int in
            made.add(1, ordering: .relaxed)
            return 0
        }) { _, _ in
            let jobThread = UInt(pthread_self())
            // The first task waits (ten seconds at most) for another to
            // have run: only the spare thread can run one meanwhile.
            let othersRan = Atomic<Bool>(false)
            spare.forEach(4) { i in
                if i == 0 {
                    let deadline = Date().addingTimeInterval(10)
                    while !othersRan.load(ordering: .acquiring) && Date() < deadline { usleep(100) }
                } else {
                    othersRan.store(true, ordering: .releasing)
                }
                if UInt(pthread_self()) != jobThread { tasksOffTheJobsThread.add(1, ordering: .relaxed) }
            }
        }
        #expect(made.load(ordering: .relaxed) == 1)
        #expect(tasksOffTheJobsThread.load(ordering: .relaxed) >= 1)
    }
}

/// The process's one set of worker threads (`WorkerThreads`), which
/// `render`'s phases and the library's share renders share: the lanes of a
/// run are all running at once, runs from many callers at once never wait
/// on each other for good, and a run from inside a lane runs in place.
@Suite struct WorkerThreadsTests {
    /// Every lane of a run waits until all have started: it returns only if
    /// they run at once. Eight callers do so together on one set, with
    /// jobs that wait for nothing queued among them.
    @Test func lanesOfManyRunsAtOnceAllRun() {
        let threads = WorkerThreads()
        let group = DispatchGroup()
        let finished = Atomic<Int>(0)
        for caller in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                let lanes = 2 + caller % 3
                let started = Atomic<Int>(0)
                threads.run(lanes: lanes) { _ in
                    started.add(1, ordering: .relaxed)
                    let deadline = Date().addingTimeInterval(20)
                    while started.load(ordering: .relaxed) < lanes && Date() < deadline { usleep(200) }
                }
                if started.load(ordering: .relaxed) == lanes { finished.add(1, ordering: .relaxed) }
                group.leave()
            }
            threads.submit { usleep(1000) }
        }
        #expect(group.wait(timeout: .now() + 60) == .success, "runs still waiting after 60 s")
        #expect(finished.load(ordering: .relaxed) == 8)
        #expect(threads.count <= WorkerThreads.maximum)
    }

    /// A lane that runs lanes of its own runs them in place, one after the
    /// other, on its own thread.
    @Test func aRunFromInsideALaneRunsInPlace() {
        let threads = WorkerThreads()
        let inner = Atomic<Int>(0), elsewhere = Atomic<Int>(0)
        threads.run(lanes: 2) { _ in
            let mine = UInt(pthread_self())
            threads.run(lanes: 3) { _ in
                inner.add(1, ordering: .relaxed)
                if UInt(pthread_self()) != mine { elsewhere.add(1, ordering: .relaxed) }
            }
        }
        #expect(inner.load(ordering: .relaxed) == 6)
        #expect(elsewhere.load(ordering: .relaxed) == 0)
    }
}
