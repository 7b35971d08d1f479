import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

/// The front of a ticket: the front photo as edited, filling the card, with
/// a caption band (title above the perforation, date and stars on the
/// stub) over a scrim that keeps it legible on any photo; without a photo,
/// a designed placeholder in the brand colours.
extension CardRenderer {
    /// Renders the front face of `entry` at `scale` (pixels per point).
    /// Throws `CardError.photo` naming the photo when it cannot be read.
    public func renderFront(_ entry: Entry, scale: Double) throws(CardError) -> RenderedImage {
        try renderFront(FrontFaceInput(entry), scale: scale)
    }

    /// Renders the front face `face` describes at `scale` (pixels per
    /// point); it reads nothing else. Throws `CardError.photo` naming the
    /// photo when it cannot be read.
    public func renderFront(_ face: FrontFaceInput, scale: Double) throws(CardError) -> RenderedImage {
        let size = cardPixelSize(scale: scale)
        var warnings: [CardWarning] = []
        var card: Raster
        let title = SearchTitle.shown(face.title)
        let below = (face.textPlacement ?? theme.frontText) == .below
        if let photo = face.photo?.file, below {
            card = try bandFront(face, photo: photo, title: title, size: size, scale: scale, warnings: &warnings)
        } else if let photo = face.photo?.file {
            // 1. The card's background first, then the photo, cropped as
            //    edited, over it: a photo with transparency (a sticker, a
            //    cut-out poster) shows the card behind it, never nothing.
            let loaded = try loadPhoto(photo, size: size)
            warnings += loaded.warnings
            let top = PixelRect(x: 0, y: 0, width: size.width, height: Int(Double(size.height) * 0.2))
            let photoOpacity = loaded.raster.meanOpacity(in: top)
            card = backed(consume loaded, size: size)
            // 2. The title is set before the scrims, which depend on where it sits.
            let ink = theme.inverseTextColor
            // At 23 points on up to three lines; a longer title is set
            // smaller, down to 17 points, before it is cut.
            let width = Double(size.width) - 2 * CardMetrics.padding * scale
            let lines = try layoutFitting(title, points: 23, minimum: 17, width: width,
                                          height: 3 * 23 * 1.22 * scale) { points in
                theme.textStyle(points: points, scale: scale, weight: .bold, color: ink, lineHeight: 1.22)
            }
            if lines.truncated { warnings.append(titleLeftOut(face)) }
            let bottom = stubTop(size, scale: scale) - 16 * scale
            let titleTop = Int((bottom - lines.size.height).rounded())
            // 3. Scrims: a light one at the top for the badge, a deep one
            //    from the middle down for the caption, at least as dark from
            //    the title's top row down as the brightest pixel under the
            //    title and stub needs for 4.5:1 contrast.
            //    The top one only darkens photo: over the transparent part
            //    of a sticker it would just grey the card.
            card.applyScrim(in: top, topOpacity: 0.32 * photoOpacity, bottomOpacity: 0)
            let scrimTop = min(Int(Double(size.height) * 0.46), titleTop)
            let needed = TextContrast.scrimOpacity(
                inks: [ink.opaque, ink.opaque.withOpacity(0.95)],
                over: TextContrast.brightest(in: card, PixelRect(x: 0, y: titleTop, width: size.width,
                                                                 height: size.height - titleTop)),
                floor: 0)
            card.applyCaptionScrim(from: scrimTop, textTop: titleTop, textOpacity: needed, bottomOpacity: max(0.82, needed))
            // 4. The title, bottom-aligned just above the perforation.
            draw(lines, into: &card, at: Point(x: CardMetrics.padding * scale, y: Double(titleTop)))
            // 5. The kind badge, top left.
            try drawFrontBadge(face, into: &card, scale: scale, fill: theme.badgeColor(face.kind),
                               textColor: theme.inverseTextColor, warnings: &warnings)
        } else {
            card = try placeholderFront(face, title: title, size: size, scale: scale, warnings: &warnings)
        }
        // 6. The stub: date on the left, stars on the right.
        try drawStub(face, into: &card, scale: scale, onPhoto: face.photo == nil || !below, warnings: &warnings)
        // 7. The ticket outline: rounded corners, notches, perforation.
        cutTicket(&card, scale: scale)
        return RenderedImage(raster: card, warnings: warnings + takeTextWarnings())
    }

    /// `photo` at `size` through the loader, or as a share preparation
    /// loaded it for this face (`preparedPhoto`, taken).
    func loadPhoto(_ photo: FacePhoto, size: PixelSize) throws(CardError) -> RenderedImage {
        if let prepared = preparedPhoto, prepared.file == photo, prepared.size == size {
            preparedPhoto = nil
            return try prepared.loaded.value().get()
        }
        return try loader.load(photo, size: size)
    }

    /// The card's background with the photo `loaded` drawn over it; the
    /// photo itself when it covers the card and is opaque (the same
    /// pixels, without a card filled and then painted over).
    func backed(_ loaded: consuming RenderedImage, size: PixelSize) -> Raster {
        var picture = loaded.raster
        _ = consume loaded
        if picture.size == size, picture.isOpaque {
            // Opaque: its bytes are the same premultiplied or not.
            picture.reinterpret(as: .straight)
            return picture
        }
        var card = Raster(width: size.width, height: size.height, fill: theme.backgroundColor)
        card.draw(picture, at: 0, 0)
        return card
    }

    /// What a front says when its title is cut: only when even the
    /// smallest size left no room.
    func titleLeftOut(_ face: FrontFaceInput) -> CardWarning {
        .leftOut(file: face.source, what: ["the end of the title"],
                 reason: "no room on the front of a card \(Int(theme.cardSize.height)) points tall")
    }

    /// The kind badge, top left, within the card's padding: a label wider
    /// than that (twelve characters fit at 200 points; a kind the theme
    /// does not declare shows its key) is set smaller, then cut, and said.
    private func drawFrontBadge(_ face: FrontFaceInput, into card: inout Raster, scale: Double, fill: RGBA,
                                textColor: RGBA, warnings: inout [CardWarning]) throws(CardError) {
        let pad = CardMetrics.padding * scale
        let badge = try badge(strings.kind(face.kind), fitting: Double(card.width) - 2 * pad, points: 11, scale: scale,
                              textColor: textColor)
        draw(badge, into: &card, at: Point(x: pad, y: pad), fill: fill)
        let narrow = "on the front of a card \(Int(theme.cardSize.width)) points wide"
        if badge.cut {
            warnings.append(.leftOut(file: face.source, what: ["the end of the kind badge"], reason: "no room \(narrow)"))
        } else if badge.points < 11 {
            warnings.append(.rearranged(file: face.source, changes: ["the kind badge is set smaller"],
                                        reason: "no room for it \(narrow)"))
        }
    }

    /// The front with its text on a band of the card's own colour below the
    /// photo (`FrontTextPlacement.below`), so a poster's own title is not
    /// drawn over: the photo, re-fitted to the part of the card above the
    /// band, the kind badge on it, and the title in the band just above
    /// the perforation, set as the caption is (up to three lines, smaller
    /// before it is cut).
    private func bandFront(_ face: FrontFaceInput, photo: FacePhoto, title: String, size: PixelSize, scale: Double,
                           warnings: inout [CardWarning]) throws(CardError) -> Raster {
        let pad = CardMetrics.padding * scale
        let lines = try layoutFitting(title, points: 23, minimum: 17, width: Double(size.width) - 2 * pad,
                                      height: 3 * 23 * 1.22 * scale) { points in
            theme.textStyle(points: points, scale: scale, weight: .bold, color: theme.textColor, lineHeight: 1.22)
        }
        if lines.truncated { warnings.append(titleLeftOut(face)) }
        let bottom = stubTop(size, scale: scale) - 16 * scale
        let bandTop = Int((bottom - lines.size.height - 18 * scale).rounded())
        // The crop whole, fitted to the part above the band (narrower than
        // the face it was framed in, with the card's colour either side):
        // re-fitting it to that shape would cut its top and bottom, where
        // a poster's lettering is.
        let (loaded, picture) = try loadWhole(photo, in: PixelSize(width: size.width, height: bandTop))
        warnings += loaded.warnings
        var card = Raster(width: size.width, height: size.height, fill: theme.backgroundColor)
        card.draw(loaded.raster, at: 0, 0)
        // The badge's light scrim on the photo alone, not the card's colour beside it.
        let top = PixelRect(x: picture.x, y: 0, width: picture.width, height: Int(Double(size.height) * 0.2))
        card.applyScrim(in: top, topOpacity: 0.32 * loaded.raster.meanOpacity(in: top), bottomOpacity: 0)
        draw(lines, into: &card, at: Point(x: pad, y: (bottom - lines.size.height).rounded()))
        try drawFrontBadge(face, into: &card, scale: scale, fill: theme.badgeColor(face.kind),
                           textColor: theme.inverseTextColor, warnings: &warnings)
        return card
    }

    /// `photo` as edited, whole: the crop the editor framed (in the face's
    /// shape) scaled to fit inside `size`, no part of it cut, centred on
    /// the card's background, which fills the rest of `size`. For
    /// `FrontTextPlacement.below`, on the front, the story and the feed.
    /// `picture`: where in `size` the photo lies (scrims and blurs keep to
    /// it: the card's colour either side is not photo).
    func loadWhole(_ photo: FacePhoto, in size: PixelSize) throws(CardError) -> (image: RenderedImage, picture: PixelRect) {
        let face = cardPixelSize(scale: 1)
        let aspect = Double(face.width) / Double(face.height)
        var fitted = size
        if Double(size.width) / Double(size.height) > aspect {
            fitted.width = max(1, min(size.width, Int((Double(size.height) * aspect).rounded())))
        } else {
            fitted.height = max(1, min(size.height, Int((Double(size.width) / aspect).rounded())))
        }
        let loaded = try loader.load(photo, size: fitted)
        var out = Raster(width: size.width, height: size.height, fill: theme.backgroundColor)
        let picture = PixelRect(x: (size.width - fitted.width) / 2, y: (size.height - fitted.height) / 2,
                                width: fitted.width, height: fitted.height)
        out.draw(loaded.raster, at: picture.x, picture.y)
        return (RenderedImage(raster: out, warnings: loaded.warnings), picture)
    }

    /// The face of an entry without a front photo: the brand gradient,
    /// soft rings, the kind badge and the title set large in the middle.
    private func placeholderFront(_ face: FrontFaceInput, title: String, size: PixelSize, scale: Double,
                                  warnings: inout [CardWarning]) throws(CardError) -> Raster {
        let bounds = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        var card = brandBackdrop(size)
        // Rings give the flat gradient some depth, like light on a ticket.
        let ring = theme.inverseTextColor.withOpacity(0.09)
        for (cx, cy, r) in [(0.95, 0.08, 0.55), (0.05, 0.62, 0.38), (0.8, 0.7, 0.22)] {
            var path = Path()
            let c = Point(x: bounds.width * cx, y: bounds.height * cy), radius = bounds.width * r
            path.addCircle(center: c, radius: radius)
            path.addCircle(center: c, radius: radius - 14 * scale, direction: .counterClockwise)
            card.fill(path, paint: .solid(ring))
        }
        let pad = CardMetrics.padding * scale
        try drawFrontBadge(face, into: &card, scale: scale, fill: theme.inverseTextColor.withOpacity(0.92),
                           textColor: theme.brandColor, warnings: &warnings)
        let style = theme.textStyle(points: 28, scale: scale, weight: .bold, color: theme.inverseTextColor,
                                    lineHeight: 1.25, alignment: .center, maxLines: 4)
        let lines = try layout(title, style, width: bounds.width - 2 * pad)
        if lines.truncated { warnings.append(titleLeftOut(face)) }
        let middle = stubTop(size, scale: scale) / 2 + 10 * scale
        draw(lines, into: &card, at: Point(x: pad, y: (middle - lines.size.height / 2).rounded()))
        return card
    }

    /// The stub below the perforation: the date with its weekday on the
    /// left, the rating stars on the right, both on the stub's centre line.
    private func drawStub(_ face: FrontFaceInput, into card: inout Raster, scale: Double, onPhoto: Bool,
                          warnings: inout [CardWarning]) throws(CardError) {
        let size = card.size
        let top = stubTop(size, scale: scale)
        let centre = (top + Double(size.height)) / 2
        let pad = CardMetrics.padding * scale
        let radius = 7.5 * scale, spacing = 17 * scale
        let first = Double(size.width) - pad - radius - 4 * spacing
        // The date keeps clear of the stars: on a narrow card (a theme's
        // `cardSize` may be 200 points wide) it is set smaller, down to
        // `CardMetrics.smallestStubPoints`, and only then cut short.
        let room = first - radius - 6 * scale - pad
        let date = try layoutShrinking(strings.date(face.date), points: 13, minimum: CardMetrics.smallestStubPoints,
                                       room: room, width: room) { points in
            theme.textStyle(points: points, scale: scale, weight: .bold,
                            color: onPhoto ? theme.inverseTextColor.withOpacity(0.95) : theme.secondaryTextColor,
                            lineHeight: 1.2, maxLines: 1)
        }
        if date.truncated {
            warnings.append(.leftOut(file: face.source, what: ["the end of the date"],
                                     reason: "no room on the stub of a card \(Int(theme.cardSize.width)) points wide"))
        }
        draw(date, into: &card, at: Point(x: pad, y: (centre - date.size.height / 2).rounded()))
        drawStars(face.rating, into: &card, center: Point(x: first, y: centre), radius: radius, spacing: spacing,
                  color: theme.starColor)
    }
}
