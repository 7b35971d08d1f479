import Foundation
import Testing

/// One malformed entry.json fails alone: `render` says so (exit 1, the
/// file named on stderr and in render.log), keeps that entry's outputs,
/// and still brings every other entry's edits to the book's pages and the
/// year, which show the broken entry as it last read.
@Suite(.serialized) struct BrokenEntryCommandTests {
    typealias Book = RenderCommandTests.Book

    static let only = ["--only", "tickets,books,years"]

    static func read(_ book: Book, _ path: String, cache: String? = nil) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: (cache ?? book.cache) + "/" + path))
    }

    static func write(_ book: Book, _ name: String, _ json: String) throws {
        try Data(json.utf8).write(to: URL(fileURLWithPath: book.root + "/\(name)/entry.json"))
    }

    @Test func aBrokenEntryFailsAloneAndTheBookStillTakesEdits() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28", photo: "front.png")
        try book.add("c", date: "2022-09-02")
        let (first, _) = try book.render(Self.only)
        #expect(first.status == 0, "\(first.stderr)")
        let ticket = book.files().filter { $0.hasPrefix("tickets/b/") }
        #expect(!ticket.isEmpty)
        let ticketBytes = try ticket.map { try Self.read(book, $0) }
        let list = try Self.read(book, "books/list-001.jpg")
        let year = try Self.read(book, "years/2022.jpg")
        let good = try Self.read(book, "b/entry.json", cache: book.root)

        try Self.write(book, "b", #"{"title": "b", "date": "2022-08-28", "rating": 3.5,"#)
        try Self.write(book, "a", #"{"title": "a, edited", "date": "2022-08-27", "rating": 5, "memo": "seen twice", "#
                       + #""front": {"photo": "front.jpg"}}"#)
        let (broken, events) = try book.render(Self.only)
        #expect(broken.status == 1, "\(broken.stderr)")
        #expect(broken.stderr.contains("b/entry.json"), "\(broken.stderr)")
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        #expect(log.contains("b/entry.json"), "\(log)")
        #expect(RenderCommandTests.ids(events, "failed") == ["b"])
        // Its ticket is kept as it was; the pages and the year took a's edit.
        #expect(try ticket.map { try Self.read(book, $0) } == ticketBytes)
        let editedList = try Self.read(book, "books/list-001.jpg")
        let editedYear = try Self.read(book, "years/2022.jpg")
        #expect(editedList != list)
        #expect(editedYear != year)

        // They show b as it last read: the same bytes as a fresh cache's
        // render of the book with b's good entry.json back.
        try good.write(to: URL(fileURLWithPath: book.root + "/b/entry.json"))
        let fresh = book.base + "/fresh"
        let reference = try Tool.run(["render", book.root, "--cache", fresh, "--today", "2022-08-30"] + Self.only)
        #expect(reference.status == 0, "\(reference.stderr)")
        #expect(try Self.read(book, "books/list-001.jpg", cache: fresh) == editedList)
        #expect(try Self.read(book, "years/2022.jpg", cache: fresh) == editedYear)

        // Mended, b reads again; the pages already showed it so.
        let (mended, mendedEvents) = try book.render(Self.only)
        #expect(mended.status == 0, "\(mended.stderr)")
        #expect(try Self.read(book, "books/list-001.jpg") == editedList)
        #expect(!mendedEvents.contains { ($0["id"] as? String)?.hasPrefix("books/") == true && $0["status"] as? String == "rendered" })
    }
}
