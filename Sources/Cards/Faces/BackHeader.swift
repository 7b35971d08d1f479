import PhotiCaseText
import PhotiCaseRaster

/// The back face's first row: the kind badge on the left, the date
/// right-aligned beside it. On a narrow card (a theme's `cardSize` may be
/// 200 points wide) the two may not fit side by side; then, in this order:
///
/// 1. the badge is set smaller, down to `CardMetrics.smallestBadgePoints`,
///    keeping its pill's height, so nothing below moves;
/// 2. the date moves to a row of its own below the badge, left-aligned,
///    and the badge is set at its own size again (or as large as the
///    card's width lets it, down to the same floor);
/// 3. a badge still wider than the card at the floor is cut with "…".
///
/// Fitting comes before moving because a row costs the title and the memo
/// their room on a short card, and 9 points reads as the stub's date does;
/// cutting comes last because it loses words. Whatever is changed is said
/// (`changes`, `leftOut`).
struct BackHeader {
    var badge: KindBadge
    /// The badge's top-left, in pixels on the card.
    var badgeOrigin: Point
    var date: TextLayout
    /// The date's box's top-left, in pixels on the card.
    var dateOrigin: Point
    /// From the top of the first row to the bottom of the last, in pixels.
    var height: Double
    /// What was changed to make them fit, as sentences' subjects and verbs
    /// ("the kind badge is set smaller"); empty when nothing was.
    var changes: [String]
    /// What was cut ("the end of the kind badge").
    var leftOut: [String]

    /// The badge's pill on the card.
    var badgeBox: Rect { Rect(origin: badgeOrigin, size: badge.size) }
    /// The date's line on the card: its advance and its line box's height.
    var dateBox: Rect {
        let bounds = date.lineBounds
        return Rect(x: dateOrigin.x + bounds.x, y: dateOrigin.y + bounds.y, width: bounds.width, height: bounds.height)
    }
    /// True when the date has a row of its own.
    var stacked: Bool { dateOrigin.y >= badgeOrigin.y + badge.size.height }
}

extension CardRenderer {
    /// The badge of `label` and the `date` text laid out across a card of
    /// this theme at `scale`, the first row's top at `top` pixels; `dateColor`
    /// is the date's ink, `badgeTextColor` the label's.
    func backHeader(label: String, date dateText: String, top: Double, scale: Double, dateColor: RGBA,
                    badgeTextColor: RGBA) throws(CardError) -> BackHeader {
        let cardWidth = Double(cardPixelSize(scale: scale).width)
        let pad = CardMetrics.padding * scale
        let width = cardWidth - 2 * pad
        // A date wider than the card (it is not, in either locale, even at
        // 200 points) would be cut like any line rather than drawn past it.
        let date = try layout(dateText, theme.textStyle(points: 12.5, scale: scale, weight: .bold, color: dateColor,
                                                        lineHeight: 1.2, maxLines: 1),
                              width: width)
        var leftOut = date.truncated ? ["the end of the date"] : []
        // 1. Side by side, the badge as large as the room beside the date
        //    lets it be, down to the floor.
        let beside = width - CardMetrics.badgeGap * scale - date.size.width
        let points = 11.0
        if beside > 0 {
            let badge = try self.badge(label, fitting: beside, points: points, scale: scale, textColor: badgeTextColor)
            if !badge.cut {
                return BackHeader(badge: badge, badgeOrigin: Point(x: pad, y: top), date: date,
                                  dateOrigin: Point(x: (cardWidth - pad - date.size.width).rounded(),
                                                    y: (top + (badge.size.height - date.size.height) / 2).rounded()),
                                  height: badge.size.height,
                                  changes: badge.points < points ? ["the kind badge is set smaller"] : [],
                                  leftOut: leftOut)
            }
        }
        // 2. The date on a row of its own; the badge given the whole width,
        //    and 3. cut only when even that is too narrow at the floor.
        let badge = try self.badge(label, fitting: width, points: points, scale: scale, textColor: badgeTextColor)
        var changes = ["the date is moved below the kind badge"]
        if badge.cut {
            leftOut.append("the end of the kind badge")
        } else if badge.points < points {
            changes.append("the kind badge is set smaller")
        }
        let dateTop = (top + badge.size.height + 6 * scale).rounded()
        return BackHeader(badge: badge, badgeOrigin: Point(x: pad, y: top), date: date,
                          dateOrigin: Point(x: pad, y: dateTop), height: dateTop + date.size.height - top,
                          changes: changes, leftOut: leftOut)
    }
}
