import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

/// The timeline's spacing, in points. One unit of `BookOrder`'s timeline
/// capacity is `unit` points: a month header is one unit, a compact card
/// with its gap two.
enum TimelineMetrics {
    static let unit = 41.0
    static let cardHeight = 72.0
    static let cardGap = 2 * unit - cardHeight
    /// The rail's distance from the page's left padding.
    static let railInset = 9.0
    /// From the page's left padding to the cards.
    static let cardInset = 28.0
    /// The stub on the card's left holding the day.
    static let stubWidth = 62.0
    static let thumbnail = 52.0
}

/// A page of the ticket book's timeline: one year, oldest first, months
/// under headers on a rail, each entry a compact horizontal ticket whose
/// stub holds the day and whose body holds a small photo, the title, the
/// kind badge and the stars.
extension CardRenderer {
    /// The size in pixels of every timeline page at `scale`.
    public func timelinePageSize(scale: Double = CardRenderer.pageScale) -> PixelSize {
        let body = Double(BookOrder.timelineCapacity) * TimelineMetrics.unit
        return PixelSize(width: Int((BookMetrics.width * scale).rounded()),
                         height: Int(((BookMetrics.headerHeight + body + BookMetrics.footerHeight) * scale).rounded()))
    }

    /// Timeline page `page` (1-based) of `pageCount` of `year`: `sections`
    /// is one page of `BookOrder.timelinePages` (made with the default
    /// capacity). `faces` maps entry ids to front faces, any size, for the
    /// small photos; an entry without one gets the placeholder picture.
    public func renderTimelinePage(year: Int, sections: [TimelineSection], faces: [String: Raster] = [:],
                                   page: Int = 1, pageCount: Int = 1, scale: Double = CardRenderer.pageScale) throws(CardError) -> RenderedImage {
        let blocks = sections.map { section in
            TimelineBlock(month: section.month, continued: section.continued, monthCount: section.entries.count,
                          tiles: section.entries.map { BookTile(entry: $0, face: faces[$0.id]) })
        }
        return try renderTimelinePage(year: year, blocks: blocks, page: page, pageCount: pageCount, scale: scale)
    }

    /// Timeline page `page` of `pageCount` of `year`, its months as `blocks`
    /// (tiles with their faces, as `BookTile` holds them).
    public func renderTimelinePage(year: Int, blocks sections: [TimelineBlock], page: Int = 1, pageCount: Int = 1,
                                   scale: Double = CardRenderer.pageScale) throws(CardError) -> RenderedImage {
        checkBookPage(0, page: page, pageCount: pageCount, pageSize: 1)
        let s = scale, pad = BookMetrics.padding * s
        // 1. The page, the same size whatever it holds.
        let size = timelinePageSize(scale: s)
        var canvas = Raster(width: size.width, height: size.height, fill: theme.shareBackgroundColor)
        // 2. The header: the year, large, and the view's name.
        let count = sections.reduce(0) { $0 + $1.tiles.count }
        try drawBookHeader(String(year), subtitle: strings.bookSubtitle(.timeline), trailing: nil, into: &canvas, scale: s)
        // 3. The rail, from the first header to the last card.
        let top = BookMetrics.headerHeight * s
        let units = sections.count * BookOrder.timelineHeaderCost + count * BookOrder.timelineEntryCost
        let railX = Int((pad + TimelineMetrics.railInset * s).rounded())
        let railEnd = top + (Double(units) * TimelineMetrics.unit - TimelineMetrics.cardGap - TimelineMetrics.cardHeight / 2) * s
        canvas.fill(.solid(theme.secondaryTextColor.withOpacity(0.28)),
                    in: PixelRect(x: railX - Int(s.rounded()) / 2, y: Int(top + TimelineMetrics.unit / 2 * s),
                                  width: max(1, Int((1.5 * s).rounded())), height: max(0, Int(railEnd - top))))
        // 4. Each month: a header on the rail, then its cards.
        var y = top
        for section in sections {
            try drawMonthHeader(section, into: &canvas, top: y, railX: Double(railX), scale: s)
            y += TimelineMetrics.unit * s
            for tile in section.tiles {
                try drawCompactCard(tile, into: &canvas, top: y.rounded(),
                                    railX: Double(railX), scale: s)
                y += 2 * TimelineMetrics.unit * s
            }
        }
        // 5. The page number, only when the year needs more than one page.
        if pageCount > 1 { try drawBookFooter(page: page, of: pageCount, into: &canvas, scale: s) }
        return RenderedImage(raster: canvas, warnings: takeTextWarnings())
    }

    /// A month's name beside a brand-coloured dot on the rail, and how many
    /// tickets the month holds: `10월 · 11장`, `10월 (계속) · 11장`.
    private func drawMonthHeader(_ section: TimelineBlock, into canvas: inout Raster, top: Double, railX: Double,
                                 scale s: Double) throws(CardError) {
        let mid = top + TimelineMetrics.unit / 2 * s
        canvas.fill(Path.circle(center: Point(x: railX, y: mid), radius: 6 * s), paint: .solid(theme.brandColor))
        canvas.fill(Path.circle(center: Point(x: railX, y: mid), radius: 2.5 * s), paint: .solid(theme.shareBackgroundColor))
        let x = BookMetrics.padding * s + TimelineMetrics.cardInset * s
        let name = try layout(strings.monthHeader(section.month, continued: section.continued),
                              theme.textStyle(points: 17, scale: s, weight: .bold, color: theme.textColor, lineHeight: 1.2),
                              width: .infinity)
        draw(name, into: &canvas, at: Point(x: x.rounded(), y: (mid - name.size.height / 2).rounded()))
        // The whole month's count, on every page that shows it (a continued
        // month's page counts the month, not the part of it on the page).
        let count = try layout("· " + strings.monthTicketCount(section.monthCount),
                               theme.textStyle(points: 14, scale: s, weight: .bold, color: theme.secondaryTextColor,
                                               lineHeight: 1.2),
                               width: .infinity)
        draw(count, into: &canvas, at: Point(x: (x + name.size.width + 8 * s).rounded(),
                                             y: (mid - count.size.height / 2).rounded()))
    }

    /// A compact ticket: the stub in the brand colour with the day and
    /// weekday, a perforation, and the body with photo, title, badge, stars.
    private func drawCompactCard(_ tile: BookTile, into canvas: inout Raster, top: Double, railX: Double,
                                 scale s: Double) throws(CardError) {
        let entry = tile.front
        let x = (BookMetrics.padding * s + TimelineMetrics.cardInset * s).rounded()
        let rect = Rect(x: x, y: top, width: Double(canvas.width) - BookMetrics.padding * s - x,
                        height: TimelineMetrics.cardHeight * s)
        let stub = TimelineMetrics.stubWidth * s
        // 1. A small dot on the rail level with the card.
        canvas.fill(Path.circle(center: Point(x: railX, y: rect.midY), radius: 3 * s),
                    paint: .solid(theme.secondaryTextColor.withOpacity(0.5)))
        // 2. The card: stub and body drawn whole, then cut to the ticket outline.
        var card = Raster(width: Int(rect.width), height: Int(rect.height), fill: theme.backgroundColor)
        card.fill(brandGradient(in: Rect(x: 0, y: 0, width: stub, height: rect.height)),
                  in: PixelRect(x: 0, y: 0, width: Int(stub), height: card.height))
        // 3. The day, large, and its weekday in the stub.
        let day = try layout(String(entry.date.day),
                             theme.textStyle(points: 22, scale: s, weight: .bold, color: theme.inverseTextColor,
                                             lineHeight: 1.1, alignment: .center), width: stub)
        let weekday = try layout(strings.weekdayNames[entry.date.weekday],
                                 theme.textStyle(points: 11, scale: s, weight: .bold,
                                                 color: theme.inverseTextColor.withOpacity(0.85), lineHeight: 1.2,
                                                 alignment: .center), width: stub)
        let stack = day.size.height + 2 * s + weekday.size.height
        let stackTop = (rect.height - stack) / 2
        draw(day, into: &card, at: Point(x: 0, y: stackTop.rounded()))
        draw(weekday, into: &card, at: Point(x: 0, y: (stackTop + day.size.height + 2 * s).rounded()))
        // 4. The small photo, then title, badge and stars beside it.
        let side = Int((TimelineMetrics.thumbnail * s).rounded())
        let photoX = Int((stub + 12 * s).rounded())
        card.draw(try bookThumbnail(tile, side: side, corner: BookMetrics.thumbnailCorner * s),
                  at: photoX, Int(((rect.height - Double(side)) / 2).rounded()))
        let textX = Double(photoX + side) + 12 * s
        let title = try layout(SearchTitle.shown(entry.title),
                               theme.textStyle(points: 14.5, scale: s, weight: .bold, color: theme.textColor,
                                               lineHeight: 1.2, maxLines: 1), width: rect.width - textX - 14 * s)
        let badgeHeight = (11 * 1.9 * s).rounded()
        let textTop = (rect.height - title.size.height - 6 * s - badgeHeight) / 2
        draw(title, into: &card, at: Point(x: textX.rounded(), y: textTop.rounded()))
        let badgeY = (textTop + title.size.height + 6 * s).rounded()
        let badge = try drawBadge(strings.kind(entry.kind), into: &card, at: Point(x: textX.rounded(), y: badgeY),
                                  points: 11, scale: s, fill: theme.badgeColor(entry.kind).withOpacity(0.14), textColor: theme.badgeColor(entry.kind))
        let radius = 5.8 * s
        drawStars(entry.rating, into: &card, center: Point(x: textX + badge.width + 7 * s + radius, y: badgeY + badge.height / 2),
                  radius: radius, spacing: 13.5 * s, color: theme.starColor)
        // 5. The outline: notches top and bottom at the stub, a perforation between them.
        let shape = TicketShape(rect: Rect(x: 0, y: 0, width: rect.width, height: rect.height),
                                cornerRadius: 12 * s, notchRadius: 6 * s, notchOffset: stub, notchEdges: .topAndBottom,
                                perforationRadius: 1.6 * s, perforationSpacing: 7 * s)
        card.clip(to: shape.mask(width: card.width, height: card.height))
        canvas.draw(card, at: Int(rect.x), Int(rect.y),
                    shadow: DropShadow(offsetX: 0, offsetY: Int((2 * s).rounded()), sigma: 3 * s,
                                       color: RGBA(0x2A, 0x20, 0x18, 40)))
    }
}

/// One month's part of a timeline page, as drawn: its header and cards.
public struct TimelineBlock: Sendable {
    /// 1...12.
    public var month: Int
    /// True when the month began on an earlier page.
    public var continued: Bool
    /// Tickets in the whole month.
    public var monthCount: Int
    /// The month's entries on this page, oldest first, with their faces.
    public var tiles: [BookTile]

    public init(month: Int, continued: Bool, monthCount: Int, tiles: [BookTile]) {
        self.month = month
        self.continued = continued
        self.monthCount = monthCount
        self.tiles = tiles
    }
}
