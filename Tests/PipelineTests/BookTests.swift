import Foundation
import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary

/// The ticket book's pages and the years in review, planned incrementally:
/// a page renders again exactly when what it shows changes.
@Suite struct BookTests {
    /// Every image kind (the site has its own tests: SitePipelineTests).
    static let all: Set<OutputKind> = Set(OutputKind.allCases).subtracting([.site])

    /// 30 entries in 2022, dates rising with the number, ratings 5.0 down
    /// by halves (ties every ten), so the reading order is known: rating
    /// desc, then date desc (e20, e10, e00, e21, e11, e01, ...).
    static func book() throws -> Book {
        let book = try Book()
        for i in 0..<30 { try add(book, i, rating: 5 - Double(i % 10) * 0.5) }
        return book
    }

    static func add(_ book: Book, _ i: Int, rating: Double, memo: String? = nil) throws {
        try book.add(String(format: "e%02d", i), date: String(format: "2022-%02d-%02d", 1 + i / 10, 1 + i % 10),
                     memo: memo ?? "memo \(i)", rating: rating)
    }

    @Test func pagesHoldTwelveInReadingOrder() throws {
        let book = try Self.book()
        let run = try book.run { $0.only = Self.all }
        let rendered = run.events.ids(.rendered)
        // 30 entries in three months fill more than one timeline page.
        for page in ["books/gallery-001", "books/gallery-002", "books/gallery-003", "books/list-001", "books/list-003",
                     "books/timeline-2022-001", "books/timeline-2022-002", "years/2022"] {
            #expect(rendered.contains(page), "\(page)")
        }
        #expect(!rendered.contains("books/gallery-004"))
        // Ratings 5.0: e00, e10, e20 (later date first), then 4.5: e01, e11, e21, ...
        let first = try #require(book.read("books/gallery-001.jpg"))
        #expect(first.hasPrefix(#"gallery 1/3 of 30 ["e20", "e10", "e00", "e21", "e11", "e01", "e22", "e12", "e02", "e23", "e13", "e03"]"#),
                "\(first)")
        #expect(book.read("books/gallery-003.jpg")?.hasPrefix(#"gallery 3/3 of 30 ["e28", "e18", "e08", "e29", "e19", "e09"]"#) == true)
        // Faces come from this run's tickets, not from photos.
        #expect(first.hasSuffix(#"faces ["e00", "e01", "e02", "e03", "e10", "e11", "e12", "e13", "e20", "e21", "e22", "e23"]"#))
        #expect(book.read("years/2022.jpg")?.hasPrefix("year 2022") == true)
        #expect(try book.run { $0.only = Self.all }.summary.rendered == 0)
    }

    @Test func aRatingChangeRendersOnlyThePagesItCrosses() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = Self.all }
        // e29 (0.5, last on page 3) rises to 3.0: first of page 2 (the
        // latest of the 3.0s), pushing one entry of page 2 down to page 3.
        // Page 1 stays; one timeline page (e29's) shows its new stars.
        try Self.add(book, 29, rating: 3.0)
        let run = try book.run { $0.only = Self.all }
        let pages = run.events.ids(.rendered).filter { $0.hasPrefix("books/") || $0.hasPrefix("years/") }
        #expect(pages.filter { !$0.hasPrefix("books/timeline") }
                == ["books/gallery-002", "books/gallery-003", "books/list-002", "books/list-003", "years/2022"], "\(pages)")
        #expect(pages.filter { $0.hasPrefix("books/timeline") }.count == 1, "\(pages)")
        #expect(book.read("books/gallery-002.jpg")?.hasPrefix(#"gallery 2/3 of 30 ["e29", "e24""#) == true)
    }

    @Test func aMemoChangeRendersOnlyTheListPageShowingIt() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = Self.all }
        try Self.add(book, 0, rating: 5, memo: "a new first line\nsecond")
        let run = try book.run { $0.only = Self.all }
        let rendered = run.events.ids(.rendered)
        // e00's ticket (its back) and its story and feed (the memo's first
        // line), and the year's print book (the whole memo).
        #expect(rendered == ["books/list-001", "e00", "e00", "print/2022"], "\(rendered)")
        // Only the memo's second line changes: nothing on the pages, the
        // story or the feed does.
        try Self.add(book, 0, rating: 5, memo: "a new first line\nthird")
        #expect(try book.run { $0.only = Self.all }.events.ids(.rendered) == ["e00", "print/2022"])
    }

    /// a in 2021 and b in 2022, rendered.
    static func twoYears() throws -> Book {
        let book = try Book()
        try book.add("a", date: "2021-05-01")
        try book.add("b", date: "2022-05-01")
        _ = try book.run { $0.only = Self.all }
        return book
    }

    @Test func yearsDependOnTheirOwnEntries() throws {
        let book = try Self.twoYears()
        try book.add("b", date: "2022-05-01", rating: 4.5)
        let rendered = try book.run { $0.only = Self.all }.events.ids(.rendered)
        #expect(rendered.contains("years/2022"))
        #expect(!rendered.contains("years/2021"))
    }

    /// e05's entry.json broken, e00 rated 1 (it moves to the last page).
    static func breakE05AndRateE00(_ book: Book) throws {
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: book.root + "/e05/entry.json"))
        try add(book, 0, rating: 1)
    }

    /// A broken entry.json fails alone: the entry is reported failed, its
    /// ticket stays as it was, and it stays in the book's pages and its
    /// year as it last loaded, while another entry's edit reaches them.
    @Test func aBrokenEntryFailsAlone() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = Self.all }
        let ticket = book.read("tickets/e05/front.webp")
        try Self.breakE05AndRateE00(book)
        let run = try book.run { $0.only = Self.all }
        #expect(run.events.ids(.failed) == ["e05"])
        #expect(run.summary.removed == 0)
        #expect(book.read("tickets/e05/front.webp") == ticket)
        let rendered = run.events.ids(.rendered)
        #expect(rendered.contains("books/gallery-001") && rendered.contains("years/2022"), "\(rendered)")
        // e00 (now rated 1) reads after e08 (rated 1, later); e05 (rated
        // 2.5) is where it was, its face read from the cache.
        let last = try #require(book.read("books/gallery-003.jpg"))
        #expect(last.hasPrefix(#"gallery 3/3 of 30 ["e18", "e08", "e00", "e29", "e19", "e09"]"#), "\(last)")
        let second = try #require(book.read("books/gallery-002.jpg"))
        #expect(second == #"gallery 2/3 of 30 ["e14", "e04", "e25", "e15", "e05", "e26", "e16", "e06", "e27", "e17", "e07", "e28"] "#
                + #"faces ["e04", "e05", "e06", "e07", "e14", "e15", "e16", "e17", "e25", "e26", "e27", "e28"]"#, "\(second)")
        #expect(book.read("years/2022.jpg")?.hasPrefix("year 2022 30 ") == true)
        // Mended, it renders as it reads now.
        try Self.add(book, 5, rating: 5, memo: "mended")
        let mended = try book.run { $0.only = Self.all }
        #expect(mended.events.ids(.failed).isEmpty)
        #expect(book.read("books/gallery-001.jpg")?.hasPrefix(#"gallery 1/3 of 30 ["e20", "e10", "e05","#) == true)
    }

    /// Without a way to read its last entry.json again (a library caller
    /// that gives no `parseEntry`), a held entry holds the book's pages
    /// and its year as they were, and nothing else of the book is lost.
    @Test func aHeldEntryWithoutItsLastStateHoldsTheBook() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = Self.all }
        let before = book.read("books/gallery-001.jpg")
        try Self.breakE05AndRateE00(book)
        let run = try book.run(parsing: false) { $0.only = Self.all }
        #expect(run.summary.removed == 0)
        #expect(!run.events.ids(.rendered).contains { $0.hasPrefix("books/") })
        #expect(book.read("books/gallery-001.jpg") == before)
        #expect(!run.events.ids(.rendered).contains("years/2022"))
        #expect(book.exists("books/gallery-003.jpg"))
    }

    /// An entry whose photo does not read but whose entry.json does, moved
    /// to another year: that year is held (what it would show of the entry
    /// is half known), the year it last read in shows it as it was.
    @Test func aFailedEntryMovedToAnotherYearHoldsThatYear() throws {
        let book = try Self.twoYears()
        try book.add("a", date: "2021-05-01", rating: 4.5)
        try book.add("b", date: "2021-06-01", photo: nil)
        try Data(#"{"title":"b","date":"2021-06-01","memo":"","rating":3,"front":"gone.jpg"}"#.utf8)
            .write(to: URL(fileURLWithPath: book.root + "/b/entry.json"))
        let run = try book.run { $0.only = Self.all }
        #expect(run.events.ids(.failed) == ["b"])
        let rendered = run.events.ids(.rendered)
        #expect(!rendered.contains("years/2021"), "\(rendered)")
        #expect(book.read("years/2022.jpg")?.hasPrefix("year 2022 1 ") == true)
        #expect(rendered.contains("books/gallery-001"), "\(rendered)")
    }

    @Test func aShrinkingBookRemovesItsLastPages() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = Self.all }
        for i in 12..<30 { try FileManager.default.removeItem(atPath: book.root + String(format: "/e%02d", i)) }
        let run = try book.run { $0.only = Self.all }
        #expect(!book.exists("books/gallery-002.jpg"))
        #expect(!book.exists("books/list-003.jpg"))
        #expect(book.exists("books/gallery-001.jpg"))
        #expect(run.events.ids(.failed).isEmpty)
    }

    @Test func aBooksOnlyRunReusesTheCachedFaces() throws {
        let book = try Self.book()
        _ = try book.run { $0.only = [.tickets] }
        // Book pages are made of faces: the cache's tickets come along, and
        // are current, so every face is read from the cache.
        let run = try book.run { $0.only = [.books] }
        #expect(!run.events.ids(.rendered).contains("e00"))
        #expect(book.read("books/gallery-001.jpg")?.hasSuffix(
            #"faces ["e00", "e01", "e02", "e03", "e10", "e11", "e12", "e13", "e20", "e21", "e22", "e23"]"#) == true)
        // A face that is not up to date (its ticket failed after the title
        // changed) is not reused: the page draws it.
        try book.add("e00", date: "2022-01-01", memo: "memo 0", id: nil, rating: 5, title: "changed")
        _ = try book.run(FakeBackend(failing: ["e00"])) { $0.only = [.books] }
        #expect(book.read("books/gallery-001.jpg")?.hasSuffix(
            #"faces ["e01", "e02", "e03", "e10", "e11", "e12", "e13", "e20", "e21", "e22", "e23"]"#) == true)
    }

    @Test func pageSizeIsAnOption() throws {
        let book = try Self.book()
        let run = try book.run { $0.only = [.books]; $0.pageSize = 5 }
        #expect(run.events.ids(.rendered).filter { $0.hasPrefix("books/gallery") }.count == 6)
        #expect(book.read("books/gallery-006.jpg")?.hasPrefix("gallery 6/6 of 30") == true)
    }

    @Test func bookPathsAreInTheLayout() {
        #expect(BookPagesKind.path(BookPagesKind.stem(.gallery, page: 7), format: .webp) == "books/gallery-007.webp")
        #expect(BookPagesKind.path(BookPagesKind.timelineStem(year: 2022, page: nil), format: .webp) == "books/timeline-2022.webp")
        #expect(BookPagesKind.path(BookPagesKind.timelineStem(year: 2022, page: 2), format: .webp) == "books/timeline-2022-002.webp")
        #expect(YearsKind.path(2022, format: .jpg) == "years/2022.jpg")
        for good in ["books/gallery-001.jpg", "books/list-1000.png", "books/timeline-2022.jpg", "books/timeline-2022-003.jpg",
                     "years/2022.jpg"] {
            #expect(Kinds.parse(good) != nil, "\(good)")
        }
        for bad in ["books/gallery-1.jpg", "books/gallery-000.jpg", "books/x-001.jpg", "books/timeline-22.jpg",
                    "books/../gallery-001.webp", "years/22.jpg", "years/2022/x.jpg", "books/movie/gallery-001.webp"] {
            #expect(Kinds.parse(bad) == nil, "\(bad)")
        }
    }
}
