import Foundation
import Testing

/// Ids of any length render (docs/entry-format.md, "The entry tree"): an
/// `id` field of 111 Hangul syllables or 996 ASCII letters (whose owner
/// mark passed the 1,024 bytes a precondition allowed, so `render` died
/// with SIGILL and no entry rendered, on every run), one of 100,000
/// characters, one folder path of four folders of 249 letters, one of 150
/// one-letter folders, beside an ordinary entry. Every kind renders them
/// (file names are cut and hashed past 180 bytes, the mark holds the whole
/// id), a second run skips them, and with the index lost `clean` finds
/// every file by its mark.
@Suite(.serialized) struct LongIDCommandTests {
    typealias Book = RenderCommandTests.Book

    static let allKinds = ["--only", "tickets,shares,days,months,books,years,site"]

    /// The entry at `folder` with `id` written in its entry.json.
    static func setID(_ book: Book, folder: String, id: String) throws {
        let path = book.root + "/" + folder + "/entry.json"
        var json = try String(contentsOfFile: path, encoding: .utf8)
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [id], options: .fragmentsAllowed), as: UTF8.self)
        json = json.replacingOccurrences(of: #"{"title""#, with: #"{"id": \#(quoted.dropFirst().dropLast()), "title""#)
        try json.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The ids of the book, by folder.
    static func longBook() throws -> (Book, [String]) {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        let hangul = String((0..<111).map { Character(Unicode.Scalar(0xAC00 + $0 * 97)!) })
        let ascii = String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 39).prefix(996)
        let huge = (0..<2_000).map { "폴더-\($0)/" }.joined() + String(repeating: "x", count: 80_000)
        try book.add("hangul", date: "2022-08-02", photo: "front.png")
        try setID(book, folder: "hangul", id: hangul)
        try book.add("ascii", date: "2022-08-03", photo: nil)
        try setID(book, folder: "ascii", id: String(ascii))
        try book.add("huge", date: "2022-08-04")
        try setID(book, folder: "huge", id: huge)
        let wide = (0..<4).map { String(repeating: "w\($0)", count: 1).padding(toLength: 249, withPad: "w", startingAt: 0) }
        try book.add(wide.joined(separator: "/"), date: "2022-08-05", photo: "front.webp")
        let deep = (0..<150).map { _ in "d" }.joined(separator: "/")
        try book.add(deep, date: "2022-08-06", photo: nil)
        return (book, ["a", hangul, String(ascii), huge, wide.joined(separator: "/"), deep])
    }

    /// The ids of the ticket items whose status is `status`.
    static func tickets(_ events: [[String: Any]], _ status: String) -> [String] {
        RenderCommandTests.ids(events.filter { $0["kind"] as? String == "tickets" }, status)
    }

    @Test func longIDsRenderBesideOrdinaryOnesRunAfterRun() throws {
        let (book, ids) = try Self.longBook()
        let (first, events) = try book.render(Self.allKinds)
        #expect(first.status == 0, "\(first.stderr.prefix(2000))")
        #expect(!first.stderr.contains("Fatal error"), "\(first.stderr.prefix(2000))")
        #expect(Self.tickets(events, "rendered") == ids.sorted())
        #expect(FileManager.default.fileExists(atPath: book.cache + "/tickets/a/front.webp"))
        let ticketFolders = try FileManager.default.contentsOfDirectory(atPath: book.cache + "/tickets")
        #expect(ticketFolders.count == ids.count, "\(ticketFolders)")
        for name in ticketFolders {
            #expect(name.utf8.count <= 255)
            #expect(FileManager.default.fileExists(atPath: book.cache + "/tickets/\(name)/front.webp"), "\(name)")
        }
        for file in book.files() { #expect(file.utf8.count + book.cache.utf8.count < 4096, "\(file)") }

        let (second, again) = try book.render(Self.allKinds)
        #expect(second.status == 0, "\(second.stderr.prefix(2000))")
        #expect(Self.tickets(again, "skipped") == ids.sorted())
        #expect(Self.tickets(again, "rendered").isEmpty)

        // Each file names its owner, long ids whole: with the index lost,
        // `clean` removes every output and leaves none unproved.
        for suffix in ["", "-wal"] { try? FileManager.default.removeItem(atPath: book.cache + "/index.sqlite" + suffix) }
        let clean = try Tool.run(["clean", "--cache", book.cache])
        #expect(clean.status == 0, "\(clean.stderr.prefix(2000))")
        let left = book.files().filter { !$0.hasPrefix("render.log") && $0 != "CACHEDIR.TAG" && !$0.hasPrefix(".lock") }
        #expect(left.isEmpty, "\(left.prefix(20))")
    }
}
