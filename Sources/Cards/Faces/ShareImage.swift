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
    public func renderShare(_ entry: Entry, options: ShareOptions = ShareOptions()) throws(CardError) -> RenderedImage {
        let scale = Double(options.scale)
        var faces = [try renderFront(entry, scale: scale)]
        if !options.frontOnly { faces.append(try renderBack(entry, scale: scale)) }
        return composeShare(faces, scale: options.scale)
    }

    /// The share layout around faces already rendered at `scale` (front
    /// first); the batch pipeline renders each face once and reuses it.
    public func composeShare(_ faces: [RenderedImage], scale intScale: Int) -> RenderedImage {
        precondition(!faces.isEmpty, "a share image needs at least one face")
        let scale = Double(intScale)
        // 1. The canvas: a margin round the cards and a gap between them.
        let card = cardPixelSize(scale: scale)
        let margin = Int((ShareMetrics.margin * scale).rounded()), gap = Int((ShareMetrics.gap * scale).rounded())
        let size = shareImageSize(faceCount: faces.count, scale: intScale)
        var canvas = Raster(width: size.width, height: size.height, fill: theme.shareBackgroundColor)
        // 2. Each card over its shadow. The shadow is cast by the ticket
        //    outline, not by the face's alpha: whatever a face holds, the
        //    card is what lifts off the backdrop.
        let shadow = shareShadow(card, scale: intScale)
        for (i, face) in faces.enumerated() {
            let x = margin + i * (card.width + gap)
            canvas.drawShadow(shadow, at: x, margin)
            canvas.draw(face.raster, at: x, margin)
        }
        return RenderedImage(raster: canvas, warnings: faces.flatMap(\.warnings))
    }
}

extension CardRenderer {
    /// The size in pixels of a share image of `faceCount` faces at `scale`.
    public func shareImageSize(faceCount: Int, scale intScale: Int) -> PixelSize {
        let scale = Double(intScale)
        let card = cardPixelSize(scale: scale)
        let margin = Int((ShareMetrics.margin * scale).rounded()), gap = Int((ShareMetrics.gap * scale).rounded())
        return PixelSize(width: 2 * margin + faceCount * card.width + (faceCount - 1) * gap, height: 2 * margin + card.height)
    }

    /// The shadow the ticket outline casts on the share backdrop at `scale`:
    /// the same for every ticket, so blurred once per renderer and scale.
    func shareShadow(_ card: PixelSize, scale: Int) -> CastShadow {
        if let cached = shareShadows[scale] { return cached }
        let s = Double(scale)
        let shadow = DropShadow(offsetX: 0, offsetY: Int((6 * s).rounded()), sigma: 9 * s,
                                color: RGBA(0x2A, 0x20, 0x18, 70))
        let cast = shadow.cast(by: ticketShape(card, scale: s).mask(width: card.width, height: card.height))
        shareShadows[scale] = cast
        return cast
    }
}

/// The share image's spacing, in points.
enum ShareMetrics {
    static let margin = 28.0
    static let gap = 24.0
}
