/// A soft shadow cast by a shape: its coverage blurred, moved and painted
/// in a colour, under the shape.
public struct DropShadow: Sendable, Hashable {
    /// How far the shadow falls from the shape, in pixels.
    public var offsetX: Int
    public var offsetY: Int
    /// Standard deviation of the Gaussian blur, in pixels.
    public var sigma: Double
    /// The shadow's colour; its alpha is the shadow's opacity.
    public var color: RGBA

    public init(offsetX: Int, offsetY: Int, sigma: Double, color: RGBA) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.sigma = sigma
        self.color = color
    }
}

extension Raster {
    /// Paints `shadow` as cast by `mask` placed with its top-left at
    /// (`x`, `y`). Draw the shape itself afterwards so it sits on top.
    public mutating func drawShadow(_ shadow: DropShadow, of mask: AlphaMask, at x: Int, _ y: Int) {
        guard shadow.color.a > 0 else { return }
        let blurred = mask.gaussianBlurred(sigma: shadow.sigma)
        let margin = (blurred.width - mask.width) / 2
        fill(mask: blurred, color: shadow.color, at: x + shadow.offsetX - margin, y + shadow.offsetY - margin)
    }

    /// Draws `source` at (`x`, `y`) over the shadow its alpha casts.
    public mutating func draw(_ source: Raster, at x: Int, _ y: Int, shadow: DropShadow, opacity: Double = 1) {
        drawShadow(shadow, of: AlphaMask(alphaOf: source), at: x, y)
        draw(source, at: x, y, opacity: opacity)
    }
}
