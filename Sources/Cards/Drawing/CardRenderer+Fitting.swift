import Text
import Raster

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
            var unbounded = style(size)
            unbounded.maxLines = nil
            let whole = try layout(string, unbounded, width: width)
            if whole.size.height <= height + 0.5 { return whole }
            if size <= minimum {
                var cut = unbounded
                cut.maxLines = max(1, Int(((height + 0.5) / whole.lineSpacing).rounded(.down)))
                return try layout(string, cut, width: width)
            }
            size = max(minimum, size - max(0.5, size * 0.06))
        }
    }

    /// The height of `lines` lines of `style`.
    func height(of lines: Int, _ style: TextStyle) -> Double {
        Double(lines) * style.pixelSize * style.lineHeight
    }
}
