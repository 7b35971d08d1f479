import Foundation
import Testing
import PhotiCaseCodecs

/// The cache index when the process dies: a `render` killed with SIGKILL
/// mid-run leaves an index that opens, keeps what it committed, and a
/// rerun finishes the book.
@Suite(.serialized) struct IndexCommandTests {
    @Test func aRunKilledMidWayLosesNothingItCommitted() throws {
        let book = try RenderCommandTests.Book()
        // One 3200-pixel photo, copied: making sixty takes longer than the run.
        try book.add("e00", date: "2022-08-01", size: 3200)
        for i in 1..<60 {
            let name = String(format: "e%02d", i)
            try book.add(name, date: "2022-08-\(String(format: "%02d", 1 + i % 28))", photo: nil,
                         frontJSON: #"{"photo": "front.jpg"}"#)
            try FileManager.default.copyItem(atPath: book.root + "/e00/front.jpg", toPath: book.root + "/\(name)/front.jpg")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.path)
        p.arguments = ["render", book.root, "--cache", book.cache, "--only", "tickets,days,months", "--jobs", "1",
                       "--today", "2022-08-30"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        let started = Date()
        try p.run()
        // Wait until the run has committed a batch (every two seconds) and
        // rendered more since, then kill it where it stands.
        // Commits come every two seconds after the one made when planning
        // ends, which is before the first item renders.
        var renderedAtKill = 0
        var firstRendered: Date?
        while p.isRunning && Date().timeIntervalSince(started) < 120 {
            let log = (try? String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)) ?? ""
            renderedAtKill = log.components(separatedBy: "Z rendered ").count - 1
            if renderedAtKill > 0 && firstRendered == nil { firstRendered = Date() }
            if let firstRendered, Date().timeIntervalSince(firstRendered) > 3 { break }
            usleep(20_000)
        }
        try #require(p.isRunning, "the run finished before it could be killed; make the book larger")
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)

        // A dry run reads the index with its write-ahead log, as the next
        // run will: what the killed run committed is not listed again.
        let dry = try Tool.run(["render", book.root, "--cache", book.cache, "--only", "tickets,days,months",
                                "--today", "2022-08-30", "--dry-run"])
        #expect(dry.status == 0 && !dry.stderr.contains("not an index"), "\(dry.stderr)")
        let listed = dry.stdout.split(separator: "\n").filter { $0.hasPrefix("render ") }.count
        #expect(listed < 60 * 3 + 28 + 1, "\(listed) files listed after a kill")

        let (again, events) = try book.render(["--jobs", "2"])
        #expect(again.status == 0, "\(again.stderr)")
        let rendered = RenderCommandTests.ids(events, "rendered").count
        let skipped = RenderCommandTests.ids(events, "skipped").count
        let total = 60 + 28 + 1
        #expect(rendered + skipped == total)
        // What the killed run committed is not rendered again.
        #expect(skipped > 0, "rendered \(renderedAtKill) before the kill, skipped \(skipped) after")
        #expect(rendered < total)
        // Every image in the cache is whole.
        for file in book.files() where [".webp", ".jpg", ".png"].contains(where: file.hasSuffix) {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: book.cache + "/" + file)))
            #expect(throws: Never.self, "\(file)") { _ = try ImageDecoder.decode(bytes) }
        }
        let third = try book.render()
        #expect(RenderCommandTests.ids(third.1, "rendered").isEmpty)
    }

    /// A dry run only reads: a user who may read the cache but not write it
    /// (here `nobody`, on a cache root made) sees what would render, and the
    /// index is not touched.
    @Test func aDryRunReadsAnIndexItCannotWrite() throws {
        let book = try RenderCommandTests.Book()
        try book.add("a", date: "2022-08-27")
        #expect(try book.render().0.status == 0)
        try book.add("a", date: "2022-08-27", memo: "changed")
        let index = book.cache + "/index.sqlite"
        let before = try FileManager.default.attributesOfItem(atPath: index)
        // The temporary folder's parents must be enterable by nobody.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: book.base)
        let r = try Tool.runUnprivileged(["render", book.root, "--cache", book.cache, "--only", "tickets,days,months",
                                          "--today", "2022-08-30", "--dry-run"])
        #expect(r.status == 0, "\(r.stderr)")
        // The memo is on the back and the ticket, not the front.
        #expect(r.stdout.contains("render tickets/a/back.webp") && !r.stdout.contains("render tickets/a/front.webp"))
        #expect(r.stdout.contains("would render 1 (2 files), skip 2"), "\(r.stdout)")
        let after = try FileManager.default.attributesOfItem(atPath: index)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(!FileManager.default.fileExists(atPath: index + "-wal"))
    }

    /// Another program holding the index open (an idle sqlite3 shell) is
    /// named as such, exit status 3; `--wait` waits for it to close.
    @Test func anIndexHeldOpenByAnotherProgramIsSaidAndWaitedFor() throws {
        let book = try RenderCommandTests.Book()
        try book.add("a", date: "2022-08-27")
        #expect(try book.render().0.status == 0)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1]); c.execute("select count(*) from outputs").fetchall()
            print("open", flush=True); time.sleep(float(sys.argv[2]))
            """, book.cache + "/index.sqlite", "9"]
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        _ = out.fileHandleForReading.readData(ofLength: 5)
        let refused = try Tool.run(["render", book.root, "--cache", book.cache, "--today", "2022-08-30"])
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("index.sqlite is open in another program") && !refused.stderr.contains("another photicase-render run"),
                "\(refused.stderr)")
        let clean = try Tool.run(["clean", "--cache", book.cache])
        #expect(clean.status == 3 && clean.stderr.contains("open in another program"), "\(clean.stderr)")
        let started = Date()
        let waited = try Tool.run(["render", book.root, "--cache", book.cache, "--today", "2022-08-30", "--wait"])
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(waited.stderr.contains("waiting for the program that holds"), "\(waited.stderr)")
        #expect(Date().timeIntervalSince(started) > 1)
        holder.waitUntilExit()
    }
}
