import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

/// The parts of the year in review below its title, each drawn from a
/// `top` edge and returning where it ends, so the recipe in
/// `renderYearInReview` reads top to bottom.
extension CardRenderer {
    /// A translucent panel: the count with a chip per kind on the left half,
    /// the average rating and its stars on the right half.
    func drawYearNumbers(_ summary: YearInput, into canvas: inout Raster, top: Double,
                         scale s: Double) throws(CardError) -> Double {
        let m = YearMetrics.margin * s, ink = theme.inverseTextColor
        let panel = Rect(x: m, y: top, width: Double(canvas.width) - 2 * m, height: 150 * s)
        canvas.fill(Path.roundedRect(panel, radii: CornerRadii(YearMetrics.panelCorner * s)), paint: .solid(ink.withOpacity(0.16)))
        let inner = 22 * s, half = panel.width / 2
        let big = theme.textStyle(points: 46, scale: s, weight: .bold, color: ink, lineHeight: 1.1)
        // 1. Left: the count under its label.
        let label = try layout(strings.yearCountLabel, yearHeadingStyle(points: 13, scale: s), width: half - inner)
        draw(label, into: &canvas, at: Point(x: (panel.minX + inner).rounded(), y: (top + 18 * s).rounded()))
        let count = try layout(String(summary.count), big, width: .infinity)
        let valueY = (top + 18 * s + label.size.height + 4 * s).rounded()
        draw(count, into: &canvas, at: Point(x: (panel.minX + inner).rounded(), y: valueY))
        // 2. Right: the average rating, its stars under it.
        let averageLabel = try layout(strings.averageLabel, yearHeadingStyle(points: 13, scale: s), width: half - inner)
        draw(averageLabel, into: &canvas, at: Point(x: (panel.minX + half).rounded(), y: (top + 18 * s).rounded()))
        let average = try layout(summary.averageRating.map(strings.average) ?? "–", big, width: .infinity)
        draw(average, into: &canvas, at: Point(x: (panel.minX + half).rounded(), y: valueY))
        let radius = 8.5 * s
        drawStars(summary.averageRating ?? 0, into: &canvas,
                  center: Point(x: panel.minX + half + average.size.width + 14 * s + radius, y: valueY + average.size.height / 2),
                  radius: radius, spacing: 20 * s, color: theme.starColor)
        // 3. A chip per kind along the bottom; all five kinds fit on one line.
        var x = panel.minX + inner
        let chipY = (panel.maxY - 20 * s - 11 * 1.9 * s).rounded()
        for (kind, n) in summary.kinds {
            let chip = try drawBadge(strings.kindCount(kind, n), into: &canvas, at: Point(x: x.rounded(), y: chipY),
                                     points: 11, scale: s, fill: ink.withOpacity(0.92), textColor: theme.brandColor)
            x += chip.width + 8 * s
        }
        return panel.maxY
    }

    /// The heading and the best five's faces side by side, ranked.
    func drawYearTop(_ tiles: [BookTile], into canvas: inout Raster, top: Double,
                     scale s: Double, warnings: inout [CardWarning]) throws(CardError) -> Double {
        let m = YearMetrics.margin * s
        let heading = try layout(strings.topHeading, yearHeadingStyle(points: 15, scale: s), width: .infinity)
        draw(heading, into: &canvas, at: Point(x: m, y: top.rounded()))
        let faceTop = (top + heading.size.height + 12 * s).rounded()
        let n = Double(YearSummary.topCount), gap = YearMetrics.faceGap * s
        let width = ((Double(canvas.width) - 2 * m - (n - 1) * gap) / n).rounded(.down)
        let size = PixelSize(width: Int(width), height: Int((width * theme.cardSize.height / theme.cardSize.width).rounded()))
        let shadow = DropShadow(offsetX: 0, offsetY: Int((4 * s).rounded()), sigma: 6 * s, color: RGBA(0x1A, 0x10, 0x30, 70))
        // A short year's fewer faces sit in the middle of the row.
        let shown = Double(tiles.count)
        let left = m + (n - shown) * (width + gap) / 2
        for (i, tile) in tiles.enumerated() {
            let x = Int((left + Double(i) * (width + gap)).rounded())
            let face = try bookFace(tile, size: size, warnings: &warnings)
            canvas.draw(face, at: x, Int(faceTop), shadow: shadow)
            try drawRank(i + 1, into: &canvas, at: Point(x: Double(x + size.width) - 13 * s, y: faceTop + 13 * s),
                         radius: 8.5, scale: s)
        }
        return faceTop + Double(size.height)
    }

    /// The heading and twelve bars, one per month, as tall as the month's
    /// share of the busiest month (the busiest in the star colour); the
    /// count over each bar, the month under it.
    func drawYearMonths(_ summary: YearInput, into canvas: inout Raster, top: Double,
                        scale s: Double) throws(CardError) -> Double {
        let m = YearMetrics.margin * s, ink = theme.inverseTextColor
        let heading = try layout(strings.monthsHeading, yearHeadingStyle(points: 15, scale: s), width: .infinity)
        draw(heading, into: &canvas, at: Point(x: m, y: top.rounded()))
        let gap = 8 * s, barWidth = (Double(canvas.width) - 2 * m - 11 * gap) / 12
        let label = theme.textStyle(points: 11, scale: s, weight: .bold, color: ink, lineHeight: 1.2, alignment: .center)
        let baseline = top + heading.size.height + (12 + YearMetrics.barsHeight) * s
        let tallest = YearMetrics.barsHeight * s - 18 * s
        let most = max(1, summary.months.max() ?? 1)
        for (i, n) in summary.months.enumerated() {
            let x = m + Double(i) * (barWidth + gap)
            // Empty months keep a low stub so the strip reads as twelve places.
            let height = n == 0 ? 4 * s : max(8 * s, tallest * Double(n) / Double(most))
            let colour = n == 0 ? ink.withOpacity(0.3) : (n == most ? theme.starColor : ink.withOpacity(0.9))
            let bar = Rect(x: x, y: baseline - height, width: barWidth, height: height)
            canvas.fill(Path.roundedRect(bar, radii: CornerRadii(topLeft: 6 * s, topRight: 6 * s, bottomRight: 2 * s,
                                                                 bottomLeft: 2 * s).fitted(to: bar.size)),
                        paint: .solid(colour))
            if n > 0 {
                let count = try layout(String(n), label, width: barWidth)
                draw(count, into: &canvas, at: Point(x: x.rounded(), y: (bar.minY - 4 * s - count.size.height).rounded()))
            }
            var soft = label
            soft.color = ink.withOpacity(0.75)
            let month = try layout(strings.monthInitial(i + 1), soft, width: barWidth)
            draw(month, into: &canvas, at: Point(x: x.rounded(), y: (baseline + 6 * s).rounded()))
        }
        return baseline + 6 * s + 16 * s
    }
}
