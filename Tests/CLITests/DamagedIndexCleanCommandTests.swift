import Foundation
import Testing

/// `clean` over an index damaged past salvage (random bytes where the
/// database was): it cannot prove the outputs ours, so it removes none,
/// names each it left and why, and exits 1, instead of saying "removed 0
/// files" and nothing else; a `render` then takes the outputs over, and
/// the next `clean` removes them all.
@Suite(.serialized) struct DamagedIndexCleanCommandTests {
    typealias Book = RenderCommandTests.Book

    @Test func cleanNamesWhatADamagedIndexLeavesUnproved() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        let args = ["render", book.root, "--cache", book.cache, "--progress", "none", "--today", "2022-08-30"]
        #expect(try Tool.run(args).status == 0)
        // The outputs: the cache's own files (its tag, log, lock, index
        // and kind markers) aside.
        func outputFiles() -> [String] {
            book.files().filter { path in
                ["tickets/", "site/", "days/", "months/", "books/", "years/"].contains(where: path.hasPrefix)
                    || path == "index.html"
            }
        }
        let outputs = outputFiles()
        #expect(outputs.contains("tickets/a/front.webp"))
        var noise = [UInt8](repeating: 0, count: 64 * 1024)
        for i in noise.indices { noise[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7) }
        try Data(noise).write(to: URL(fileURLWithPath: book.cache + "/index.sqlite"))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: book.cache + "/index.sqlite" + suffix) }

        let clean = try Tool.run(["clean", "--cache", book.cache])
        #expect(clean.status == 1, "\(clean.stderr)")
        let left = outputFiles()
        #expect(left == outputs, "clean removed what it could not prove ours")
        #expect(clean.stdout == "photicase-render: removed 0 files from \(book.cache), left \(left.count)\n")
        #expect(clean.stderr.contains("left \(left.count) files at the cache's output paths (\(book.cache)/"), "\(clean.stderr)")
        #expect(clean.stderr.contains("no index lists them (index.sqlite.corrupt was damaged past salvage), "
                                      + "so nothing proves them ours"), "\(clean.stderr)")

        // A render writes them again and lists them; then clean removes all.
        #expect(try Tool.run(args).status == 0)
        let again = try Tool.run(["clean", "--cache", book.cache])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(book.files().filter { $0.hasPrefix("tickets/") || $0.hasPrefix("site/") } == [])
    }
}
