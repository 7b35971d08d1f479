import Cards
import Testing

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
