import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

/// The list's spacing, in points.
enum ListMetrics {
    static let rowHeight = 92.0
    static let rowGap = 10.0
    static let rowCorner = 16.0
    /// The small photo's side.
    static let thumbnail = 68.0
    /// The rank column left of the photo.
    static let rankWidth = 30.0
    /// Inside a row, around its content.
    static let inset = 12.0
}

/// A page of the ticket book's list: one row per entry, best first, each a
/// rounded card holding the rank, a small photo, the title, the kind badge,
/// the stars and rating, the date and the memo's first line.
extension CardRenderer {
    /// Where the rows of a list page of `pageSize` entries sit at `scale`, top to bottom.
    public func listRowRects(pageSize: Int = BookOrder.defaultPageSize, scale: Double = CardRenderer.pageScale) -> [PixelRect] {
        precondition(pageSize >= 1, "page size \(pageSize) must be at least 1")
        let s = scale, pad = Int((BookMetrics.padding * s).rounded())
        let width = Int((BookMetrics.width * s).rounded()) - 2 * pad
        let height = Int((ListMetrics.rowHeight * s).rounded()), step = height + Int((ListMetrics.rowGap * s).rounded())
        let top = Int((BookMetrics.headerHeight * s).rounded())
        return (0..<pageSize).map { PixelRect(x: pad, y: top + $0 * step, width: width, height: height) }
    }

    /// List page `page` (1-based) of `pageCount`: `tiles` are that page's
    /// entries in reading order, at most `pageSize`. Small photos are cut
    /// from the faces (`BookTile`); no photo file is opened.
    public func renderListPage(_ tiles: [BookTile], page: Int, pageCount: Int,
                               pageSize: Int = BookOrder.defaultPageSize, totalCount: Int? = nil,
                               scale: Double = CardRenderer.pageScale) throws(CardError) -> RenderedImage {
        checkBookPage(tiles.count, page: page, pageCount: pageCount, pageSize: pageSize)
        let s = scale
        // 1. The page: as tall as its rows (a last page of a few is not a
        // page of empty space).
        let rows = listRowRects(pageSize: max(1, tiles.count), scale: s)
        var canvas = Raster(width: Int((BookMetrics.width * s).rounded()),
                            height: rows.last!.maxY + Int((BookMetrics.footerHeight * s).rounded()),
                            fill: theme.shareBackgroundColor)
        // 2. The header.
        try drawBookHeader(strings.bookTitle, subtitle: strings.bookSubtitle(.list),
                           trailing: totalCount.map(strings.ticketCount), into: &canvas, scale: s)
        // 3. The rows.
        for (i, (tile, rect)) in zip(tiles, rows).enumerated() {
            try drawListRow(tile, rank: (page - 1) * pageSize + i + 1, in: rect, into: &canvas, scale: s)
        }
        // 4. The page number.
        try drawBookFooter(page: page, of: pageCount, into: &canvas, scale: s)
        return RenderedImage(raster: canvas, warnings: takeTextWarnings())
    }

    /// One row: a card in the theme's background colour with the entry's
    /// rank, photo and details.
    private func drawListRow(_ tile: BookTile, rank: Int, in rect: PixelRect, into canvas: inout Raster,
                             scale s: Double) throws(CardError) {
        let entry = tile.front
        let box = Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
        canvas.fill(Path.roundedRect(box, radii: CornerRadii(ListMetrics.rowCorner * s)), paint: .solid(theme.backgroundColor))
        // 1. The rank, centred in its column; the first three in the brand colour.
        let rankStyle = theme.textStyle(points: rank >= 100 ? 12 : 16, scale: s, weight: .bold,
                                        color: rank <= 3 ? theme.brandColor : theme.secondaryTextColor,
                                        lineHeight: 1.2, alignment: .center)
        let rankLine = try layout(String(rank), rankStyle, width: ListMetrics.rankWidth * s)
        draw(rankLine, into: &canvas, at: Point(x: box.minX + ListMetrics.inset * s * 0.5,
                                                y: (box.midY - rankLine.size.height / 2).rounded()))
        // 2. The small photo.
        let side = Int((ListMetrics.thumbnail * s).rounded())
        let photoX = Int((box.minX + (ListMetrics.inset * 0.5 + ListMetrics.rankWidth) * s).rounded())
        let photo = try bookThumbnail(tile, side: side, corner: BookMetrics.thumbnailCorner * s)
        canvas.draw(photo, at: photoX, Int((box.midY - Double(side) / 2).rounded()))
        // 3. The title on the first line, as wide as the row allows.
        let textX = Double(photoX + side) + ListMetrics.inset * s
        let textWidth = box.maxX - ListMetrics.inset * s - textX
        // Without a memo line, the two lines left sit in the row's middle.
        let memo = tile.memoLine
        var y = box.minY + (memo == nil ? 23 : ListMetrics.inset) * s
        let title = try layout(SearchTitle.shown(entry.title),
                               theme.textStyle(points: 15.5, scale: s, weight: .bold, color: theme.textColor,
                                               lineHeight: 1.2, maxLines: 1), width: textWidth)
        draw(title, into: &canvas, at: Point(x: textX.rounded(), y: y.rounded()))
        y += title.size.height + 5 * s
        // 4. Kind badge, stars, and the date right-aligned on the same line.
        let badge = try drawBadge(strings.kind(entry.kind), into: &canvas, at: Point(x: textX.rounded(), y: y.rounded()),
                                  points: 11, scale: s, fill: theme.badgeColor(entry.kind), textColor: theme.inverseTextColor)
        let radius = 6.2 * s
        drawStars(entry.rating, into: &canvas, center: Point(x: textX + badge.width + 8 * s + radius, y: y + badge.height / 2),
                  radius: radius, spacing: 14.5 * s, color: theme.starColor)
        let date = try layout(strings.date(entry.date),
                              theme.textStyle(points: 11, scale: s, color: theme.secondaryTextColor, lineHeight: 1.2),
                              width: .infinity)
        draw(date, into: &canvas, at: Point(x: (box.maxX - ListMetrics.inset * s - date.size.width).rounded(),
                                            y: (y + (badge.height - date.size.height) / 2).rounded()))
        y += badge.height + 6 * s
        // 5. The memo's first line, cut to one line.
        if let memo {
            let line = try layout(memo, theme.textStyle(points: 12.5, scale: s, color: theme.secondaryTextColor,
                                                        lineHeight: 1.25, maxLines: 1), width: textWidth)
            draw(line, into: &canvas, at: Point(x: textX.rounded(), y: y.rounded()))
        }
    }
}
