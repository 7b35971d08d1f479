import Foundation
import Testing

/// `clean --prune ENTRIES` removes only what it proves gone, with its
/// index or without (docs/cache.md, "Holding, and the proof of gone"). A
/// book rendered from its root and pruned from one year: the other year's
/// entries are outside ENTRIES, and this year's ids are spelled from the
/// root (`2022/08/decision`, where ENTRIES would give `08/decision`).
/// Every entry still exists, so nothing is removed, whether the index
/// remembers their folders or was lost and made anew from the files'
/// marks (which name an owner, not its folder). The book's pages and the
/// site, which prune keeps, link every one of those files.
@Suite(.serialized) struct PruneAfterIndexLossCommandTests {
    typealias Book = RenderCommandTests.Book

    static let allKinds = ["--only", "tickets,shares,days,months,books,years,site", "--today", "2023-03-30"]

    static func book() throws -> Book {
        let book = try Book()
        try book.add("2022/08/decision", date: "2022-08-27")
        try book.add("2022/08/hunt", date: "2022-08-20", photo: "front.png")
        try book.add("2023/03/suzume", date: "2023-03-08", photo: nil)
        let (first, _) = try book.render(allKinds)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: book.cache + "/tickets/2023%2F03%2Fsuzume/front.webp"))
        return book
    }

    static func prune(_ book: Book, _ entries: String) throws -> Tool.Result {
        try Tool.run(["clean", "--cache", book.cache, "--prune", entries, "--today", "2023-03-30"])
    }

    @Test(arguments: [false, true]) func pruneOfOneYearRemovesNoEntryThatExists(_ indexLost: Bool) throws {
        let book = try Self.book()
        let before = try IndexResetCommandTests.tree(book.cache)
        if indexLost {
            for suffix in ["", "-wal"] { try? FileManager.default.removeItem(atPath: book.cache + "/index.sqlite" + suffix) }
        }
        let prune = try Self.prune(book, book.root + "/2022")
        #expect(prune.status == 0, "\(prune.stderr)")
        let after = try IndexResetCommandTests.tree(book.cache)
        let removed = Set(before.keys).subtracting(after.keys).sorted()
        #expect(removed.isEmpty, "removed though every entry exists: \(removed)")
        // Nothing removed, nothing to draw again: the next render of the
        // whole book leaves the cache as a fresh render makes it.
        let (again, _) = try book.render(Self.allKinds)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try IndexResetCommandTests.tree(book.cache) == before)
    }

    @Test func anEntryGoneWhileTheIndexWasLostIsKeptByPruneUntilARenderOfTheBook() throws {
        let book = try Self.book()
        for suffix in ["", "-wal"] { try? FileManager.default.removeItem(atPath: book.cache + "/index.sqlite" + suffix) }
        try FileManager.default.removeItem(atPath: book.root + "/2022/08/hunt")
        // Its file names its id, not its folder: nothing proves it gone.
        let prune = try Self.prune(book, book.root)
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(FileManager.default.fileExists(atPath: book.cache + "/tickets/2022%2F08%2Fhunt/front.webp"))
        #expect(prune.stderr.contains("kept"), "\(prune.stderr)")
        #expect(prune.stderr.contains("2022/08/hunt"), "\(prune.stderr)")
    }
}
