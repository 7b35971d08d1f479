import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary

/// One id, one spelling: ids are composed (NFC) where they are formed, and
/// an index an older build wrote with a decomposed (NFD) id is respelled.
@Suite struct IDSpellingTests {
    static let composed = "\u{CE74}\u{D398} caf\u{E9}"
    static let decomposed = "\u{110F}\u{1161}\u{1111}\u{1166} cafe\u{301}"

    /// A folder named decomposed gives its default id composed.
    @Test func discoveryComposesTheDefaultID() throws {
        let book = try Book()
        try book.add("tmp", date: "2022-08-27")
        #expect(rename(book.root + "/tmp", book.root + "/" + Self.decomposed) == 0)
        let found = try EntryDiscovery.find(in: book.root, excluding: book.cache).found
        #expect(found.map { Array($0.defaultID.utf8) } == [Array(Self.composed.utf8)])
        // The folder is still the disk's spelling: it is what opens.
        #expect(found.map { Array($0.folder.utf8) } == [Array((book.root + "/" + Self.decomposed).utf8)])
        // ENTRIES that is itself the entry.
        let single = try EntryDiscovery.find(in: book.root + "/" + Self.decomposed, excluding: nil).found
        #expect(single.map { Array($0.defaultID.utf8) } == [Array(Self.composed.utf8)])
    }

    /// An older build recorded an id as its `id` field spelled it
    /// (decomposed); this build's run keeps one record and one owner of
    /// the entry, spelled composed, and the outputs move to its path.
    @Test func anIndexWithADecomposedIDIsRespelled() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", id: Self.decomposed)
        try book.add("b", date: "2022-08-28")
        let older = RenderRun(options: book.options(), backend: FakeBackend(), loadEntry: fakeLoader, progress: nil)
        _ = try older.run()
        #expect(try Self.entryIDs(book) == [Array("b".utf8), Array(Self.decomposed.utf8)])
        // A new build loads the book whatever its stamps say (the clean
        // mark holds the binary's stamp); here one entry's edit does.
        try book.add("b", date: "2022-08-28", memo: "edited")
        let composing: EntryLoading = { folder, canonical, defaultID in
            var (entry, json) = try fakeLoader(folder, canonical, defaultID)
            entry.id = Entry.spelling(ofID: entry.id)
            return (entry, json)
        }
        let recorder = Recorder()
        let now = RenderRun(options: book.options(), backend: FakeBackend(), loadEntry: composing, progress: recorder)
        _ = try now.run()
        #expect(recorder.ids(.failed).isEmpty)
        let respelled = try Self.entryIDs(book)
        #expect(respelled == [Array("b".utf8), Array(Self.composed.utf8)], "\(respelled)")
        let index = try CacheStore(path: book.cache, create: false).openIndex(CacheLayout.indexName(.all), readOnly: true)
        defer { index.close() }
        var owners: Set<[UInt8]> = [], paths: Set<[UInt8]> = []
        try index.forEachOutput { path, record in
            if record.owner.kind == .entry { owners.insert(Array(record.owner.key.utf8)) }
            paths.insert(Array(path.utf8))
        }
        #expect(owners == [Array("b".utf8), Array(Self.composed.utf8)])
        let folder = SafeName.encode(Self.composed)
        #expect(paths.contains(Array("tickets/\(folder)/front.webp".utf8)))
        #expect(!paths.contains { String(decoding: $0, as: UTF8.self).hasPrefix("tickets/" + SafeName.encode(Self.decomposed)) })
        let tickets = try FileManager.default.contentsOfDirectory(atPath: book.cache + "/tickets").map { Array($0.utf8) }
        #expect(Set(tickets) == [Array("b".utf8), Array(folder.utf8)])
    }

    /// The index's entry ids as bytes.
    static func entryIDs(_ book: Book) throws -> Set<[UInt8]> {
        let index = try CacheStore(path: book.cache, create: false).openIndex(CacheLayout.indexName(.all), readOnly: true)
        defer { index.close() }
        var ids: Set<[UInt8]> = []
        try index.forEachEntry { id, _ in ids.insert(Array(id.utf8)) }
        return ids
    }
}
