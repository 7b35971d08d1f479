import PhotiCaseRaster
/// Cutting a raster to a shape: multiplying its alpha by a coverage mask.
extension Raster {
    /// Multiplies every pixel's alpha by `mask` (placed with its top-left
    /// at (`x`, `y`)); pixels the mask does not reach become transparent.
    /// Premultiplied colour channels are scaled with the alpha; a straight
    /// pixel left with alpha 0 is cleared to all zero bytes.
    public mutating func clip(to mask: AlphaMask, at x: Int = 0, _ y: Int = 0) {
        let premul = alphaMode == .premultiplied
        let w = width, h = height, mw = mask.width
        let area = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(wholeArea)
        mask.coverage.withUnsafeBufferPointer { m in
            withUnsafeMutableBytes { raw in
                let p = raw.bindMemory(to: UInt8.self)
                for py in 0..<h {
                    let row = py * w * 4
                    guard !area.isEmpty && py >= area.y && py < area.maxY else {
                        // A row the mask does not reach: all transparent.
                        (raw.baseAddress! + row).initializeMemory(as: UInt8.self, repeating: 0, count: w * 4)
                        continue
                    }
                    let coverage = m.baseAddress! + (py - y) * mw - x
                    // Wrapping arithmetic: every offset is inside the raster.
                    for px in 0..<w {
                        let cov: UInt32 = px >= area.x && px < area.maxX ? UInt32(coverage[px]) : 0
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
        clip(to: Path.roundedRect(rect, radii: radii))
    }

    /// The raster with its corners rounded off by `radius`.
    public func roundedCorners(radius: Double) -> Raster {
        var out = self
        out.clip(toRoundedRect: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                 radii: CornerRadii(radius))
        return out
    }
}
