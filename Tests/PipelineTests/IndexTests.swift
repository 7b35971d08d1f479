import PhotiCaseConcurrency
import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseImaging

/// The SQLite cache index: migration from manifest.json, transactions that
/// survive a crash, shards writing side by side, and recovery from a
/// damaged file that re-renders and never deletes.
@Suite struct IndexTests {
    /// The rows of the index at `path`, as the first version's manifest.
    static func manifest(fromIndex path: String) throws -> Manifest {
        let db = try SQLiteDatabase(path: path, mode: .readOnly)
        var m = Manifest()
        let outputs = try db.prepare("SELECT path, fingerprint, owner FROM outputs")
        while try outputs.step() { m.outputs[outputs.text(0)] = .init(fingerprint: outputs.text(1), owner: outputs.text(2)) }
        let files = try db.prepare("SELECT path, size, mtime_ns, inode, sha256 FROM files")
        while try files.step() {
            m.files[files.text(0)] = .init(size: files.int64(1), mtimeNanoseconds: files.int64(2),
                                           inode: UInt64(bitPattern: files.int64(3)), sha256: files.text(4))
        }
        let entries = try db.prepare("SELECT id, date, folder FROM entries")
        while try entries.step() { m.entries[entries.text(0)] = .init(date: entries.text(1), folder: entries.text(2)) }
        return m
    }

    /// Turns a cache back into one the first version left: manifest.json
    /// with the same records, no index.
    static func downgrade(_ book: Book) throws {
        let m = try manifest(fromIndex: book.cache + "/index.sqlite")
        #expect(!m.outputs.isEmpty && !m.files.isEmpty && !m.entries.isEmpty)
        try JSONEncoder().encode(m).write(to: URL(fileURLWithPath: book.cache + "/manifest.json"))
        try FileManager.default.removeItem(atPath: book.cache + "/index.sqlite")
    }

    @Test func aManifestJSONCacheMigratesWithoutRenderingAgain() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        let first = try book.run()
        #expect(first.summary.rendered == 5)
        let before = try Self.manifest(fromIndex: book.cache + "/index.sqlite")
        try Self.downgrade(book)

        let again = try book.run()
        #expect(again.summary.rendered == 0)
        #expect(again.summary.skipped == 5)
        #expect(!book.exists("manifest.json"))
        #expect(try Self.manifest(fromIndex: book.cache + "/index.sqlite") == before)

        // The migrated entry records still prove removals.
        try FileManager.default.removeItem(atPath: book.root + "/b")
        let pruned = try book.run()
        #expect(pruned.summary.removed == 4)  // b's three images and its day
        #expect(!book.exists("tickets/b/front.webp") && book.exists("tickets/a/front.webp"))
    }

    @Test func aDryRunReadsAManifestWithoutMigrating() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        try Self.downgrade(book)
        try book.add("a", date: "2022-08-27", memo: "changed")
        let run = RenderRun(options: book.options { $0.dryRun = true }, backend: FakeBackend(), loadEntry: fakeLoader,
                            progress: nil)
        let summary = try run.run()
        #expect(summary.rendered == 1)  // a's tickets; the day and month do not show the memo
        #expect(book.exists("manifest.json") && !book.exists("index.sqlite"))
    }

    @Test func aMigrationThatCommittedButLeftTheJSONIsNotImportedTwice() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        try Self.downgrade(book)
        let stale = try Data(contentsOf: URL(fileURLWithPath: book.cache + "/manifest.json"))
        _ = try book.run()
        // Killed between the import's commit and the JSON's removal; the
        // entry changes after that.
        try stale.write(to: URL(fileURLWithPath: book.cache + "/manifest.json"))
        try book.add("a", date: "2022-08-27", memo: "new")
        #expect(try book.run().summary.rendered == 1)
        #expect(!book.exists("manifest.json"))
        #expect(try book.run().summary.rendered == 0)
    }

    @Test func aWriterKilledMidTransactionLeavesTheCommittedIndex() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        let path = book.cache + "/index.sqlite"
        let before = try Self.manifest(fromIndex: path)
        // Another process opens the index as a run does (WAL, exclusive),
        // deletes every row and writes thousands more inside a transaction
        // large enough to spill into the WAL, then dies by SIGKILL.
        let script = """
            import os, signal, sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA locking_mode=EXCLUSIVE"); db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA cache_size=1")
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM outputs"); db.execute("DELETE FROM entries")
            for i in range(20000):
                db.execute("INSERT INTO outputs(path, fingerprint, owner_kind, owner) VALUES (?, 'x', 'day', 'x')", ("days/%04d-01-01.jpg" % (i % 9000 + 1000) + str(i),))
            os.kill(os.getpid(), signal.SIGKILL)
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, path]
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        #expect(try Self.manifest(fromIndex: path) == before)
        #expect(try book.run().summary.rendered == 0)
    }

    @Test func anOpenIndexHasNoSharedMemoryFile() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        let store = try CacheStore(path: book.cache, create: false)
        let index = try store.openIndex("index.sqlite")
        #expect(index.output("days/2022-08-27.jpg") != nil)
        index.setOutput("days/2022-08-28.jpg", .init(fingerprint: "f", owner: .day(CalendarDate("2022-08-28")!)))
        try index.commit()
        // WAL in exclusive locking mode keeps its index in heap memory: the
        // -shm file that does not work across machines never appears.
        #expect(book.exists("index.sqlite-wal"))
        #expect(!book.exists("index.sqlite-shm"))
        index.close()
        #expect(!book.exists("index.sqlite-wal"))
    }

    @Test func twoShardsWriteTheirIndexesAtOnce() throws {
        let book = try Book()
        for i in 0..<24 { try book.add("e\(i)", date: "2022-08-\(10 + i % 18)") }
        let results = Results<Result<RunSummary, PipelineError>>(count: 2)
        let options = (0..<2).map { k in book.options { $0.shard = Shard(index: k, count: 2); $0.jobs = 1 } }
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            let run = RenderRun(options: options[k], backend: FakeBackend(), loadEntry: fakeLoader, progress: nil)
            do throws(PipelineError) { results.set(k, .success(try run.run())) } catch { results.set(k, .failure(error)) }
        }
        var rendered = 0
        for result in results.values {
            guard case .success(let summary)? = result else { Issue.record("\(String(describing: result))"); return }
            #expect(summary.failed == 0)
            rendered += summary.rendered
        }
        #expect(rendered == 24 + 18 + 1)
        let a = try Self.manifest(fromIndex: book.cache + "/index-0-of-2.sqlite")
        let b = try Self.manifest(fromIndex: book.cache + "/index-1-of-2.sqlite")
        #expect(Set(a.outputs.keys).isDisjoint(with: b.outputs.keys))
        #expect(a.outputs.count + b.outputs.count == 24 * 3 + 18 + 1)
        // Each shard reruns with nothing to do.
        for k in 0..<2 { #expect(try book.run { $0.shard = Shard(index: k, count: 2) }.summary.rendered == 0) }
    }

    @Test(arguments: ["garbage", "truncated", "pages", "empty", "foreign"])
    func aDamagedIndexRecoversByRenderingAgainAndDeletesNothing(_ damage: String) throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        let path = book.cache + "/index.sqlite"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        switch damage {
        case "empty": bytes = Data()  // SQLite reads a 0-byte file as an empty database
        case "foreign":
            // A valid database of another program: none of our tables.
            try FileManager.default.removeItem(atPath: path)
            let db = try SQLiteDatabase(path: path, mode: .readWriteCreate)
            try db.execute("CREATE TABLE notes(x TEXT); INSERT INTO notes VALUES ('mine')")
            db.close()
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        case "garbage": bytes = Data(repeating: 0x5A, count: 8192)
        case "truncated": bytes = bytes.prefix(1000)
        default:
            // Overwrite every page after the first (the schema stays readable).
            for i in 4096..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        // b is gone: without a record its outputs must stay.
        try FileManager.default.removeItem(atPath: book.root + "/b")
        let run = RenderRun(options: book.options(), backend: FakeBackend(), loadEntry: fakeLoader, progress: nil)
        let summary = try run.run()
        #expect(run.notices.contains { $0.contains("set aside as index.sqlite.corrupt") }, "\(run.notices)")
        #expect(summary.rendered == 3)  // a's tickets and day (unchanged, but unknown now) and the month
        #expect(summary.removed == 0)
        #expect(book.exists("tickets/b/front.webp") && book.exists("days/2022-08-28.jpg"))
        #expect(book.exists("index.sqlite.corrupt"))
        #expect(try book.run().summary.rendered == 0)
    }

    /// Damages a table of the book's index that is none of ours, so SQLite's
    /// check fails while our rows can still be read.
    static func damagePartly(_ book: Book) throws {
        let path = book.cache + "/index.sqlite"
        var root: Int64 = 0
        do {
            let db = try SQLiteDatabase(path: path, mode: .readWrite)
            try db.execute("CREATE TABLE junk(x TEXT); INSERT INTO junk VALUES ('a'), ('b')")
            root = try db.integer("SELECT rootpage FROM sqlite_master WHERE name = 'junk'")
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            db.close()
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let start = Int(root - 1) * 4096
        for i in start..<min(bytes.count, start + 4096) { bytes[i] = 0xFF }
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    /// A damaged index whose rows can still be read: set aside, and what it
    /// listed carried into the new index, so the outputs of an entry gone
    /// meanwhile are removed (its folder proven gone) instead of staying
    /// for good.
    @Test func aDamagedIndexCarriesWhatCanBeReadOfIt() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        try Self.damagePartly(book)
        try FileManager.default.removeItem(atPath: book.root + "/b")
        let run = RenderRun(options: book.options(), backend: FakeBackend(), loadEntry: fakeLoader, progress: nil)
        let summary = try run.run()
        #expect(run.notices.contains { $0.contains("set aside as index.sqlite.corrupt and started anew with the 9 outputs and 2 entries") },
                "\(run.notices)")
        #expect(summary.removed == 4)
        #expect(!book.exists("tickets/b/front.webp") && !book.exists("days/2022-08-28.jpg"))
        #expect(book.exists("tickets/a/front.webp") && book.exists("months/2022-08.png"))
        #expect(try book.run().summary.rendered == 0)
    }

    /// `clean` over a damaged index removes what it listed and says so.
    @Test func cleanRemovesWhatADamagedIndexListed() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        _ = try book.run()
        try Self.damagePartly(book)
        #expect(try CacheCleaner.empty(cache: book.cache) == 9)
        #expect(!book.exists("tickets/a/front.webp") && !book.exists("months/2022-08.png"))
        #expect(!book.exists("index.sqlite") && !book.exists("index.sqlite.corrupt"))
        // And an index set aside by an earlier run, found lying there.
        _ = try book.run()
        try Self.damagePartly(book)
        try FileManager.default.moveItem(atPath: book.cache + "/index.sqlite", toPath: book.cache + "/index.sqlite.corrupt")
        #expect(try CacheCleaner.empty(cache: book.cache) == 9)
        #expect(!book.exists("index.sqlite.corrupt") && !book.exists("days/2022-08-27.jpg"))
    }

    @Test func anIndexFromANewerVersionIsLeftAlone() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        do {
            let db = try SQLiteDatabase(path: book.cache + "/index.sqlite", mode: .readWrite)
            try db.execute("PRAGMA user_version=99")
        }
        #expect {
            try book.run()
        } throws: { error in
            guard case let .badCache(path, reason) = error as? PipelineError else { return false }
            return path.hasSuffix("index.sqlite") && reason.contains("newer photicase-render")
        }
        #expect(!book.exists("index.sqlite.corrupt"))
        #expect(book.exists("tickets/a/front.webp"))
    }

    /// An index from a newer build is refused from its header, before
    /// SQLite writes anything: a rollback-journal index stays one.
    @Test func aNewerIndexIsRefusedBeforeItsHeaderChanges() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        let path = book.cache + "/index.sqlite"
        do {
            let db = try SQLiteDatabase(path: path, mode: .readWrite)
            try db.execute("PRAGMA journal_mode=DELETE; PRAGMA user_version=3")
            db.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(before[18] == 1 && before[19] == 1)  // the rollback journal's format bytes
        #expect(throws: PipelineError.self) { try book.run() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!book.exists("index.sqlite-wal"))
    }

    /// A manifest.json placed where the first version's was, in a cache
    /// migrated from it long ago, is not ours: no run removes it.
    @Test func aManifestPlacedAfterMigrationIsKept() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        do {
            let db = try SQLiteDatabase(path: book.cache + "/index.sqlite", mode: .readWrite)
            try db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('migrated', 'manifest.json')")
            db.close()
        }
        let manifest = #"{"name": "My diary", "start_url": "index.html", "display": "standalone"}"#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: book.cache + "/manifest.json"))
        _ = try book.run()
        _ = try book.run { $0.force = true }
        #expect(book.read("manifest.json") == manifest)
    }

    @Test func aLinkAtTheIndexNameIsRefused() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run()
        let elsewhere = book.root + "/../elsewhere.sqlite"
        try FileManager.default.moveItem(atPath: book.cache + "/index.sqlite", toPath: elsewhere)
        #expect(symlink(elsewhere, book.cache + "/index.sqlite") == 0)
        let size = try FileManager.default.attributesOfItem(atPath: elsewhere)[.size] as? Int
        #expect(throws: PipelineError.self) { try book.run() }
        #expect(try FileManager.default.attributesOfItem(atPath: elsewhere)[.size] as? Int == size)
    }
}
