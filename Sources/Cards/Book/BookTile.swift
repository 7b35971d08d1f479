import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseDiary

/// One entry on a book page and the front face already drawn for it.
///
/// Book pages never open photos: a batch renders each front face once and
/// hands the same raster to every page that shows it (or decodes the cached
/// face file at about the tile size). The face may be any size; pages
/// resize it. Without a face the page draws the entry's designed
/// placeholder, which needs no photo either.
public struct BookTile: Sendable {
    /// What the tile or row prints of its entry: title, kind, rating, date,
    /// and whether it has a photo.
    public var front: FrontFaceInput
    /// The memo's first line, for list rows.
    public var memoLine: String?
    /// The entry's front face as `renderFront` draws it, at any scale; nil
    /// for a placeholder.
    public var face: Raster?
    /// A photo for the small picture of an entry whose face has none (the
    /// back photo of an entry without a front one), any size.
    public var picture: Raster?

    public init(front: FrontFaceInput, memoLine: String? = nil, face: Raster? = nil, picture: Raster? = nil) {
        self.front = front
        self.memoLine = memoLine
        self.face = face
        self.picture = picture
    }

    /// A tile of `entry` showing `face`, or its placeholder when nil.
    public init(entry: Entry, face: Raster? = nil) {
        self.init(front: FrontFaceInput(entry), memoLine: BookTile.memoFirstLine(entry.memo), face: face)
    }

    /// The memo's first non-empty line, spaces collapsed, cut where no
    /// row shows more (`TextCleaner.firstLine`); nil without one.
    public static func memoFirstLine(_ memo: String?) -> String? {
        TextCleaner.firstLine(memo)
    }
}

extension CardRenderer {
    /// Pixels per point of the book's pages and the month sheets: drawn for
    /// a 390-point phone screen at 3x, 1170 pixels wide, so their smallest
    /// text (11 points) is 33 pixels tall as a phone shows it at full width.
    public static let pageScale = 3.0
}

/// Spacing shared by the book pages, in points.
enum BookMetrics {
    /// Page width: a phone screen, like the month sheet.
    static let width = 390.0
    static let padding = 18.0
    /// From the top of the page to the first tile, row or header.
    static let headerHeight = 88.0
    /// From the last row to the bottom edge, holding the page number.
    static let footerHeight = 48.0
    /// A small photo's corner radius.
    static let thumbnailCorner = 10.0
}

/// Pieces every book page draws: the page header and footer, small
/// photos cut from faces, the placeholder picture.
extension CardRenderer {
    /// The page title and its subtitle at the top left, `trailing` (a count
    /// or nothing) as a badge on the right.
    func drawBookHeader(_ title: String, subtitle: String, trailing: String?, into page: inout Raster,
                        scale s: Double) throws(CardError) {
        let pad = BookMetrics.padding * s
        let big = try layout(title, theme.textStyle(points: 27, scale: s, weight: .bold, color: theme.textColor,
                                                    lineHeight: 1.2, maxLines: 1), width: Double(page.width) - 2 * pad)
        let top = 22 * s
        draw(big, into: &page, at: Point(x: pad, y: top.rounded()))
        let small = try layout(subtitle, theme.textStyle(points: 13, scale: s, weight: .bold,
                                                         color: theme.secondaryTextColor, lineHeight: 1.2),
                               width: .infinity)
        draw(small, into: &page, at: Point(x: pad, y: (top + big.size.height + 4 * s).rounded()))
        guard let trailing else { return }
        // Measure first so the badge can be right-aligned on the title's middle.
        let label = try layout(trailing, theme.textStyle(points: 11, scale: s, weight: .bold,
                                                        color: theme.inverseTextColor, lineHeight: 1.2),
                               width: .infinity)
        let width = label.size.width + 2 * 11 * 0.85 * s
        try drawBadge(trailing, into: &page,
                      at: Point(x: (Double(page.width) - pad - width).rounded(),
                                y: (top + (big.size.height - 11 * 1.9 * s) / 2).rounded()),
                      points: 11, scale: s, fill: theme.brandColor, textColor: theme.inverseTextColor)
    }

    /// The page number centred in the footer band, between two short rules.
    func drawBookFooter(page: Int, of count: Int, into raster: inout Raster, scale s: Double) throws(CardError) {
        let band = BookMetrics.footerHeight * s
        let style = theme.textStyle(points: 12.5, scale: s, weight: .bold, color: theme.secondaryTextColor,
                                    lineHeight: 1.2, alignment: .center)
        let line = try layout(strings.pageFooter(page, of: count), style, width: Double(raster.width))
        let y = (Double(raster.height) - band + (band - line.size.height) / 2).rounded()
        draw(line, into: &raster, at: Point(x: 0, y: y))
        let rule = Int((28 * s).rounded()), gap = Int((14 * s).rounded())
        let mid = raster.width / 2, half = Int((line.lineBounds.width / 2).rounded())
        let ry = Int((y + line.size.height / 2).rounded()), h = max(1, Int(s.rounded()))
        for x in [mid - half - gap - rule, mid + half + gap] {
            raster.fill(.solid(theme.secondaryTextColor.withOpacity(0.35)), in: PixelRect(x: x, y: ry, width: rule, height: h))
        }
    }

    /// A square picture of `tile`'s photo, `side` pixels, rounded: cut from
    /// the face's photo area clear of the kind badge (top left) and the
    /// caption (lower half). Entries without a photo, or without a face,
    /// get the placeholder picture day thumbnails use.
    func bookThumbnail(_ tile: BookTile, side: Int, corner: Double) throws(CardError) -> Raster {
        var picture: Raster
        if let face = tile.face, tile.front.photo != nil {
            let w = Double(face.width), h = Double(face.height)
            let crop = Rect(x: 0.12 * w, y: 0.1 * h, width: 0.76 * w, height: min(0.76 * w, 0.5 * h))
            picture = face.resized(to: PixelSize(width: side, height: side), from: crop)
        } else if let photo = tile.picture {
            // The middle square of the photo.
            let w = Double(photo.width), h = Double(photo.height), edge = min(w, h)
            picture = photo.resized(to: PixelSize(width: side, height: side),
                                    from: Rect(x: (w - edge) / 2, y: (h - edge) / 2, width: edge, height: edge))
        } else {
            let cell = DayTileInput.Cell(title: tile.front.title, kind: tile.front.kind, photo: nil)
            picture = try renderDayThumbnail(DayTileInput(cells: [cell], side: side)).raster
        }
        return picture.roundedCorners(radius: corner)
    }

    /// Traps on a page call the pipeline got wrong: more entries than a
    /// page holds, or a page number outside 1...pageCount.
    func checkBookPage(_ count: Int, page: Int, pageCount: Int, pageSize: Int) {
        precondition(count <= pageSize, "\(count) entries on a page of \(pageSize)")
        precondition(page >= 1 && page <= pageCount, "page \(page) of \(pageCount)")
    }
}
