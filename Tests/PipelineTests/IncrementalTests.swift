import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary

/// The incremental cases, with a fake backend: what renders, what is
/// skipped, what is removed.
@Suite struct IncrementalTests {
    @Test func secondRunRendersNothing() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-27")
        try book.add("c", date: "2022-09-01")
        let first = try book.run()
        #expect(first.events.ids(.rendered) == ["a", "b", "c", "days/2022-08-27", "days/2022-09-01", "months/2022-08", "months/2022-09"])
        #expect(book.exists("tickets/a/front.webp") && book.exists("tickets/a/back.webp") && book.exists("tickets/a/ticket.webp"))
        #expect(book.exists("days/2022-08-27.jpg") && book.exists("months/2022-09.png") && book.exists("index.sqlite"))
        let second = try book.run()
        #expect(second.summary.rendered == 0)
        #expect(second.summary.skipped == 7)
    }

    @Test func memoChangeRendersTicketsOnly() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        try book.add("a", date: "2022-08-27", memo: "a new memo")
        let again = try book.run()
        #expect(again.events.ids(.rendered) == ["a"])
        #expect(book.read("tickets/a/back.webp")?.contains("a new memo") == true)
    }

    @Test func photoChangeRendersDayAndMonthToo() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        try book.add("a", date: "2022-08-27", photoBytes: "other pixels")
        let again = try book.run()
        #expect(again.events.ids(.rendered) == ["a", "days/2022-08-27", "months/2022-08"])
    }

    @Test func touchingWithoutChangeRendersNothing() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        let photo = book.root + "/a/front.jpg"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 100)], ofItemAtPath: photo)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 100)], ofItemAtPath: book.root + "/a/entry.json")
        #expect(try book.run().summary.rendered == 0)
    }

    @Test func deletedEntryIsRemovedAndItsDayRedrawn() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-27")
        try book.add("c", date: "2022-08-29")
        _ = try book.run()
        try FileManager.default.removeItem(atPath: book.root + "/b")
        try FileManager.default.removeItem(atPath: book.root + "/c")
        let again = try book.run()
        #expect(again.events.ids(.rendered) == ["days/2022-08-27", "months/2022-08"])
        #expect(again.summary.removed == 7)  // three faces each of b and c, and c's day
        #expect(!book.exists("tickets/b/front.webp") && !book.exists("tickets/b"))
        #expect(!book.exists("days/2022-08-29.jpg"))
        #expect(book.read("days/2022-08-27.jpg") == "day [\"a\"]")
    }

    @Test func forceRendersEverything() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        #expect(try book.run(FakeBackend()) { $0.force = true }.summary.rendered == 3)
    }

    @Test func themeOrOptionChangeRendersAgain() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        #expect(try book.run(FakeBackend(fingerprint: "fake-2")).summary.rendered == 3)
        #expect(try book.run(FakeBackend(fingerprint: "fake-2")) { $0.formats[.days] = .webp }.events.ids(.rendered)
            == ["days/2022-08-27", "months/2022-08"])
    }

    @Test func todayMovesOnlyTheMonthsItTouches() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-09-02")
        _ = try book.run()
        let again = try book.run(FakeBackend()) { $0.today = CalendarDate("2022-09-01")! }
        #expect(again.events.ids(.rendered) == ["months/2022-08", "months/2022-09"])
        let third = try book.run(FakeBackend()) { $0.today = CalendarDate("2022-09-05")! }
        #expect(third.events.ids(.rendered) == ["months/2022-09"])
    }

    @Test func onlyDaysLeavesTicketsAlone() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let run = try book.run(FakeBackend()) { $0.only = [.days] }
        #expect(run.events.ids(.rendered) == ["days/2022-08-27"])
        #expect(!book.exists("tickets/a/front.webp"))
        _ = try book.run()
        #expect(try book.run(FakeBackend()) { $0.only = [.days, .months] }.summary.rendered == 0)
        #expect(book.exists("tickets/a/front.webp"))
    }

    /// A day's input holds no memo (`DayTileInput`): a run of days and
    /// months and a full run agree on the day, whatever the memo says.
    @Test func aDayDoesNotShowTheMemo() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", memo: "long memo")
        _ = try book.run { $0.only = [.days, .months] }
        #expect(book.read("days/2022-08-27.jpg") == "day [\"a\"]")
        let full = try book.run { $0.only = Set(OutputKind.allCases) }
        #expect(!full.events.ids(.rendered).contains("days/2022-08-27"))
        #expect(book.read("tickets/a/back.webp")?.contains("long memo") == true)
        try book.add("a", date: "2022-08-27", memo: "another memo")
        let edited = try book.run { $0.only = [.days] }
        #expect(!edited.events.ids(.rendered).contains("days/2022-08-27"))
        #expect(edited.events.ids(.rendered).contains("a"))
    }

    /// An output cut short, emptied or replaced by other bytes is made
    /// again; its neighbours are not.
    @Test func aDamagedOutputIsRenderedAgain() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", memo: "one")
        try book.add("b", date: "2022-08-28", memo: "two")
        _ = try book.run()
        let front = book.cache + "/tickets/a/front.webp"
        try Data("cut".utf8).write(to: URL(fileURLWithPath: front))
        try Data().write(to: URL(fileURLWithPath: book.cache + "/days/2022-08-28.jpg"))
        let again = try book.run()
        #expect(again.events.ids(.rendered) == ["a", "days/2022-08-28"])
        #expect(book.read("tickets/a/front.webp") == "front a")
        #expect(try book.run().summary.rendered == 0)
    }

    /// An index written before output sizes were kept (no size column, as
    /// an older build leaves it, and untyped owners: schema 1) is migrated:
    /// its owners are typed by their paths, its outputs count as current
    /// (their keys aside), their sizes are adopted, and damage is seen from
    /// then on.
    @Test func anIndexWithoutSizesAdoptsThem() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", memo: "one")
        _ = try book.run()
        do {
            let db = try SQLiteDatabase(path: book.cache + "/index.sqlite", mode: .readWrite)
            try db.execute("""
                CREATE TABLE old(path TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, owner TEXT NOT NULL) WITHOUT ROWID;
                INSERT INTO old SELECT path, fingerprint, owner FROM outputs;
                DROP TABLE outputs; ALTER TABLE old RENAME TO outputs; PRAGMA user_version=1;
                """)
            db.close()
        }
        #expect(try book.run().summary.rendered == 0)
        try Data("cut".utf8).write(to: URL(fileURLWithPath: book.cache + "/tickets/a/back.webp"))
        #expect(try book.run().events.ids(.rendered) == ["a"])
        #expect(book.read("tickets/a/back.webp") == "back a one")
    }

    /// An output that cannot be removed once its entry is gone fails the
    /// run (the exit status says so) and is tried again next time.
    @Test func aRemovalThatFailsCountsAsAFailure() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        try FileManager.default.removeItem(atPath: book.root + "/b")
        // A folder where an output was: not a file the run may remove (root
        // ignores permissions, so a mode would not stop it).
        let front = book.cache + "/tickets/b/front.webp"
        try FileManager.default.removeItem(atPath: front)
        try FileManager.default.createDirectory(atPath: front + "/inside", withIntermediateDirectories: true)
        let run = RenderRun(options: book.options(), backend: FakeBackend(), loadEntry: fakeLoader, progress: nil)
        let summary = try run.run()
        #expect(summary.failed == 1)
        #expect(run.notices.contains { $0.contains("cannot remove") && $0.contains("tickets/b/front.webp") }, "\(run.notices)")
        #expect(!book.exists("tickets/b/back.webp"))
        try FileManager.default.removeItem(atPath: front)
        let again = try book.run()
        #expect(again.summary.failed == 0 && again.summary.removed == 1)
    }

    @Test func dryRunListsAndWritesNothing() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let run = RenderRun(options: book.options { $0.dryRun = true }, backend: FakeBackend(), loadEntry: fakeLoader, progress: nil)
        let summary = try run.run()
        #expect(summary.rendered == 3)
        #expect(run.dryRunLines.contains("render tickets/a/front.webp"))
        #expect(run.dryRunLines.contains("render days/2022-08-27.jpg"))
        #expect(!book.exists("tickets") && !book.exists("index.sqlite") && !book.exists("index.sqlite-wal"))
    }
}
