import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

/// A year's link preview (1200×630, 1.91:1: Open Graph's `og:image` of its
/// site page): on the brand gradient, the year large with its subtitle,
/// the count and the average rating on the left; the best three's faces,
/// ranked, on the right. Shown small in a chat (about 500 pixels wide), so
/// its text is large.
extension CardRenderer {
    /// The preview's size: always 1200×630.
    public static let yearPreviewSize = PixelSize(width: 1200, height: 630)

    /// How many faces the preview shows.
    public static let yearPreviewFaces = 3

    /// The preview of `summary`'s figures with the best entries as `tops`
    /// (at most `yearPreviewFaces` are drawn).
    public func renderYearPreview(_ summary: YearInput, tops: [BookTile]) throws(CardError) -> RenderedImage {
        let size = Self.yearPreviewSize, s = 2.0, ink = theme.inverseTextColor
        var canvas = brandBackdrop(size)
        let m = 56.0
        var warnings: [CardWarning] = []
        // 1. Right: the best faces side by side, ranked, in the middle of
        //    the height.
        let tiles = Array(tops.prefix(Self.yearPreviewFaces))
        let faceW = 180.0, gap = 20.0
        let face = PixelSize(width: Int(faceW), height: Int((faceW * theme.cardSize.height / theme.cardSize.width).rounded()))
        let n = Double(Self.yearPreviewFaces)
        let right = Double(size.width) - m
        let faceTop = ((Double(size.height) - Double(face.height)) / 2).rounded()
        let shadow = DropShadow(offsetX: 0, offsetY: 6, sigma: 10, color: RGBA(0x1A, 0x10, 0x30, 80))
        // Fewer faces sit at the right of the row's place.
        let left = right - n * faceW - (n - 1) * gap + (n - Double(tiles.count)) * (faceW + gap)
        for (i, tile) in tiles.enumerated() {
            let x = Int((left + Double(i) * (faceW + gap)).rounded())
            canvas.draw(try bookFace(tile, size: face, warnings: &warnings), at: x, Int(faceTop), shadow: shadow)
            try drawRank(i + 1, into: &canvas, at: Point(x: Double(x + face.width) - 24, y: faceTop + 24), radius: 11,
                         scale: s)
        }
        // 2. Left: the year, its subtitle, the count and the average.
        let column = n * faceW + (n - 1) * gap
        let width = Double(size.width) - 2 * m - column - 40
        var y = 70.0
        let year = try layout(String(summary.year), theme.textStyle(points: 62, scale: s, weight: .bold, color: ink,
                                                                    lineHeight: 1.1), width: width)
        draw(year, into: &canvas, at: Point(x: m, y: y))
        y += year.size.height + 4
        let subtitle = try layout(strings.yearSubtitle, theme.textStyle(points: 17, scale: s, weight: .bold,
                                                                        color: ink.withOpacity(0.85), lineHeight: 1.2),
                                  width: width)
        draw(subtitle, into: &canvas, at: Point(x: m, y: y.rounded()))
        y += subtitle.size.height + 40
        let figures = [strings.ticketCount(summary.count)]
            + (summary.averageRating.map { [strings.averageLabel + " " + strings.average($0)] } ?? [])
        for line in figures {
            let text = try layout(line, theme.textStyle(points: 19, scale: s, weight: .bold, color: ink, lineHeight: 1.25),
                                  width: width)
            draw(text, into: &canvas, at: Point(x: m, y: y.rounded()))
            y += text.size.height + 8
        }
        // 3. The brand mark at the foot of the column.
        let mark = try layout(strings.brandMark, theme.textStyle(points: 13, scale: s, weight: .bold,
                                                                 color: ink.withOpacity(0.75), lineHeight: 1.2),
                              width: width)
        draw(mark, into: &canvas, at: Point(x: m, y: (Double(size.height) - m - mark.size.height).rounded()))
        return RenderedImage(raster: canvas, warnings: warnings + takeTextWarnings())
    }
}
