import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging

/// A pill-shaped badge laid out but not yet drawn: its label's line and the
/// pill around it, so a face can measure it against what shares its row
/// before anything is drawn.
struct KindBadge {
    /// The label's line (ending in "…" when it was cut).
    var line: TextLayout
    /// The pill, in pixels.
    var size: Size
    /// From the pill's left edge to the label's, in pixels.
    var padding: Double
    /// The label's size in points.
    var points: Double

    /// True when the label was cut short to fit.
    var cut: Bool { line.truncated }
}

extension CardRenderer {
    /// `label` in a badge at `points`, its pill `height` pixels tall (by
    /// default the height of a badge at `points`); a label wider than
    /// `labelWidth` pixels is cut with "…".
    func badge(_ label: String, points: Double, scale: Double, textColor: RGBA, height: Double? = nil,
               labelWidth: Double = .infinity) throws(CardError) -> KindBadge {
        let style = theme.textStyle(points: points, scale: scale, weight: .bold, color: textColor, lineHeight: 1.2,
                                    maxLines: 1)
        let line = try layout(label, style, width: labelWidth)
        let padding = points * 0.85 * scale
        return KindBadge(line: line,
                         size: Size(width: (line.size.width + 2 * padding).rounded(),
                                    height: height ?? (points * 1.9 * scale).rounded()),
                         padding: padding, points: points)
    }

    /// `label` in a badge at most `width` pixels wide: at `points` when it
    /// fits; else set smaller, down to `CardMetrics.smallestBadgePoints`;
    /// else at that size with the label cut with "…" (`cut`). The pill keeps
    /// the height of one at `points`, so what is below does not move.
    func badge(_ label: String, fitting width: Double, points: Double, scale: Double,
               textColor: RGBA) throws(CardError) -> KindBadge {
        let natural = try badge(label, points: points, scale: scale, textColor: textColor)
        if natural.size.width <= width { return natural }
        let height = natural.size.height, floor = min(points, CardMetrics.smallestBadgePoints)
        // Text and padding scale with the size, so the first guess is the
        // proportion; hinting may round a few advances up, so step down
        // until it fits.
        var size = max(floor, (points * width / natural.size.width * 20).rounded(.down) / 20)
        while true {
            let fitted = try badge(label, points: size, scale: scale, textColor: textColor, height: height)
            if fitted.size.width <= width { return fitted }
            if size <= floor { break }
            size = max(floor, size - 0.25)
        }
        // The label cut: its line's box is what the pill leaves, less a
        // pixel for the pill's rounding up.
        let padding = floor * 0.85 * scale
        return try badge(label, points: floor, scale: scale, textColor: textColor, height: height,
                         labelWidth: max(1, width - 2 * padding - 1))
    }

    /// Draws `badge` filled with `fill`, its top-left at `origin`.
    func draw(_ badge: KindBadge, into raster: inout Raster, at origin: Point, fill: RGBA) {
        let height = badge.size.height
        raster.fill(Path.roundedRect(Rect(origin: origin, size: badge.size), radii: CornerRadii(height / 2)),
                    paint: .solid(fill))
        draw(badge.line, into: &raster, at: Point(x: origin.x + badge.padding,
                                                  y: origin.y + (height - badge.line.size.height) / 2))
    }
}
