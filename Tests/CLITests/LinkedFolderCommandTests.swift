import Foundation
import Testing

/// A folder of the book moved to another disk and linked back
/// (`book/2022 -> /data/2022`), through the built binary, as root and as
/// `nobody`: its outputs and site pages stay, `clean --prune` keeps them,
/// and when the link dangles (the disk unmounted) they are held and the
/// log says so. They used to be removed, exit 0.
@Suite(.serialized) struct LinkedFolderCommandTests {
    typealias Book = RenderCommandTests.Book

    static func render(_ book: Book, asNobody: Bool) throws -> Tool.Result {
        let args = ["render", book.root, "--cache", book.cache, "--progress", "none", "--today", "2022-08-30", "--jobs", "2"]
        return asNobody ? try Tool.runUnprivileged(args) : try Tool.run(args)
    }

    /// Everything under tickets/, days/, months/ and site/entries/.
    static func outputs(_ book: Book) -> [String] {
        book.files().filter { ["tickets/", "days/", "months/", "site/entries/"].contains(where: $0.hasPrefix) }
    }

    @Test(arguments: [false, true]) func aFolderMovedAndLinkedBackKeepsItsOutputs(asNobody: Bool) throws {
        let book = try Book()
        try book.add("2021/a", date: "2021-05-01")
        try book.add("2022/b", date: "2022-08-27")
        try book.add("2022/c", date: "2022-08-28")
        if asNobody { try Tool.giveToNobody(book.base) }
        let first = try Self.render(book, asNobody: asNobody)
        #expect(first.status == 0, "\(first.stderr)")
        let before = Self.outputs(book)
        #expect(before.contains("tickets/2022%2Fb/front.webp") && before.contains("site/entries/2022%2Fc.html"), "\(before)")
        // Moved to another folder (another disk) and linked back.
        let data = book.base + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: book.root + "/2022", toPath: data + "/2022")
        #expect(symlink(data + "/2022", book.root + "/2022") == 0)
        if asNobody { try Tool.giveToNobody(book.base) }
        let second = try Self.render(book, asNobody: asNobody)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("rendered 0,") && second.stdout.contains("removed 0"), "\(second.stdout)")
        #expect(Self.outputs(book) == before)
        let prune = asNobody
            ? try Tool.runUnprivileged(["clean", "--cache", book.cache, "--prune", book.root, "--today", "2022-08-30"])
            : try Tool.run(["clean", "--cache", book.cache, "--prune", book.root, "--today", "2022-08-30"])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(prune.stdout.contains("removed 0 files"), "\(prune.stdout)")
        #expect(Self.outputs(book) == before)

        // The disk unmounted: the link dangles. Held, not gone, and said.
        try FileManager.default.moveItem(atPath: data, toPath: book.base + "/unmounted")
        let dangling = try Self.render(book, asNobody: asNobody)
        #expect(dangling.status == 1, "\(dangling.stdout)\(dangling.stderr)")
        #expect(dangling.stderr.contains("\(book.root)/2022: cannot read folder (a symbolic link to \(data)/2022, which "
                                         + "does not exist (is its disk mounted?))"), "\(dangling.stderr)")
        #expect(dangling.stdout.contains("removed 0"), "\(dangling.stdout)")
        #expect(Self.outputs(book) == before)
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        #expect(log.contains("held 2022/b (") && log.contains("held 2022/c ("), "\(log)")
        let prunedDangling = asNobody
            ? try Tool.runUnprivileged(["clean", "--cache", book.cache, "--prune", book.root, "--today", "2022-08-30"])
            : try Tool.run(["clean", "--cache", book.cache, "--prune", book.root, "--today", "2022-08-30"])
        #expect(prunedDangling.status == 1)
        #expect(prunedDangling.stderr.contains("nothing pruned, since not every entry could be read"), "\(prunedDangling.stderr)")
        #expect(Self.outputs(book) == before)
    }
}
