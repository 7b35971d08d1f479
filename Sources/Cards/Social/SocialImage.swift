import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

/// Where the parts of a story and a feed image go, in pixels of their
/// 1080-pixel-wide frames.
enum SocialMetrics {
    static let margin = 64.0
    /// What Instagram draws its own controls over on a 1920-pixel story:
    /// the progress bar and the account at the top, the reply box at the
    /// bottom. Nothing a person must read is placed there.
    static let storySafeTop = 250.0
    static let storySafeBottom = 340.0
    /// The story's photo card: 4:5, as a feed post, so one edit reads the
    /// same in both; below the top's safe zone, leaving the text its room
    /// above the bottom's.
    static let storyCard = Rect(x: 160, y: storySafeTop, width: 760, height: 950)
    static let storyCorner = 40.0
    /// The photo of a feed post and a square, full width, above the text
    /// band.
    static func photoHeight(_ format: SocialFormat) -> Int { format == .square ? 660 : 900 }
    /// The link preview's photo: a square on the left, the full height.
    static let linkPhotoSide = 630
}

/// A story (9:16) and a feed post (4:5) of one entry, designed for their
/// frames rather than the card letterboxed: the front photo large, then
/// the title, the stars, the date, the kind and the memo's first line.
///
/// The story lays the photo on a card over a blurred, darkened copy of
/// itself (the look people already post), the text below it in white; the
/// feed shows the photo full width over a band of the theme's background
/// holding the text. Without a photo, the brand gradient stands in. Both
/// are opaque, at 1080 pixels wide whatever the ticket scale.
extension CardRenderer {
    /// Draws `input`'s image; it reads nothing else.
    public func renderSocial(_ input: SocialImageInput) throws(CardError) -> RenderedImage {
        switch input.format {
        case .story: try renderStory(input)
        case .feed, .square: try renderFeed(input)
        case .link: try renderLink(input)
        }
    }

    private func renderStory(_ input: SocialImageInput) throws(CardError) -> RenderedImage {
        let size = input.format.size
        let card = SocialMetrics.storyCard
        let cardSize = PixelSize(width: Int(card.width), height: Int(card.height))
        var warnings: [CardWarning] = []
        var picture: PixelRect?
        var photo = try storyPhoto(input, size: cardSize, pictureRect: &picture, warnings: &warnings)
        let opaquePhoto = photo.map { _ in storyPhotoIsOpaque }
        // 3. Dark enough for white text at 4.5:1 over its brightest pixel
        //    below the card (never lighter than a 35% veil).
        let ink = theme.inverseTextColor
        let textTop = Int(card.maxY) + 40
        func veil(over brightest: RGBA) -> Double {
            TextContrast.scrimOpacity(inks: [ink.opaque, ink.opaque.withOpacity(0.85)], over: brightest, floor: 0.35)
        }
        var canvas: Raster
        var scrim: Double?
        if let photo {
            // The backdrop at half size: its brightest pixel under the text
            // there is at least as bright as any the doubling makes from it
            // (each a mix of its neighbours), so the veil is dark enough;
            // the veil is laid on as the backdrop is doubled, and what an
            // opaque card covers whole (all but its corners' rows) is not
            // worked out.
            let half = storyBackdrop(photo, size: size, from: picture)
            let from = Swift.max(0, textTop / 2 - 1)
            let brightest = TextContrast.brightest(in: half, PixelRect(x: 0, y: from, width: half.width,
                                                                         height: half.height - from))
            let r = Int(SocialMetrics.storyCorner.rounded(.up))
            let covered = PixelRect(x: Int(card.x), y: Int(card.y) + r, width: cardSize.width,
                                    height: cardSize.height - 2 * r)
            canvas = half.doubled(darkenedBy: veil(over: brightest), hole: opaquePhoto == true ? covered : nil)
        } else {
            canvas = brandBackdrop(size)
            scrim = veil(over: TextContrast.brightest(in: canvas, PixelRect(
                x: 0, y: textTop, width: size.width, height: size.height - textTop)))
        }
        // (The photo is taken, not copied: its corners are rounded in place.)
        try drawStoryCard(photo.take() ?? placeholderPicture(input, size: cardSize), input, into: &canvas, veil: scrim,
                          opaque: opaquePhoto)
        try drawStoryText(input, into: &canvas, top: Double(textTop), ink: ink, warnings: &warnings)
        return RenderedImage(raster: canvas, warnings: warnings + takeTextWarnings())
    }

    /// 1. The photo as edited, fitted to the 4:5 card (over the card's own
    ///    background: a transparent poster shows it, not nothing); nil
    ///    without one.
    ///    `pictureRect`: where the photo lies when it is shown whole, the
    ///    card's colour either side.
    private func storyPhoto(_ input: SocialImageInput, size: PixelSize, pictureRect: inout PixelRect?,
                            warnings: inout [CardWarning]) throws(CardError) -> Raster? {
        guard let file = input.photo?.file else { return nil }
        if keepsCropWhole(input) {
            let (whole, picture) = try loadWhole(file, in: size)
            warnings += whole.warnings
            pictureRect = picture
            return whole.raster
        }
        let loaded = try loader.load(file, size: size)
        warnings += loaded.warnings
        // Nothing of the background would show.
        if loaded.raster.size == size && loaded.raster.isOpaque { return loaded.raster }
        var backed = Raster(width: size.width, height: size.height, fill: theme.backgroundColor)
        backed.draw(loaded.raster, at: 0, 0)
        return backed
    }

    /// Whether the front photo is shown whole, as the front with its text
    /// below shows it (`FrontTextPlacement.below`, the entry's or the
    /// theme's): a poster's lettering, framed in the editor, is not cut by
    /// the story's 4:5 card or the feed's 6:5 photo.
    private func keepsCropWhole(_ input: SocialImageInput) -> Bool {
        input.photoIsFront && (input.textPlacement ?? theme.frontText) == .below
    }

    /// Whether `storyPhoto`'s raster is opaque: it is opaque as loaded or
    /// drawn over the card's background, which is opaque unless a theme
    /// makes it translucent (looked at once, here, not again per card).
    private var storyPhotoIsOpaque: Bool { theme.backgroundColor.a == 255 }

    /// 2. The backdrop, at half its size: the photo shrunk to a few pixels
    ///    and stretched back (a blur at the cost of its pixels). Enlarged
    ///    half way by the filter; the caller doubles it: the backdrop is
    ///    smooth over tens of pixels, so the doubling is within a level of
    ///    the whole way, for a quarter of the filter's work. (Without a
    ///    photo: the brand gradient.)
    private func storyBackdrop(_ photo: Raster, size: PixelSize, from picture: PixelRect? = nil) -> Raster {
        // Of the photo alone where it is shown whole (not the card's colour
        // beside it).
        let tiny = picture.map { p in
            photo.resized(to: PixelSize(width: 18, height: 22),
                          from: Rect(x: Double(p.x), y: Double(p.y), width: Double(p.width), height: Double(p.height)))
        } ?? photo.resized(to: PixelSize(width: 18, height: 22))
        let frame = Rect(x: 1.5, y: 0, width: 15, height: 22)  // 9:16 of it, no stretching
        return tiny.resized(to: PixelSize(width: size.width / 2, height: size.height / 2), from: frame)
    }

    /// 4. The card: `face` (the photo, or the placeholder face's gradient
    ///    and the title's letter), rounded, lifted by a soft shadow, over
    ///    the veil (painted here when given; a photo's backdrop has it
    ///    already); and the kind's badge on it.
    private func drawStoryCard(_ face: consuming Raster, _ input: SocialImageInput, into canvas: inout Raster,
                               veil: Double?, opaque: Bool?) throws(CardError) {
        // Consumed, so rounding its corners writes the caller's photo in
        // place (a copy of a million pixels otherwise).
        var face = face
        let card = SocialMetrics.storyCard, size = canvas.size
        // An opaque face's outline is its rounded rectangle's, whatever the
        // photo: its shadow is known by its size, without the outline.
        let opaqueFace = opaque ?? face.isOpaque
        face.clip(toRoundedRect: Rect(x: 0, y: 0, width: Double(face.width), height: Double(face.height)),
                  radii: CornerRadii(SocialMetrics.storyCorner))
        // The veil and the shadow are painted only where the card does not
        // cover them: its face is opaque but for the rounded corners, and
        // hid half the canvas under work it then painted over (the same
        // pixels, a fifth of a story's drawing).
        let place = PixelRect(x: Int(card.x), y: Int(card.y), width: face.width, height: face.height)
        let seen = PixelRect(x: 0, y: 0, width: size.width, height: size.height).subtracting(
            opaqueCover(of: face, cornerRadius: Int(SocialMetrics.storyCorner.rounded(.up)), at: place,
                        opaqueBeforeRounding: opaqueFace))
        if let veil { for part in seen { canvas.fill(.solid(RGBA.black.withOpacity(veil)), in: part) } }
        let shadow = opaqueFace ? opaqueStoryCardShadow(face) : storyCardShadow(face)
        for part in seen { canvas.drawShadow(shadow, at: place.x, place.y, within: part) }
        canvas.draw(face, at: place.x, place.y)
        try drawBadge(strings.kind(input.kind), into: &canvas, at: Point(x: card.x + 36, y: card.y + 36), points: 14,
                      scale: 2, fill: theme.badgeColor(input.kind), textColor: theme.inverseTextColor,
                      standingOut: input.photo?.file == nil)
    }

    /// 5. The text under the card, from `top`: the title (`storyTitle`),
    ///    the stars and date, the memo line; 6. the brand mark at the foot.
    private func drawStoryText(_ input: SocialImageInput, into canvas: inout Raster, top: Double, ink: RGBA,
                               warnings: inout [CardWarning]) throws(CardError) {
        let size = canvas.size, s = 2.0
        let m = SocialMetrics.margin, width = Double(size.width) - 2 * m
        var y = top
        let bottom = Double(size.height) - SocialMetrics.storySafeBottom
        let title = try storyTitle(input.title, ink: ink)
        if title.truncated { warnings.append(titleLeftOut(input)) }
        draw(title, into: &canvas, at: Point(x: m, y: y.rounded()))
        y += title.size.height + 18
        y = try drawRatingAndDate(input, into: &canvas, x: m, y: y, color: ink.withOpacity(0.9), scale: s) + 22
        if let memo = input.memoLine, y + 16 * 1.45 * s <= bottom {
            let lines = try layoutFitting(memo, points: 16, minimum: 16, width: width, height: min(2 * 16 * 1.45 * s, bottom - y)) {
                points in theme.textStyle(points: points, scale: s, color: ink.withOpacity(0.88), lineHeight: 1.45)
            }
            draw(lines, into: &canvas, at: Point(x: m, y: y.rounded()))
        }
        // The brand mark, which no one needs to read, is the one thing in
        // the bottom's safe zone, at its foot.
        let mark = try layout(strings.brandMark, theme.textStyle(points: 14, scale: s, weight: .bold,
                                                                 color: ink.withOpacity(0.75), lineHeight: 1.2,
                                                                 alignment: .center), width: Double(size.width))
        draw(mark, into: &canvas, at: Point(x: 0, y: (Double(size.height) - 60 - mark.size.height).rounded()))
    }

    /// The parts of `face`, placed at `place`, that are surely opaque: the
    /// card less its rounded corners (a cross of two rects), or nothing
    /// when some pixel there is not (a theme's translucent background).
    /// `opaqueBeforeRounding`: the face was opaque before its corners were
    /// rounded, so the cross, which rounding does not reach, is opaque
    /// without looking (a scan of a million pixels a story).
    func opaqueCover(of face: Raster, cornerRadius r: Int, at place: PixelRect,
                     opaqueBeforeRounding: Bool = false) -> [PixelRect] {
        let across = PixelRect(x: 0, y: r, width: face.width, height: face.height - 2 * r)
        let down = PixelRect(x: r, y: 0, width: face.width - 2 * r, height: face.height)
        guard !across.isEmpty, !down.isEmpty else { return [] }
        guard opaqueBeforeRounding || (face.isOpaque(in: across)
                                       && down.subtracting(across).allSatisfy({ face.isOpaque(in: $0) })) else { return [] }
        return [across, down].map { PixelRect(x: $0.x + place.x, y: $0.y + place.y, width: $0.width, height: $0.height) }
    }

    /// `storyCardShadow` of a face that was opaque before its corners were
    /// rounded: its outline is the rounded rectangle's coverage alone, so
    /// the shadow is kept by the face's size (no outline made and compared,
    /// a million pixels each, for every story).
    func opaqueStoryCardShadow(_ face: Raster) -> CastShadow {
        if let kept = opaqueStoryShadow, kept.size == face.size { return kept.cast }
        let cast = storyCardShadow(face)
        opaqueStoryShadow = (face.size, cast)
        return cast
    }

    /// The shadow the story's card casts: what `draw(_:at:shadow:)` paints,
    /// with the blur kept for the next card of the same outline (compared
    /// whole, so a transparent poster's own outline gets its own blur).
    func storyCardShadow(_ face: Raster) -> CastShadow {
        let outline = AlphaMask(alphaOf: face)
        if let kept = storyShadow, kept.outline == outline { return kept.cast }
        let cast = DropShadow(offsetX: 0, offsetY: 10, sigma: 22, color: RGBA(0, 0, 0, 110)).cast(by: outline)
        storyShadow = (outline, cast)
        return cast
    }

    /// What a story or feed image says when its title is cut: only when
    /// even the smallest size left no room.
    func titleLeftOut(_ input: SocialImageInput) -> CardWarning {
        .leftOut(file: input.source, what: ["the end of the title"],
                 reason: "no room on the \(input.format.rawValue) image (\(input.format.size.width)x\(input.format.size.height))")
    }

    /// The story's title, set in the space under the card: 34 points, or
    /// smaller down to 24 before its end is cut, in at most 55% of the
    /// height between the card and the bottom's safe zone (two lines at
    /// 34 points, three at 24), so the stars, the date and the memo line
    /// keep their room.
    func storyTitle(_ title: String, ink: RGBA) throws(CardError) -> TextLayout {
        let size = SocialFormat.story.size, s = 2.0
        let top = SocialMetrics.storyCard.maxY + 40, bottom = Double(size.height) - SocialMetrics.storySafeBottom
        return try layoutFitting(SearchTitle.shown(title), points: 34, minimum: 24,
                                 width: Double(size.width) - 2 * SocialMetrics.margin,
                                 height: min(3 * 34 * 1.2 * s, (bottom - top) * 0.55)) { points in
            theme.textStyle(points: points, scale: s, weight: .bold, color: ink, lineHeight: 1.2)
        }
    }

    /// A feed post (4:5) or a square: the photo full width (6:5 on the
    /// feed, 18:11 on the square), the text on a band of the background.
    private func renderFeed(_ input: SocialImageInput) throws(CardError) -> RenderedImage {
        let size = input.format.size, s = 2.0
        let photoSize = PixelSize(width: size.width, height: SocialMetrics.photoHeight(input.format))
        var warnings: [CardWarning] = []
        var canvas = Raster(width: size.width, height: size.height, fill: theme.backgroundColor)
        var scrimColumns = 0..<size.width
        // 1. The photo as edited, full width, re-fitted to its place.
        if let file = input.photo?.file {
            if keepsCropWhole(input) {
                let (loaded, picture) = try loadWhole(file, in: photoSize)
                warnings += loaded.warnings
                canvas.draw(loaded.raster, at: 0, 0)
                scrimColumns = picture.x..<picture.maxX
            } else {
                let loaded = try loader.load(file, size: photoSize)
                warnings += loaded.warnings
                canvas.draw(loaded.raster, at: 0, 0)
            }
        } else {
            canvas.draw(placeholderPicture(input, size: photoSize), at: 0, 0)
        }
        let m = SocialMetrics.margin
        // A light veil at the top so the badge reads on any photo (on the
        // photo alone where it is shown whole).
        let top = PixelRect(x: scrimColumns.lowerBound, y: 0, width: scrimColumns.count, height: 180)
        canvas.applyScrim(in: top, topOpacity: 0.28, bottomOpacity: 0)
        try drawBadge(strings.kind(input.kind), into: &canvas, at: Point(x: m, y: m), points: 14, scale: s,
                      fill: theme.badgeColor(input.kind), textColor: theme.inverseTextColor,
                      standingOut: input.photo?.file == nil)
        // 2. The band: title, stars and date, memo line, the brand mark.
        let width = Double(size.width) - 2 * m
        var y = Double(photoSize.height) + (input.format == .square ? 36 : 44)
        let bottom = Double(size.height) - (input.format == .square ? 36 : 44)
        let title = try bandTitle(input, points: 30, minimum: 22, lines: 2, width: width, warnings: &warnings)
        draw(title, into: &canvas, at: Point(x: m, y: y.rounded()))
        y += title.size.height + 14
        y = try drawRatingAndDate(input, into: &canvas, x: m, y: y, color: theme.secondaryTextColor, scale: s) + 16
        let markStyle = theme.textStyle(points: 12, scale: s, weight: .bold, color: theme.secondaryTextColor,
                                        lineHeight: 1.2, alignment: .trailing)
        let mark = try layout(strings.brandMark, markStyle, width: width)
        let markTop = bottom - mark.size.height
        if y + 30 < markTop { try drawMemoLine(input, into: &canvas, at: Point(x: m, y: y), width: width, bottom: markTop) }
        draw(mark, into: &canvas, at: Point(x: m, y: markTop.rounded()))
        return RenderedImage(raster: canvas, warnings: warnings + takeTextWarnings())
    }

    /// The title on the band of a feed post, a square or a link preview:
    /// bold, at `points`, or smaller down to `minimum` before its end is
    /// cut (said in `warnings`) to fit `lines` lines.
    private func bandTitle(_ input: SocialImageInput, points: Double, minimum: Double, lines: Int, width: Double,
                           warnings: inout [CardWarning]) throws(CardError) -> TextLayout {
        let s = 2.0
        let title = try layoutFitting(SearchTitle.shown(input.title), points: points, minimum: minimum, width: width,
                                      height: Double(lines) * points * 1.2 * s) { points in
            theme.textStyle(points: points, scale: s, weight: .bold, color: theme.textColor, lineHeight: 1.2)
        }
        if title.truncated { warnings.append(titleLeftOut(input)) }
        return title
    }

    /// The memo's first line on a band, from `origin`, in as many lines as
    /// fit above `bottom` (less a gap).
    private func drawMemoLine(_ input: SocialImageInput, into canvas: inout Raster, at origin: Point, width: Double,
                              bottom: Double) throws(CardError) {
        guard let memo = input.memoLine else { return }
        let line = try layoutFitting(memo, points: 15, minimum: 15, width: width, height: bottom - origin.y - 8) { points in
            theme.textStyle(points: points, scale: 2, color: theme.textColor.withOpacity(0.85), lineHeight: 1.4)
        }
        draw(line, into: &canvas, at: Point(x: origin.x, y: origin.y.rounded()))
    }

    /// A link preview (1200×630, 1.91:1, as chats and feeds unfurl a
    /// link): the photo as a square on the left, the full height; on the
    /// right, on the background, the kind, the title, the stars and date,
    /// the memo line and the brand mark. A preview is shown small (about
    /// 500 pixels wide in a chat), so its text is large.
    private func renderLink(_ input: SocialImageInput) throws(CardError) -> RenderedImage {
        let size = input.format.size, s = 2.0
        let side = SocialMetrics.linkPhotoSide
        let photoSize = PixelSize(width: side, height: side)
        var warnings: [CardWarning] = []
        var canvas = Raster(width: size.width, height: size.height, fill: theme.backgroundColor)
        if let file = input.photo?.file {
            let loaded = keepsCropWhole(input) ? try loadWhole(file, in: photoSize).0 : try loader.load(file, size: photoSize)
            warnings += loaded.warnings
            canvas.draw(loaded.raster, at: 0, 0)
        } else {
            canvas.draw(placeholderPicture(input, size: photoSize), at: 0, 0)
        }
        let m = 48.0, x = Double(side) + m, width = Double(size.width) - x - m
        var y = m
        let badge = try drawBadge(strings.kind(input.kind), into: &canvas, at: Point(x: x, y: y), points: 14, scale: s,
                                  fill: theme.badgeColor(input.kind), textColor: theme.inverseTextColor)
        y += badge.height + 22
        let markStyle = theme.textStyle(points: 12, scale: s, weight: .bold, color: theme.secondaryTextColor,
                                        lineHeight: 1.2)
        let mark = try layout(strings.brandMark, markStyle, width: width)
        let markTop = Double(size.height) - m - mark.size.height
        let title = try bandTitle(input, points: 26, minimum: 20, lines: 3, width: width, warnings: &warnings)
        draw(title, into: &canvas, at: Point(x: x, y: y.rounded()))
        y += title.size.height + 18
        // The stars and the rating, the date under them: the column is
        // too narrow for the three on one line.
        let radius = 10 * s
        let stars = drawStars(input.rating, into: &canvas, center: Point(x: x + radius, y: y + radius), radius: radius,
                              spacing: radius * 28 / 12, color: theme.starColor)
        let detail = theme.textStyle(points: 16, scale: s, weight: .bold, color: theme.secondaryTextColor, lineHeight: 1.2)
        let rating = try layout(strings.rating(input.rating), detail, width: .infinity)
        draw(rating, into: &canvas, at: Point(x: (x + stars + 12 * s).rounded(), y: (y + radius - rating.size.height / 2).rounded()))
        y += 2 * radius + 12
        let date = try layout(strings.date(input.date), detail, width: width)
        draw(date, into: &canvas, at: Point(x: x, y: y.rounded()))
        y += date.size.height + 18
        if y + 15 * 1.4 * s <= markTop - 8 {
            try drawMemoLine(input, into: &canvas, at: Point(x: x, y: y), width: width, bottom: markTop)
        }
        draw(mark, into: &canvas, at: Point(x: x, y: markTop.rounded()))
        return RenderedImage(raster: canvas, warnings: warnings + takeTextWarnings())
    }

    /// Stars, the rating as a number and the date on one line from `y`;
    /// returns the line's bottom.
    private func drawRatingAndDate(_ input: SocialImageInput, into canvas: inout Raster, x: Double, y: Double,
                                   color: RGBA, scale s: Double) throws(CardError) -> Double {
        let radius = 12 * s, spacing = 28 * s
        let stars = drawStars(input.rating, into: &canvas, center: Point(x: x + radius, y: y + radius), radius: radius,
                              spacing: spacing, color: theme.starColor)
        let text = strings.rating(input.rating) + "  ·  " + strings.date(input.date)
        let line = try layout(text, theme.textStyle(points: 16, scale: s, weight: .bold, color: color, lineHeight: 1.2),
                              width: .infinity)
        draw(line, into: &canvas, at: Point(x: (x + stars + 14 * s).rounded(), y: (y + radius - line.size.height / 2).rounded()))
        return y + 2 * radius
    }

    /// The picture of an entry without a photo: the brand gradient with
    /// soft rings and the title's first letter, as the placeholder tile.
    /// Drawn at its own size, one gradient across the whole picture (a
    /// square tile pasted in the middle left a seam where its gradient met
    /// the picture's).
    private func placeholderPicture(_ input: SocialImageInput, size: PixelSize) -> Raster {
        let cell = DayTileInput.Cell(title: input.title, kind: input.kind, photo: nil)
        return (try? placeholderTile(cell, size: size, initial: true)) ?? brandBackdrop(size)
    }
}

extension SocialPairInput: CardLayout {
    /// The story, then the feed image.
    public func draw(with renderer: CardRenderer, parts: PartSource) throws(CardError) -> [RenderedImage] {
        [try renderer.renderSocial(story), try renderer.renderSocial(feed)]
    }
}

extension SocialImageInput: CardLayout {
    /// The one image of its format.
    public func draw(with renderer: CardRenderer, parts: PartSource) throws(CardError) -> [RenderedImage] {
        [try renderer.renderSocial(self)]
    }
}
