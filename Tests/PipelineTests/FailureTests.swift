import Foundation
import PhotiCaseHashing
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary

/// One bad entry fails alone; locks; shards; safe names.
@Suite struct FailureTests {
    @Test func badEntryFailsAloneAndKeepsItsOutputs() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        let before = book.read("tickets/b/front.webp")
        // b's JSON breaks; c is new.
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: book.root + "/b/entry.json"))
        try book.add("c", date: "2022-08-29")
        let again = try book.run()
        #expect(again.events.ids(.failed) == ["b"])
        #expect(again.events.ids(.rendered) == ["c", "days/2022-08-29"])  // b's month is held
        #expect(book.read("tickets/b/front.webp") == before)
        #expect(book.exists("days/2022-08-28.jpg"))
        #expect(again.summary.removed == 0)
    }

    @Test func renderFailureKeepsPreviousOutputs() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        try book.add("a", date: "2022-08-27", photoBytes: "now corrupt")
        let again = try book.run(FakeBackend(failing: ["a"]))
        #expect(again.events.ids(.failed) == ["a", "days/2022-08-27"])
        #expect(book.read("tickets/a/back.webp") == "back a ")
        // Fixed later: renders again because the failure recorded nothing.
        #expect(try book.run().events.ids(.rendered) == ["a", "days/2022-08-27"])
    }

    @Test func duplicateIDsFailBoth() throws {
        let book = try Book()
        try book.add("x", date: "2022-08-27", id: "same")
        try book.add("y", date: "2022-08-27", id: "same")
        try book.add("z", date: "2022-08-27")
        let run = try book.run()
        #expect(run.events.ids(.failed) == ["same", "same"])
        #expect(run.events.ids(.rendered).contains("z"))
        #expect(!book.exists("tickets/same"))
    }

    /// An id shared by a readable entry and one whose photo cannot be read
    /// is a duplicate too: both fail for the id (neither is taken for the
    /// other), the entry without a twin fails for its photo, and the rest
    /// renders. The index remembers neither duplicate.
    @Test func aDuplicateWithAnUnreadablePhotoFailsAsADuplicate() throws {
        let book = try Book()
        try book.add("x", date: "2022-08-27", id: "same")
        try book.add("y", date: "2022-08-28", id: "same")
        try book.add("w", date: "2022-08-29")
        try book.add("z", date: "2022-08-27")
        try FileManager.default.removeItem(atPath: book.root + "/y/front.jpg")
        try FileManager.default.removeItem(atPath: book.root + "/w/front.jpg")
        let recorder = Recorder()
        let run = RenderRun(options: book.options(), backend: FakeBackend(), loadEntry: fakeLoader, progress: recorder)
        _ = try run.run()
        #expect(recorder.ids(.failed) == ["same", "same", "w"])
        let reasons = run.failureRecords.map(\.description)
        #expect(reasons.filter { $0.contains("x") && $0.contains("y") }.count == 2, "\(reasons)")
        #expect(recorder.ids(.rendered).contains("z"))
        #expect(!book.exists("tickets/same"))
        let index = try CacheStore(path: book.cache, create: false).openIndex(CacheLayout.indexName(.all), readOnly: true)
        defer { index.close() }
        var ids: [String] = []
        try index.forEachEntry { id, _ in ids.append(id) }
        #expect(ids.sorted() == ["z"])
    }

    @Test func lockHeldExitsAtOnce() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let held = try CacheStore(path: book.cache, create: true).lockForRun(shard: .all, wait: false)
        // flock locks are per open file description, so a second open in
        // the same process contends like another process would.
        #expect(throws: PipelineError.locked(cache: book.cache, holder: getpid())) { try book.run() }
        withExtendedLifetime(held) {}
    }

    @Test func shardsSplitTheWorkWithoutOverlap() throws {
        let book = try Book()
        for i in 0..<12 { try book.add("e\(i)", date: "2022-08-\(10 + i)") }
        var seen: [String] = []
        for k in 0..<3 {
            let run = try book.run(FakeBackend()) { $0.shard = Shard(index: k, count: 3) }
            seen += run.events.ids(.rendered)
        }
        #expect(seen.count == Set(seen).count)
        #expect(Set(seen).count == 12 + 12 + 1)
        #expect(FileManager.default.fileExists(atPath: book.cache + "/index-0-of-3.sqlite"))
    }

    @Test(arguments: ["2022/08/decision", "../../etc/passwd", "/abs", ".", "..", ".hidden", "a\nb", "헤어질 결심", "", "a%2Fb",
                      String(repeating: "x", count: 400)])
    func safeNamesStayInside(_ id: String) {
        let name = SafeName.encode(id)
        #expect(!name.contains("/"))
        #expect(!name.hasPrefix("."))
        #expect(!name.isEmpty)
        #expect(name.utf8.count <= 255)
        #expect(!name.unicodeScalars.contains { $0.value < 0x20 })
    }

    /// A long id is cut to a readable prefix and a digest; wherever the
    /// cut falls (before, inside or after an escape such as `%2F`), the
    /// name reads back as one `encode` makes, so its files are found again
    /// when the index is lost (a cut inside `%2F` left them for ever).
    @Test(arguments: 0..<6) func aCutNameReadsBackAsEncoded(_ shift: Int) {
        for id in [String(repeating: "x", count: shift) + (0..<150).map { _ in "d" }.joined(separator: "/"),
                   String(repeating: "y", count: shift) + String(repeating: "/", count: 200),
                   String(repeating: "z", count: shift) + String(repeating: "한 ", count: 100)] {
            let name = SafeName.encode(id)
            #expect(name.contains("~"), "\(name)")
            #expect(SafeName.isEncoded(name), "\(name)")
        }
    }

    @Test func safeNamesStayDistinct() {
        let ids = ["a/b", "a%2Fb", "a_b", "a b", "a.b", ".a", "%2Ea", "", "%00", "헤어질", "헤어질 결심",
                   String(repeating: "y", count: 300), String(repeating: "y", count: 301)]
        #expect(Set(ids.map(SafeName.encode)).count == ids.count)
    }

    @Test func sha256Vectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        var h = SHA256()
        for _ in 0..<1000 { h.update(Array(repeating: UInt8(ascii: "a"), count: 1000)) }
        #expect(SHA256.hexString(h.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func sha256CopiesAreIndependent() {
        var a = SHA256()
        a.update("ab")
        var b = a  // a hash in progress, copied
        a.update("c")
        b.update("x")
        #expect(SHA256.hexString(a.finalize()) == SHA256.hex(Array("abc".utf8)))
        #expect(SHA256.hexString(b.finalize()) == SHA256.hex(Array("abx".utf8)))
    }
}
