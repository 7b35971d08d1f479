import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary
import PhotiCaseFileSystem

/// The cache never loses a readable entry's work and never leaves its
/// folder: fail-closed discovery, closed-world manifests, no links followed.
@Suite struct SafetyTests {
    @Test func missingPhotoFailsTheEntryAndHoldsItsDay() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-27")
        _ = try book.run()
        let day = book.read("days/2022-08-27.jpg")
        try FileManager.default.removeItem(atPath: book.root + "/a/front.jpg")
        let again = try book.run()
        #expect(again.events.ids(.failed) == ["a"])
        #expect(book.exists("tickets/a/front.webp"))
        #expect(book.read("days/2022-08-27.jpg") == day)  // not redrawn without a's photo
        #expect(again.summary.removed == 0)
        #expect(book.read("render.log")?.contains("held days/2022-08-27: it shows an entry this run did not read") == true)
    }

    /// Shards share render.log: a shard speaks only of the held entries it owns.
    @Test func aShardLogsOnlyTheHeldEntriesItOwns() throws {
        let book = try Book()
        let ids = (0..<8).map { "e\($0)" }
        for (i, id) in ids.enumerated() { try book.add(id, date: "2022-08-\(10 + i)") }
        let shards = [Shard(index: 0, count: 2), Shard(index: 1, count: 2)]
        for shard in shards { _ = try book.run { $0.shard = shard } }
        let broken = try #require(ids.first { shards[0].owns($0) })
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: book.root + "/\(broken)/entry.json"))
        for shard in shards { _ = try book.run { $0.shard = shard } }
        let lines = (book.read("render.log") ?? "").split(separator: "\n")
        let held = lines.filter { $0.contains(" held \(broken) (") }
        #expect(held.count == 1 && held[0].contains(" shard 0/2: "), "\(held)")
    }

    /// A day the cache does not have yet is drawn from the entries that
    /// read, and the log does not call it held.
    @Test func aDayMadeFromTheReadableEntriesIsNotCalledHeld() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-27")
        try FileManager.default.removeItem(atPath: book.root + "/a/front.jpg")
        let run = try book.run()
        #expect(run.events.ids(.failed) == ["a"])
        #expect(run.events.ids(.rendered).contains("days/2022-08-27"))
        let log = book.read("render.log") ?? ""
        #expect(!log.contains("held days/") && !log.contains("held months/"), "\(log)")
    }

    @Test func brokenEntryKeepsItsOutputsHoweverEntriesIsSpelled() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", id: "alpha")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        #expect(book.exists("tickets/alpha/front.webp"))
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: book.root + "/a/entry.json"))
        // The same folder, spelled with a detour and a trailing slash.
        let detour = book.root + "/a/../"
        let again = try book.run { $0.entries = detour }
        #expect(again.events.ids(.failed) == ["a"])
        #expect(book.exists("tickets/alpha/front.webp"))
        #expect(book.exists("days/2022-08-27.jpg"))
        #expect(again.summary.removed == 0)
        // The log says what was held and why, not only what failed.
        let log = book.read("render.log") ?? ""
        #expect(log.contains("held alpha (\(book.root)/a): not read this run and not provably gone"),
                "\(log)")
        #expect(log.contains("held days/2022-08-27: it shows an entry this run did not read"))
        #expect(log.contains("held months/2022-08: it shows an entry this run did not read"))
        #expect(!log.contains("held days/2022-08-28"))
    }

    /// A format change replaces each output once its new one is written: an
    /// entry that fails to render keeps its outputs in the old format (and
    /// its day keeps its thumbnail), and they go when it renders.
    @Test func aFormatChangeKeepsTheOldOutputsOfWhatFails() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        let failing = FakeBackend(failing: ["a"])
        let changed = try book.run(failing) { $0.formats = [.tickets: .png, .days: .png] }
        #expect(changed.events.ids(.failed) == ["a", "days/2022-08-27"])
        for face in ["front", "back", "ticket"] {
            #expect(book.exists("tickets/a/\(face).webp"))
            #expect(!book.exists("tickets/a/\(face).png"))
            #expect(!book.exists("tickets/b/\(face).webp"))
            #expect(book.exists("tickets/b/\(face).png"))
        }
        #expect(book.exists("days/2022-08-27.jpg"))
        #expect(!book.exists("days/2022-08-28.jpg") && book.exists("days/2022-08-28.png"))
        #expect(changed.summary.removed == 4)  // b's three images and its day
        // Still recorded: the next run that renders a removes them.
        let fixed = try book.run { $0.formats = [.tickets: .png, .days: .png] }
        #expect(fixed.events.ids(.failed) == [])
        #expect(fixed.summary.removed == 4)
        #expect(!book.exists("tickets/a/front.webp") && book.exists("tickets/a/front.png"))
        #expect(!book.exists("days/2022-08-27.jpg") && book.exists("days/2022-08-27.png"))
        // A dry run lists what a format change would remove.
        let dry = RenderRun(options: book.options { $0.dryRun = true }, backend: FakeBackend(), loadEntry: fakeLoader,
                            progress: nil)
        _ = try dry.run()
        #expect(dry.dryRunLines.contains("remove tickets/a/front.png"))
        #expect(dry.dryRunLines.contains("render tickets/a/front.webp"))
    }

    @Test func emptyEntriesOverAFullCacheRemovesNothingUnlessAllowed() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        try FileManager.default.removeItem(atPath: book.root + "/a")
        #expect(throws: PipelineError.emptyEntries(path: book.root, known: 1)) { try book.run() }
        #expect(book.exists("tickets/a/front.webp"))
        let allowed = try book.run { $0.allowEmpty = true }
        #expect(allowed.summary.removed == 4)  // 3 ticket images and the day
        #expect(!book.exists("tickets/a/front.webp"))
    }

    @Test func entriesOutsideTheRenderedFolderAreHeld() throws {
        let book = try Book()
        // Explicit ids: the same whichever folder is rendered.
        try book.add("2022/a", date: "2022-08-27", id: "a")
        try book.add("2023/b", date: "2023-01-02", id: "b")
        _ = try book.run()
        // Rendering only 2022 proves nothing about 2023.
        let partial = try book.run { $0.entries = book.root + "/2022" }
        #expect(partial.summary.removed == 0)
        #expect(book.exists("tickets/b/front.webp"))
        #expect(book.exists("days/2023-01-02.jpg"))
        // Deleting the folder is proof.
        try FileManager.default.removeItem(atPath: book.root + "/2023")
        let full = try book.run()
        #expect(!book.exists("tickets/b/front.webp"))
        #expect(!book.exists("days/2023-01-02.jpg"))
        // b's three images, its day and month, and the four empty months
        // that only paged towards it (2022-09 to 2022-12).
        #expect(full.summary.removed == 9)
    }

    @Test func aFolderWithoutEntryJSONIsGone() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        try FileManager.default.removeItem(atPath: book.root + "/a/entry.json")
        let run = try book.run()
        #expect(!book.exists("tickets/a/front.webp"))
        #expect(run.summary.removed == 4)
    }

    @Test func indexRecordsOutsideTheLayoutAreIgnored() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        let victim = book.root + "/../victim.txt"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: victim))
        let evil = ["../victim.txt", "tickets/../../victim.txt", "days/../../victim.txt", "/etc/hostname"]
        do {
            let db = try SQLiteDatabase(path: book.cache + "/index.sqlite", mode: .readWrite)
            for path in evil { try db.execute("INSERT INTO outputs(path, fingerprint, owner_kind, owner) VALUES ('\(path)', 'x', 'entry', 'gone')") }
        }
        let recorder = Recorder()
        let run = RenderRun(options: book.options(), backend: FakeBackend(), loadEntry: fakeLoader, progress: recorder)
        let summary = try run.run()
        #expect(summary.removed == 0)
        #expect(run.notices.count == 4)
        #expect(run.notices.allSatisfy { $0.contains("not a cache output path") })
        #expect(FileManager.default.fileExists(atPath: victim))
        #expect(FileManager.default.fileExists(atPath: "/etc/hostname"))
        // clean lists the same records and still removes only layout paths.
        #expect(try CacheCleaner.empty(cache: book.cache) == 5)
        #expect(FileManager.default.fileExists(atPath: victim))
    }

    @Test func aMigratedManifestKeepsOnlyLayoutPaths() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try FileManager.default.createDirectory(atPath: book.cache, withIntermediateDirectories: true)
        let victim = book.root + "/../victim2.txt"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: victim))
        let manifest = """
            {"version": 1, "files": {}, "entries": {},
             "outputs": {"../victim2.txt": {"fingerprint": "x", "owner": "gone"},
                         "days/2022-08-20.jpg": {"fingerprint": "x", "owner": "2022-08-20"}}}
            """
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: book.cache + "/manifest.json"))
        let run = RenderRun(options: book.options(), backend: FakeBackend(), loadEntry: fakeLoader, progress: nil)
        _ = try run.run()
        #expect(run.notices.contains { $0.contains("ignoring record \"../victim2.txt\"") })
        #expect(FileManager.default.fileExists(atPath: victim))
        #expect(!book.exists("manifest.json"))
    }

    @Test func aLinkPlantedInTheCacheIsNeverFollowed() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", memo: "one")
        _ = try book.run()
        let outside = book.root + "/../outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        // A dead writer's temporary file there must not be swept either.
        let dead = ".front.png.tmp-\(Directory.origin)-4194999-1"
        try Data("x".utf8).write(to: URL(fileURLWithPath: outside + "/" + dead))
        try FileManager.default.removeItem(atPath: book.cache + "/tickets/a")
        #expect(symlink(outside, book.cache + "/tickets/a") == 0)
        try book.add("a", date: "2022-08-27", memo: "two")
        let again = try book.run()
        #expect(again.events.ids(.failed) == ["a"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [dead])
    }

    /// Shards on other machines or in other containers write into the same
    /// cache: a run sweeps the temporary files of dead writers of its own
    /// process space, and another space's only once they are an hour old.
    @Test func otherMachinesTemporaryFilesAreLeftWhileYoung() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", memo: "one")
        _ = try book.run()
        let other = Directory.origin == "0badcafe" ? "0badcaff" : "0badcafe"
        let folder = book.cache + "/tickets/a/"
        let names = (dead: ".front.webp.tmp-\(Directory.origin)-4194999-1", young: ".front.webp.tmp-\(other)-4194999-2",
                     old: ".back.webp.tmp-\(other)-4194998-3", legacy: ".ticket.webp.tmp-4194997-4")
        for name in [names.dead, names.young, names.old, names.legacy] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + name))
        }
        let twoHoursAgo = Date(timeIntervalSinceNow: -7200)
        try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: folder + names.old)
        _ = try book.run()
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") })
        #expect(left == [names.young, names.legacy])
    }

    @Test func cleanRefusesAFolderThatIsNotACache() throws {
        let book = try Book()
        let photos = book.root + "/Photos"
        try FileManager.default.createDirectory(atPath: photos + "/days", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: photos + "/days/2022-08-27.jpg"))
        #expect(throws: PipelineError.notACache(path: photos)) { try CacheCleaner.empty(cache: photos) }
        #expect(throws: PipelineError.notACache(path: photos)) {
            try CacheCleaner.prune(cache: photos, entries: [], today: CalendarDate("2022-08-30")!, entriesPath: book.root)
        }
        // render refuses to write into it too.
        #expect(throws: PipelineError.notACache(path: photos)) { try book.run { $0.cache = photos } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos + "/days") == ["2022-08-27.jpg"])
    }

    /// A folder is a cache of ours by our tag, or by a manifest or index
    /// whose content is ours, never by a file's name: a web app's
    /// manifest.json or another program's index.sqlite beside an
    /// index.html is the user's folder, refused whole and left as it was.
    @Test func aForeignManifestOrDatabaseDoesNotMakeAFolderACache() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let webapp = book.root + "/../webapp", other = book.root + "/../other"
        for folder in [webapp, other] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("<h1>my page</h1>".utf8).write(to: URL(fileURLWithPath: folder + "/index.html"))
        }
        try Data(#"{"name":"My PWA","start_url":"/"}"#.utf8).write(to: URL(fileURLWithPath: webapp + "/manifest.json"))
        do {
            // Another program's database, with a schema version of its own.
            let db = try SQLiteDatabase(path: other + "/index.sqlite", mode: .readWriteCreate)
            try db.execute("CREATE TABLE notes(body TEXT); PRAGMA user_version=1;")
            db.close()
        }
        let databaseBytes = try Data(contentsOf: URL(fileURLWithPath: other + "/index.sqlite"))
        for folder in [webapp, other] {
            let path = FileSystem.realPath(folder) ?? folder
            let before = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
            #expect(throws: PipelineError.self) { try book.run { $0.cache = path } }
            #expect(throws: PipelineError.notACache(path: path)) { try CacheCleaner.empty(cache: path) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: path).sorted() == before)
            #expect(try String(contentsOfFile: path + "/index.html", encoding: .utf8) == "<h1>my page</h1>")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: webapp + "/manifest.json")) == Data(#"{"name":"My PWA","start_url":"/"}"#.utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: other + "/index.sqlite")) == databaseBytes)
    }

    /// Our index is known by its content: a cache whose tag was deleted is
    /// still ours; a foreign manifest.json inside a cache of ours is
    /// ignored and left in place, never removed.
    @Test func anIndexOfOursMarksTheCacheAndAForeignManifestInItIsLeftAlone() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        try FileManager.default.removeItem(atPath: book.cache + "/" + CacheLayout.tagName)
        try Data(#"{"name":"My PWA"}"#.utf8).write(to: URL(fileURLWithPath: book.cache + "/manifest.json"))
        let again = try book.run { $0.force = true }
        #expect(again.events.ids(.rendered).contains("a"))
        #expect(book.read("manifest.json") == #"{"name":"My PWA"}"#)
    }

    @Test func cleanRemovesOnlyWhatTheManifestListsAndWaitsForShards() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        try Data("user file".utf8).write(to: URL(fileURLWithPath: book.cache + "/days/notes.txt"))
        do {
            let store = try CacheStore(path: book.cache, create: false)
            let shardLocks = try store.lockForRun(shard: Shard(index: 1, count: 2), wait: false)
            #expect(throws: PipelineError.locked(cache: book.cache, holder: nil)) { try CacheCleaner.empty(cache: book.cache) }
            #expect(book.exists("tickets/a/front.webp"))
            withExtendedLifetime(shardLocks) {}
        }
        let removed = try CacheCleaner.empty(cache: book.cache)
        #expect(removed == 5)  // 3 ticket images, the day, the month
        #expect(book.exists("days/notes.txt"))
        #expect(book.exists("CACHEDIR.TAG"))
        #expect(!book.exists("index.sqlite") && !book.exists("index.sqlite-wal"))
    }

    @Test func cacheIsTaggedForBackupTools() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        let tag = try #require(book.read("CACHEDIR.TAG"))
        #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55"))
    }

    @Test func warningsReachEventsAndTheLog() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let run = try book.run(FakeBackend(warning: ["a"]))
        let warned = run.events.events.compactMap { event -> [String]? in
            if case let .item(_, _, "a", _, .rendered, _, warnings) = event { return warnings }
            return nil
        }
        #expect(warned == [["\(book.root)/a/front.jpg: crop clamped"]])
        #expect(book.read("render.log")?.contains("warning tickets a: \(book.root)/a/front.jpg: crop clamped") == true)
        let line = JSONProgress.line(for: .item(done: 1, total: 1, id: "a", kind: ItemKind(.tickets), status: .rendered,
                                                error: nil, warnings: ["x \"y\""]))
        #expect(line.hasSuffix(#""kind":"tickets","status":"rendered","warnings":["x \"y\""]}"#))
    }

    @Test func aWriteFailureFailsThatItemAndTheRunFinishes() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        // days/ becomes a file: every day write fails, tickets still work.
        try FileManager.default.removeItem(atPath: book.cache + "/days")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: book.cache + "/days"))
        try book.add("a", date: "2022-08-27", memo: "changed")
        let again = try book.run()
        #expect(again.events.ids(.failed) == ["days/2022-08-27", "days/2022-08-28"])
        #expect(again.events.ids(.rendered) == ["a"])
        #expect(book.read("render.log")?.contains("run done rendered 1,") == true)
        #expect(book.read("tickets/a/back.webp") == "back a changed")
    }

    @Test func replacingAFontFileRendersEverythingAgain() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let font = book.root + "/../font.ttf"
        try Data("font one".utf8).write(to: URL(fileURLWithPath: font))
        var backend = FakeBackend()
        backend.fonts = [font]
        _ = try book.run(backend)
        #expect(try book.run(backend).summary.rendered == 0)
        try Data("font two".utf8).write(to: URL(fileURLWithPath: font))
        #expect(try book.run(backend).events.ids(.rendered) == ["a", "days/2022-08-27", "months/2022-08"])
    }

    @Test func todaysMonthGetsASheetBeforeItsFirstEntry() throws {
        let book = try Book()
        try book.add("a", date: "2022-06-27")
        let run = try book.run()  // today is 2022-08-30
        #expect(run.events.ids(.rendered).contains("months/2022-08"))
        #expect(book.exists("months/2022-08.png"))
        // The month between the entry and today gets its page too.
        #expect(run.events.ids(.rendered).filter { $0.hasPrefix("months/") } == ["months/2022-06", "months/2022-07", "months/2022-08"])
    }

    @Test func monthsAreComposedFromTheirDaysThumbnails() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        // A cache without day thumbnails: each day is drawn for the sheet.
        _ = try book.run { $0.only = [.months] }
        #expect(book.read("months/2022-08.png") == "month 2022-08 [27, 28] reused []")
        // With them (the days are written first), the sheet reads them.
        _ = try book.run { $0.force = true }
        #expect(book.read("months/2022-08.png") == "month 2022-08 [27, 28] reused [27, 28]")
        // A day that failed is drawn.
        try book.add("b", date: "2022-08-28", photoBytes: "changed")
        let failing = try book.run(FakeBackend(failing: ["b"]))
        #expect(failing.events.ids(.failed) == ["b", "days/2022-08-28"])
        #expect(book.read("months/2022-08.png") == "month 2022-08 [27, 28] reused [27]")
    }

    @Test func longGapsAreNotFilledWithEmptyMonths() throws {
        let book = try Book()
        try book.add("a", date: "2019-01-05")
        try book.add("b", date: "2022-08-01")
        let run = try book.run()  // today is 2022-08-30
        #expect(run.events.ids(.rendered).filter { $0.hasPrefix("months/") } == ["months/2019-01", "months/2022-08"])
    }

    @Test func calendarEdgesRender() throws {
        let book = try Book()
        try book.add("first", date: "0001-01-01")
        try book.add("last", date: "9999-12-31")
        let run = try book.run()
        #expect(run.events.ids(.failed).isEmpty)
        #expect(book.exists("months/0001-01.png"))
        #expect(book.exists("months/9999-12.png"))
    }

    @Test func layoutAcceptsOnlyItsOwnPaths() {
        #expect(Kinds.parse("tickets/2022%2F08%2Fa/front.webp")?.kind == .tickets)
        #expect(Kinds.parse("days/2022-08-27.jpg")?.kind == .days)
        #expect(Kinds.parse("months/2022-08.webp")?.kind == .months)
        for bad in ["tickets/../x/front.webp", "tickets/a/../front.webp", "tickets/.hidden/front.webp", "tickets/a/b/front.webp",
                    "days/2022-02-30.jpg", "days/../x.jpg", "months/2022-13.png", "manifest.json", "/etc/passwd",
                    "tickets/a/front.gif", "days/2022-08-27.jpg/x", "tickets//front.webp"] {
            #expect(Kinds.parse(bad) == nil, "\(bad)")
        }
        #expect(CacheLayout.isManifestName("manifest.json"))
        #expect(CacheLayout.isManifestName("manifest-1-of-4.json"))
        #expect(!CacheLayout.isManifestName("manifest-../x.json"))
        #expect(CacheLayout.isIndexName("index.sqlite") && CacheLayout.isIndexName("index-1-of-4.sqlite"))
        #expect(!CacheLayout.isIndexName("index-../x.sqlite") && !CacheLayout.isIndexName("index.sqlite-wal"))
        #expect(CacheLayout.indexName(forManifest: "manifest-1-of-4.json") == "index-1-of-4.sqlite")
        #expect(CacheLayout.manifestName(forIndex: "index-1-of-4.sqlite") == "manifest-1-of-4.json")
    }

    /// A stop asked for before the run planned (while it checked or loaded
    /// the book) ends it there: it writes nothing, removes nothing, and says
    /// so; the next run does the whole job.
    @Test func aStopBeforePlanningWritesNothingAndSaysSo() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        // An edit, and an entry gone: both would be acted on by a run.
        try book.add("a", date: "2022-08-27", memo: "changed")
        try FileManager.default.removeItem(atPath: book.root + "/b")
        let stop = StopRequest()
        stop.request(signal: 15)
        let recorder = Recorder()
        let summary = try RenderRun(options: book.options(), backend: FakeBackend(), loadEntry: fakeLoader,
                                    progress: recorder, stop: stop).run()
        #expect(summary.stoppedBy == 15 && summary.stoppedBeforePlanning)
        #expect(summary.rendered == 0 && summary.removed == 0 && summary.failed == 0)
        #expect(summary.line.hasSuffix("; stopped by SIGTERM before planning, nothing written"), "\(summary.line)")
        #expect(JSONProgress.line(for: .finished(summary)).hasSuffix(#""interrupted":"SIGTERM","left":null}"#))
        #expect(!recorder.events.contains { if case .start = $0 { return true }; return false })
        #expect(book.read("tickets/a/back.webp") == "back a ")
        #expect(book.exists("tickets/b/front.webp"))
        #expect(book.read("render.log")?.contains("run stopped by SIGTERM before planning; nothing written") == true)
        // The next run finds the edit and the entry gone, as if the stopped one had not run.
        let next = try book.run()
        #expect(next.events.ids(.rendered).contains("a"))
        #expect(next.summary.removed > 0)
        #expect(book.read("tickets/a/back.webp") == "back a changed")
        #expect(!book.exists("tickets/b/front.webp"))
    }
}
