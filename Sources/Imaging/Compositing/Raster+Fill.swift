import PhotiCaseRaster
/// Filling with a `Paint`: everywhere, in a rectangle, through a coverage
/// mask, or inside a path. All fills blend source-over and are clipped to
/// the raster.
extension Raster {
    /// A raster of `background` (straight alpha) with `paint` laid over
    /// every pixel: the pixels of filling it with `background`, then with
    /// `paint`. A paint opaque throughout is written once, with nothing
    /// filled under it (a placeholder's or a year image's gradient).
    public init(width: Int, height: Int, background: RGBA, paint: Paint) {
        let ramp = PaintRamp(paint)
        guard ramp.isOpaque else {
            self.init(width: width, height: height, fill: background)
            fill(paint)
            return
        }
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        self.init(width: width, height: height, writingEveryByte: { raw in
            Raster.storeRamp(ramp, into: raw, width: width, area: whole)
        })
    }

    /// Paints every pixel.
    public mutating func fill(_ paint: Paint) {
        fill(paint, in: PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// Paints the pixels of `rect`.
    public mutating func fill(_ paint: Paint, in rect: PixelRect) {
        blend(PaintRamp(paint), area: rect.intersection(wholeArea), mask: nil, at: 0, 0)
    }

    /// Paints through `mask`, whose top-left pixel lands on (`x`, `y`).
    public mutating func fill(mask: AlphaMask, paint: Paint, at x: Int, _ y: Int) {
        if case let .solid(color) = paint {
            // The same blend a pixel, with the colour's results kept by
            // coverage (`fill(mask:color:at:)`): most of a ring's box is
            // covered not at all or wholly.
            fill(mask: mask, color: color, at: x, y)
            return
        }
        let area = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(wholeArea)
        blend(PaintRamp(paint), area: area, mask: mask, at: x, y)
    }

    /// Paints the inside of `path` (anti-aliased by exact coverage).
    public mutating func fill(_ path: Path, paint: Paint) {
        let area = path.pixelBounds(within: wholeArea)
        guard !area.isEmpty else { return }
        fill(mask: AlphaMask(path: path, covering: area), paint: paint, at: area.x, area.y)
    }

    /// The whole raster as a rectangle.
    var wholeArea: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Blends `ramp`'s colours over `area` (already clipped to the raster),
    /// scaled by `mask` placed at (`mx`, `my`) when there is one.
    private mutating func blend(_ ramp: PaintRamp, area: PixelRect, mask: AlphaMask?, at mx: Int, _ my: Int) {
        guard !area.isEmpty else { return }
        let premul = alphaMode == .premultiplied
        let w = width
        let mw = mask?.width ?? 0
        let coverage = mask?.coverage ?? []
        let hasMask = mask != nil
        let last = ramp.table.count - 1
        let lastT = Double(last)
        if !hasMask && ramp.stepX == 0 {
            blendRows(ramp, area: area)
            return
        }
        if !hasMask && ramp.isOpaque {
            storeRamp(ramp, area: area)
            return
        }
        coverage.withUnsafeBufferPointer { m in
            ramp.table.withUnsafeBufferPointer { table in
                withUnsafeMutableBytes { raw in
                    let p = raw.bindMemory(to: UInt8.self)
                    for py in area.y..<area.maxY {
                        var t = ramp.origin + ramp.stepX * Double(area.x) + ramp.stepY * Double(py)
                        let mrow = (py - my) * mw - mx
                        for px in area.x..<area.maxX {
                            let cov: UInt32 = hasMask ? UInt32(m[mrow + px]) : 255
                            let idx = t <= 0 ? 0 : (t >= lastT ? last : Int(t + 0.5))
                            t += ramp.stepX
                            if cov == 0 { continue }
                            let c = table[idx]
                            let sa = RGBA.mul255(c >> 24, cov)
                            let i = (py * w + px) * 4
                            if sa == 255 {
                                // Opaque paint, fully covered: the same bytes in either alpha mode.
                                raw.storeBytes(of: c.littleEndian, toByteOffset: i, as: UInt32.self)
                            } else {
                                RasterBlend.sourceOver(p, i, c & 0xFF, c >> 8 & 0xFF, c >> 16 & 0xFF, sa,
                                                       premultiplied: premul)
                            }
                        }
                    }
                }
            }
        }
    }

    /// `blend` without a mask for an opaque paint varying along rows (a
    /// slanted gradient behind a year image): every pixel is the table's
    /// colour, stored, with no blending to do. The same position steps and
    /// rounding as the general loop, so the same pixels.
    private mutating func storeRamp(_ ramp: PaintRamp, area: PixelRect) {
        let w = width
        withUnsafeMutableBytes { Raster.storeRamp(ramp, into: $0, width: w, area: area) }
    }

    /// `storeRamp` into the bytes of a raster `width` pixels wide.
    private static func storeRamp(_ ramp: PaintRamp, into raw: UnsafeMutableRawBufferPointer, width w: Int,
                                  area: PixelRect) {
        let last = ramp.table.count - 1
        let lastT = Double(last)
        ramp.table.withUnsafeBufferPointer { table in
            let words = raw.bindMemory(to: UInt32.self)
            for py in area.y..<area.maxY {
                var t = ramp.origin + ramp.stepX * Double(area.x) + ramp.stepY * Double(py)
                var i = py &* w &+ area.x
                for _ in 0..<area.width {
                    let idx = t <= 0 ? 0 : (t >= lastT ? last : Int(t + 0.5))
                    t += ramp.stepX
                    words[i] = table[idx].littleEndian
                    i &+= 1
                }
            }
        }
    }

    /// `blend` without a mask for a paint constant along each row (a
    /// vertical gradient, a solid colour): the colour is looked up once a
    /// row, and a row of opaque paint is stored whole. The same pixels as
    /// the general loop, whose position along the paint stays put across
    /// a row when it moves 0 a pixel.
    private mutating func blendRows(_ ramp: PaintRamp, area: PixelRect) {
        let premul = alphaMode == .premultiplied
        let w = width
        let last = ramp.table.count - 1
        let lastT = Double(last)
        withUnsafeMutableBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            for py in area.y..<area.maxY {
                let t = ramp.origin + ramp.stepX * Double(area.x) + ramp.stepY * Double(py)
                let c = ramp.table[t <= 0 ? 0 : (t >= lastT ? last : Int(t + 0.5))]
                let sa = RGBA.mul255(c >> 24, 255)
                if sa == 0 { continue }
                let start = (py * w + area.x) * 4
                if sa == 255 {
                    // Opaque paint: the same bytes in either alpha mode.
                    for k in 0..<area.width { raw.storeBytes(of: c.littleEndian, toByteOffset: start &+ k &* 4, as: UInt32.self) }
                    continue
                }
                let r = c & 0xFF, g = c >> 8 & 0xFF, b = c >> 16 & 0xFF
                // Wrapping arithmetic: the offsets are inside the raster.
                for k in 0..<area.width {
                    RasterBlend.sourceOver(p, start &+ k &* 4, r, g, b, sa, premultiplied: premul)
                }
            }
        }
    }
}
