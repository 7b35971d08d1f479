@testable import PhotiCaseCards
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// The book's pages and the month sheets are drawn for a 390-point phone
/// at 3x, 1170 pixels wide, with no text under 11 points (33 pixels); a
/// last page is as tall as what it holds; a transparent photo's day cell
/// keeps its shape.
@Suite struct PageReadabilityTests {
    static let smallest = 11 * CardRenderer.pageScale

    /// `count` entries of every kind, long titles and memos, with faces
    /// given (a face drawn for a missing one is a picture of a card, its
    /// own text at the card's size).
    static func tiles(_ count: Int) -> [BookTile] {
        (0..<count).map { i in
            var entry = bookEntry(String(format: "t%03d", i), rating: Double(i % 11) / 2, "2024-02-\(String(format: "%02d", 1 + i % 28))",
                                  title: "아주 긴 한국어 제목이 있는 기록 \(i) — The Long English Subtitle",
                                  kind: EntryKind.allCases[i % EntryKind.allCases.count])
            entry.memo = "메모의 첫 줄은 한 줄로 잘린다: 아주 길게 이어지는 문장 \(i)"
            return BookTile(entry: entry, face: Raster(width: 200, height: 320, fill: RGBA(40, 90, 160)))
        }
    }

    @Test func everyPageKindIs1170WideWithNoTextUnder11Points() throws {
        let renderer = try CardRenderer()
        let tiles = Self.tiles(12)
        func check(_ name: String, _ draw: () throws -> RenderedImage) throws {
            renderer.resetSmallestText()
            let image = try draw()
            #expect(image.raster.width == 1170, "\(name)")
            #expect(renderer.smallestText >= Self.smallest - 1e-9, "\(name): text of \(renderer.smallestText) px")
            #expect(renderer.smallestText.isFinite, "\(name) drew no text")
        }
        // Page 9 of a large book: ranks of three digits.
        try check("gallery") { try renderer.renderGalleryPage(tiles, page: 9, pageCount: 9, totalCount: 108) }
        try check("list") { try renderer.renderListPage(tiles, page: 9, pageCount: 9, totalCount: 108) }
        try check("timeline") {
            try renderer.renderTimelinePage(year: 2024, blocks: [TimelineBlock(month: 2, continued: false, monthCount: 12,
                                                                               tiles: Array(tiles.prefix(6)))])
        }
        try check("month") {
            try renderer.renderMonthSheet(year: 2024, month: 2, thumbnails: [14: Raster(width: 9, height: 9, fill: .white)],
                                          today: CalendarDate("2024-02-20"))
        }
    }

    /// A last page of a few is as tall as its rows, not a page of empty
    /// space below them.
    @Test func aLastPageIsAsTallAsWhatItHolds() throws {
        let renderer = try CardRenderer()
        let full = try renderer.renderListPage(Self.tiles(12), page: 1, pageCount: 2).raster
        let last = try renderer.renderListPage(Self.tiles(2), page: 2, pageCount: 2).raster
        let rows = renderer.listRowRects(pageSize: 12)
        #expect(full.height == rows[11].maxY + 48 * 3)
        #expect(last.height == rows[1].maxY + 48 * 3)
        let gallery = try renderer.renderGalleryPage(Self.tiles(4), page: 2, pageCount: 2).raster
        // Four faces take two rows of the grid's three columns.
        #expect(gallery.height == renderer.galleryTileRects(pageSize: 12)[3].maxY + 48 * 3)
    }

    /// A transparent poster alone on a day: its cell is a tone of the
    /// background, so the month sheet's rounded cell still shows.
    @Test func aTransparentPhotosDayCellKeepsItsShape() throws {
        let renderer = try CardRenderer()
        var poster = Raster(width: 400, height: 400, fill: RGBA(0, 0, 0, 0))
        for y in 150..<250 { for x in 150..<250 { poster[x, y] = RGBA(30, 60, 160) } }
        let photos = TestPhotos()
        let path = try photos.write(poster, "poster.png")
        let side = renderer.monthThumbnailSide(scale: CardRenderer.pageScale)
        let tile = try renderer.renderDayThumbnail([testEntry(front: FacePhoto(name: "poster.png", path: path))], side: side).raster
        #expect(tile[4, 4] == renderer.dayCellColor && tile[side / 2, side / 2] == RGBA(30, 60, 160))
        #expect(renderer.dayCellColor != renderer.theme.backgroundColor)
        // On the sheet: the rounded cell in its colour, the sheet's at the
        // cell's very corner.
        let sheet = try renderer.renderMonthSheet(year: 2024, month: 2, thumbnails: [14: tile]).raster
        let cellW = (390.0 - 36) / 7 * 3
        // 14 February 2024 is the Wednesday of the third row.
        let x = Int((18 * 3 + 3 * cellW + (cellW - Double(side)) / 2).rounded()), y = Int(((96 + 70 * 2 + 22) * 3.0).rounded())
        #expect(sheet[x, y] == renderer.theme.backgroundColor)
        #expect(sheet[x + 12, y + 12] == renderer.dayCellColor)
    }
}
