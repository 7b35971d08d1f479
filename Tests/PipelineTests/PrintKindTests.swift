import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary

/// The print kind in the pipeline (the fake backend "writes" documents as
/// text): a book a year, owned by its year; one that fails leaves the book
/// the cache had, and no temporary file.
@Suite struct PrintKindTests {
    static func files(_ book: Book, in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: book.cache + "/" + folder)) ?? []).sorted()
    }

    @Test func aBookAYearOwnedByTheYear() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2023-01-02")
        let run = try book.run { $0.only = [.print] }
        #expect(run.summary.failed == 0)
        #expect(run.events.ids(.rendered) == ["print/2022", "print/2023"])
        #expect(Self.files(book, in: "print") == ["2022.pdf", "2023.pdf"])
        #expect(book.read("print/2022.pdf")?.contains("creator photicase-render owner=year:2022 date 2022-08-27T00:00:00Z") == true)
        #expect(PrintKind.ownerKind(ofPath: "print/2022.pdf") == .year)
        #expect(PrintKind.ownerKind(ofPath: "print/2022.jpg") == nil && PrintKind.ownerKind(ofPath: "print/22.pdf") == nil)
        #expect(try book.run { $0.only = [.print] }.events.ids(.skipped) == ["print/2022", "print/2023"])
    }

    @Test func aFailedBookKeepsTheOldOneAndLeavesNoTemporaryFile() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        _ = try book.run { $0.only = [.print] }
        let before = book.read("print/2022.pdf")
        try book.add("a", date: "2022-08-27", memo: "edited")
        var failing = FakeBackend()
        failing.failingDocuments = true
        let run = try book.run(failing) { $0.only = [.print] }
        #expect(run.summary.failed == 1)
        #expect(book.read("print/2022.pdf") == before)
        #expect(Self.files(book, in: "print") == ["2022.pdf"], "a staged file was left behind")
        // The next run writes it.
        #expect(try book.run { $0.only = [.print] }.events.ids(.rendered) == ["print/2022"])
        #expect(book.read("print/2022.pdf") != before)
    }

    @Test func thePageSizeIsTheKindsOwnOption() throws {
        var options = RenderOptions(entries: "/e", cache: "/c", today: CalendarDate("2022-08-30")!)
        #expect(Kinds.options.map(\.name) == ["page"])
        #expect(PrintKind.optionsKey(options, kinds: [.print]) == "page a5")
        options.kindOptions["page"] = "a4"
        #expect(PrintKind.optionsKey(options, kinds: [.print]) == "page a4")
        #expect(PrintKind.page.canonical("6X9IN") == "6x9in" && PrintKind.page.canonical("letter") == nil)
    }
}
