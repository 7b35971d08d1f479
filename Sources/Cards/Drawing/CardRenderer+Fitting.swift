import PhotiCaseText
import PhotiCaseRaster

/// Text set to use the space it has: as large as it fits, smaller before
/// it is cut, and cut (with "…") only when the space is really full. The
/// faces, the story and the feed images share this one rule.
extension CardRenderer {
    /// `string` in `width` pixels and at most `height` pixels tall: at
    /// `points`, or smaller, in steps of about 6%, down to `minimum` when it
    /// needs more lines than the height holds at that size; at `minimum`,
    /// the lines that fit, the last cut with "…" (`truncated` says so).
    /// `style` makes the style at a size (its `maxLines` is set here).
    func layoutFitting(_ string: String, points: Double, minimum: Double, width: Double, height: Double,
                       style: (Double) -> TextStyle) throws(CardError) -> TextLayout {
        var size = points
        while true {
            // The lines that fit at this size: the text fits when it needs
            // no more (a layout is never asked for lines it cannot draw, so
            // a long text costs what is drawn); at the smallest size those
            // lines are kept, the last cut with "…".
            var bounded = style(size)
            bounded.maxLines = max(1, Int(((height + 0.5) / (bounded.pixelSize * bounded.lineHeight)).rounded(.down)))
            let lines = try layout(string, bounded, width: width)
            if !lines.truncated && lines.size.height <= height + 0.5 || size <= minimum { return lines }
            size = max(minimum, size - max(0.5, size * 0.06))
        }
    }

    /// The height of `lines` lines of `style`.
    func height(of lines: Int, _ style: TextStyle) -> Double {
        Double(lines) * style.pixelSize * style.lineHeight
    }
}
