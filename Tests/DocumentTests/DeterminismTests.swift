import Dispatch
import Foundation
import PhotiCaseDocument
import PhotiCaseTestSupport
import Synchronization
import Testing

/// The same calls give the same bytes: in one process, on several threads
/// at once, and in another process (other addresses, another clock).
@Suite(.enabled(if: SampleDocument.fontsInstalled, SampleDocument.fontsMessage))
struct DeterminismTests {
    /// Set in the child process: where it writes its copy of the sample.
    static let childOutput = ProcessInfo.processInfo.environment["PHOTICASE_DOCUMENT_CHILD_OUTPUT"]

    @Test func twoWritersGiveTheSameBytes() throws {
        let sample = try SampleDocument.shared.get()
        let first = try sample.cairoBytes(), second = try sample.cairoBytes()
        #expect(first.count > 10_000)
        #expect(first == second)
        // cairo writes no /ID; the finisher's is computed from the content.
        #expect(first.firstRange(of: Array("/ID [".utf8)) == nil)

        let folder = try TemporaryFolder()
        let a = try sample.writeFinished(in: folder.path, name: "a"), b = try sample.writeFinished(in: folder.path, name: "b")
        let finishedA = try #require(FileManager.default.contents(atPath: a)), finishedB = try #require(FileManager.default.contents(atPath: b))
        #expect(finishedA == finishedB)
        #expect(finishedA.range(of: Data("/ID [<".utf8)) != nil)
    }

    @Test func writersOnSeveralThreadsAtOnceGiveTheSameBytes() throws {
        let sample = try SampleDocument.shared.get()
        let expected = try sample.cairoBytes()
        let results = Mutex<[Result<[UInt8], any Error>]>([])
        // Each writer lives on its thread; they share cairo's font map.
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let result = Result { try sample.cairoBytes() }
            results.withLock { $0.append(result) }
        }
        let all = try results.withLock { try $0.map { try $0.get() } }
        #expect(all.count == 6)
        #expect(all.allSatisfy { $0 == expected })
    }

    @Test func anotherProcessGivesTheSameBytes() throws {
        let folder = try TemporaryFolder()
        let output = folder.url("child.pdf")
        // This test binary again, running only the child test below.
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var environment = ProcessInfo.processInfo.environment
        environment["PHOTICASE_DOCUMENT_CHILD_OUTPUT"] = output
        // Another time zone: cairo stamps a creation date in local time
        // when none is given; the writer always gives one.
        environment["TZ"] = "Pacific/Kiritimati"
        let child = try PDFTools.launch(executable, ["--testing-library", "swift-testing", "--filter", "DeterminismTests/childWritesTheSample"],
                                        environment: environment)
        #expect(child.status == 0, "\(child.stderr)")
        let childBytes = try #require(FileManager.default.contents(atPath: output), "the child wrote nothing")
        let sample = try SampleDocument.shared.get()
        #expect([UInt8](childBytes) == (try sample.cairoBytes()))
    }

    /// Run by `anotherProcessGivesTheSameBytes` in a process of its own.
    @Test(.enabled(if: childOutput != nil, "runs only as the child of anotherProcessGivesTheSameBytes"))
    func childWritesTheSample() throws {
        let sample = try SampleDocument.shared.get()
        try Data(sample.cairoBytes()).write(to: URL(fileURLWithPath: try #require(Self.childOutput)))
    }
}
