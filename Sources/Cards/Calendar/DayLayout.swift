import PhotiCaseRaster
/// Where each entry's photo goes in a square day thumbnail.
///
/// One entry fills the square; two split it into left and right halves;
/// three put one large cell on the left and two small ones stacked on the
/// right; four or more make a 2x2 grid of the first four, the last cell
/// carrying a "+N" badge for the rest. Cells are separated by `gap` pixels.
public struct DayLayout: Sendable, Hashable {
    /// The cells, in the order the (sorted) entries fill them.
    public var cells: [PixelRect]
    /// How many entries did not get a cell (the "+N" of the last cell).
    public var hiddenCount: Int

    /// The most cells a thumbnail shows.
    public static let maxCells = 4

    /// The layout for `count` entries (at least 1) in a `side` pixel square.
    public init(count: Int, side: Int, gap: Int) {
        precondition(count >= 1, "a day thumbnail needs at least one entry")
        precondition(side > 2 * gap && gap >= 0, "thumbnail side \(side) too small for gap \(gap)")
        // Split points: the first half is the rounded-down half, so odd
        // sides give the extra pixel to the second cell.
        let a = (side - gap) / 2, b = side - gap - a
        let left = PixelRect(x: 0, y: 0, width: a, height: side)
        let right = PixelRect(x: a + gap, y: 0, width: b, height: side)
        func quarter(_ column: Int, _ row: Int) -> PixelRect {
            PixelRect(x: column == 0 ? 0 : a + gap, y: row == 0 ? 0 : a + gap,
                      width: column == 0 ? a : b, height: row == 0 ? a : b)
        }
        switch count {
        case 1: cells = [PixelRect(x: 0, y: 0, width: side, height: side)]
        case 2: cells = [left, right]
        case 3: cells = [left, quarter(1, 0), quarter(1, 1)]
        default: cells = [quarter(0, 0), quarter(1, 0), quarter(0, 1), quarter(1, 1)]
        }
        hiddenCount = max(0, count - DayLayout.maxCells)
    }

    /// The gap for a thumbnail of `side` pixels: about 1/100 of it, at least 1.
    public static func defaultGap(side: Int) -> Int { max(1, (side + 50) / 100) }
}
