import Text

extension CardRenderer {
    /// The default side of a day thumbnail, in pixels.
    public static let defaultThumbnailSide = 256

    /// The square thumbnail of one calendar day from that day's `entries`
    /// (at least one), `side` pixels square; see `DayLayout` for the
    /// arrangement. Entries are ordered by id (then title), so the input
    /// order does not matter. Each photo shows its front crop re-fitted to
    /// its cell (same centre and zoom); entries without a front photo get a
    /// placeholder tile. A photo that cannot be read also gets the
    /// placeholder, with a warning naming it: one broken photo must not keep
    /// a whole day (and month sheet) from being drawn. Its entry's ticket
    /// faces fail and report it.
    public func renderDayThumbnail(_ entries: [Entry], side: Int = CardRenderer.defaultThumbnailSide) throws(CardError) -> RenderedImage {
        precondition(!entries.isEmpty, "a day thumbnail needs at least one entry")
        let sorted = entries.sorted { ($0.id, $0.title) < ($1.id, $1.title) }
        let layout = DayLayout(count: sorted.count, side: side, gap: DayLayout.defaultGap(side: side))
        var canvas = Raster(width: side, height: side, fill: theme.backgroundColor)
        var warnings: [CardWarning] = []
        for (cell, entry) in zip(layout.cells, sorted) {
            let size = PixelSize(width: cell.width, height: cell.height)
            var tile: Raster?
            if let photo = entry.front {
                do throws(CardError) {
                    let loaded = try loader.load(photo, size: size)
                    tile = loaded.raster
                    warnings += loaded.warnings
                } catch {
                    guard case let .photo(failure) = error else { throw error }
                    warnings.append(.decoder(path: failure.path, message: "\(failure.reason); drawn as a placeholder"))
                }
            }
            if tile == nil { tile = try placeholderTile(entry, size: size) }
            canvas.draw(tile!, at: cell.x, cell.y)
        }
        if layout.hiddenCount > 0, let last = layout.cells.last {
            try drawMoreBadge(layout.hiddenCount, into: &canvas, over: last)
        }
        return RenderedImage(raster: canvas, warnings: warnings + takeTextWarnings())
    }

    /// A tile for an entry without a photo: the brand gradient and the
    /// title's first letter.
    private func placeholderTile(_ entry: Entry, size: PixelSize) throws(CardError) -> Raster {
        var tile = Raster(width: size.width, height: size.height, fill: theme.brandColor)
        tile.fill(brandGradient(in: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))))
        let initial = SearchTitle.clean(entry.title).first.map { String($0).uppercased() } ?? strings.kind(entry.kind)
        let points = Double(min(size.width, size.height)) * 0.42
        let style = theme.textStyle(points: points, scale: 1, weight: .bold, color: theme.inverseTextColor,
                                    lineHeight: 1.2, alignment: .center, maxLines: 1)
        let line = try layout(initial, style, width: Double(size.width))
        draw(line, into: &tile, at: Point(x: 0, y: ((Double(size.height) - line.size.height) / 2).rounded()))
        return tile
    }

    /// Darkens `cell` and writes "+N" large in its middle.
    private func drawMoreBadge(_ count: Int, into canvas: inout Raster, over cell: PixelRect) throws(CardError) {
        canvas.fill(.solid(RGBA(0, 0, 0, 120)), in: cell)
        let points = Double(min(cell.width, cell.height)) * 0.34
        let style = theme.textStyle(points: points, scale: 1, weight: .bold, color: theme.inverseTextColor,
                                    lineHeight: 1.2, alignment: .center, maxLines: 1)
        let line = try layout("+\(count)", style, width: Double(cell.width))
        draw(line, into: &canvas, at: Point(x: Double(cell.x),
                                            y: (Double(cell.y) + (Double(cell.height) - line.size.height) / 2).rounded()))
    }
}
