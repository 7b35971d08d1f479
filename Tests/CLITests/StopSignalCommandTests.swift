import Foundation
import Testing

/// A signal ends `render` even when the run is blocked in a system call
/// that never returns (here: opening one of its fonts, a FIFO nobody
/// writes, in a font folder given by PHOTICASE_FONT_ROOT): it used to be
/// restarted for ever, so cron's `timeout` could not end the run. The run
/// is ended by the signal once it shows no progress for the grace period
/// (5 s), with a line saying why.
@Suite(.serialized) struct StopSignalCommandTests {
    typealias Book = RenderCommandTests.Book

    /// The grace period and a margin for a loaded machine.
    static let grace = 5.0, margin = 10.0

    /// A book, and a font folder whose every file is the installed one
    /// (a link) but DejaVu Sans, a FIFO.
    static func blockedSetup(asNobody: Bool) throws -> (Book, [String: String]) {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let fonts = book.base + "/fonts"
        let fm = FileManager.default
        for folder in ["dejavu", "nanum", "noto"] {
            let installed = "/usr/share/fonts/truetype/" + folder
            try fm.createDirectory(atPath: fonts + "/" + folder, withIntermediateDirectories: true)
            for name in (try? fm.contentsOfDirectory(atPath: installed)) ?? [] where name != "DejaVuSans.ttf" {
                try fm.createSymbolicLink(atPath: fonts + "/\(folder)/\(name)", withDestinationPath: installed + "/" + name)
            }
        }
        #expect(mkfifo(fonts + "/dejavu/DejaVuSans.ttf", 0o666) == 0)
        if asNobody { try Tool.giveToNobody(book.base) }
        return (book, ["PHOTICASE_FONT_ROOT": fonts, "HOME": book.base])
    }

    @Test(arguments: [(false, "none"), (true, "none"), (false, "json")])
    func aBlockedRunEndsByTheSignal(asNobody: Bool, progress: String) throws {
        let (book, environment) = try Self.blockedSetup(asNobody: asNobody)
        let running = try Tool.start(["render", book.root, "--cache", book.cache, "--progress", progress],
                                     unprivileged: asNobody, environment: environment)
        // Blocked in fontconfig's open by now (it never returns by itself).
        usleep(1_500_000)
        #expect(running.process.isRunning)
        let signalled = Date()
        #expect(kill(running.pid, SIGTERM) == 0)
        let ended = running.wait(deadline: 1.5 + Self.grace + Self.margin)
        let after = Date().timeIntervalSince(signalled)
        #expect(!ended.killedAtDeadline, "SIGTERM did not end the blocked run")
        #expect(ended.signal == SIGTERM, "status \(ended.result.status)")
        #expect(after >= Self.grace - 0.5, "ended \(after) s after the signal: before the grace period")
        let message = "ended by SIGTERM: the run showed no progress for 5 s after it (blocked in a system call: a FIFO, "
            + "a hung network file); what was committed is kept"
        if progress == "json" {
            let last = try #require(ended.result.stderr.split(separator: "\n").last)
            let event = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
            #expect(event["event"] as? String == "error" && event["exit"] as? Int == 143, "\(last)")
            #expect(event["message"] as? String == message)
        } else {
            #expect(ended.result.stderr == "photicase-render: \(message)\n", "\(ended.result.stderr)")
        }
    }

    /// cron's line: `timeout 2 photicase-render render …` ends a blocked
    /// run (timeout's status 124), where it used to wait for ever. Here the
    /// signal may come before the run is blocked (on a machine busy enough
    /// that starting takes seconds, it is still working, and its grace
    /// counts from when it stops): the deadline allows for that start
    /// twice over. The grace itself is timed from a run known to be
    /// blocked, above.
    @Test func timeoutEndsABlockedRun() throws {
        let (book, environment) = try Self.blockedSetup(asNobody: false)
        let running = try Tool.Running(["2", Tool.path, "render", book.root, "--cache", book.cache, "--progress", "none"],
                                       executable: "/usr/bin/timeout", environment: environment)
        let ended = running.wait(deadline: 2 + Self.grace + 3 * Self.margin)
        #expect(!ended.killedAtDeadline, "timeout could not end the blocked run")
        #expect(ended.result.status == 124, "\(ended.result.status) \(ended.result.stderr)")
    }
}
