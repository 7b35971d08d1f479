import Foundation
import Testing

/// No run makes `index.sqlite-shm` (docs/cache.md, "The index"): not one
/// that makes a new index, not one that opens it again, not one killed
/// with SIGKILL mid-run (which would leave it behind). The cache folder is
/// watched with inotify, so a file made and removed again between two
/// looks is seen too.
@Suite(.serialized) struct IndexSharedMemoryCommandTests {
    typealias Book = RenderCommandTests.Book

    /// The names made in a folder (IN_CREATE, IN_MOVED_TO) since the
    /// watcher began.
    final class FolderWatcher {
        private let fd: Int32

        init(_ folder: String) throws {
            fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0, inotify_add_watch(fd, folder, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
                throw CocoaError(.fileReadUnknown, userInfo: ["reason": "inotify on \(folder): errno \(errno)"])
            }
        }

        deinit { close(fd) }

        /// The names made since the last call.
        func made() -> [String] {
            var names: [String] = []
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { return names }
                var at = 0
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
                while at + 16 <= n {
                    let len = buffer[(at + 12)..<(at + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
                    let name = buffer[(at + 16)..<(at + 16 + len)].prefix { $0 != 0 }
                    names.append(String(decoding: name, as: UTF8.self))
                    at += 16 + len
                }
            }
        }
    }

    static func renderArgs(_ book: Book) -> [String] {
        ["render", book.root, "--cache", book.cache, "--progress", "none", "--today", "2022-08-30", "--jobs", "1"]
    }

    @Test func noRunMakesASharedMemoryFile() throws {
        let book = try Book()
        for day in 1...6 { try book.add("e\(day)", date: "2022-08-0\(day)", size: 900) }
        try FileManager.default.createDirectory(atPath: book.cache, withIntermediateDirectories: true)
        let watcher = try FolderWatcher(book.cache)

        // Killed once the new index exists, mid-run.
        let running = try Tool.start(Self.renderArgs(book))
        var waited = 0
        while !FileManager.default.fileExists(atPath: book.cache + "/index.sqlite-wal") && waited < 600 {
            usleep(10_000)
            waited += 1
        }
        kill(running.pid, SIGKILL)
        let killed = running.wait(deadline: 60)
        #expect(killed.signal == SIGKILL, "the run ended before it was killed: \(killed.result.stderr)")
        var made = watcher.made()
        #expect(made.contains("index.sqlite"))
        #expect(!made.contains { $0.hasSuffix("-shm") }, "made by a run making a new index: \(made)")
        #expect(!FileManager.default.fileExists(atPath: book.cache + "/index.sqlite-shm"))

        // The next runs open the index the killed one left, then one they left.
        for _ in 0..<2 {
            let run = try Tool.run(Self.renderArgs(book))
            #expect(run.status == 0, "\(run.stderr)")
            made = watcher.made()
            #expect(!made.contains { $0.hasSuffix("-shm") }, "made by a run opening an existing index: \(made)")
        }
        // And one making a new index over a cache that holds outputs.
        try FileManager.default.removeItem(atPath: book.cache + "/index.sqlite")
        let again = try Tool.run(Self.renderArgs(book))
        #expect(again.status == 0, "\(again.stderr)")
        made = watcher.made()
        #expect(made.contains("index.sqlite"))
        #expect(!made.contains { $0.hasSuffix("-shm") }, "made by a run making an index anew: \(made)")
    }
}
