import Foundation
import Testing

/// `clean` over an index damaged past salvage (random bytes where the
/// database was): the files at the output paths that carry our mark are
/// removed; one without it (another program's) is left, named with why,
/// and the run exits 1, instead of saying "removed 0 files" and nothing
/// else.
@Suite(.serialized) struct DamagedIndexCleanCommandTests {
    typealias Book = RenderCommandTests.Book

    /// The outputs: the cache's own files (its tag, log, lock, index and
    /// kind markers) aside.
    static func outputFiles(_ book: Book) -> [String] {
        book.files().filter { path in
            ["tickets/", "site/", "days/", "months/", "books/", "years/", "print/"].contains(where: path.hasPrefix)
                || path == "index.html"
        }
    }

    /// Random-looking bytes over the index: nothing of it can be salvaged.
    static func damagePastSalvage(_ book: Book) throws {
        var noise = [UInt8](repeating: 0, count: 64 * 1024)
        for i in noise.indices { noise[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7) }
        try Data(noise).write(to: URL(fileURLWithPath: book.cache + "/index.sqlite"))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: book.cache + "/index.sqlite" + suffix) }
    }

    @Test func cleanRemovesWhatCarriesOurMarkAndNamesWhatItLeaves() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        try book.add("b", date: "2022-08-02", photo: "front.png")
        let args = ["render", book.root, "--cache", book.cache, "--progress", "none", "--today", "2022-08-30"]
        #expect(try Tool.run(args).status == 0)
        let outputs = Self.outputFiles(book)
        #expect(outputs.contains("tickets/a/front.webp") && outputs.contains("site/entries/b.html"))
        // Another program's file at an output path: a PNG without our mark.
        let foreign = "days/2021-01-01.png"
        try FileManager.default.copyItem(atPath: book.root + "/b/front.png", toPath: book.cache + "/" + foreign)
        try Self.damagePastSalvage(book)

        let clean = try Tool.run(["clean", "--cache", book.cache])
        #expect(clean.status == 1, "\(clean.stderr)")
        #expect(Self.outputFiles(book) == [foreign], "clean left files of ours or removed another program's")
        #expect(clean.stdout == "photicase-render: removed \(outputs.count) files from \(book.cache), left 1\n")
        #expect(clean.stderr.contains("left 1 files at the cache's output paths (\(book.cache)/\(foreign))"), "\(clean.stderr)")
        #expect(clean.stderr.contains("no index lists them (index.sqlite.corrupt was damaged past salvage) and they "
                                      + "carry no mark of ours, so nothing proves them ours"), "\(clean.stderr)")
        // The foreign file is as it was.
        #expect(FileManager.default.contentsEqual(atPath: book.cache + "/" + foreign, andPath: book.root + "/b/front.png"))
    }

    @Test func cleanWithoutAnyIndexRemovesWhatCarriesOurMark() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        #expect(try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "none"]).status == 0)
        let outputs = Self.outputFiles(book)
        try FileManager.default.removeItem(atPath: book.cache + "/index.sqlite")
        let clean = try Tool.run(["clean", "--cache", book.cache])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout == "photicase-render: removed \(outputs.count) files from \(book.cache)\n")
        #expect(Self.outputFiles(book) == [])
    }
}
