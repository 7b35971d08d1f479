import PhotiCaseCards
import Testing
import PhotiCaseDiary

/// An entry with the fields the book's order reads.
func bookEntry(_ id: String, rating: Double, _ date: String, title: String? = nil, kind: EntryKind = .movie,
               friends: [String] = [], memo: String? = nil, photo: Bool = true) -> Entry {
    // The photo path does not exist: book pages must never open it.
    Entry(id: id, folder: "/nonexistent/\(id)", title: title ?? id, date: CalendarDate(date)!, rating: rating,
          kind: kind, friends: friends, memo: memo,
          front: photo ? FacePhoto(name: "front.jpg", path: "/nonexistent/\(id)/front.jpg") : nil)
}

@Suite struct BookOrderTests {
    /// Ratings, dates and titles chosen so each tie-break is needed once.
    static let shuffled = [
        bookEntry("c", rating: 4.5, "2022-08-01"),
        bookEntry("a", rating: 5, "2022-01-10"),
        bookEntry("e", rating: 4.5, "2022-09-01", title: "Zebra"),
        bookEntry("d", rating: 4.5, "2022-09-01", title: "Apple"),
        bookEntry("g", rating: 3, "2021-12-31"),
        bookEntry("f2", rating: 4, "2022-05-05", title: "Same"),
        bookEntry("f1", rating: 4, "2022-05-05", title: "<b>Same</b>"),
        bookEntry("b", rating: 5, "2022-01-09"),
    ]

    @Test func readingOrderIsRatingThenNewerThenTitleThenID() {
        // Written out by hand, not derived from the comparator under test.
        #expect(BookOrder.sorted(Self.shuffled).map(\.id) == ["a", "b", "d", "e", "c", "f1", "f2", "g"])
    }

    /// Every rotation of the input, forwards and backwards.
    @Test(arguments: 0..<16)
    func orderDoesNotDependOnInputOrder(permutation: Int) {
        let n = Self.shuffled.count, k = permutation % n
        let rotated = Array(Self.shuffled[k...] + Self.shuffled[..<k])
        let order = BookOrder.sorted(permutation < n ? rotated : rotated.reversed()).map(\.id)
        #expect(order == ["a", "b", "d", "e", "c", "f1", "f2", "g"])
    }

    @Test(arguments: [(0, 12, [Int]()), (1, 12, [1]), (12, 12, [12]), (13, 12, [12, 1]), (25, 12, [12, 12, 1]),
                      (7, 3, [3, 3, 1]), (5, 1, [1, 1, 1, 1, 1])])
    func pagesBreakAtThePageSize(count: Int, size: Int, expected: [Int]) {
        let pages = BookOrder.pages(of: Array(0..<count), pageSize: size)
        #expect(pages.map(\.count) == expected)
        #expect(pages.flatMap { $0 } == Array(0..<count))
        #expect(BookOrder.pageCount(count, pageSize: size) == expected.count)
    }

    @Test func timelineGroupsByYearAndMonthOldestFirst() {
        let years = BookOrder.timeline(Self.shuffled)
        #expect(years.map(\.year) == [2021, 2022])
        #expect(years[0].months.map(\.month) == [12])
        #expect(years[1].months.map(\.month) == [1, 5, 8, 9])
        #expect(years[1].months.flatMap { $0.entries.map(\.id) } == ["b", "a", "f1", "f2", "c", "d", "e"])
        #expect(years.allSatisfy { $0.months.allSatisfy { !$0.continued } })
    }

    @Test func timelinePagesRepeatTheHeaderOfAMonthThatRunsOver() {
        // Capacity 7 with header 1 and entry 2: three entries under one header.
        let august = (1...5).map { bookEntry("aug\($0)", rating: 3, "2022-08-0\($0)") }
        let september = [bookEntry("sep", rating: 3, "2022-09-01")]
        let months = BookOrder.timeline(august + september)[0].months
        let pages = BookOrder.timelinePages(months, capacity: 7, headerCost: 1, entryCost: 2)
        #expect(pages.map { $0.map(\.month) } == [[8], [8], [9]])
        #expect(pages.map { $0.map(\.continued) } == [[false], [true], [false]])
        #expect(pages.map { $0.map(\.entries.count) } == [[3], [2], [1]])
    }

    @Test func timelinePagesNeverEndOnAHeaderAndAlwaysProgress() {
        let entries = (1...9).map { bookEntry("e\($0)", rating: 3, "2022-0\($0)-01") }
        let months = BookOrder.timeline(entries)[0].months
        for capacity in 1...12 {
            let pages = BookOrder.timelinePages(months, capacity: capacity, headerCost: 1, entryCost: 2)
            #expect(pages.flatMap { $0.flatMap(\.entries) }.map(\.id) == entries.map(\.id))
            for page in pages {
                #expect(page.allSatisfy { !$0.entries.isEmpty })
                // Over capacity only when a single entry is all the page holds.
                let used = page.count + 2 * page.reduce(0) { $0 + $1.entries.count }
                #expect(used <= max(capacity, 3))
            }
        }
        // The default capacity holds ten entries of one month.
        let one = (1...10).map { bookEntry("d\($0)", rating: 3, "2022-03-\($0 < 10 ? "0" : "")\($0)") }
        #expect(BookOrder.timelinePages(BookOrder.timeline(one)[0].months).count == 1)
    }
}
