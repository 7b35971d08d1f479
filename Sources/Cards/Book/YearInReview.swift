import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

/// The year in review's spacing, in points. The image is 540 x 960 points
/// (9:16), so the default scale 2 makes the 1080 x 1920 of a phone story.
enum YearMetrics {
    static let width = 540.0
    static let height = 960.0
    static let margin = 32.0
    static let panelCorner = 24.0
    /// The best five's faces, side by side.
    static let faceGap = 12.0
    static let barsHeight = 104.0
}

/// The year in review: a story image of one year on the brand gradient,
/// read top to bottom: the year, how many tickets and of which kinds, the
/// average rating, the best five with their faces, a bar for each month,
/// and the friend who came along most often.
extension CardRenderer {
    /// The year image's size in pixels: 540 x 960 points at `scale`, always
    /// 9:16; 1080 x 1920 at the default scale 2.
    public func yearInReviewSize(scale: Double = 2) -> PixelSize { Self.yearInReviewSize(scale: scale) }

    /// `yearInReviewSize` without a renderer (it follows from the scale).
    public static func yearInReviewSize(scale: Double = 2) -> PixelSize {
        precondition(scale > 0 && scale.isFinite, "scale \(scale) must be positive")
        return PixelSize(width: Int((YearMetrics.width * scale).rounded()), height: Int((YearMetrics.height * scale).rounded()))
    }

    /// The year in review of `year` from `entries` (other years ignored).
    /// `topFaces` are the front faces of `YearSummary(year:entries:).top`,
    /// in that order, any size; nil (or missing) draws the placeholder face.
    public func renderYearInReview(year: Int, entries: [Entry], topFaces: [Raster?] = [],
                                   scale: Double = 2) throws(CardError) -> RenderedImage {
        try renderYearInReview(YearSummary(year: year, entries: entries), topFaces: topFaces, scale: scale)
    }

    /// The year in review drawn from `summary`; see `renderYearInReview(year:entries:topFaces:scale:)`.
    public func renderYearInReview(_ summary: YearSummary, topFaces: [Raster?] = [],
                                   scale: Double = 2) throws(CardError) -> RenderedImage {
        let tiles = summary.top.enumerated().map { i, entry in
            BookTile(entry: entry, face: i < topFaces.count ? topFaces[i] : nil)
        }
        let figures = YearInput(summary, top: [], scale: Int(scale.rounded()))
        return try renderYearInReview(figures, tops: tiles, scale: scale)
    }

    /// The year in review of `summary`'s figures with the best entries as
    /// `tops` (their faces as `BookTile` holds them); its `top` parts are
    /// not read (`tops` is what they gave).
    public func renderYearInReview(_ summary: YearInput, tops: [BookTile],
                                   scale: Double) throws(CardError) -> RenderedImage {
        let s = scale, m = YearMetrics.margin * s
        let ink = theme.inverseTextColor
        // 1. The backdrop: the brand gradient with soft rings, like a placeholder face.
        let size = yearInReviewSize(scale: s)
        var canvas = brandBackdrop(size)
        let bounds = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        for (cx, cy, r) in [(0.92, 0.06, 0.42), (0.04, 0.55, 0.3), (0.85, 0.82, 0.2)] {
            var ring = Path()
            let c = Point(x: bounds.width * cx, y: bounds.height * cy), radius = bounds.width * r
            ring.addCircle(center: c, radius: radius)
            ring.addCircle(center: c, radius: radius - 18 * s, direction: .counterClockwise)
            canvas.fill(ring, paint: .solid(ink.withOpacity(0.08)))
        }
        // 2. The year, large, and the line under it.
        var y = 60 * s
        let title = try layout(String(summary.year), theme.textStyle(points: 80, scale: s, weight: .bold, color: ink,
                                                                     lineHeight: 1.1), width: .infinity)
        draw(title, into: &canvas, at: Point(x: m, y: y.rounded()))
        y += title.size.height + 2 * s
        let subtitle = try layout(strings.yearSubtitle, theme.textStyle(points: 17, scale: s, weight: .bold,
                                                                        color: ink.withOpacity(0.85), lineHeight: 1.2),
                                  width: .infinity)
        draw(subtitle, into: &canvas, at: Point(x: m, y: y.rounded()))
        y += subtitle.size.height + 34 * s
        // 3. The numbers panel: the count and kinds on the left, the average on the right.
        y = try drawYearNumbers(summary, into: &canvas, top: y, scale: s) + 44 * s
        // 4. The best five: their faces in a row, ranked.
        var warnings: [CardWarning] = []
        y = try drawYearTop(tops, into: &canvas, top: y, scale: s, warnings: &warnings) + 44 * s
        // 5. A bar per month, the busiest in the star colour.
        y = try drawYearMonths(summary, into: &canvas, top: y, scale: s) + 40 * s
        // 6. The friends who came along most often, when any entry names
        //    one: all of a tie, up to three by name and how many more.
        if let companions = summary.companions {
            let panel = Rect(x: m, y: y, width: bounds.width - 2 * m, height: 84 * s)
            canvas.fill(Path.roundedRect(panel, radii: CornerRadii(YearMetrics.panelCorner * s)), paint: .solid(ink.withOpacity(0.16)))
            let heading = try layout(strings.companionHeading(times: companions.count, tie: companions.names.count > 1),
                                     yearHeadingStyle(points: 13, scale: s), width: panel.width - 44 * s)
            draw(heading, into: &canvas, at: Point(x: (m + 22 * s).rounded(), y: (y + 16 * s).rounded()))
            let line = try companionLine(companions.names, style: theme.textStyle(points: 24, scale: s, weight: .bold,
                                                                                 color: ink, lineHeight: 1.2, maxLines: 1),
                                         width: panel.width - 44 * s)
            draw(line, into: &canvas, at: Point(x: (m + 22 * s).rounded(), y: (y + 16 * s + heading.size.height + 6 * s).rounded()))
        }
        // 7. The brand mark at the foot.
        let mark = try layout(strings.brandMark, theme.textStyle(points: 14, scale: s, weight: .bold,
                                                                 color: ink.withOpacity(0.7), lineHeight: 1.2,
                                                                 alignment: .center), width: bounds.width)
        draw(mark, into: &canvas, at: Point(x: 0, y: (bounds.height - 30 * s - mark.size.height).rounded()))
        return RenderedImage(raster: canvas, warnings: warnings + takeTextWarnings())
    }

    /// The names set in `width` on one line: up to three and "외 N명"; when
    /// that is too wide, fewer names and a larger "외 N명", and a single name
    /// too long for the line is cut short with "…" (never the count of the
    /// others, which the line is also for). The longest prefix of the name
    /// that fits is found by bisection.
    func companionLine(_ names: [String], style: TextStyle, width: Double) throws(CardError) -> TextLayout {
        func line(_ names: [String], shown: Int) throws(CardError) -> TextLayout {
            try layout(strings.companionNames(names, shown: shown), style, width: .infinity)
        }
        for shown in stride(from: min(3, names.count), through: 1, by: -1) where try line(names, shown: shown).size.width <= width {
            return try layout(strings.companionNames(names, shown: shown), style, width: width)
        }
        let characters = Array(names[0])
        var (fits, tooLong) = (0, characters.count)
        while tooLong - fits > 1 {
            let mid = (fits + tooLong) / 2
            let cut = [String(characters[..<mid]) + "…"] + names.dropFirst()
            if try line(cut, shown: 1).size.width <= width { fits = mid } else { tooLong = mid }
        }
        var kept = characters[..<fits]
        while kept.last?.isWhitespace == true { kept = kept.dropLast() }
        return try layout(strings.companionNames([String(kept) + "…"] + names.dropFirst(), shown: 1), style, width: width)
    }

    /// The light headings over each part of the year image.
    func yearHeadingStyle(points: Double, scale: Double) -> TextStyle {
        theme.textStyle(points: points, scale: scale, weight: .bold, color: theme.inverseTextColor.withOpacity(0.78),
                        lineHeight: 1.2)
    }
}
