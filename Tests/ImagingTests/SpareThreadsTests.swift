import PhotiCaseConcurrency
import Foundation
import PhotiCaseImaging
import Synchronization
import Testing

/// Threads out of jobs take the tasks of those still working: every task
/// runs once, the results come back in order, and a caller never waits on
/// a spare thread that does not come.
@Suite struct SpareThreadsTests {
    /// Runs `body` on each of `threads` threads, each calling `lend()` when
    /// its body returns, as `WorkPool` does; returns when all have.
    static func pool(_ threads: Int, _ spare: SpareThreads, _ body: @escaping @Sendable (Int) -> Void) {
        let finished = DispatchSemaphore(value: 0)
        for t in 0..<threads {
            Thread {
                body(t)
                spare.lend()
                finished.signal()
            }.start()
        }
        for _ in 0..<threads { finished.wait() }
    }

    @Test func aLoneCallerRunsEveryTaskItself() {
        let spare = SpareThreads(threads: 1)
        let ran = Mutex<[Int]>([])
        spare.forEach(5) { i in ran.withLock { $0.append(i) } }
        // In order, on the caller's thread.
        #expect(ran.withLock { $0 } == [0, 1, 2, 3, 4])
        #expect(spare.map(4) { $0 * 10 } == [0, 10, 20, 30])
        #expect(spare.map(0) { $0 } == [])
        spare.lend()
    }

    @Test func aThreadOutOfJobsTakesTheOthersTasks() {
        let spare = SpareThreads(threads: 2)
        let threadOf = Mutex<[Int: UInt]>([:])
        let results = Mutex<[Int]>([])
        // Thread 1 has no job and lends itself at once. Thread 0's first
        // task cannot end until some other task has run: only a spare
        // thread can run one meanwhile.
        let secondRan = Atomic<Bool>(false)
        Self.pool(2, spare) { t in
            guard t == 0 else { return }
            let out = spare.map(6) { i -> Int in
                if i == 0 {
                    // Ten seconds at most: without a spare thread, the
                    // check below fails rather than the test hanging.
                    let deadline = Date().addingTimeInterval(10)
                    while !secondRan.load(ordering: .acquiring) && Date() < deadline { usleep(100) }
                } else {
                    secondRan.store(true, ordering: .releasing)
                }
                threadOf.withLock { $0[i] = UInt(pthread_self()) }
                return i * i
            }
            results.withLock { $0 = out }
        }
        #expect(results.withLock { $0 } == [0, 1, 4, 9, 16, 25])
        let threads = threadOf.withLock { $0 }
        #expect(threads.count == 6)
        #expect(Set(threads.values).count == 2, "the spare thread took none of the tasks")
    }

    @Test func manyCallersEveryTaskOnce() {
        let spare = SpareThreads(threads: 4)
        let counts = Mutex<[Int]>(Array(repeating: 0, count: 3 * 200))
        let sums = Mutex<[Int]>([])
        Self.pool(4, spare) { t in
            guard t < 3 else { return }
            for round in 0..<20 {
                // Nested: a task may split again.
                let values = spare.map(10) { i -> Int in
                    let k = t * 200 + round * 10 + i
                    counts.withLock { $0[k] += 1 }
                    return spare.map(3) { j in j }.reduce(k, +)
                }
                sums.withLock { $0.append(values.reduce(0, +)) }
            }
        }
        #expect(counts.withLock { $0 }.allSatisfy { $0 == 1 })
        #expect(sums.withLock { $0.count } == 60)
    }
}
