import PhotiCaseDiary
import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging

/// Small pieces every face and calendar draws: text boxes, badges, stars.
extension CardRenderer {
    /// Draws `layout` with its box's top-left at `origin`.
    func draw(_ layout: TextLayout, into raster: inout Raster, at origin: Point) {
        drawnBoxes?.append(Rect(origin: origin, size: layout.size))
        text.draw(layout, into: &raster, at: origin)
    }

    /// Draws a pill-shaped badge holding `label`, its top-left at `origin`,
    /// and returns its size in pixels.
    /// With `standingOut`, a fill too close to what lies under the badge
    /// is darkened until the pill stands out from every pixel of it by 3:1
    /// (WCAG's non-text contrast; see `TextContrast.standingOut`): a
    /// movie's brand-coloured badge on an image with no photo, whose
    /// placeholder is the brand gradient.
    @discardableResult
    func drawBadge(_ label: String, into raster: inout Raster, at origin: Point, points: Double, scale: Double,
                   fill: RGBA, textColor: RGBA, standingOut: Bool = false) throws(CardError) -> Size {
        let badge = try badge(label, points: points, scale: scale, textColor: textColor)
        let area = PixelRect(x: Int(origin.x), y: Int(origin.y), width: Int(badge.size.width.rounded(.up)),
                             height: Int(badge.size.height.rounded(.up)))
        let fill = standingOut ? TextContrast.standingOut(fill, from: raster, in: area) : fill
        draw(badge, into: &raster, at: origin, fill: fill)
        return badge.size
    }

    /// Draws five rating stars for `rating` (0...5, halves), the first
    /// star's centre at `center`, and returns the row's width in pixels.
    @discardableResult
    func drawStars(_ rating: Double, into raster: inout Raster, center: Point, radius: Double,
                   spacing: Double, color: RGBA) -> Double {
        let side = Int((2 * radius).rounded(.up)) + 2
        drawnBoxes?.append(Rect(x: center.x - radius, y: center.y - radius, width: 4 * spacing + 2 * radius, height: 2 * radius))
        for (i, fill) in StarFill.row(rating: rating).enumerated() {
            let cx = center.x + Double(i) * spacing, cy = center.y
            // Whole-pixel placement keeps every star's coverage identical.
            let x0 = Int((cx - Double(side) / 2).rounded()), y0 = Int((cy - Double(side) / 2).rounded())
            let star = StarShape(center: Point(x: cx - Double(x0), y: cy - Double(y0)), outerRadius: radius)
            let mask = star.mask(fill, strokeWidth: max(1, radius * 0.16), width: side, height: side)
            raster.fill(mask: mask, color: color, at: x0, y0)
        }
        return 4 * spacing + 2 * radius
    }

    /// The ticket outline of a card of `size` pixels at `scale`: rounded
    /// corners, a notch in each side at the stub line, and a perforation
    /// between the notches.
    func ticketShape(_ size: PixelSize, scale: Double) -> TicketShape { Self.ticketShape(theme, size, scale: scale) }

    /// `ticketShape` from the theme alone, for work done without a renderer.
    static func ticketShape(_ theme: Theme, _ size: PixelSize, scale: Double) -> TicketShape {
        TicketShape(rect: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)),
                    cornerRadius: theme.cornerRadius * scale, notchRadius: CardMetrics.notchRadius * scale,
                    notchOffset: stubTop(size, scale: scale), notchEdges: .leftAndRight,
                    perforationRadius: CardMetrics.perforationRadius * scale,
                    perforationSpacing: CardMetrics.perforationSpacing * scale)
    }

    /// Where the stub (the tear-off part below the perforation) begins, in pixels.
    func stubTop(_ size: PixelSize, scale: Double) -> Double { Self.stubTop(size, scale: scale) }

    static func stubTop(_ size: PixelSize, scale: Double) -> Double {
        (Double(size.height) - CardMetrics.stubHeight * scale).rounded()
    }

    /// Cuts `raster` (a whole card) to its ticket outline.
    func cutTicket(_ raster: inout Raster, scale: Double) {
        raster.clip(to: ticketMask(raster.size, scale: scale))
    }

    /// The coverage of `ticketShape(size, scale:)`, rasterized once per
    /// size and scale a renderer meets: every face of a run, and a share
    /// image's shadow, cut by the same outline (a path rasterized over
    /// the whole face each time before).
    func ticketMask(_ size: PixelSize, scale: Double) -> AlphaMask {
        let key = TicketMaskKey(size: size, scale: scale)
        if let kept = ticketMasks[key] { return kept }
        let mask = ticketShape(size, scale: scale).mask(width: size.width, height: size.height)
        // Few sizes are ever met (a face's, a book tile's); a theme that
        // made many would only recompute.
        if ticketMasks.count >= 8 { ticketMasks.removeAll() }
        ticketMasks[key] = mask
        return mask
    }

    /// A vertical gradient between the theme's two brand colours, the
    /// placeholder's background.
    /// A raster of `size` filled with the brand colour and the brand
    /// gradient over it (written once when the gradient is opaque).
    func brandBackdrop(_ size: PixelSize) -> Raster {
        Raster(width: size.width, height: size.height, background: theme.brandColor,
               paint: brandGradient(in: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))))
    }

    func brandGradient(in rect: Rect) -> Paint {
        .linearGradient(LinearGradient(in: rect, degrees: 155, stops: [
            GradientStop(0, theme.brandColor), GradientStop(1, theme.brandSecondaryColor),
        ]))
    }
}

/// Fixed proportions of the card design, in points.
enum CardMetrics {
    /// Height of the tear-off stub at the bottom of each face.
    static let stubHeight = 92.0
    static let notchRadius = 11.0
    static let perforationRadius = 2.2
    static let perforationSpacing = 10.0
    /// Space between the card's edge and its content.
    static let padding = 22.0
    /// The front stub's date is set no smaller than this (points) to keep
    /// clear of the stars; below it, it is cut short instead.
    static let smallestStubPoints = 9.0
    /// A kind badge with too little room is set no smaller than this
    /// (points, as the stub's date); below it, it moves or is cut short.
    static let smallestBadgePoints = 9.0
    /// The least space between the back's kind badge and the date beside it.
    static let badgeGap = 8.0
}
