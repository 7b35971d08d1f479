import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary

/// The index makes no `-shm` file (docs/cache.md, "The index"): WAL's
/// shared memory does not work across machines, and shards share one
/// cache over NFS. SQLite keeps the WAL index in heap memory only when
/// EXCLUSIVE locking is set before the first WAL access, so a new index
/// must be configured as an existing one is. Checked while the index is
/// open (SQLite removes the file at a clean close, a killed run leaves it;
/// `IndexSharedMemoryCommandTests` kills one).
@Suite struct IndexSharedMemoryTests {
    static func sharedMemoryFiles(_ cache: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasSuffix("-shm") }
    }

    @Test(arguments: ["index.sqlite", "index-1-of-2.sqlite"]) func aNewIndexMakesNoSharedMemoryFile(_ name: String) throws {
        let book = try Book()
        try FileManager.default.createDirectory(atPath: book.cache, withIntermediateDirectories: true)
        let store = try CacheStore(path: book.cache, create: true)
        let made = try store.openIndex(name)
        made.setOutput("days/2022-08-27.jpg", .init(fingerprint: "k", owner: .day(CalendarDate("2022-08-27")!), size: 1))
        try made.commit()
        #expect(Self.sharedMemoryFiles(book.cache).isEmpty, "made while a new index is open")
        made.close()
        // Opened again, as every later run opens it.
        let reopened = try store.openIndex(name)
        #expect(reopened.output("days/2022-08-27.jpg") != nil)
        reopened.setOutput("days/2022-08-28.jpg", .init(fingerprint: "k", owner: .day(CalendarDate("2022-08-28")!), size: 1))
        try reopened.commit()
        #expect(Self.sharedMemoryFiles(book.cache).isEmpty, "made while an existing index is open")
        reopened.close()
    }

    @Test func runsMakeNoSharedMemoryFile() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        #expect(try book.run().summary.rendered > 0)
        #expect(Self.sharedMemoryFiles(book.cache).isEmpty)
        try book.add("b", date: "2022-08-28")
        #expect(try book.run().summary.rendered > 0)
        #expect(Self.sharedMemoryFiles(book.cache).isEmpty)
    }
}
