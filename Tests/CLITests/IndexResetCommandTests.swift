import Foundation
import Testing

/// After the index is lost (removed, or damaged past salvage) an entry
/// deleted meanwhile still has its outputs removed: every output carries
/// a mark naming its owner, the index made anew adopts the marked files,
/// and the next `render` removes what a gone owner left (`clean --prune`
/// keeps it: the mark names no folder to prove it gone), so that the cache equals a fresh render byte for byte. Nothing
/// without the mark is touched, and nothing is removed while an entry
/// cannot be read (any of them may be its). As root and as `nobody`.
@Suite(.serialized) struct IndexResetCommandTests {
    typealias Book = RenderCommandTests.Book

    enum Reset { case removed, damaged }

    static func renderArgs(_ book: Book, cache: String? = nil) -> [String] {
        ["render", book.root, "--cache", cache ?? book.cache, "--progress", "none", "--today", "2022-08-30"]
    }

    static func reset(_ book: Book, _ how: Reset) throws {
        switch how {
        case .removed:
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: book.cache + "/index.sqlite" + suffix) }
        case .damaged:
            try DamagedIndexCleanCommandTests.damagePastSalvage(book)
        }
    }

    /// Every file of `cache` but the log, lock and indexes, with its bytes.
    static func tree(_ cache: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for case let rel as String in FileManager.default.enumerator(atPath: cache) ?? .init() {
            let name = (rel as NSString).lastPathComponent
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: cache + "/" + rel, isDirectory: &isDir), !isDir.boolValue,
                  name != "render.log", name != ".lock", !name.hasPrefix("index.sqlite") else { continue }
            out[rel] = try Data(contentsOf: URL(fileURLWithPath: cache + "/" + rel))
        }
        return out
    }

    /// Three entries (one with a Korean id), rendered; then `gone` deleted
    /// and the index lost.
    static func bookWithReset(_ how: Reset, nobody: Bool = false) throws -> Book {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        try book.add("영화-b", date: "2022-08-02", photo: "front.png")
        try book.add("c", date: "2022-08-03", photo: "front.webp")
        if nobody { try Tool.giveToNobody(book.base) }
        let first = nobody ? try Tool.runUnprivileged(renderArgs(book)) : try Tool.run(renderArgs(book))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: book.cache + "/tickets/영화-b/front.webp"))
        try FileManager.default.removeItem(atPath: book.root + "/영화-b")
        try reset(book, how)
        if nobody { try Tool.giveToNobody(book.cache) }
        return book
    }

    func expectFresh(_ book: Book) throws {
        let fresh = book.base + "/fresh"
        #expect(try Tool.run(Self.renderArgs(book, cache: fresh)).status == 0)
        let got = try Self.tree(book.cache), want = try Self.tree(fresh)
        let extra = Set(got.keys).subtracting(want.keys).sorted(), missing = Set(want.keys).subtracting(got.keys).sorted()
        #expect(extra.isEmpty && missing.isEmpty, "files the fresh render does not make: \(extra); missing: \(missing)")
        for (path, bytes) in want where got[path] != bytes { Issue.record("\(path) differs from a fresh render") }
    }

    @Test(arguments: [Reset.removed, .damaged]) func renderRemovesAGoneEntrysOutputsAfterAReset(_ how: Reset) throws {
        let book = try Self.bookWithReset(how)
        let render = try Tool.run(Self.renderArgs(book))
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try !Self.tree(book.cache).keys.contains { $0.contains("영화-b") }, "the gone entry's outputs stayed")
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        #expect(log.contains("removed tickets/영화-b/front.webp"), "\(log)")
        #expect(log.contains("that carry its mark; adopted"), "\(log)")
        try expectFresh(book)
    }

    /// `clean --prune` removes only what it proves gone: an adopted file's
    /// mark names its entry, not the entry's folder, so an entry the index
    /// made anew does not record may live outside ENTRIES
    /// (`PruneAfterIndexLossCommandTests`) and is kept, said so; the next
    /// `render` of the book removes it.
    @Test(arguments: [Reset.removed, .damaged]) func pruneKeepsAGoneEntrysOutputsAfterAResetAndRenderRemovesThem(_ how: Reset) throws {
        let book = try Self.bookWithReset(how)
        // Another program's file at an output path is never removed.
        let foreign = book.cache + "/tickets/x/front.webp"
        try FileManager.default.createDirectory(atPath: book.cache + "/tickets/x", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: book.root + "/c/front.webp", toPath: foreign)
        let prune = try Tool.run(["clean", "--cache", book.cache, "--prune", book.root, "--today", "2022-08-30"])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(!prune.stdout.contains("removed tickets/영화-b/front.webp"), "\(prune.stdout)")
        // Every file of the gone entry, and only those, is counted as kept.
        let kept = try Self.tree(book.cache).keys.filter { $0.contains("영화-b") }.count
        #expect(kept >= 3)
        #expect(prune.stderr.contains("kept \(kept) outputs of 1 entries no index records (영화-b)"), "\(prune.stderr)")
        #expect(FileManager.default.fileExists(atPath: book.cache + "/tickets/영화-b/front.webp"))
        #expect(FileManager.default.contentsEqual(atPath: foreign, andPath: book.root + "/c/front.webp"))
        try FileManager.default.removeItem(atPath: book.cache + "/tickets/x")
        let render = try Tool.run(Self.renderArgs(book))
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try !Self.tree(book.cache).keys.contains { $0.contains("영화-b") }, "the gone entry's outputs stayed")
        try expectFresh(book)
    }

    @Test func nothingIsRemovedWhileAnEntryCannotBeRead() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        // Its id is not its folder's name: with entry.json broken, nothing
        // but the mark tells its outputs from a gone entry's.
        try book.add("b-folder", date: "2022-08-02")
        let json = book.root + "/b-folder/entry.json"
        var text = try String(contentsOfFile: json, encoding: .utf8)
        text = text.replacingOccurrences(of: #"{"title""#, with: #"{"id": "b-id", "title""#)
        try text.write(toFile: json, atomically: true, encoding: .utf8)
        #expect(try Tool.run(Self.renderArgs(book)).status == 0)
        #expect(FileManager.default.fileExists(atPath: book.cache + "/tickets/b-id/front.webp"))
        try "{ not json".write(toFile: json, atomically: true, encoding: .utf8)
        try Self.reset(book, .damaged)
        let render = try Tool.run(Self.renderArgs(book))
        #expect(render.status == 1, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: book.cache + "/tickets/b-id/front.webp"), "removed while unproved")
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        #expect(log.contains("outputs adopted by their mark whose owners this run did not render: an entry could not be read"), "\(log)")
        // Mended: the next run renders it and nothing is lost.
        try text.write(toFile: json, atomically: true, encoding: .utf8)
        #expect(try Tool.run(Self.renderArgs(book)).status == 0)
        try expectFresh(book)
    }

    @Test func asNobody() throws {
        guard Tool.isRoot else { return }  // without root the suite above already runs unprivileged
        let book = try Self.bookWithReset(.damaged, nobody: true)
        let render = try Tool.runUnprivileged(Self.renderArgs(book))
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try !Self.tree(book.cache).keys.contains { $0.contains("영화-b") }, "the gone entry's outputs stayed")
        try expectFresh(book)
    }
}
