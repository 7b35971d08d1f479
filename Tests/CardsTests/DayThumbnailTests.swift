import PhotiCaseCards
import PhotiCaseCodecs
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

@Suite struct DayThumbnailTests {
    @Test(arguments: 1...7, [64, 127, 256])
    func cellsTileTheSquare(count: Int, side: Int) {
        let gap = DayLayout.defaultGap(side: side)
        let layout = DayLayout(count: count, side: side, gap: gap)
        #expect(layout.cells.count == min(count, 4))
        #expect(layout.hiddenCount == max(0, count - 4))
        let square = PixelRect(x: 0, y: 0, width: side, height: side)
        var covered = Set<Int>()
        for cell in layout.cells {
            #expect(cell.intersection(square) == cell)
            for y in cell.y..<cell.maxY {
                for x in cell.x..<cell.maxX { #expect(covered.insert(y * side + x).inserted) }
            }
        }
        // Everything but the gaps is covered.
        let gapArea: Int = switch count {
        case 1: 0
        case 2: gap * side
        case 3: gap * side + gap * (side - (side - gap) / 2 - gap)
        default: 2 * gap * side - gap * gap
        }
        #expect(covered.count == side * side - gapArea)
    }

    @Test func threeEntriesAreOneLargeAndTwoSmall() {
        let cells = DayLayout(count: 3, side: 100, gap: 2).cells
        #expect(cells[0].height == 100 && cells[1].height < 50 && cells[2].height < 50)
        #expect(cells[1].x == cells[2].x && cells[1].maxY < cells[2].y)
    }

    /// Stripes finer than a tile's pixels must come out about flat grey, not
    /// as moiré: shrink-on-load's box (a PNG's block averaging, a JPEG's
    /// 1/8 DCT decode) does at most half of the reduction and Lanczos the
    /// rest. With the box doing all of it (headroom 1) the columns of a tile
    /// of 9.5-pixel stripes swung by a standard deviation of 20.4 (a 6-pixel
    /// beat); Lanczos after a 2x box leaves 9.3, near Nyquist.
    @Test(arguments: ["stripes.png", "stripes.jpg"])
    func fineStripesDoNotTurnIntoMoire(_ name: String) throws {
        let photos = TestPhotos()
        let side = 2048
        var stripes = Raster(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                let v: UInt8 = (Double(x) / 9.5).truncatingRemainder(dividingBy: 1) < 0.5 ? 20 : 235
                stripes[x, y] = RGBA(v, v, v)
            }
        }
        let path = try photos.write(stripes, name)
        let entry = testEntry(front: FacePhoto(name: name, path: path))
        let tile = try CardRenderer().renderDayThumbnail([entry], side: 256).raster
        // Each column's mean over the tile's middle (clear of its rounded
        // corners), and how much they swing.
        let rows = 64..<192
        let columns = (32..<224).map { x in rows.reduce(0.0) { $0 + Double(tile[x, $1].r) } / Double(rows.count) }
        let mean = columns.reduce(0, +) / Double(columns.count)
        let deviation = (columns.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(columns.count)).squareRoot()
        #expect(abs(mean - 127.5) < 6, "mean \(mean)")
        #expect(deviation < 16, "columns swing by \(deviation)")
    }

    /// A PNG read in blocks of 5 whose width does not divide (4033 pixels:
    /// 807 blocks, the last one pixel wide) is sampled at exactly 1/5: a
    /// thin line lands in the tile where it is in the photo. Mapping the
    /// crop by the sizes' ratio (807 / 4033) put it 0.15 pixels left.
    @Test func aBlockShrunkPhotoKeepsItsGeometry() throws {
        let photos = TestPhotos()
        let width = 4033, height = 3021, lineX = 3300
        var photo = Raster(width: width, height: height, fill: RGBA(0, 0, 0))
        for y in 0..<height { for x in lineX..<(lineX + 4) { photo[x, y] = RGBA(255, 255, 255) } }
        let path = try photos.write(photo, "line.png")
        let entry = testEntry(front: FacePhoto(name: "line.png", path: path))
        let tile = try CardRenderer().renderDayThumbnail([entry], side: 256).raster
        // The centred square crop starts at (4033 - 3021) / 2 = 506; the
        // line's centre, 3302, is 2796 into it.
        let expected = (Double(lineX) + 2 - Double(width - height) / 2) / Double(height) * 256
        var weighted = 0.0, total = 0.0
        for y in 100..<156 {
            for x in 200..<250 {
                let v = Double(tile[x, y].r)
                weighted += v * (Double(x) + 0.5)
                total += v
            }
        }
        let centroid = weighted / total
        #expect(abs(centroid - expected) < 0.05, "line at \(centroid), expected \(expected)")
    }

    @Test func moreThanFourShowsABadgeOnTheLastCell() throws {
        let renderer = try CardRenderer()
        let entries = (0..<6).map { testEntry(id: "e\($0)", title: "\($0)") }
        let four = try renderer.renderDayThumbnail(Array(entries.prefix(4)), side: 128).raster
        let six = try renderer.renderDayThumbnail(entries, side: 128).raster
        let layout = DayLayout(count: 6, side: 128, gap: DayLayout.defaultGap(side: 128))
        func same(_ cell: PixelRect) -> Bool {
            (cell.y..<cell.maxY).allSatisfy { y in (cell.x..<cell.maxX).allSatisfy { four[$0, y] == six[$0, y] } }
        }
        #expect(layout.cells.prefix(3).allSatisfy(same))
        #expect(!same(layout.cells[3]))
        // The badge darkens the last cell.
        let c = layout.cells[3]
        #expect(six[c.x + 2, c.y + 2].r < four[c.x + 2, c.y + 2].r)
    }
}
