import PhotiCaseCards
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// The timeline pages and the year in review.
@Suite struct BookTimelineYearTests {
    /// Where each colour first appears, top to bottom, as the order of ids.
    static func idsTopToBottom(_ raster: Raster, ids: [String]) -> [String] {
        var first: [String: Int] = [:]
        for y in 0..<raster.height {
            for x in 0..<raster.width where first.count < ids.count {
                if let id = BookPageTests.decode(raster[x, y], tolerance: 0), ids.contains(id), first[id] == nil {
                    first[id] = y
                }
            }
        }
        return first.sorted { $0.value < $1.value }.map(\.key)
    }

    @Test func timelinePagesListEntriesChronologically() throws {
        let renderer = try CardRenderer()
        let years = BookOrder.timeline(BookPageTests.entries)
        #expect(years.map(\.year) == [2021, 2022])
        let year = try #require(years.last)
        let pages = BookOrder.timelinePages(year.months)
        let faces = Dictionary(uniqueKeysWithValues: zip(BookPageTests.entries, BookPageTests.tiles(BookPageTests.entries)).map { ($0.id, $1.face!) })
        var seen: [String] = []
        for (n, sections) in pages.enumerated() {
            let page = try renderer.renderTimelinePage(year: 2022, sections: sections, faces: faces, page: n + 1,
                                                       pageCount: pages.count, scale: 1)
            #expect(page.raster.size == renderer.timelinePageSize(scale: 1))
            seen += Self.idsTopToBottom(page.raster, ids: sections.flatMap { $0.entries.map(\.id) })
        }
        // 2022's twelve entries, oldest first; same-day ties by title.
        #expect(seen == ["k01", "k12", "k07", "k09", "k02", "k14", "k10", "k11", "k04", "k05", "k03", "k06"])
    }

    @Test func yearSummaryCountsTheYear() throws {
        let entries = [
            bookEntry("a", rating: 5, "2022-03-01", kind: .book, friends: ["민수", " 민수 "]),
            bookEntry("b", rating: 4, "2022-03-09", friends: ["지영", "민수"]),
            bookEntry("c", rating: 3, "2022-11-30", kind: .drama, friends: ["지영"]),
            bookEntry("d", rating: 2, "2022-12-01", kind: .book),
            bookEntry("old", rating: 5, "2021-12-31", friends: ["지영", "지영"]),
        ]
        let summary = YearSummary(year: 2022, entries: entries)
        #expect(summary.count == 4)
        #expect(summary.kinds.map(\.kind) == [.movie, .drama, .book])
        #expect(summary.kinds.map(\.count) == [1, 1, 2])
        #expect(summary.averageRating == 3.5)
        #expect(summary.top.map(\.id) == ["a", "b", "c", "d"])
        #expect(summary.months == [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 1])
        // 민수 and 지영 both twice (a name repeated on one entry counts once): a tie, both named.
        #expect(summary.companions?.names == ["민수", "지영"] && summary.companions?.count == 2)
        #expect(YearSummary(year: 2022, entries: [entries[3]]).companions == nil)
        #expect(CardStrings(.ko).companionHeading(times: 7, tie: false) == "가장 많이 함께한 사람 · 7번")
        #expect(CardStrings(.ko).companionHeading(times: 3, tie: true) == "가장 많이 함께한 사람들 · 각 3번")
        #expect(CardStrings(.en).companionHeading(times: 1, tie: false) == "Most often together · 1 time")
        #expect(CardStrings(.ko).companionNames(["민수", "지영", "하은", "준호", "서연"], shown: 3)
                == "\u{2068}민수\u{2069}, \u{2068}지영\u{2069}, \u{2068}하은\u{2069} 외 2명")
        #expect(CardStrings(.en).average(3.45) == "3.5" && CardStrings(.en).average(4) == "4.0")
    }

    @Test(arguments: [1.0, 2.0])
    func yearImageIsNineBySixteen(scale: Double) throws {
        let renderer = try CardRenderer()
        let image = try renderer.renderYearInReview(year: 2022, entries: BookPageTests.entries, scale: scale)
        #expect(image.raster.width * 16 == image.raster.height * 9)
        #expect(image.raster.size == PixelSize(width: Int(540 * scale), height: Int(960 * scale)))
        #expect(renderer.yearInReviewSize(scale: 3) == PixelSize(width: 1620, height: 2880))
    }

    @Test func yearImageShowsTheBestFiveLeftToRight() throws {
        let renderer = try CardRenderer()
        let summary = YearSummary(year: 2022, entries: BookPageTests.entries)
        #expect(summary.top.map(\.id) == ["k04", "k02", "k05", "k03", "k09"])
        let faces = BookPageTests.tiles(summary.top).map(\.face)
        let image = try renderer.renderYearInReview(summary, topFaces: faces, scale: 1).raster
        var xs: [String: (sum: Int, n: Int)] = [:]
        for y in 0..<image.height {
            for x in 0..<image.width {
                if let id = BookPageTests.decode(image[x, y], tolerance: 0) { xs[id, default: (0, 0)].sum += x; xs[id]!.n += 1 }
            }
        }
        let placed = xs.filter { $0.value.n > 500 }.sorted { $0.value.sum / $0.value.n < $1.value.sum / $1.value.n }
        #expect(placed.map(\.key) == summary.top.map(\.id))
    }

    @Test func yearImageIsDeterministicAndReadsItsNumbers() throws {
        let a = try CardRenderer().renderYearInReview(year: 2022, entries: BookPageTests.entries, scale: 1).raster
        let b = try CardRenderer().renderYearInReview(year: 2022, entries: BookPageTests.entries.reversed(), scale: 1).raster
        #expect(a == b)
        // One more entry changes the count, the average and a month bar.
        let more = BookPageTests.entries + [bookEntry("k15", rating: 1, "2022-10-10")]
        #expect(try CardRenderer().renderYearInReview(year: 2022, entries: more, scale: 1).raster != a)
    }
}
