import Foundation
import PhotiCaseHashing
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseRaster

/// What a large book's run keeps per entry, kept small: digests as 32
/// bytes that spell the same hex as before, index rows read back into them,
/// and entries whose copies share one box but still behave as values.
@Suite struct CompactRecordsTests {
    @Test func aDigestSpellsTheHexTheIndexAndFingerprintsUse() throws {
        for text in ["", "pixels", String(repeating: "x", count: 1000)] {
            let bytes = Array(text.utf8)
            let digest = Digest.of(bytes)
            #expect(digest.hex == SHA256.hex(bytes))
            #expect(Digest(hex: SHA256.hex(bytes)) == digest)
            #expect(digest.bytes.count == 32)
        }
        #expect(Digest.of(Array("a".utf8)) != Digest.of(Array("b".utf8)))
        #expect(Set([Digest.of([1]), Digest.of([1]), Digest.of([2])]).count == 2)
    }

    @Test(arguments: [
        "",
        String(repeating: "0", count: 63),
        String(repeating: "0", count: 65),
        String(repeating: "0", count: 66),
        String(repeating: "A", count: 64),
        String(repeating: "0", count: 63) + "g",
        String(repeating: "0", count: 62) + " 0",
    ])
    func textThatIsNotALowercaseDigestIsRefused(_ text: String) {
        #expect(Digest(hex: text) == nil)
    }

    /// The index row of a photo, as the last run wrote it.
    static func record(of path: String, sha256: String) throws -> Manifest.File {
        let status = try #require(try FileSystem.status(path))
        return Manifest.File(size: status.size, mtimeNanoseconds: status.mtimeNanoseconds,
                             inode: status.identity.inode, sha256: sha256)
    }

    /// Calls `body` with the path of a photo holding "pixels", in a
    /// folder of its own that is removed afterwards.
    static func withPhoto(_ body: (String) throws -> Void) throws {
        let dir = NSTemporaryDirectory() + "compact-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/front.jpg"
        try Data("pixels".utf8).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    @Test func aStandingRecordGivesItsDigestWithoutReadingTheFile() throws {
        try Self.withPhoto { path in
            // The row's hash is not the file's: a record that stands is
            // believed, so the digest is the row's, and nothing is new.
            let rowHash = SHA256.hex(Array("what the row says".utf8))
            let row = try Self.record(of: path, sha256: rowHash)
            let checked = try FileHasher(previous: { $0 == path ? row : nil }).check(path, limit: 1 << 20)
            #expect(!checked.isFresh)
            #expect(checked.digest.hex == rowHash)
            #expect(checked.sha256 == rowHash)
        }
    }

    @Test(arguments: ["upper", "short", "garbage"])
    func aRowWithAHashThisBuildDoesNotSpellIsHashedAgain(_ damage: String) throws {
        try Self.withPhoto { path in
            let real = SHA256.hex(Array("pixels".utf8))
            let edited = switch damage {
            case "upper": real.uppercased()
            case "short": String(real.dropLast())
            default: "not a hash"
            }
            let row = try Self.record(of: path, sha256: edited)
            let checked = try FileHasher(previous: { $0 == path ? row : nil }).check(path, limit: 1 << 20)
            #expect(checked.isFresh)
            #expect(checked.digest.hex == real)
            #expect(checked.fresh?.sha256 == real)
        }
    }

    static func entry() -> Entry {
        Entry(id: "a", folder: "/book/a", title: "영화", date: CalendarDate("2022-08-27")!, rating: 4.5,
              memo: "memo", front: FacePhoto(name: "front.jpg", path: "/book/a/front.jpg"))
    }

    @Test func aChangedCopyOfAnEntryLeavesTheOriginalAsItWas() {
        let original = Self.entry()
        var copy = original
        #expect(copy == original)
        copy.title = "다른 영화"
        copy.author = "작가"
        copy.front?.crop = EditorState(placement: .normalizedRect(Rect(x: 0.1, y: 0.2, width: 0.5, height: 0.25)))
        #expect(original.title == "영화")
        #expect(original.author == nil)
        #expect(original.front?.crop == nil)
        #expect(copy.title == "다른 영화" && copy.author == "작가" && copy.front?.crop != nil)
        #expect(copy != original)
    }

    @Test func entriesWithEqualFieldsAreEqualInBoxesOfTheirOwn() {
        let a = Self.entry()
        var b = Self.entry()
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        b.rating = 5
        #expect(a != b)
        b.rating = 4.5
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        // The edit is part of a face's value.
        var c = b
        c.front?.crop = EditorState(placement: .normalizedRect(Rect(x: 0, y: 0, width: 1, height: 1)))
        #expect(c != b)
        c.front?.crop = nil
        #expect(c == b)
    }

    /// The position table finds what a dictionary would: every key, the
    /// first of repeated keys' positions among them, nothing for absent
    /// keys, and keys that are equal as Strings though spelled in other
    /// Unicode forms (as `Dictionary` does).
    @Test func aPositionTableFindsWhatADictionaryWould() {
        var keys: [String?] = (0..<5000).map { "2019/\($0 * 7919 % 100_003)" }
        keys[17] = nil
        keys[4000] = keys[12]
        keys.append("Caf\u{E9}")
        let table = PositionTable(count: keys.count) { keys[$0] }
        var expected: [String: [Int]] = [:]
        for (i, k) in keys.enumerated() { if let k { expected[k, default: []].append(i) } }
        for (k, positions) in expected {
            let found = table.position(of: k) { keys[$0] }
            #expect(found.map(positions.contains) == true, "\(k)")
        }
        #expect(table.position(of: "2019/-1") { keys[$0] } == nil)
        #expect(table.position(of: "") { keys[$0] } == nil)
        #expect(table.position(of: "Cafe\u{301}") { keys[$0] } == keys.count - 1)
        let empty = PositionTable(count: 0) { _ in nil }
        #expect(empty.position(of: "a") { _ in nil } == nil)
    }

    /// An index row is a photo of the run when its path is one, byte for
    /// byte, whether the photo's path is the folder and name joined, kept
    /// as written, or an index key of its own (ENTRIES typed relatively).
    @Test func indexRowsMatchPhotosByTheirBytes() {
        let date = CalendarDate("2022-08-27")!
        let composed = "/book/a/\u{E9}.jpg", decomposed = "/book/a/e\u{301}.jpg"
        func run(_ entry: Entry) -> RunEntry {
            RunEntry(entry: entry, canonicalFolder: entry.folder, jsonHash: Digest.of([1]), front: Digest.of([2]))
        }
        let a = Entry(id: "a", folder: "/book/a", title: "t", date: date, rating: 3,
                      front: FacePhoto(name: "\u{E9}.jpg", path: composed))
        let b = Entry(id: "b", folder: "/book/b", title: "t", date: date, rating: 3,
                      front: FacePhoto(name: "x.jpg", path: "/elsewhere/x.jpg"))
        let loading = Loading(entries: [run(a), run(b)], failed: [], photoKeys: ["/canonical/\u{E9}.jpg"])
        #expect(loading.isPhoto(composed) && !loading.isPhoto(decomposed))
        #expect(loading.isPhoto("/elsewhere/x.jpg") && !loading.isPhoto("/book/b/x.jpg"))
        #expect(loading.isPhoto("/canonical/\u{E9}.jpg") && !loading.isPhoto("/canonical/e\u{301}.jpg"))
        #expect(loading.entry(id: "b")?.entry == b && loading.entry(id: "c") == nil)
    }
}
