import PhotiCaseCards
import PhotiCaseCodecs
import Foundation
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// Book pages made from real front faces of flat-colour photos, as the
/// batch makes them; and, with PHOTICASE_BOOK_PNG set to a folder, every
/// page kind written there as PNG for a person to look at.
@Suite struct BookPhotoTests {
    let photos = TestPhotos()
    static let palette = [RGBA(220, 40, 40), RGBA(40, 180, 60), RGBA(40, 70, 220), RGBA(240, 200, 30),
                          RGBA(150, 50, 190), RGBA(20, 190, 200)]

    @Test func galleryOfRenderedFacesDecodesTheOrder() throws {
        let renderer = try CardRenderer()
        var entries: [Entry] = []
        for (i, colour) in Self.palette.enumerated() {
            let path = try photos.write(Raster(width: 64, height: 96, fill: colour), "p\(i).jpg")
            // Ratings tie in pairs, so half the order comes from the dates.
            entries.append(Entry(id: "p\(i)", folder: photos.folder, title: "사진 \(i)",
                                 date: CalendarDate(year: 2022, month: 3, day: 1 + i)!, rating: Double(5 - i / 2),
                                 front: FacePhoto(name: "p\(i).jpg", path: path)))
        }
        let tiles = try BookOrder.sorted(entries).map { BookTile(entry: $0, face: try renderer.renderFront($0, scale: 0.5).raster) }
        let page = try renderer.renderGalleryPage(tiles, page: 1, pageCount: 1, scale: 1).raster
        // Sample the photo band above the caption scrim, clear of badge and rank.
        let found = renderer.galleryTileRects(scale: 1).prefix(6).map { rect -> Int in
            let p = page[rect.x + rect.width / 2, rect.y + Int(Double(rect.height) * 0.32)]
            return Self.palette.indices.min { Self.distance(Self.palette[$0], p) < Self.distance(Self.palette[$1], p) }!
        }
        #expect(found == [1, 0, 3, 2, 5, 4])
    }

    static func distance(_ a: RGBA, _ b: RGBA) -> Int {
        abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
    }

    /// Where `writeBookPictures` puts its PNGs; nil skips it.
    static let pictureFolder = ProcessInfo.processInfo.environment["PHOTICASE_BOOK_PNG"]

    @Test(.enabled(if: pictureFolder != nil))
    func writeBookPictures() throws {
        let folder = URL(fileURLWithPath: Self.pictureFolder!, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let write = { (image: RenderedImage, name: String) throws in
            let png = try ImageEncoder.encode(image.raster, settings: .png(compressionLevel: 6))
            try FileIO.writeAtomically(png, to: folder.appendingPathComponent(name + ".png").path)
        }
        let entries = try sampleBook()
        let renderer = try CardRenderer()
        var faces: [String: Raster] = [:]
        for entry in entries { faces[entry.id] = try renderer.renderFront(entry, scale: 2).raster }
        let tiles = BookOrder.sorted(entries).map { BookTile(entry: $0, face: faces[$0.id]) }
        let pages = BookOrder.pages(of: tiles, pageSize: BookOrder.defaultPageSize)
        for (n, page) in pages.enumerated() {
            try write(try renderer.renderGalleryPage(page, page: n + 1, pageCount: pages.count, totalCount: entries.count),
                      "gallery-\(n + 1)")
            try write(try renderer.renderListPage(page, page: n + 1, pageCount: pages.count, totalCount: entries.count),
                      "list-\(n + 1)")
        }
        for year in BookOrder.timeline(entries) {
            let pages = BookOrder.timelinePages(year.months)
            for (n, sections) in pages.enumerated() {
                try write(try renderer.renderTimelinePage(year: year.year, sections: sections, faces: faces, page: n + 1,
                                                          pageCount: pages.count), "timeline-\(year.year)-\(n + 1)")
            }
            let summary = YearSummary(year: year.year, entries: entries)
            try write(try renderer.renderYearInReview(summary, topFaces: summary.top.map { faces[$0.id] }),
                      "year-\(year.year)")
        }
        // English labels, month names and a monday-first theme must fit the same places.
        let english = try CardRenderer(theme: Theme(locale: .en, firstWeekday: .monday))
        let first = try #require(BookOrder.timeline(entries).first)
        try write(try english.renderTimelinePage(year: first.year, sections: BookOrder.timelinePages(first.months)[0],
                                                 faces: faces, scale: 1), "en-timeline")
        try write(try english.renderListPage(pages[0], page: 1, pageCount: pages.count, scale: 1), "en-list")
        try write(try english.renderYearInReview(year: first.year, entries: entries, scale: 1), "en-year")
    }

    /// Photo-like entries across two years, a few without photos.
    func sampleBook() throws -> [Entry] {
        let titles = ["헤어질 결심", "탑건: 매버릭", "한산: 용의 출현", "불릿 트레인", "파친코", "아몬드", "레 미제라블",
                      "우리들의 블루스", "헌트", "에브리씽 에브리웨어 올 앳 원스", "작은 아씨들", "듄", "아이유 콘서트",
                      "해방일지", "톰과 제리", "비상선언"]
        let kinds: [EntryKind] = [.movie, .movie, .movie, .movie, .drama, .book, .performance, .drama, .movie, .movie,
                                  .drama, .movie, .performance, .drama, .other, .movie]
        let friends = [["민수"], ["민수", "지영"], [], ["지영"], ["민수"], [], ["엄마"], ["민수"], [], ["지영", "민수"],
                       [], ["민수"], ["지영"], [], [], ["민수"]]
        return try titles.indices.map { i in
            let front = i % 6 == 5 ? nil : FacePhoto(name: "f\(i).jpg", path: try photos.write(
                TestPhotos.scene(width: 240, height: 360, hue: i), "f\(i).jpg"))
            return Entry(id: "s\(i)", folder: photos.folder, title: titles[i],
                         date: CalendarDate(year: i < 14 ? 2022 : 2023, month: 1 + (i * 5) % 12, day: 1 + (i * 7) % 28)!,
                         rating: Double((i * 3) % 10 + 1) / 2, kind: kinds[i], director: "감독", year: 2022,
                         friends: friends[i], memo: i % 3 == 0 ? nil : "마지막 장면이 오래 남는다.\n둘째 줄", front: front)
        }
    }
}
