import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary

/// Owners are typed (a kind and a key): an entry whose id reads like a
/// year, a month or a day is not kept by that year, month or day.
@Suite struct OwnerTests {
    static let every = Set(OutputKind.allCases)

    @Test(arguments: ["2022", "2022-08", "2022-08-27", "book", "site"])
    func anEntryNamedLikeAnotherOwnerGoesWhenItsFolderDoes(_ name: String) throws {
        let book = try Book()
        try book.add(name, date: "2022-08-27")
        try book.add("b", date: "2022-08-27")
        _ = try book.run { $0.only = Self.every }
        let tickets = TicketsKind.path(id: name, face: .front, format: .webp)
        #expect(book.exists(tickets))
        try FileManager.default.removeItem(atPath: book.root + "/" + name)
        let loaded = try BookLoader.entries(in: book.root, excluding: book.cache, jobs: 2, loadEntry: fakeLoader)
        #expect(loaded.failures.isEmpty && loaded.entries.map(\.id) == ["b"])
        let removed = try CacheCleaner.prune(cache: book.cache, entries: loaded.entries,
                                             today: CalendarDate("2022-08-30")!, entriesPath: book.root)
        #expect(Set(removed).isSuperset(of: ["tickets/\(name)/front.webp", "tickets/\(name)/back.webp",
                                             "tickets/\(name)/ticket.webp", "site/entries/\(name).html"]), "\(removed)")
        #expect(!book.exists(tickets))
        // The year, month and day of b stay.
        #expect(book.exists("years/2022.jpg") && book.exists("months/2022-08.png") && book.exists("days/2022-08-27.jpg"))
        #expect(try book.run { $0.only = Self.every }.events.ids(.failed).isEmpty)
    }

    @Test func renderRemovesItToo() throws {
        let book = try Book()
        try book.add("2022", date: "2022-08-27")
        try book.add("b", date: "2022-08-27")
        _ = try book.run { $0.only = Self.every }
        try FileManager.default.removeItem(atPath: book.root + "/2022")
        let run = try book.run { $0.only = Self.every }
        #expect(!book.exists("tickets/2022/front.webp") && book.exists("years/2022.jpg"))
        #expect(run.summary.removed >= 4)
    }

    /// An index of the first schema (untyped owners) is migrated: each
    /// row's owner kind is read from its path.
    @Test func aVersionOneIndexIsTypedByItsPaths() throws {
        let book = try Book()
        try book.add("2022", date: "2022-08-27")
        _ = try book.run { $0.only = Self.every }
        do {
            let db = try SQLiteDatabase(path: book.cache + "/index.sqlite", mode: .readWrite)
            try db.execute("""
                CREATE TABLE old(path TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, owner TEXT NOT NULL, size INTEGER) WITHOUT ROWID;
                INSERT INTO old SELECT path, fingerprint, owner, size FROM outputs;
                DROP TABLE outputs; ALTER TABLE old RENAME TO outputs; PRAGMA user_version=1;
                """)
            db.close()
        }
        let index = try CacheStore(path: book.cache, create: false).openIndex("index.sqlite")
        defer { index.close() }
        #expect(index.output("tickets/2022/front.webp")?.owner == .entry("2022"))
        #expect(index.output("years/2022.jpg")?.owner == .year(2022))
        #expect(index.output("site/years/2022.html")?.owner == .year(2022))
        #expect(index.output("index.html")?.owner == .month(MonthKey("2022-08")!))
        #expect(try index.entryCount() == 1)
    }
}
