import Foundation
import Testing

/// One id, one spelling: an entry's folder renamed from its composed
/// (NFC) name to its decomposed (NFD) one, as a copy through a Mac leaves
/// it, or its `id` field respelled so, is the same entry. Its outputs are
/// neither drawn twice nor left behind: the cache equals a fresh render
/// byte for byte. Two folders that differ only so are one id used twice.
@Suite(.serialized) struct EntryIDSpellingCommandTests {
    /// Hangul (syllables or jamo) and a Latin accent (one scalar or two):
    /// the jamo are letters the cache keeps in its paths, the accent a
    /// mark it escapes, so both ways a respelled id could reach a path.
    static let composed = "\u{CE74}\u{D398} caf\u{E9}"
    static let decomposed = "\u{110F}\u{1161}\u{1111}\u{1166} cafe\u{301}"

    /// Every kind, as `render` makes them without `--only`.
    static func render(_ book: RenderCommandTests.Book, cache: String? = nil) throws -> Tool.Result {
        try Tool.run(["render", book.root, "--cache", cache ?? book.cache, "--progress", "json", "--today", "2022-08-30"],
                     environment: ["PHOTICASE_SETTLE_SECONDS": "0"])
    }

    /// The files of `cache` that are outputs (not the index, the log, the
    /// locks), each with its bytes, by path as the disk spells it (bytes:
    /// as `String`s, two spellings of one path would be one key).
    static func outputs(_ cache: String) throws -> [[UInt8]: Data] {
        var found: [[UInt8]: Data] = [:]
        var stack = [""]
        while let rel = stack.popLast() {
            let dir = rel.isEmpty ? cache : cache + "/" + rel
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
                let path = rel.isEmpty ? name : rel + "/" + name
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: cache + "/" + path, isDirectory: &isDir) else { continue }
                if isDir.boolValue {
                    if !name.hasPrefix(".") { stack.append(path) }
                } else if !ShardCommandTests.isBookkeeping(path) {
                    found[Array(path.utf8)] = try Data(contentsOf: URL(fileURLWithPath: cache + "/" + path))
                }
            }
        }
        return found
    }

    /// Renames with the bytes given (Foundation may respell names).
    static func rename(_ from: String, _ to: String) {
        #expect(Glibc.rename(from, to) == 0, "rename \(from): errno \(errno)")
    }

    /// `render` after the respelling draws nothing again; a rerun neither;
    /// and a fresh render of the respelled book into a second cache holds
    /// exactly the first cache's files, byte for byte, each spelled once.
    static func expectSameAsFresh(_ book: RenderCommandTests.Book) throws {
        let again = try render(book)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("\"status\":\"failed\""), "\(again.stderr)")
        // Nothing drawn again: the entry's keys and paths are its own.
        #expect(!again.stderr.contains("\"status\":\"rendered\""), "\(again.stderr)")
        let rerun = try render(book)
        #expect(rerun.status == 0 && !rerun.stderr.contains("\"status\":\"rendered\""), "\(rerun.stderr)")
        let freshCache = book.base + "/fresh"
        let fresh = try render(book, cache: freshCache)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        let (kept, made) = (try outputs(book.cache), try outputs(freshCache))
        let shown = { (paths: Set<[UInt8]>) in paths.map { String(decoding: $0, as: UTF8.self).debugDescription }.sorted() }
        #expect(Set(kept.keys).subtracting(made.keys).isEmpty, "left behind: \(shown(Set(kept.keys).subtracting(made.keys)))")
        #expect(Set(made.keys).subtracting(kept.keys).isEmpty, "missing: \(shown(Set(made.keys).subtracting(kept.keys)))")
        for (path, bytes) in made { #expect(kept[path] == bytes, "\(shown([path])) differs") }
        #expect(made.keys.contains { String(decoding: $0, as: UTF8.self).hasPrefix("site/entries/") })
        // The index holds the same rows, byte for byte: entry records
        // (id, folder) and outputs (path, owner, key) spelled as a fresh
        // render spells them.
        if let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first(where: FileManager.default.isExecutableFile) {
            let query = "SELECT hex(id), hex(folder), date FROM entries ORDER BY 1; "
                + "SELECT hex(path), owner_kind, hex(owner), fingerprint FROM outputs ORDER BY 1;"
            let rows = { (cache: String) in try Tool.run([cache + "/index.sqlite", query], executable: sqlite3) }
            let (keptRows, madeRows) = (try rows(book.cache), try rows(freshCache))
            #expect(keptRows.status == 0 && !keptRows.stdout.isEmpty, "\(keptRows.stderr)")
            #expect(keptRows.stdout == madeRows.stdout)
        } else {
            print("EntryIDSpellingCommandTests: sqlite3 is not installed; the index's rows are not compared")
        }
        // One folder of tickets for the entry, its name spelled composed.
        let tickets = try FileManager.default.contentsOfDirectory(atPath: book.cache + "/tickets").map { Array($0.utf8) }
        #expect(Set(tickets) == [Array("b".utf8), Array(ticketFolder.utf8)], "\(shown(Set(tickets)))")
    }

    /// The entry's folder of tickets: its id composed, the space escaped.
    static let ticketFolder = "\u{CE74}\u{D398}%20caf\u{E9}"

    /// True when `line`'s bytes hold `part`'s.
    static func bytes(of line: Substring, hold part: String) -> Bool {
        let (l, p) = (Array(line.utf8), Array(part.utf8))
        return l.count >= p.count && (0...(l.count - p.count)).contains { Array(l[$0..<($0 + p.count)]) == p }
    }

    @Test func aFolderRenamedToItsDecomposedSpellingIsTheSameEntry() throws {
        let book = try RenderCommandTests.Book()
        try book.add(Self.composed, date: "2022-08-27", memo: "first")
        try book.add("b", date: "2022-08-28")
        let first = try Self.render(book)
        #expect(first.status == 0, "\(first.stderr)")
        Self.rename(book.root + "/" + Self.composed, book.root + "/" + Self.decomposed)
        try Self.expectSameAsFresh(book)
    }

    @Test func aFolderRenamedToItsComposedSpellingIsTheSameEntry() throws {
        let book = try RenderCommandTests.Book()
        try book.add("tmp", date: "2022-08-27", memo: "first")
        Self.rename(book.root + "/tmp", book.root + "/" + Self.decomposed)
        try book.add("b", date: "2022-08-28")
        let first = try Self.render(book)
        #expect(first.status == 0, "\(first.stderr)")
        Self.rename(book.root + "/" + Self.decomposed, book.root + "/" + Self.composed)
        try Self.expectSameAsFresh(book)
    }

    @Test(arguments: [(composed, decomposed), (decomposed, composed)])
    func anIDFieldRespelledIsTheSameEntry(_ before: String, _ after: String) throws {
        let book = try RenderCommandTests.Book()
        try book.add("a", date: "2022-08-27", memo: "first")
        try book.add("b", date: "2022-08-28")
        func write(id: String) throws {
            let json = #"{"id": "\#(id)", "title": "a", "date": "2022-08-27", "rating": 3.5, "memo": "first", "front": {"photo": "front.jpg"}}"#
            try Data(json.utf8).write(to: URL(fileURLWithPath: book.root + "/a/entry.json"))
        }
        try write(id: before)
        let first = try Self.render(book)
        #expect(first.status == 0, "\(first.stderr)")
        try write(id: after)
        try Self.expectSameAsFresh(book)
    }

    /// Both spellings at once are two folders with one id: both fail, the
    /// message names both folders, nothing is drawn for the id, and the
    /// rest renders.
    @Test func twoFoldersDifferingOnlyInNormalizationAreADuplicateID() throws {
        let book = try RenderCommandTests.Book()
        try book.add("tmp", date: "2022-08-27")
        Self.rename(book.root + "/tmp", book.root + "/" + Self.decomposed)
        try book.add(Self.composed, date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        let r = try Self.render(book)
        #expect(r.status == 1, "\(r.stderr)")
        let failed = r.stderr.split(separator: "\n").filter { $0.contains("\"status\":\"failed\"") }
        #expect(failed.count == 2, "\(r.stderr)")
        for line in failed {
            #expect(line.contains("is used by more than one entry"), "\(line)")
            #expect(Self.bytes(of: line, hold: book.root + "/" + Self.composed), "\(line)")
            #expect(Self.bytes(of: line, hold: book.root + "/" + Self.decomposed), "\(line)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: book.cache + "/tickets") == ["b"])
    }
}
