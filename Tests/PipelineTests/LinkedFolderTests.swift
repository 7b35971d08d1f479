import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseFileSystem
import PhotiCaseDiary

/// A symbolic link in the entry tree is followed, or not followed for a
/// reason, and never read as proof that the entries behind it are gone:
/// a year moved to another disk and linked back (`book/2022 -> /data/2022`)
/// keeps its outputs, and a link whose disk is not mounted holds them.
@Suite struct LinkedFolderTests {
    /// `book/` with `2021/a` in place and `2022/b`, `2022/c` (whose folder
    /// may be moved out to `data/2022` and linked back).
    static func book() throws -> Book {
        let book = try Book()
        try book.add("2021/a", date: "2021-05-01")
        try book.add("2022/b", date: "2022-08-27")
        try book.add("2022/c", date: "2022-08-28")
        return book
    }

    static func data(_ book: Book) -> String { URL(fileURLWithPath: book.root).deletingLastPathComponent().path + "/data" }

    /// Moves `book/2022` to `data/2022` and links it back.
    static func moveAndLink(_ book: Book) throws {
        let data = Self.data(book)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: book.root + "/2022", toPath: data + "/2022")
        #expect(symlink(data + "/2022", book.root + "/2022") == 0)
    }

    static let outputs = ["tickets/2021%2Fa/front.webp", "tickets/2022%2Fb/front.webp", "tickets/2022%2Fc/front.webp",
                          "days/2022-08-27.jpg", "days/2022-08-28.jpg", "months/2022-08.png"]

    @Test func discoveryFollowsALinkToAFolderOutsideEntriesKeepingItsPath() throws {
        let book = try Self.book()
        try Self.moveAndLink(book)
        let canonical = FileSystem.realPath(book.root)!
        for threads in [1, 2] {
            let found = try EntryDiscovery.find(in: book.root, excluding: nil, threads: threads)
            #expect(found.unreadable.isEmpty)
            #expect(found.found.map(\.defaultID) == ["2021/a", "2022/b", "2022/c"])
            // The path through the link: the same record as before the move.
            #expect(found.found.map(\.canonicalFolder) == ["2021/a", "2022/b", "2022/c"].map { canonical + "/" + $0 })
        }
        // The streaming walk (the unchanged-book check) finds the same.
        var walked: [String] = []
        _ = try EntryDiscovery.walk(in: book.root, excluding: nil, chunk: 1) { found in
            walked += found.map(\.defaultID)
            return true
        }
        #expect(walked.sorted() == ["2021/a", "2022/b", "2022/c"])
        #expect(EntryPresence.check(canonical + "/2022/b", root: canonical) == .present)
        #expect(EntryPresence.check(canonical + "/2022/gone", root: canonical) == .gone)
    }

    /// A link to a folder inside ENTRIES (a `latest -> 2022` shortcut) or
    /// to a folder above it (a loop) is not followed: what it leads to is
    /// walked where it is, once.
    @Test func linksThatWouldWalkAFolderTwiceAreNotFollowed() throws {
        let book = try Self.book()
        try Self.moveAndLink(book)
        #expect(symlink(book.root + "/2021", book.root + "/latest") == 0)
        #expect(symlink("..", book.root + "/2021/up") == 0)
        #expect(symlink(book.root, Self.data(book) + "/2022/back") == 0)
        #expect(symlink(Self.data(book), Self.data(book) + "/2022/parent") == 0)
        #expect(symlink("/", book.root + "/root") == 0)
        let found = try EntryDiscovery.find(in: book.root, excluding: nil, threads: 2)
        #expect(found.found.map(\.defaultID) == ["2021/a", "2022/b", "2022/c"])
        #expect(found.unreadable.isEmpty)
    }

    /// A dangling link (the disk not mounted) cannot be read: its folder
    /// is reported, naming the link's target, never taken as empty.
    @Test func aDanglingLinkIsAFolderOutOfReach() throws {
        let book = try Self.book()
        try Self.moveAndLink(book)
        try FileManager.default.moveItem(atPath: Self.data(book), toPath: Self.data(book) + "-unmounted")
        let found = try EntryDiscovery.find(in: book.root, excluding: nil)
        #expect(found.found.map(\.defaultID) == ["2021/a"])
        #expect(found.unreadable.map(\.folder) == [book.root + "/2022"])
        #expect(found.unreadable.first?.reason == "a symbolic link to \(Self.data(book))/2022, which does not exist "
                + "(is its disk mounted?)")
        let canonical = FileSystem.realPath(book.root)!
        #expect(EntryPresence.check(canonical + "/2022/b", root: canonical)
                == .unknown(reason: "\(canonical)/2022 is a symbolic link whose target does not exist"))
        // A link to a file is no folder: what was below it is gone.
        try FileManager.default.removeItem(atPath: book.root + "/2022")
        try Data().write(to: URL(fileURLWithPath: book.root + "/file"))
        #expect(symlink(book.root + "/file", book.root + "/2022") == 0)
        #expect(EntryPresence.check(canonical + "/2022/b", root: canonical) == .gone)
    }

    /// Rendered, moved to another disk and linked back, rendered again:
    /// nothing is removed or rendered again; `clean --prune` keeps it all.
    @Test func aFolderMovedAndLinkedBackKeepsItsOutputs() throws {
        let book = try Self.book()
        let first = try book.run()
        #expect(first.summary.failed == 0)
        for output in Self.outputs { #expect(book.exists(output), "\(output)") }
        try Self.moveAndLink(book)
        let second = try book.run()
        #expect(second.summary.removed == 0)
        #expect(second.summary.failed == 0)
        #expect(second.events.ids(.rendered).isEmpty, "\(second.events.ids(.rendered))")
        for output in Self.outputs { #expect(book.exists(output), "\(output)") }
        let entries = try EntryDiscovery.find(in: book.root, excluding: nil).found.map {
            try fakeLoader($0.folder, $0.canonicalFolder, $0.defaultID).entry
        }
        let pruned = try CacheCleaner.prune(cache: book.cache, entries: entries, today: CalendarDate("2022-08-30")!,
                                            entriesPath: book.root)
        #expect(pruned.isEmpty, "\(pruned)")
        for output in Self.outputs { #expect(book.exists(output), "\(output)") }
        // An entry deleted behind the link is gone, as anywhere else.
        try FileManager.default.removeItem(atPath: Self.data(book) + "/2022/c")
        let third = try book.run()
        #expect(!book.exists("tickets/2022%2Fc/front.webp"))
        #expect(book.exists("tickets/2022%2Fb/front.webp"))
        #expect(third.summary.failed == 0)
    }

    /// The disk unmounted: the link dangles. Everything that may be below
    /// it is held (not removed), the folder fails naming the link, and the
    /// log says what was held; once the disk is back, nothing is redone.
    @Test func aDanglingLinkHoldsItsEntriesAndSaysSo() throws {
        let book = try Self.book()
        _ = try book.run()
        try Self.moveAndLink(book)
        let unmounted = Self.data(book) + "-unmounted"
        try FileManager.default.moveItem(atPath: Self.data(book), toPath: unmounted)
        let held = try book.run()
        #expect(held.summary.removed == 0)
        #expect(held.summary.failed == 1)
        for output in Self.outputs { #expect(book.exists(output), "\(output)") }
        let log = book.read("render.log") ?? ""
        #expect(log.contains("\(book.root)/2022: cannot read folder (a symbolic link to \(Self.data(book))/2022, "
                             + "which does not exist (is its disk mounted?))"), "\(log)")
        #expect(log.contains("held 2022/b ("), "\(log)")
        try FileManager.default.moveItem(atPath: unmounted, toPath: Self.data(book))
        let back = try book.run()
        #expect(back.summary.failed == 0 && back.summary.removed == 0)
        #expect(back.events.ids(.rendered).isEmpty, "\(back.events.ids(.rendered))")
    }
}
