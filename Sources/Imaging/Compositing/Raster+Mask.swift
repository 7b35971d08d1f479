import PhotiCaseRaster
/// Cutting a raster to a shape: multiplying its alpha by a coverage mask.
extension Raster {
    /// Multiplies every pixel's alpha by `mask` (placed with its top-left
    /// at (`x`, `y`)); pixels the mask does not reach become transparent.
    /// Premultiplied colour channels are scaled with the alpha; a straight
    /// pixel left with alpha 0 is cleared to all zero bytes.
    public mutating func clip(to mask: AlphaMask, at x: Int = 0, _ y: Int = 0) {
        let area = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(wholeArea)
        // What the mask does not reach: all transparent.
        let w = width, outside = wholeArea.subtracting(area)
        withUnsafeMutableBytes { raw in
            for part in outside {
                for py in part.y..<part.maxY {
                    (raw.baseAddress! + (py * w + part.x) * 4).initializeMemory(as: UInt8.self, repeating: 0,
                                                                                count: part.width * 4)
                }
            }
        }
        multiplyAlpha(by: mask, at: x, y)
    }

    /// Multiplies the alpha of the pixels under `mask` (placed with its
    /// top-left at (`x`, `y`)) by its coverage; the others are left alone.
    private mutating func multiplyAlpha(by mask: AlphaMask, at x: Int, _ y: Int) {
        let premul = alphaMode == .premultiplied
        let w = width, mw = mask.width
        let area = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(wholeArea)
        guard !area.isEmpty else { return }
        mask.coverage.withUnsafeBufferPointer { m in
            withUnsafeMutableBytes { raw in
                let p = raw.bindMemory(to: UInt8.self)
                for py in area.y..<area.maxY {
                    let row = py * w * 4
                    let coverage = m.baseAddress! + (py - y) * mw - x
                    // Wrapping arithmetic: every offset is inside the raster.
                    for px in area.x..<area.maxX {
                        let cov = UInt32(coverage[px])
                        if cov == 255 { continue }
                        let i = row &+ px &* 4
                        let a = RGBA.mul255(UInt32(p[i &+ 3]), cov)
                        if a == 0 {
                            raw.storeBytes(of: UInt32(0), toByteOffset: i, as: UInt32.self)
                            continue
                        }
                        if premul {
                            p[i] = UInt8(RGBA.mul255(UInt32(p[i]), cov))
                            p[i &+ 1] = UInt8(RGBA.mul255(UInt32(p[i &+ 1]), cov))
                            p[i &+ 2] = UInt8(RGBA.mul255(UInt32(p[i &+ 2]), cov))
                        }
                        p[i &+ 3] = UInt8(a)
                    }
                }
            }
        }
    }

    /// Keeps only the inside of `path` (anti-aliased by exact coverage).
    public mutating func clip(to path: Path) {
        clip(to: AlphaMask(path: path, width: width, height: height))
    }

    /// Keeps only the rounded rectangle `rect` with corner `radii`.
    public mutating func clip(toRoundedRect rect: Rect, radii: CornerRadii) {
        let path = Path.roundedRect(rect, radii: radii)
        // The raster's own rectangle (a card's face): only its corners
        // change, so only squares at the corners are rasterized and
        // multiplied, a few thousand pixels of a face's million. Elsewhere
        // the shape covers every pixel whole.
        let side = Int(Swift.max(radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft).rounded(.up))
        guard rect == Rect(x: 0, y: 0, width: Double(width), height: Double(height)), side >= 0,
              2 * side <= Swift.min(width, height) else {
            return clip(to: path)
        }
        guard side > 0 else { return }
        for (cx, cy) in [(0, 0), (width - side, 0), (width - side, height - side), (0, height - side)] {
            multiplyAlpha(by: AlphaMask(path: path.offsetBy(dx: Double(-cx), dy: Double(-cy)), width: side, height: side),
                          at: cx, cy)
        }
    }

    /// The raster with its corners rounded off by `radius`.
    public func roundedCorners(radius: Double) -> Raster {
        var out = self
        out.clip(toRoundedRect: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                 radii: CornerRadii(radius))
        return out
    }
}
