import Foundation
import Testing
import PhotiCaseCodecs

/// `--shard K/N` as docs/scale.md shows it: four shards through GNU parallel on one
/// machine, into one cache, make the same cache as one unsharded run.
@Suite(.serialized) struct ShardCommandTests {
    /// GNU parallel, where Debian puts it (scripts/setup.sh --test installs it).
    static let parallel: String? = ["/usr/bin/parallel", "/usr/local/bin/parallel"]
        .first(where: FileManager.default.isExecutableFile)

    /// Without GNU parallel the test is skipped (and counted so), or under
    /// CI=true runs and fails: CI must run it.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Files that say how a run went rather than what it made: manifests,
    /// the index, the log, locks.
    static func isBookkeeping(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasPrefix("manifest") || name.hasPrefix("index") || name.hasPrefix(".lock")
            || name.hasPrefix("render.log") || name.hasSuffix(".sqlite") || name.contains(".sqlite-")
            || name.hasSuffix(".db") || name.contains(".db-")
    }

    @Test(.enabled(if: parallel != nil || required, "GNU parallel is not installed (scripts/setup.sh --test installs it)"))
    func fourShardsThroughParallelMakeTheCacheOfOneRun() throws {
        let parallel = try #require(Self.parallel, "GNU parallel is not installed; CI must run this test")
        let book = try RenderCommandTests.Book()
        // Entries over several days and two months, a crowded day, one
        // entry without a photo and one with a PNG photo, so every kind of
        // output (tickets, days, months, book pages, the year) is made and
        // the four shards share days, months and pages.
        let dates = ["2022-07-30", "2022-07-30", "2022-07-31", "2022-08-01", "2022-08-01", "2022-08-01",
                     "2022-08-03", "2022-08-09", "2022-08-14", "2022-08-20", "2022-08-27", "2022-08-28"]
        for (i, date) in dates.enumerated() {
            try book.add(String(format: "e%02d", i), date: date, memo: "memo \(i)",
                         photo: i == 4 ? nil : (i == 7 ? "front.png" : "front.jpg"), shade: UInt8(20 * i))
        }
        let common = ["render", book.root, "--progress", "none", "--jobs", "1", "--today", "2022-08-30"]
        let whole = try Tool.run(common + ["--cache", book.base + "/whole"])
        #expect(whole.status == 0, "\(whole.stderr)")

        // As the scale-out recipe of docs/scale.md: one process per shard, four at once.
        let sharded = book.base + "/sharded"
        let run = try Tool.run(["-j4", "--halt", "now,fail=1", Tool.path] + common
                               + ["--cache", sharded, "--shard", "{}/4", ":::", "0", "1", "2", "3"],
                               executable: parallel)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // The four shards share one log: every line says whose it is.
        let log = (try? String(contentsOfFile: sharded + "/render.log", encoding: .utf8)) ?? ""
        let lines = log.split(separator: "\n")
        for k in 0..<4 { #expect(lines.contains { $0.contains(" shard \(k)/4: run done ") }, "shard \(k)") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(" shard ") && $0.contains("/4: ") }, "\(log)")

        let expected = Self.outputs(book.base + "/whole"), got = Self.outputs(sharded)
        #expect(expected.contains { $0.hasPrefix("tickets/") } && expected.contains { $0.hasPrefix("days/") }
                && expected.contains { $0.hasPrefix("months/") } && expected.contains { $0.hasPrefix("books/") }
                && expected.contains { $0.hasPrefix("years/") }, "\(expected)")
        #expect(got == expected)
        for file in expected where got.contains(file) {
            let a = FileManager.default.contents(atPath: book.base + "/whole/" + file)
            let b = FileManager.default.contents(atPath: sharded + "/" + file)
            #expect(a != nil && a == b, "\(file) differs between the sharded and the unsharded cache")
        }
    }

    /// Every file below `cache` but the bookkeeping, relative and sorted.
    static func outputs(_ cache: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: cache) else { return [] }
        return walker.compactMap { $0 as? String }.filter { rel in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: cache + "/" + rel, isDirectory: &isDir) && !isDir.boolValue
                && !isBookkeeping(rel)
        }.sorted()
    }
}
