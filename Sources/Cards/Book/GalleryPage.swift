import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

/// The gallery's spacing, in points.
enum GalleryMetrics {
    static let columns = 3
    /// Between tiles, across and down.
    static let gap = 12.0
    static let rowGap = 16.0
}

/// A page of the ticket book's gallery: the front faces of up to a page of
/// entries in a three-column grid, best first, each lifted by a soft
/// shadow and carrying its rank, under the book's title, with the page
/// number at the foot.
extension CardRenderer {
    /// Where the tiles of a gallery page of `pageSize` entries sit at
    /// `scale`, in reading order (left to right, then down). Every page of
    /// one run has the same size, so the last page keeps empty places.
    public func galleryTileRects(pageSize: Int = BookOrder.defaultPageSize, scale: Double = CardRenderer.pageScale) -> [PixelRect] {
        precondition(pageSize >= 1, "page size \(pageSize) must be at least 1")
        let s = scale, columns = GalleryMetrics.columns
        let pad = BookMetrics.padding * s, gap = GalleryMetrics.gap * s
        let tileW = ((BookMetrics.width * s - 2 * pad - Double(columns - 1) * gap) / Double(columns)).rounded(.down)
        let tile = PixelSize(width: Int(tileW), height: Int((tileW * theme.cardSize.height / theme.cardSize.width).rounded()))
        // Rounding the tile down leaves a few pixels: centre the grid in them.
        let left = ((BookMetrics.width * s - Double(columns) * tileW - Double(columns - 1) * gap) / 2).rounded()
        let top = BookMetrics.headerHeight * s
        return (0..<pageSize).map { i in
            PixelRect(x: Int(left + Double(i % columns) * (tileW + gap)),
                      y: Int((top + Double(i / columns) * (Double(tile.height) + GalleryMetrics.rowGap * s)).rounded()),
                      width: tile.width, height: tile.height)
        }
    }

    /// The size in pixels of one gallery tile at `scale`: decode cached
    /// faces at about this size (shrink-on-load) when they were not drawn
    /// in this run.
    public func galleryTileSize(scale: Double = CardRenderer.pageScale) -> PixelSize {
        let tile = galleryTileRects(pageSize: 1, scale: scale)[0]
        return PixelSize(width: tile.width, height: tile.height)
    }

    /// The size in pixels of a gallery page of `pageSize` entries at `scale`.
    public func galleryPageSize(pageSize: Int = BookOrder.defaultPageSize, scale: Double = CardRenderer.pageScale) -> PixelSize {
        let last = galleryTileRects(pageSize: pageSize, scale: scale).last!
        return PixelSize(width: Int((BookMetrics.width * scale).rounded()),
                         height: last.maxY + Int((BookMetrics.footerHeight * scale).rounded()))
    }

    /// Gallery page `page` (1-based) of `pageCount`: `tiles` are that page's
    /// entries in reading order (`BookOrder.sorted`, then
    /// `BookOrder.pages(of:pageSize:)`), at most `pageSize` of them.
    /// Faces are resized to the tile; a tile without a face shows the
    /// entry's placeholder face, drawn at the tile's size without opening
    /// any photo.
    public func renderGalleryPage(_ tiles: [BookTile], page: Int, pageCount: Int,
                                  pageSize: Int = BookOrder.defaultPageSize, totalCount: Int? = nil,
                                  scale: Double = CardRenderer.pageScale) throws(CardError) -> RenderedImage {
        checkBookPage(tiles.count, page: page, pageCount: pageCount, pageSize: pageSize)
        let s = scale
        // 1. The backdrop, the same as the share image's, so faces read as
        // cards on a table; as tall as this page's rows of faces.
        let size = galleryPageSize(pageSize: max(1, tiles.count), scale: s)
        var canvas = Raster(width: size.width, height: size.height, fill: theme.shareBackgroundColor)
        // 2. The header: book title, order and view, and the book's size when known.
        try drawBookHeader(strings.bookTitle, subtitle: strings.bookSubtitle(.gallery),
                           trailing: totalCount.map(strings.ticketCount), into: &canvas, scale: s)
        // 3. The faces, each over its shadow.
        let rects = galleryTileRects(pageSize: pageSize, scale: s)
        let shadow = DropShadow(offsetX: 0, offsetY: Int((3 * s).rounded()), sigma: 4 * s,
                                color: RGBA(0x2A, 0x20, 0x18, 60))
        var warnings: [CardWarning] = []
        for (i, (tile, rect)) in zip(tiles, rects).enumerated() {
            let face = try bookFace(tile, size: PixelSize(width: rect.width, height: rect.height), warnings: &warnings)
            canvas.draw(face, at: rect.x, rect.y, shadow: shadow)
            // 4. The rank across the whole book, on the tile's top right corner.
            try drawRank((page - 1) * pageSize + i + 1, into: &canvas, at: Point(x: Double(rect.maxX) - 18 * s,
                                                                              y: Double(rect.y) + 18 * s),
                         radius: 12, scale: s)
        }
        // 5. The page number.
        try drawBookFooter(page: page, of: pageCount, into: &canvas, scale: s)
        return RenderedImage(raster: canvas, warnings: warnings + takeTextWarnings())
    }

    /// The tile's face at `size`: the given face resized, or the designed
    /// placeholder face drawn at the scale that makes it `size`.
    func bookFace(_ tile: BookTile, size: PixelSize, warnings: inout [CardWarning]) throws(CardError) -> Raster {
        if let face = tile.face {
            return face.width == size.width && face.height == size.height ? face : face.resized(to: size)
        }
        let placeholder = try renderFront(tile.front.withoutPhoto, scale: Double(size.width) / theme.cardSize.width)
        warnings += placeholder.warnings
        let drawn = placeholder.raster
        return drawn.size == size ? drawn : drawn.resized(to: size)
    }

    /// A small dark disc with a light ring and the rank in it, centred on
    /// `centre`, `points` in radius: it reads on any photo.
    func drawRank(_ rank: Int, into canvas: inout Raster, at centre: Point, radius points: Double,
                  scale s: Double) throws(CardError) {
        // Three digits and more take a smaller size, never under 11 points,
        // and four a wider disc.
        let radius = points * s * (rank >= 1000 ? 1.3 : 1)
        canvas.fill(Path.circle(center: centre, radius: radius + 1.2 * s), paint: .solid(theme.inverseTextColor.withOpacity(0.9)))
        canvas.fill(Path.circle(center: centre, radius: radius), paint: .solid(theme.textColor.withOpacity(0.82)))
        let style = theme.textStyle(points: rank >= 100 ? max(11, points * 0.75) : points, scale: s, weight: .bold,
                                    color: theme.inverseTextColor, lineHeight: 1.2, alignment: .center)
        let label = try layout(String(rank), style, width: 2 * radius)
        draw(label, into: &canvas, at: Point(x: (centre.x - radius).rounded(),
                                             y: (centre.y - label.size.height / 2).rounded()))
    }
}
