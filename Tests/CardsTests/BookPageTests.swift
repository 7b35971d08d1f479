import PhotiCaseCards
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// Gallery and list pages place entries where the reading order says: each
/// entry's face is one flat colour, so the colour found at a tile or row
/// names the entry there.
@Suite struct BookPageTests {
    /// Fourteen entries: two pages of twelve, with ties on rating (broken by
    /// date) and on rating and date (broken by title).
    static let entries = [
        bookEntry("k01", rating: 3, "2022-01-01"), bookEntry("k02", rating: 5, "2022-03-01"),
        bookEntry("k03", rating: 4.5, "2022-08-20", title: "나무"), bookEntry("k04", rating: 5, "2022-07-15"),
        bookEntry("k05", rating: 4.5, "2022-08-20", title: "가방"), bookEntry("k06", rating: 2, "2022-12-24"),
        bookEntry("k07", rating: 4, "2022-02-02"), bookEntry("k08", rating: 4.5, "2021-01-01"),
        bookEntry("k09", rating: 4, "2022-02-03"), bookEntry("k10", rating: 0.5, "2022-05-05"),
        bookEntry("k11", rating: 3.5, "2022-06-06"), bookEntry("k12", rating: 3, "2022-01-02"),
        bookEntry("k13", rating: 5, "2021-12-31"), bookEntry("k14", rating: 1, "2022-04-04"),
    ]
    /// The reading order, worked out by hand.
    static let expected = ["k04", "k02", "k13", "k05", "k03", "k08", "k09", "k07", "k11", "k12", "k01", "k06",
                           "k14", "k10"]

    /// Far-apart flat colours, one per entry.
    static func colour(_ id: String) -> RGBA {
        let i = Int(id.dropFirst())!
        return RGBA(UInt8(10 + 17 * i), UInt8(240 - 16 * i), UInt8((i * 71) % 200 + 30))
    }

    static func tiles(_ entries: [Entry]) -> [BookTile] {
        entries.map { BookTile(entry: $0, face: Raster(width: 150, height: 240, fill: colour($0.id))) }
    }

    /// The entry whose colour `pixel` is (within `tolerance` per channel), or nil.
    static func decode(_ pixel: RGBA, tolerance: Int = 2) -> String? {
        entries.map(\.id).first { id in
            let c = colour(id)
            return abs(Int(c.r) - Int(pixel.r)) <= tolerance && abs(Int(c.g) - Int(pixel.g)) <= tolerance
                && abs(Int(c.b) - Int(pixel.b)) <= tolerance
        }
    }

    @Test(arguments: [1.0, 1.5])
    func galleryTilesDecodeTheReadingOrder(scale: Double) throws {
        let renderer = try CardRenderer()
        let pages = BookOrder.pages(of: Self.tiles(BookOrder.sorted(Self.entries)), pageSize: 12)
        try #require(pages.map(\.count) == [12, 2])
        let rects = renderer.galleryTileRects(scale: scale)
        for (n, tiles) in pages.enumerated() {
            let page = try renderer.renderGalleryPage(tiles, page: n + 1, pageCount: 2, totalCount: 14, scale: scale)
            // As tall as its rows of faces: a last page of two is one row.
            #expect(page.raster.size == renderer.galleryPageSize(pageSize: tiles.count, scale: scale))
            #expect(page.warnings.isEmpty)
            let found = rects.filter { $0.maxY <= page.raster.height }
                .map { Self.decode(page.raster[$0.x + $0.width / 2, $0.y + $0.height / 2]) }
            let want = Array(Self.expected.dropFirst(12 * n).prefix(12))
            #expect(found.compactMap { $0 } == want)
            // The places after the last tile stay empty.
            #expect(found.dropFirst(want.count).allSatisfy { $0 == nil })
        }
    }

    @Test func tilesAreAThreeColumnGridInsideThePage() throws {
        let renderer = try CardRenderer()
        let rects = renderer.galleryTileRects(pageSize: 12, scale: 2)
        let size = renderer.galleryPageSize(pageSize: 12, scale: 2)
        #expect(Set(rects.map(\.x)).count == 3 && Set(rects.map(\.y)).count == 4)
        #expect(rects.allSatisfy { $0.x >= 0 && $0.maxX <= size.width && $0.maxY < size.height })
        // Tiles keep the card's 5:8 shape and never overlap.
        #expect(rects.allSatisfy { abs(Double($0.height) / Double($0.width) - 1.6) < 0.02 })
        for (i, a) in rects.enumerated() { for b in rects[(i + 1)...] { #expect(a.intersection(b).isEmpty) } }
        #expect(renderer.galleryPageSize(pageSize: 7, scale: 2).height < size.height)
        #expect(rects.allSatisfy { PixelSize(width: $0.width, height: $0.height) == renderer.galleryTileSize(scale: 2) })
    }

    @Test func theFooterNumbersThePage() throws {
        let renderer = try CardRenderer()
        let tiles = Array(Self.tiles(Self.entries).prefix(3))
        let oneOfTwo = try renderer.renderGalleryPage(tiles, page: 1, pageCount: 2, scale: 1).raster
        let oneOfThree = try renderer.renderGalleryPage(tiles, page: 1, pageCount: 3, scale: 1).raster
        // Three faces: one row, then the footer.
        let footerTop = renderer.galleryTileRects(scale: 1)[2].maxY + 4
        func rows(_ r: Raster, _ range: Range<Int>) -> [RGBA] {
            range.flatMap { y in (0..<r.width).map { r[$0, y] } }
        }
        #expect(rows(oneOfTwo, 0..<footerTop) == rows(oneOfThree, 0..<footerTop))
        #expect(rows(oneOfTwo, footerTop..<oneOfTwo.height) != rows(oneOfThree, footerTop..<oneOfTwo.height))
        #expect(rows(oneOfTwo, footerTop..<oneOfTwo.height).contains { $0 != renderer.theme.shareBackgroundColor })
    }

    @Test func listRowsFollowTheReadingOrder() throws {
        let renderer = try CardRenderer()
        let pages = BookOrder.pages(of: Self.tiles(BookOrder.sorted(Self.entries)), pageSize: 5)
        try #require(pages.map(\.count) == [5, 5, 4])
        let rects = renderer.listRowRects(pageSize: 5, scale: 1)
        for (n, tiles) in pages.enumerated() {
            let page = try renderer.renderListPage(tiles, page: n + 1, pageCount: 3, pageSize: 5, scale: 1).raster
            // As tall as its rows: the last page's four end it sooner.
            #expect(page.height == rects[tiles.count - 1].maxY + 48)
            // The colour most of a row's pixels carry is its photo's.
            let found = rects.prefix(tiles.count).map { rect -> String? in
                var counts: [String: Int] = [:]
                for y in rect.y..<rect.maxY {
                    for x in rect.x..<rect.maxX { if let id = Self.decode(page[x, y], tolerance: 0) { counts[id, default: 0] += 1 } }
                }
                return counts.max { $0.value < $1.value }.flatMap { $0.value > 400 ? $0.key : nil }
            }
            #expect(found.compactMap { $0 } == Array(Self.expected.dropFirst(5 * n).prefix(5)))
        }
    }

    @Test func pagesWithoutFacesDrawPlaceholdersAndOpenNoPhoto() throws {
        let renderer = try CardRenderer()
        // The entries' photo paths do not exist: opening one would throw.
        let bare = Self.entries.prefix(4).map { BookTile(entry: $0) }
        let gallery = try renderer.renderGalleryPage(bare, page: 1, pageCount: 1, scale: 1)
        let list = try renderer.renderListPage(bare, page: 1, pageCount: 1, scale: 1)
        #expect(gallery.warnings.isEmpty && list.warnings.isEmpty)
        // A placeholder face is in the brand colours, not the backdrop.
        let rect = renderer.galleryTileRects(scale: 1)[0]
        #expect(gallery.raster[rect.x + rect.width / 2, rect.y + 10] != renderer.theme.shareBackgroundColor)
    }

    @Test func pagesAreDeterministic() throws {
        let tiles = Self.tiles(BookOrder.sorted(Self.entries.reversed())).prefix(12)
        let a = try CardRenderer().renderGalleryPage(Array(tiles), page: 1, pageCount: 2, scale: 1).raster
        let renderer = try CardRenderer()
        _ = try renderer.renderListPage(Array(tiles.prefix(3)), page: 1, pageCount: 1, scale: 1)
        let b = try renderer.renderGalleryPage(Self.tiles(BookOrder.sorted(Self.entries)).prefix(12).map { $0 },
                                               page: 1, pageCount: 2, scale: 1).raster
        #expect(a == b)
    }
}
