import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseDiary

extension CardRenderer {
    /// The default side of a day thumbnail, in pixels.
    public static let defaultThumbnailSide = 256

    /// The square thumbnail of one calendar day from that day's `entries`
    /// (at least one), `side` pixels square; see `DayLayout` for the
    /// arrangement. Entries are in `EntryOrder` (best-rated first), so the
    /// first, largest cell holds the day's favourite whatever order they
    /// came in. Each photo shows its front crop re-fitted to its cell (same
    /// centre and zoom) over the theme's background (photos may be
    /// transparent); entries without a front photo get a
    /// placeholder tile. A photo that cannot be read also gets the
    /// placeholder, with a warning naming it: one broken photo must not keep
    /// a whole day (and month sheet) from being drawn. Its entry's ticket
    /// faces fail and report it.
    public func renderDayThumbnail(_ entries: [Entry], side: Int = CardRenderer.defaultThumbnailSide) throws(CardError) -> RenderedImage {
        try renderDayThumbnail(DayTileInput(entries, side: side))
    }

    /// The day thumbnail `day` describes (see `renderDayThumbnail(_:side:)`);
    /// it reads nothing else. A placeholder drawn for a photo that failed
    /// for a passing cause (the memory limit) makes the image provisional.
    public func renderDayThumbnail(_ day: DayTileInput) throws(CardError) -> RenderedImage {
        let side = day.side
        let sorted = day.cells
        let layout = DayLayout(count: sorted.count, side: side, gap: DayLayout.defaultGap(side: side))
        var provisional = false
        var canvas = Raster(width: side, height: side, fill: theme.backgroundColor)
        var warnings: [CardWarning] = []
        for (index, (cell, entry)) in zip(layout.cells, sorted).enumerated() {
            // The "+N" cell's own initial would show through behind the count.
            let covered = layout.hiddenCount > 0 && index == layout.cells.count - 1
            let size = PixelSize(width: cell.width, height: cell.height)
            var tile: Raster?
            if let photo = entry.photo?.file {
                do throws(CardError) {
                    let loaded = try loader.load(photo, size: size, headroom: PhotoLoader.tileHeadroom)
                    tile = loaded.raster
                    // How a photo fits its place is the faces' to say: the
                    // same photo in a small tile would say it again, differently.
                    warnings += loaded.warnings.filter { !$0.isAboutFit }
                } catch {
                    guard case let .photo(failure) = error else { throw error }
                    provisional = provisional || failure.reason.isTransient
                    warnings.append(.decoder(path: failure.path, message: "\(failure.reason); drawn as a placeholder"))
                }
            }
            if tile == nil { tile = try placeholderTile(entry, size: size, initial: !covered) }
            // A transparent poster shows its cell's colour around it: a
            // tone of the background, so the cell (rounded on the month
            // sheet) still reads as a tile, not as the sheet itself.
            canvas.fill(.solid(dayCellColor), in: cell)
            canvas.draw(tile!, at: cell.x, cell.y)
        }
        if layout.hiddenCount > 0, let last = layout.cells.last {
            try drawMoreBadge(layout.hiddenCount, into: &canvas, over: last)
        }
        return RenderedImage(raster: canvas, warnings: warnings + takeTextWarnings(), provisional: provisional)
    }

    /// The colour of a day cell under its photo: the background a tenth of
    /// the way to the secondary text colour.
    var dayCellColor: RGBA {
        let (b, t) = (theme.backgroundColor, theme.secondaryTextColor)
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * 0.9 + Double(y) * 0.1).rounded()) }
        return RGBA(mix(b.r, t.r), mix(b.g, t.g), mix(b.b, t.b), 255)
    }

    /// A tile for an entry without a photo: the brand gradient and, when
    /// `initial`, the title's first letter (see `initial(of:)`).
    func placeholderTile(_ entry: DayTileInput.Cell, size: PixelSize, initial showInitial: Bool) throws(CardError) -> Raster {
        var tile = brandBackdrop(size)
        guard showInitial else { return tile }
        let initial = CardRenderer.initial(of: SearchTitle.shown(entry.title)) ?? strings.kind(entry.kind)
        let points = Double(min(size.width, size.height)) * 0.42
        let style = theme.textStyle(points: points, scale: 1, weight: .bold, color: theme.inverseTextColor,
                                    lineHeight: 1.2, alignment: .center, maxLines: 1)
        let line = try layout(initial, style, width: Double(size.width))
        // Centred by its ink, not its line box: an emoji's glyph sits high
        // or low in the box (Noto Color Emoji's bitmaps), a letter's
        // ascent is not its descent. Drawn once on a clear tile to find
        // the ink, then where that puts it in the middle.
        let boxTop = ((Double(size.height) - line.size.height) / 2).rounded()
        var ink = Raster(width: size.width, height: size.height, fill: RGBA(0, 0, 0, 0))
        draw(line, into: &ink, at: Point(x: 0, y: boxTop))
        var shift = (x: 0.0, y: 0.0)
        if let box = ink.visibleBounds() {
            shift = ((Double(size.width) - Double(box.width)) / 2 - Double(box.x),
                     (Double(size.height) - Double(box.height)) / 2 - Double(box.y))
        }
        draw(line, into: &tile, at: Point(x: shift.x.rounded(), y: boxTop + shift.y.rounded()))
        return tile
    }

    /// The character a placeholder tile shows for `title`: its first
    /// letter, digit or emoji, upper-cased; punctuation and symbols a title
    /// may open with (`<`, `"`, `&`, brackets) are skipped. Nil when the
    /// title has none.
    public static func initial(of title: String) -> String? {
        for character in title {
            guard let first = character.unicodeScalars.first else { continue }
            let p = first.properties
            let emoji = p.isEmojiPresentation || (p.isEmoji && character.unicodeScalars.contains("\u{FE0F}"))
            if p.isAlphabetic || p.numericType != nil || emoji { return String(character).uppercased() }
        }
        return nil
    }

    /// Darkens `cell` until "+N" reaches 4.5:1 over its brightest pixel, and
    /// writes "+N" in its middle: large, but never wider than the cell nor
    /// smaller than `MoreBadge.minimumPixels`.
    private func drawMoreBadge(_ count: Int, into canvas: inout Raster, over cell: PixelRect) throws(CardError) {
        let ink = theme.inverseTextColor
        let opacity = TextContrast.scrimOpacity(inks: [ink], over: TextContrast.brightest(in: canvas, cell),
                                                floor: MoreBadge.minimumScrim)
        canvas.fill(.solid(RGBA.black.withOpacity(opacity)), in: cell)
        let label = "+\(count)"
        // Wide counts ("+136") shrink to fit rather than run into the next cell.
        let line = try layoutShrinking(label, points: max(MoreBadge.minimumPixels, Double(min(cell.width, cell.height)) * 0.38),
                                       minimum: MoreBadge.minimumPixels, room: Double(cell.width) * 0.9,
                                       width: Double(cell.width)) { points in
            theme.textStyle(points: points, scale: 1, weight: .bold, color: ink, lineHeight: 1.2, alignment: .center,
                            maxLines: 1)
        }
        draw(line, into: &canvas, at: Point(x: Double(cell.x),
                                            y: (Double(cell.y) + (Double(cell.height) - line.size.height) / 2).rounded()))
    }
}

/// The "+N" overflow badge's limits.
enum MoreBadge {
    /// Text smaller than this stops being readable on a 64-pixel thumbnail.
    static let minimumPixels = 10.0
    /// Even over a dark photo the cell reads as "more", not as a fourth photo.
    static let minimumScrim = 0.5
}
