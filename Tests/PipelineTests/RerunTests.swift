import Foundation
import PhotiCaseHashing
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary
import PhotiCaseFileSystem

/// What makes an unchanged book's rerun cheap must not change what it
/// finds or records: discovery on several threads, one read transaction
/// for the lookups, and index rows written only when they change.
@Suite struct RerunTests {
    /// A tree with every kind of folder discovery meets: entries at several
    /// depths, category folders, hidden folders, a link to a folder, an
    /// entry folder with folders inside, and folders without entry.json.
    static func makeTree() throws -> String {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("pr-rerun-\(UUID().uuidString)").path
        func entry(_ rel: String) throws {
            try fm.createDirectory(atPath: root + "/" + rel, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/" + rel + "/entry.json"))
        }
        for year in 2019...2024 {
            for n in 0..<7 { try entry("\(year)/\(String(format: "%03d", n))") }
        }
        try entry("films/2020/deep/a")
        try entry("films/b")
        try entry("top")
        try entry("top/inner")          // inside an entry: not searched
        try entry(".hidden/c")          // hidden: not entered
        try fm.createDirectory(atPath: root + "/empty/also-empty", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/films")
        return root
    }

    @Test func discoveryOnSeveralThreadsFindsWhatOneThreadFinds() throws {
        let root = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let one = try EntryDiscovery.find(in: root, excluding: nil, threads: 1)
        for threads in [2, 3, 8] {
            let many = try EntryDiscovery.find(in: root, excluding: nil, threads: threads)
            #expect(many.found == one.found)
            #expect(many.unreadable == one.unreadable)
        }
        let ids = one.found.map(\.defaultID)
        #expect(ids.count == 6 * 7 + 3)
        #expect(ids.contains("films/2020/deep/a") && ids.contains("films/b") && ids.contains("top"))
        #expect(!ids.contains("top/inner") && !ids.contains { $0.hasPrefix(".hidden") || $0.hasPrefix("linked") })
        #expect(ids == ids.sorted())
    }

    @Test func aCacheInsideEntriesIsSkippedOnEveryThread() throws {
        let root = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A cache folder inside ENTRIES holding something shaped like an entry.
        let cache = root + "/2021/cache"
        try FileManager.default.createDirectory(atPath: cache + "/x", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: cache + "/x/entry.json"))
        let found = try EntryDiscovery.find(in: root, excluding: cache, threads: 2).found.map(\.defaultID)
        #expect(!found.contains { $0.hasPrefix("2021/cache") })
        #expect(found.contains("2021/000"))
    }

    @Test func indexRowsFollowChangedPhotosAndGoneEntries() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        try book.add("c", date: "2022-08-29")
        _ = try book.run()
        let index = book.cache + "/index.sqlite"
        let first = try IndexTests.manifest(fromIndex: index)
        #expect(first.files.count == 3 && first.entries.count == 3)

        // Unchanged: every row stays as it was.
        _ = try book.run()
        #expect(try IndexTests.manifest(fromIndex: index) == first)

        // a's photo changes, b is gone, d is new.
        try book.add("a", date: "2022-08-27", photoBytes: "other pixels")
        try FileManager.default.removeItem(atPath: book.root + "/b")
        try book.add("d", date: "2022-08-30")
        let again = try book.run()
        #expect(again.summary.failed == 0)
        let after = try IndexTests.manifest(fromIndex: index)
        #expect(Set(after.files.keys) == Set(["a", "c", "d"].map { book.root + "/\($0)/front.jpg" }))
        #expect(Set(after.entries.keys) == ["a", "c", "d"])
        let photoA = book.root + "/a/front.jpg"
        let status = try #require(try FileSystem.status(photoA))
        #expect(after.files[photoA]?.size == status.size)
        #expect(after.files[photoA]?.mtimeNanoseconds == status.mtimeNanoseconds)
        #expect(after.files[photoA]?.sha256 == SHA256.hex(Array("other pixels".utf8)))
        #expect(after.files[photoA] != first.files[photoA])
        let photoC = book.root + "/c/front.jpg"
        #expect(after.files[photoC] == first.files[photoC])
        #expect(after.entries["c"] == first.entries["c"])

        // An entry that moves to another date keeps its row's id, with the new date.
        try book.add("c", date: "2022-08-01")
        _ = try book.run()
        #expect(try IndexTests.manifest(fromIndex: index).entries["c"]?.date == "2022-08-01")
    }

    @Test func aPhotoTouchedWithoutChangeIsRecordedWithItsNewStat() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        let index = book.cache + "/index.sqlite"
        let photo = book.root + "/a/front.jpg"
        let before = try #require(try IndexTests.manifest(fromIndex: index).files[photo])
        // Same bytes, a new mtime: hashed again, found equal, nothing rendered.
        let later = Date(timeIntervalSince1970: TimeInterval(before.mtimeNanoseconds) / 1e9 + 60)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: photo)
        let again = try book.run()
        #expect(again.summary.rendered == 0)
        let after = try #require(try IndexTests.manifest(fromIndex: index).files[photo])
        #expect(after.sha256 == before.sha256)
        #expect(after.mtimeNanoseconds != before.mtimeNanoseconds)
        #expect(after.mtimeNanoseconds == (try FileSystem.status(photo))?.mtimeNanoseconds)
    }

    /// A book run by hand through one path and by cron through another (a
    /// link, or a relative path) is one book to the index: its photos are
    /// recorded by canonical path, so switching hashes nothing again and
    /// leaves the rows as they were.
    @Test func photosAreRecordedByCanonicalPathHoweverEntriesIsTyped() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        let link = URL(fileURLWithPath: book.root).deletingLastPathComponent().path + "/book-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: book.root)
        let index = book.cache + "/index.sqlite"

        let first = try book.run { $0.entries = link }
        #expect(first.summary.failed == 0 && first.summary.rendered > 0)
        let viaLink = try IndexTests.manifest(fromIndex: index)
        #expect(Set(viaLink.files.keys) == Set(["a", "b"].map { book.root + "/\($0)/front.jpg" }))

        // Through the canonical path: nothing rendered, no row rewritten.
        let second = try book.run()
        #expect(second.summary.rendered == 0)
        #expect(try IndexTests.manifest(fromIndex: index) == viaLink)
        // And back through the link.
        let third = try book.run { $0.entries = link }
        #expect(third.summary.rendered == 0)
        #expect(try IndexTests.manifest(fromIndex: index) == viaLink)

        // A photo changed while run through the link: its row, under the
        // canonical path, follows; the other stays as it was.
        try book.add("a", date: "2022-08-27", photoBytes: "other pixels")
        _ = try book.run { $0.entries = link }
        let after = try IndexTests.manifest(fromIndex: index)
        #expect(Set(after.files.keys) == Set(viaLink.files.keys))
        #expect(after.files[book.root + "/a/front.jpg"]?.sha256 == SHA256.hex(Array("other pixels".utf8)))
        #expect(after.files[book.root + "/b/front.jpg"] == viaLink.files[book.root + "/b/front.jpg"])
    }
}
