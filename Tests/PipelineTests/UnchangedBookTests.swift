import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary
import PhotiCaseFileSystem

/// The unchanged-book check (`RenderRun.checkUnchanged`): a days and months
/// run finds a book unchanged by stat alone, and every change of any kind
/// (an entry, a photo, an output, the index, another run in between, the
/// options) sends the run back to loading the book, which renders what it
/// always did.
@Suite struct UnchangedBookTests {
    static let kinds: Set<OutputKind> = [.days, .months]
    static let every = Set(OutputKind.allCases)

    /// Three entries on two days, rendered once (days and months) and
    /// checked that the run left its mark.
    static func book() throws -> Book {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-27")
        try book.add("c", date: "2022-08-29")
        let first = try run(book)
        // Two days and August's sheet.
        #expect(first.summary.rendered == 3 && first.path == .loaded)
        return book
    }

    enum Path: Equatable { case loaded, unchanged }

    /// Runs days and months with stamps kept at once (the book was just
    /// written), and says which way the run went (its log's last run).
    static func run(_ book: Book, _ configure: (inout RenderOptions) -> Void = { _ in })
        throws -> (summary: RunSummary, events: Recorder, path: Path) {
        let result = try book.run { o in
            o.only = kinds
            o.settleNanoseconds = 0
            configure(&o)
        }
        let log = (try? String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)) ?? ""
        let last = log.components(separatedBy: " run start ").last ?? ""
        return (result.summary, result.events, last.contains("run unchanged since the last clean run") ? .unchanged : .loaded)
    }

    /// The item events in the order they came.
    static func order(_ events: Recorder) -> [String] {
        events.events.compactMap { if case let .item(_, _, id, _, _, _, _) = $0 { return id }; return nil }
    }

    /// The items of a run kind by kind: the kinds in the order they came,
    /// and each kind's ids sorted (the check gives a kind's items in the
    /// order of their paths, a loading run in its own).
    static func byKind(_ events: Recorder) -> [(kind: ItemKind, ids: [String])] {
        var out: [(kind: ItemKind, ids: [String])] = []
        for case let .item(_, _, id, kind, _, _, _) in events.events {
            if out.last?.kind == kind { out[out.count - 1].ids.append(id) } else { out.append((kind, [id])) }
        }
        return out.map { ($0.kind, $0.ids.sorted()) }
    }

    /// The total the run announced at its start.
    static func total(_ events: Recorder) -> Int? {
        events.events.lazy.compactMap { if case let .start(total) = $0 { return total }; return nil }.first
    }

    /// Takes every mark away, so the next run must load.
    static func dropMarks(_ book: Book) throws {
        try execute(book, "DELETE FROM meta WHERE key GLOB 'clean*'")
    }

    static func execute(_ book: Book, _ sql: String) throws {
        let db = try SQLiteDatabase(path: book.cache + "/index.sqlite", mode: .readWrite)
        try db.execute(sql)
        db.close()
    }

    /// Rewrites a file in place (same inode) and sets its mtime back to
    /// what it was, as `cp -p` and `touch -d` do.
    static func rewriteKeepingMtime(_ path: String, _ bytes: String) throws {
        let before = try #require(try FileSystem.status(path))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(bytes.utf8))
        try handle.close()
        var times = [timespec(tv_sec: Int(before.mtimeNanoseconds / 1_000_000_000), tv_nsec: Int(before.mtimeNanoseconds % 1_000_000_000)),
                     timespec(tv_sec: Int(before.mtimeNanoseconds / 1_000_000_000), tv_nsec: Int(before.mtimeNanoseconds % 1_000_000_000))]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let after = try #require(try FileSystem.status(path))
        #expect(after.mtimeNanoseconds == before.mtimeNanoseconds && after.size == before.size
                && after.identity == before.identity)
    }

    /// Entry a's title "a" becomes "x": the same size, and the mtime set
    /// back (only the ctime and the content tell).
    static func retitleKeepingSizeAndMtime(_ book: Book) throws {
        let json = book.root + "/a/entry.json"
        let text = try String(contentsOfFile: json, encoding: .utf8)
        try rewriteKeepingMtime(json, text.replacingOccurrences(of: "\"title\":\"a\"", with: "\"title\":\"x\""))
    }

    @Test func anUnchangedBookIsFoundSoByStatAndReportedAsALoadingRunReportsIt() throws {
        let book = try Self.book()
        let quick = try Self.run(book)
        #expect(quick.path == .unchanged)
        #expect(quick.summary.rendered == 0 && quick.summary.failed == 0 && quick.summary.removed == 0)
        // The same items in the same order as a run that loads the book
        // (the mark taken away, so it must).
        try Self.dropMarks(book)
        let loaded = try Self.run(book)
        #expect(loaded.path == .loaded && loaded.summary.rendered == 0)
        #expect(Self.order(quick.events) == Self.order(loaded.events))
        #expect(quick.summary.skipped == loaded.summary.skipped && quick.summary.skipped == 3)
        #expect(Self.order(quick.events) == ["days/2022-08-27", "days/2022-08-29", "months/2022-08"],
                "\(Self.order(quick.events))")
        // The loading run left the mark again.
        #expect(try Self.run(book).path == .unchanged)
    }

    @Test func anEditedEntryThatKeepsItsSizeAndMtimeIsLoaded() throws {
        let book = try Self.book()
        try Self.retitleKeepingSizeAndMtime(book)
        let run = try Self.run(book)
        #expect(run.path == .loaded)
        #expect(run.events.ids(.rendered) == ["days/2022-08-27", "months/2022-08"], "\(run.events.ids(.rendered))")
    }

    @Test func aPhotoChangedInPlaceIsLoaded() throws {
        let book = try Self.book()
        try Data("PIXELS".utf8).write(to: URL(fileURLWithPath: book.root + "/c/front.jpg"))
        let run = try Self.run(book)
        #expect(run.path == .loaded)
        #expect(run.events.ids(.rendered) == ["days/2022-08-29", "months/2022-08"], "\(run.events.ids(.rendered))")
    }

    @Test func aNewOrAGoneEntryIsLoaded() throws {
        let book = try Self.book()
        try book.add("d", date: "2022-08-30")
        let added = try Self.run(book)
        #expect(added.path == .loaded && added.events.ids(.rendered) == ["days/2022-08-30", "months/2022-08"])
        #expect(try Self.run(book).path == .unchanged)
        try FileManager.default.removeItem(atPath: book.root + "/c")
        let gone = try Self.run(book)
        #expect(gone.path == .loaded && gone.summary.removed == 1 && !book.exists("days/2022-08-29.jpg"))
        #expect(try Self.run(book).path == .unchanged)
    }

    @Test func aMissingOrCutOutputIsRenderedAgain() throws {
        let book = try Self.book()
        try FileManager.default.removeItem(atPath: book.cache + "/days/2022-08-27.jpg")
        let missing = try Self.run(book)
        #expect(missing.path == .loaded && missing.events.ids(.rendered) == ["days/2022-08-27"])
        try Data("cut".utf8).write(to: URL(fileURLWithPath: book.cache + "/months/2022-08.png"))
        let cut = try Self.run(book)
        #expect(cut.path == .loaded && cut.events.ids(.rendered) == ["months/2022-08"])
        #expect(try Self.run(book).path == .unchanged)
    }

    @Test func anEditedIndexRowIsNotTrusted() throws {
        let book = try Self.book()
        try Self.execute(book, "UPDATE outputs SET fingerprint = 'edited' WHERE path = 'days/2022-08-29.jpg'")
        let run = try Self.run(book)
        #expect(run.path == .loaded && run.events.ids(.rendered) == ["days/2022-08-29"])
        // An entry_files row made to match a changed entry.json is refused
        // where the entries table disagrees.
        try Self.execute(book, "UPDATE entry_files SET id = 'b' WHERE folder LIKE '%/a'")
        #expect(try Self.run(book).path == .loaded)
    }

    /// A tickets run in between records a changed photo's new hash: the
    /// photo's stat then matches the index, and only the mark tells the
    /// days run that its day shows the old photo.
    @Test func aRunOfAnotherKindInBetweenSendsTheNextRunToLoad() throws {
        let book = try Self.book()
        try Data("PIXELS".utf8).write(to: URL(fileURLWithPath: book.root + "/a/front.jpg"))
        let tickets = try book.run { $0.only = [.tickets]; $0.settleNanoseconds = 0 }
        #expect(tickets.summary.rendered == 3)
        let run = try Self.run(book)
        #expect(run.path == .loaded)
        #expect(run.events.ids(.rendered) == ["days/2022-08-27", "months/2022-08"], "\(run.events.ids(.rendered))")
        #expect(try Self.run(book).path == .unchanged)
    }

    @Test func otherOptionsAndAnotherDayAreLoaded() throws {
        let book = try Self.book()
        // Another format: every day is made again.
        let png = try Self.run(book) { $0.formats[.days] = .png }
        // The sheet is made of the days: it is made again from the new ones.
        #expect(png.path == .loaded && png.events.ids(.rendered) == ["days/2022-08-27", "days/2022-08-29", "months/2022-08"])
        #expect(try Self.run(book) { $0.formats[.days] = .png }.path == .unchanged)
        // Months show today: a new day loads once.
        let tomorrow = try Self.run(book) { $0.formats[.days] = .png; $0.today = CalendarDate("2022-08-31")! }
        #expect(tomorrow.path == .loaded && tomorrow.events.ids(.rendered) == ["months/2022-08"])
        // Days alone (a cache of days only) do not show it.
        let days = try Book()
        try days.add("a", date: "2022-08-27")
        try days.add("c", date: "2022-08-29")
        _ = try Self.run(days) { $0.only = [.days]; $0.formats[.days] = .png }
        let later = try Self.run(days) { $0.only = [.days]; $0.formats[.days] = .png; $0.today = CalendarDate("2022-09-05")! }
        #expect(later.path == .unchanged)
        // --force renders, as always.
        let forced = try Self.run(days) { $0.only = [.days]; $0.formats[.days] = .png; $0.force = true }
        #expect(forced.path == .loaded && forced.summary.rendered == 2)
    }

    @Test func aFreshlyWrittenEntryIsNotStamped() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        // The default window: entry.json changed under two seconds ago, so
        // its stamp could miss a second write within the same clock tick.
        _ = try book.run { $0.only = Self.kinds }
        _ = try book.run { $0.only = Self.kinds }
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        #expect(!log.contains("run unchanged"))
    }

    @Test func aFailedEntryLeavesNoMark() throws {
        let book = try Self.book()
        try FileManager.default.removeItem(atPath: book.root + "/b/front.jpg")
        let failed = try Self.run(book)
        #expect(failed.path == .loaded && failed.summary.failed == 1)
        let again = try Self.run(book)
        #expect(again.path == .loaded && again.summary.failed == 1)
    }

    /// The check's walk finds what discovery finds, a batch at a time, and
    /// batches in the middle of one folder's listing (a book whose entry
    /// folders all sit in one folder streams through too).
    @Test func theWalkFindsWhatDiscoveryFindsInBatches() throws {
        let root = try RerunTests.makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for n in 0..<10 {
            try FileManager.default.createDirectory(atPath: root + "/flat/\(n)", withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/flat/\(n)/entry.json"))
        }
        let found = try EntryDiscovery.find(in: root, excluding: nil, threads: 2)
        var walked: [EntryDiscovery.Found] = []
        var batches: [Int] = []
        let walk = try EntryDiscovery.walk(in: root, excluding: nil, chunk: 4) { batch in
            batches.append(batch.count)
            walked += batch
            return true
        }
        #expect(walk.complete && walk.unreadable == found.unreadable && walk.canonicalRoot == found.canonicalRoot)
        #expect(walked.sorted { $0.defaultID < $1.defaultID } == found.found)
        #expect(batches.allSatisfy { $0 <= 4 } && batches.count >= walked.count / 4, "\(batches)")
        #expect(found.found.allSatisfy { $0.stamp?.size == 2 })
        // Stopped by its body at the first batch.
        var calls = 0
        let stopped = try EntryDiscovery.walk(in: root, excluding: nil, chunk: 4) { _ in
            calls += 1
            return false
        }
        #expect(!stopped.complete && calls == 1)
    }

    /// Entries without an id are named by their folder below ENTRIES: the
    /// same book run one folder lower (or higher) renames every entry, and
    /// is loaded.
    @Test func entriesRunFromAnotherFolderAreLoaded() throws {
        let book = try Book()
        try book.add("y/a", date: "2022-08-27")
        try book.add("y/b", date: "2022-08-29")
        _ = try Self.run(book)
        #expect(try Self.run(book).path == .unchanged)
        let lower = try Self.run(book) { $0.entries = book.root + "/y" }
        #expect(lower.path == .loaded)
        #expect(try Self.run(book) { $0.entries = book.root + "/y" }.path == .unchanged)
        // Spelled otherwise, the same folder is the same book.
        #expect(try Self.run(book) { $0.entries = book.root + "/y/" }.path == .unchanged)
        #expect(try Self.run(book).path == .loaded)
    }

    /// A run of every kind (tickets, book pages, years, the site) is
    /// checked by stat as days and months are, and reports the items a
    /// loading run reports, kind by kind, with the same total. Its mark and
    /// the days-and-months one stand side by side.
    @Test func aRunOfEveryKindIsFoundUnchangedByStat() throws {
        let book = try Self.book()
        let first = try Self.run(book) { $0.only = Self.every }
        #expect(first.path == .loaded && first.summary.rendered > 0 && first.summary.failed == 0)
        let quick = try Self.run(book) { $0.only = Self.every }
        #expect(quick.path == .unchanged)
        #expect(quick.summary.rendered == 0 && quick.summary.removed == 0 && quick.summary.failed == 0)
        try Self.dropMarks(book)
        let loaded = try Self.run(book) { $0.only = Self.every }
        #expect(loaded.path == .loaded && loaded.summary.rendered == 0)
        let (q, l) = (Self.byKind(quick.events), Self.byKind(loaded.events))
        #expect(q.map(\.kind) == OutputKind.allCases.map(ItemKind.init), "\(q.map(\.kind))")
        #expect(q.map(\.kind) == l.map(\.kind) && q.map(\.ids) == l.map(\.ids), "\(q) against \(l)")
        #expect(quick.summary.skipped == loaded.summary.skipped && Self.total(quick.events) == Self.total(loaded.events))
        // Three tickets, one item each (three images).
        #expect(q.first?.ids == ["a", "b", "c"])
        // The site's front page is reported too.
        #expect(q.last?.ids.contains("index.html") == true)
        // The cache now holds every kind: a run asked for fewer makes them
        // all (`Kinds.closure`), so it is the same run, with the same mark.
        #expect(try Self.run(book).path == .unchanged)
        let tickets = try Self.run(book) { $0.only = [.tickets] }
        #expect(tickets.path == .unchanged && tickets.summary.skipped == quick.summary.skipped)
    }

    /// Runs of kinds that are not made from each other keep a mark each:
    /// a tickets run and a days-and-months run take turns on one cache
    /// without loading the book.
    @Test func marksOfUnrelatedKindsStandSideBySide() throws {
        let book = try Self.book()
        _ = try Self.run(book) { $0.only = [.tickets] }
        #expect(try Self.run(book) { $0.only = [.tickets] }.path == .unchanged)
        #expect(try Self.run(book).path == .unchanged)
        let tickets = try Self.run(book) { $0.only = [.tickets] }
        #expect(tickets.path == .unchanged && tickets.summary.skipped == 3)
    }

    /// An entry.json edited at the same size with its mtime set back, whose
    /// new stamp a tickets run records: the days-and-months mark no longer
    /// matches (every mark's digest holds the stamps), though its own
    /// outputs, the entries and the photos are as it left them.
    @Test func anEditRecordedByARunOfAnotherKindSendsTheNextRunToLoad() throws {
        let book = try Self.book()
        try Self.retitleKeepingSizeAndMtime(book)
        let tickets = try Self.run(book) { $0.only = [.tickets] }
        #expect(tickets.path == .loaded && tickets.events.ids(.rendered) == ["a", "b", "c"])
        let run = try Self.run(book)
        #expect(run.path == .loaded)
        #expect(run.events.ids(.rendered) == ["days/2022-08-27", "months/2022-08"], "\(run.events.ids(.rendered))")
        #expect(try Self.run(book) { $0.only = [.tickets] }.path == .unchanged)
    }

    /// What only the other kinds show: a memo (the ticket's back, the
    /// list page, the site), the page size, and today (the site's
    /// calendar).
    @Test func whatOnlyTheOtherKindsShowIsLoaded() throws {
        let book = try Self.book()
        _ = try Self.run(book) { $0.only = Self.every }
        try book.add("b", date: "2022-08-27", memo: "a longer memo now")
        let memo = try Self.run(book) { $0.only = Self.every }
        #expect(memo.path == .loaded)
        let rendered = memo.events.ids(.rendered)
        #expect(rendered.contains("b") && !rendered.contains("a") && !rendered.contains { $0.hasPrefix("days/") },
                "\(rendered)")
        #expect(try Self.run(book) { $0.only = Self.every }.path == .unchanged)
        let pages = try Self.run(book) { $0.only = Self.every; $0.pageSize = 2 }
        #expect(pages.path == .loaded && pages.events.ids(.rendered).contains { $0.hasPrefix("books/") })
        #expect(try Self.run(book) { $0.only = Self.every; $0.pageSize = 2 }.path == .unchanged)
        let later = try Self.run(book) { $0.only = [.tickets, .site]; $0.pageSize = 2; $0.today = CalendarDate("2022-09-05")! }
        #expect(later.path == .loaded)
        // Tickets alone do not show today.
        let alone = try Book()
        try alone.add("a", date: "2022-08-27")
        _ = try Self.run(alone) { $0.only = [.tickets] }
        #expect(try Self.run(alone) { $0.only = [.tickets]; $0.today = CalendarDate("2022-09-05")! }.path == .unchanged)
    }

    /// A photo moved out of its folder and replaced by a link to it keeps
    /// its stat and its entry.json; loading refuses such a photo (it leads
    /// outside the folder), so the check sends the run to loading.
    @Test func aPhotoLinkedFromOutsideItsFolderIsLoaded() throws {
        let book = try Self.book()
        let outside = URL(fileURLWithPath: book.root).deletingLastPathComponent().path + "/outside.jpg"
        try FileManager.default.moveItem(atPath: book.root + "/c/front.jpg", toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: book.root + "/c/front.jpg", withDestinationPath: outside)
        #expect(try Self.run(book).path == .loaded)
        // A link that stays inside the folder is a photo like any other.
        try FileManager.default.removeItem(atPath: book.root + "/c/front.jpg")
        try FileManager.default.moveItem(atPath: outside, toPath: book.root + "/c/real.jpg")
        try FileManager.default.createSymbolicLink(atPath: book.root + "/c/front.jpg", withDestinationPath: "real.jpg")
        _ = try Self.run(book)
        #expect(try Self.run(book).path == .unchanged)
    }
}
