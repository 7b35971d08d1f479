import Foundation
import Testing
import Codecs

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
        #expect(r.stdout.contains("render tickets/a/front.webp"))
        #expect(r.stdout.contains("would render 1 (3 files), skip 2"), "\(r.stdout)")
        let after = try FileManager.default.attributesOfItem(atPath: index)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(!FileManager.default.fileExists(atPath: index + "-wal"))
    }
}
