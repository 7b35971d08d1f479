import CPhotiCasePixelKernels
import PhotiCaseRaster
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

/// A shadow as one shape casts it: the blur done once, for a shape whose
/// shadow is painted many times (every share image casts the same ticket
/// outline's shadow twice).
public struct CastShadow: Sendable {
    /// The shape's coverage, blurred.
    public let blurred: AlphaMask
    /// Where the blurred mask's top-left sits relative to the shape's.
    public let offsetX: Int
    public let offsetY: Int
    public let color: RGBA
}

extension DropShadow {
    /// This shadow as `mask` casts it.
    public func cast(by mask: AlphaMask) -> CastShadow {
        let blurred = mask.gaussianBlurred(sigma: sigma)
        let margin = (blurred.width - mask.width) / 2
        return CastShadow(blurred: blurred, offsetX: offsetX - margin, offsetY: offsetY - margin, color: color)
    }
}

extension Raster {
    /// Paints `shadow` as cast by `mask` placed with its top-left at
    /// (`x`, `y`). Draw the shape itself afterwards so it sits on top.
    public mutating func drawShadow(_ shadow: DropShadow, of mask: AlphaMask, at x: Int, _ y: Int) {
        guard shadow.color.a > 0 else { return }
        drawShadow(shadow.cast(by: mask), at: x, y)
    }

    /// Paints a shadow already cast, for its shape placed at (`x`, `y`);
    /// only inside `limit` when given.
    public mutating func drawShadow(_ shadow: CastShadow, at x: Int, _ y: Int, within limit: PixelRect? = nil) {
        guard shadow.color.a > 0 else { return }
        let mx = x + shadow.offsetX, my = y + shadow.offsetY, mask = shadow.blurred
        var area = PixelRect(x: mx, y: my, width: mask.width, height: mask.height).intersection(wholeArea)
        if let limit { area = area.intersection(limit) }
        guard !area.isEmpty else { return }
        // A black shadow over opaque rows (a card over a photo's backdrop):
        // the SSE2 kernel, the general fill's bytes there (a test holds
        // them to it). Other rows and colours take the general fill.
        let color = shadow.color, black = color.r == 0 && color.g == 0 && color.b == 0
        var others: [PixelRect] = []
        let w = width
        mask.coverage.withUnsafeBufferPointer { m in
            withUnsafeMutableBytes { raw in
                let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
                for py in area.y..<area.maxY {
                    let row = p + (py * w + area.x) * 4
                    guard black, pk_row_is_opaque(row, Int32(area.width)) != 0 else {
                        others.append(PixelRect(x: area.x, y: py, width: area.width, height: 1))
                        continue
                    }
                    pk_darken_opaque(row, m.baseAddress! + (py - my) * mask.width + area.x - mx, Int32(area.width),
                                     UInt32(color.a))
                }
            }
        }
        for part in others { fill(mask: mask, color: color, at: mx, my, within: part) }
    }

    /// Draws `source` at (`x`, `y`) over the shadow its alpha casts.
    public mutating func draw(_ source: Raster, at x: Int, _ y: Int, shadow: DropShadow, opacity: Double = 1) {
        drawShadow(shadow, of: AlphaMask(alphaOf: source), at: x, y)
        draw(source, at: x, y, opacity: opacity)
    }
}
