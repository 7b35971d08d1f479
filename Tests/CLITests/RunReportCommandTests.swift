import Foundation
import Testing

/// What a run says, as its owner reads it: each warning once (on stderr,
/// in the JSON events and in render.log) though the ticket, its share
/// images, its day and its month all meet the same photo; `--force`
/// renders everything it says it does; no line of render.log repeats.
@Suite(.serialized) struct RunReportCommandTests {
    typealias Book = RenderCommandTests.Book

    /// A small photo (enlarged in every place, by another factor in each)
    /// whose crop is out of range.
    static func book() throws -> Book {
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: 48,
                     frontJSON: #"{"photo": "front.jpg", "crop": {"rect": [-0.2, 0.1, 0.7, 0.7]}}"#)
        return book
    }

    @Test func eachWarningIsSaidOnce() throws {
        let book = try Self.book()
        let (r, events) = try book.render(["--only", "tickets,shares,days,months,books,years"])
        #expect(r.status == 0, "\(r.stderr)")
        let warnings = events.compactMap { $0["warnings"] as? [String] }.joined()
        let crop = warnings.filter { $0.contains("reaches outside the photo") }
        let enlarged = warnings.filter { $0.contains("enlarged") }
        #expect(crop.count == 1, "\(warnings)")
        #expect(enlarged.count == 1, "\(warnings)")
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        #expect(log.components(separatedBy: "reaches outside the photo").count == 2, "\(log)")
        #expect(log.components(separatedBy: "enlarged").count == 2, "\(log)")
        // Without --progress json: the plain lines say it once too.
        let plain = try Tool.run(["render", book.root, "--cache", book.base + "/cache2", "--progress", "none",
                                  "--today", "2022-08-30"])
        #expect(plain.stderr.components(separatedBy: "enlarged").count == 2, "\(plain.stderr)")
    }

    @Test func forceRendersEveryItemAndTheLogRepeatsNoLine() throws {
        let book = try Self.book()
        try book.add("b", date: "2022-08-28")
        let all = ["--only", "tickets,shares,days,months,books,years,site"]
        let (first, _) = try book.render(all)
        #expect(first.status == 0, "\(first.stderr)")
        let (forced, events) = try book.render(all + ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let items = events.filter { $0["event"] as? String == "entry" }
        #expect(!items.isEmpty && items.allSatisfy { $0["status"] as? String == "rendered" },
                "\(items.filter { $0["status"] as? String != "rendered" })")
        #expect(forced.stdout.contains("rendered \(items.count), skipped 0,"), "\(forced.stdout)")
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        // Lines without their time: a run says nothing twice.
        for run in log.components(separatedBy: " run start ").dropFirst() {
            let lines = run.split(separator: "\n").dropFirst().map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" }
            let repeated = Dictionary(grouping: lines, by: { $0 }).filter { $0.value.count > 1 }.keys
            #expect(repeated.isEmpty, "\(repeated.sorted())")
        }
        #expect(log.contains(" rendered tickets a\n") && log.contains(" rendered shares a\n"), "\(log)")
    }
}
