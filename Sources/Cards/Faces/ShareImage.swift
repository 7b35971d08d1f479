import PhotiCaseConcurrency
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary
/// What a shareable ticket image holds.
public struct ShareOptions: Sendable, Hashable {
    /// Pixels per card point: 1, 2 or 3.
    public var scale: Int
    /// Only the front face, instead of front and back side by side.
    public var frontOnly: Bool

    /// The scales a share image may be made at.
    public static let scales = 1...3

    public init(scale: Int = 2, frontOnly: Bool = false) {
        precondition(ShareOptions.scales.contains(scale), "share scale \(scale) outside 1...3")
        self.scale = scale
        self.frontOnly = frontOnly
    }
}

extension CardRenderer {
    /// The shareable ticket: the faces side by side (or the front alone) on
    /// the theme's share backdrop, each lifted by a soft shadow, with a
    /// margin around them. Opaque, so it encodes the same in every format.
    ///
    /// `prepared`: its photo and backdrop, made while this renderer was
    /// made (`SharePreparation`), for `entry` and `options` alone.
    public func renderShare(_ entry: Entry, options: ShareOptions = ShareOptions(),
                            prepared: SharePreparation? = nil) throws(CardError) -> RenderedImage {
        let scale = Double(options.scale)
        let faceCount = options.frontOnly ? 1 : 2
        let painting: (() -> ShareBackdrop)?
        if let prepared {
            precondition(prepared.options == options, "a share preparation for other options")
            sharesPaintedInOrder.insert(ShareBackdrop.Key(faceCount: faceCount, scale: options.scale))
            preparedPhoto = prepared.photo
            painting = prepared.backdrop.value
        } else {
            painting = splitsWork ? backdropBesideFaces(faceCount: faceCount, scale: options.scale).map { $0.value } : nil
        }
        defer { preparedPhoto = nil }
        var faces = [try renderFront(entry, scale: scale)]
        if !options.frontOnly { faces.append(try renderBack(entry, scale: scale)) }
        if let painting {
            let backdrop = painting()
            shareShadows[options.scale] = backdrop.shadow
            if let image = compose(faces, on: backdrop) { return image }
            return composeShareInOrder(faces, scale: options.scale)
        }
        return composeShare(faces, scale: options.scale)
    }

    /// The first share image of a shape a renderer that splits its work
    /// makes: its backdrop (`paintBackdrop`) painted on another thread
    /// while this one draws the faces, nil for any later one (the backdrop
    /// is then kept, `composeShare`). The ticket outline is rasterized
    /// here first, as the faces are cut by it too.
    func backdropBesideFaces(faceCount: Int, scale intScale: Int) -> BackgroundWork<ShareBackdrop>? {
        let key = ShareBackdrop.Key(faceCount: faceCount, scale: intScale)
        guard shareBackdrops[key] == nil, sharesPaintedInOrder.insert(key).inserted else { return nil }
        let kept = shareShadows[intScale]
        let mask = kept == nil ? ticketMask(cardPixelSize(scale: Double(intScale)), scale: Double(intScale)) : nil
        let theme = self.theme
        return BackgroundWork {
            Self.paintBackdrop(theme, faceCount: faceCount, scale: intScale,
                               shadow: kept ?? Self.shareDropShadow(scale: intScale).cast(by: mask!))
        }
    }

    /// A share backdrop as painting in order leaves it under the faces,
    /// from the theme alone (any thread): the backdrop colour, then each
    /// card's `shadow` everywhere but inside the places of cards before it
    /// (painted there after that card's face, `compose(_:on:)`).
    static func paintBackdrop(_ theme: Theme, faceCount: Int, scale intScale: Int, shadow: CastShadow) -> ShareBackdrop {
        let size = shareImageSize(theme, faceCount: faceCount, scale: intScale)
        let places = sharePlaces(theme, faceCount: faceCount, scale: intScale)
        var canvas = Raster(width: size.width, height: size.height, fill: theme.shareBackgroundColor)
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        for (k, place) in places.enumerated() {
            for part in whole.subtracting(Array(places[..<k])) {
                canvas.drawShadow(shadow, at: place.x, place.y, within: part)
            }
        }
        return ShareBackdrop(canvas: canvas, places: places, shadow: shadow)
    }

    /// `faces` painted on `backdrop` (taken: its canvas becomes the image),
    /// each face, then inside its place the shadows of the cards after it,
    /// as painting in order does. Nil when a face is not its card's size
    /// (it would reach past what the backdrop kept apart for it).
    func compose(_ faces: [RenderedImage], on backdrop: consuming ShareBackdrop) -> RenderedImage? {
        guard faces.count == backdrop.places.count, zip(faces, backdrop.places).allSatisfy({
            $0.raster.size == PixelSize(width: $1.width, height: $1.height)
        }) else { return nil }
        var canvas = backdrop.canvas
        let places = backdrop.places, shadow = backdrop.shadow
        _ = consume backdrop
        for (k, face) in faces.enumerated() {
            let place = places[k]
            canvas.draw(face.raster, at: place.x, place.y)
            for later in places[(k + 1)...] {
                canvas.drawShadow(shadow, at: later.x, later.y, within: place)
            }
        }
        return RenderedImage(raster: canvas, warnings: faces.flatMap(\.warnings))
    }

    /// The share layout around faces already rendered at `scale` (front
    /// first); the batch pipeline renders each face once and reuses it.
    ///
    /// The pixels are those of painting, in order, the backdrop, then for
    /// each card its shadow and its face. The backdrop and shadows are the
    /// same for every ticket, so they come from `shareBackdrop`; whatever a
    /// later card's shadow would paint over an earlier face is painted
    /// after that face, as the order says (at the theme's gap its blur
    /// fades to nothing before it gets there, but the order does not
    /// depend on that).
    ///
    /// The first share image of a shape a renderer makes is painted in
    /// order, straight into the image; the backdrop is kept from the
    /// second on. A process that makes one (`share`) so fills one canvas
    /// instead of three (the backdrop, its copy, the cards' insides): a
    /// third of the pages `share` of a small photo touched.
    public func composeShare(_ faces: [RenderedImage], scale intScale: Int) -> RenderedImage {
        precondition(!faces.isEmpty, "a share image needs at least one face")
        let key = ShareBackdrop.Key(faceCount: faces.count, scale: intScale)
        if shareBackdrops[key] == nil, sharesPaintedInOrder.insert(key).inserted {
            return composeShareInOrder(faces, scale: intScale)
        }
        // A face of another size than its card would reach past what the
        // backdrop kept apart for it: painted in order instead.
        return compose(faces, on: shareBackdrop(faceCount: faces.count, scale: intScale))
            ?? composeShareInOrder(faces, scale: intScale)
    }

    /// The share image painted in order, backdrop, then each card's shadow
    /// and face: what `composeShare` makes, the slow way.
    func composeShareInOrder(_ faces: [RenderedImage], scale intScale: Int) -> RenderedImage {
        let places = sharePlaces(faceCount: faces.count, scale: intScale)
        let shadow = shareShadow(cardPixelSize(scale: Double(intScale)), scale: intScale)
        let size = shareImageSize(faceCount: faces.count, scale: intScale)
        var canvas = Raster(width: size.width, height: size.height, fill: theme.shareBackgroundColor)
        for (face, place) in zip(faces, places) {
            canvas.drawShadow(shadow, at: place.x, place.y)
            canvas.draw(face.raster, at: place.x, place.y)
        }
        return RenderedImage(raster: canvas, warnings: faces.flatMap(\.warnings))
    }

    /// Where each of `faceCount` cards goes at `scale`, front first: a
    /// margin round the cards and a gap between them.
    func sharePlaces(faceCount: Int, scale intScale: Int) -> [PixelRect] {
        Self.sharePlaces(theme, faceCount: faceCount, scale: intScale)
    }

    static func sharePlaces(_ theme: Theme, faceCount: Int, scale intScale: Int) -> [PixelRect] {
        let scale = Double(intScale)
        let card = cardPixelSize(theme, scale: scale)
        let margin = Int((ShareMetrics.margin * scale).rounded()), gap = Int((ShareMetrics.gap * scale).rounded())
        return (0..<faceCount).map { i in
            PixelRect(x: margin + i * (card.width + gap), y: margin, width: card.width, height: card.height)
        }
    }

    /// The backdrop with the cards' shadows for `faceCount` faces at
    /// `scale`, made once per renderer: outside the cards every shadow is
    /// painted; inside card k's place only those of cards 0...k, the ones
    /// painted before its face.
    func shareBackdrop(faceCount: Int, scale intScale: Int) -> ShareBackdrop {
        let key = ShareBackdrop.Key(faceCount: faceCount, scale: intScale)
        if let cached = shareBackdrops[key] { return cached }
        let card = cardPixelSize(scale: Double(intScale))
        let size = shareImageSize(faceCount: faceCount, scale: intScale)
        let places = sharePlaces(faceCount: faceCount, scale: intScale)
        // The shadow is cast by the ticket outline, not by the face's
        // alpha: whatever a face holds, the card is what lifts off the backdrop.
        let shadow = shareShadow(card, scale: intScale)
        var canvas = Raster(width: size.width, height: size.height, fill: theme.shareBackgroundColor)
        var inside: [Raster] = []
        for place in places {
            canvas.drawShadow(shadow, at: place.x, place.y)
            inside.append(canvas.cropped(to: place))
        }
        for (place, pixels) in zip(places, inside) { canvas.replace(place, with: pixels) }
        let backdrop = ShareBackdrop(canvas: canvas, places: places, shadow: shadow)
        shareBackdrops[key] = backdrop
        return backdrop
    }
}

/// A share image before its faces: see `CardRenderer.shareBackdrop`.
struct ShareBackdrop {
    struct Key: Hashable {
        var faceCount: Int
        var scale: Int
    }

    var canvas: Raster
    /// Where each card goes, front first.
    var places: [PixelRect]
    /// The shadow each card casts.
    var shadow: CastShadow
}

extension CardRenderer {
    /// The size in pixels of a share image of `faceCount` faces at `scale`.
    public func shareImageSize(faceCount: Int, scale intScale: Int) -> PixelSize {
        Self.shareImageSize(theme, faceCount: faceCount, scale: intScale)
    }

    /// `shareImageSize` from the theme alone, without a renderer.
    public static func shareImageSize(_ theme: Theme, faceCount: Int, scale intScale: Int) -> PixelSize {
        let scale = Double(intScale)
        let card = cardPixelSize(theme, scale: scale)
        let margin = Int((ShareMetrics.margin * scale).rounded()), gap = Int((ShareMetrics.gap * scale).rounded())
        return PixelSize(width: 2 * margin + faceCount * card.width + (faceCount - 1) * gap, height: 2 * margin + card.height)
    }

    /// The shadow the ticket outline casts on the share backdrop at `scale`:
    /// the same for every ticket, so blurred once per renderer and scale.
    func shareShadow(_ card: PixelSize, scale: Int) -> CastShadow {
        if let cached = shareShadows[scale] { return cached }
        let cast = Self.shareDropShadow(scale: scale).cast(by: ticketMask(card, scale: Double(scale)))
        shareShadows[scale] = cast
        return cast
    }

    /// The shadow a card casts on the share backdrop at `scale`.
    static func shareDropShadow(scale: Int) -> DropShadow {
        let s = Double(scale)
        return DropShadow(offsetX: 0, offsetY: Int((6 * s).rounded()), sigma: 9 * s, color: RGBA(0x2A, 0x20, 0x18, 70))
    }
}

/// The share image's spacing, in points.
enum ShareMetrics {
    static let margin = 28.0
    static let gap = 24.0
}
