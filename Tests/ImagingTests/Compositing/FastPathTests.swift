import Testing
import PhotiCaseImaging
import PhotiCaseRaster

/// The shortcuts of the fill, clip and opacity loops (a colour looked up
/// once a row, results kept by coverage over a flat backdrop, rows the
/// mask misses cleared whole, alphas tested a word at a time) give the
/// bytes of the plain per-pixel loops, in both alpha modes.
@Suite struct FastPathTests {
    static let modes = [AlphaMode.straight, .premultiplied]

    /// A flat band on top (a backdrop), noise below with some translucent
    /// and transparent pixels, stored in `mode`.
    static func scene(width: Int = 53, height: Int = 41, mode: AlphaMode) -> Raster {
        var r = Raster(width: width, height: height, alphaMode: .straight, fill: RGBA(0xEE, 0xEB, 0xE6))
        var seed: UInt32 = 7
        func next() -> UInt8 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 24)
        }
        for y in height / 3..<height {
            for x in 0..<width {
                let a: UInt8 = x % 7 == 0 ? next() : x % 11 == 0 ? 0 : 255
                r[x, y] = RGBA(next(), next(), next(), a)
            }
        }
        return mode == .premultiplied ? r.premultiplied() : r
    }

    /// Coverage ramping across, with zero and full runs.
    static func mask(width: Int, height: Int) -> AlphaMask {
        var m = AlphaMask(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { m[x, y] = x < 4 ? 0 : x > width - 6 ? 255 : UInt8((x * 37 + y * 11) % 256) }
        }
        return m
    }

    @Test(arguments: modes)
    func aRowConstantPaintIsTheGeneralLoop(mode: AlphaMode) {
        let area = PixelRect(x: 3, y: 2, width: 45, height: 36)
        let paints: [Paint] = [
            .linearGradient(.vertical(in: area, stops: [GradientStop(0, RGBA.black.withOpacity(0)),
                                                        GradientStop(0.4, RGBA.black.withOpacity(0.5)),
                                                        GradientStop(1, RGBA(20, 40, 200))])),
            .solid(RGBA(200, 30, 30, 128)), .solid(RGBA(30, 200, 30)), .solid(.clear),
        ]
        Self.expectTheGeneralLoop(paints, in: area, mode: mode)
    }

    /// Each paint filled over `area` of the scene gives the bytes of the
    /// same fill through a mask of full coverage (the per-pixel loop).
    static func expectTheGeneralLoop(_ paints: [Paint], in area: PixelRect, mode: AlphaMode) {
        let full = AlphaMask(width: area.width, height: area.height, coverage: [UInt8](repeating: 255, count: area.width * area.height))
        for paint in paints {
            var fast = scene(mode: mode), general = fast
            fast.fill(paint, in: area)
            general.fill(mask: full, paint: paint, at: area.x, area.y)
            #expect(fast == general, "\(paint)")
        }
    }

    /// An opaque gradient at a slant, past its ends on both sides (the
    /// colours stored, not blended), is the per-pixel loop's.
    @Test(arguments: modes)
    func aSlantedOpaqueGradientIsTheGeneralLoop(mode: AlphaMode) {
        let area = PixelRect(x: 2, y: 1, width: 49, height: 38)
        let stops = [GradientStop(0, RGBA(250, 40, 90)), GradientStop(0.3, RGBA(20, 40, 200)), GradientStop(1, RGBA(240, 220, 10))]
        let paints: [Paint] = [
            .linearGradient(LinearGradient(in: Rect(x: 2, y: 1, width: 49, height: 38), degrees: 155, stops: stops)),
            .linearGradient(LinearGradient(start: Point(x: 20, y: 10), end: Point(x: 30, y: 25), stops: stops)),
            .linearGradient(LinearGradient(start: Point(x: 40, y: 30), end: Point(x: 10, y: 5), stops: stops)),
        ]
        Self.expectTheGeneralLoop(paints, in: area, mode: mode)
    }

    /// A raster made under a paint is the background filled, then the
    /// paint over it: written once for an opaque paint, blended otherwise.
    @Test func aRasterMadeUnderAPaintIsTheTwoFills() {
        let background = RGBA(120, 30, 200)
        let paints: [Paint] = [
            .linearGradient(LinearGradient(in: Rect(x: 0, y: 0, width: 37, height: 29), degrees: 155,
                                           stops: [GradientStop(0, RGBA(250, 40, 90)), GradientStop(1, RGBA(20, 40, 200))])),
            .linearGradient(.vertical(in: PixelRect(x: 0, y: 0, width: 37, height: 29),
                                      stops: [GradientStop(0, RGBA(9, 9, 9)), GradientStop(1, RGBA(200, 200, 9))])),
            .linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 37, y: 10),
                                           stops: [GradientStop(0, RGBA(250, 40, 90, 100)), GradientStop(1, RGBA(20, 40, 200))])),
            .solid(RGBA(1, 2, 3)), .solid(RGBA(1, 2, 3, 77)),
        ]
        for paint in paints {
            var twoFills = Raster(width: 37, height: 29, fill: background)
            twoFills.fill(paint)
            #expect(Raster(width: 37, height: 29, background: background, paint: paint) == twoFills, "\(paint)")
        }
    }

    /// One colour through a mask (results kept by coverage) is the
    /// per-pixel loop's, which a gradient of that colour alone takes.
    @Test(arguments: modes)
    func aSolidPaintThroughAMaskIsTheGeneralLoop(mode: AlphaMode) {
        let mask = Self.mask(width: 47, height: 35)
        for color in [RGBA(0x2A, 0x20, 0x18, 20), RGBA(250, 250, 250), RGBA(10, 200, 90, 200), RGBA.clear] {
            let even = Paint.linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 30, y: 12),
                                                           stops: [GradientStop(0, color), GradientStop(1, color)]))
            var fast = Self.scene(mode: mode), general = fast
            fast.fill(mask: mask, paint: .solid(color), at: 4, 3)
            general.fill(mask: mask, paint: even, at: 4, 3)
            #expect(fast == general, "\(color)")
        }
    }

    @Test(arguments: modes)
    func keptResultsAreThePlainBlend(mode: AlphaMode) {
        let color = RGBA(0x2A, 0x20, 0x18, 70)
        let mask = Self.mask(width: 40, height: 30)
        for (x, y, limit) in [(5, 3, nil), (-6, 20, nil), (20, -4, PixelRect(x: 22, y: 0, width: 14, height: 18))] {
            var fast = Self.scene(mode: mode)
            var plain = fast
            fast.fill(mask: mask, color: color, at: x, y, within: limit)
            // The plain loop: every covered pixel blended on its own.
            var clip = PixelRect(x: x, y: y, width: mask.width, height: mask.height)
                .intersection(PixelRect(x: 0, y: 0, width: plain.width, height: plain.height))
            if let limit { clip = clip.intersection(limit) }
            let premul = mode == .premultiplied
            let w = plain.width
            plain.withUnsafeMutableBytes { raw in
                let p = raw.bindMemory(to: UInt8.self)
                for py in clip.y..<clip.maxY {
                    for px in clip.x..<clip.maxX {
                        let cov = UInt32(mask[px - x, py - y])
                        guard cov > 0 else { continue }
                        RasterBlend.sourceOver(p, (py * w + px) * 4, UInt32(color.r), UInt32(color.g), UInt32(color.b),
                                               RGBA.mul255(UInt32(color.a), cov), premultiplied: premul)
                    }
                }
            }
            #expect(fast == plain, "mask at (\(x), \(y))")
        }
    }

    @Test(arguments: modes)
    func clippingIsThePlainProduct(mode: AlphaMode) {
        let mask = Self.mask(width: 30, height: 20)
        for (x, y) in [(4, 5), (-7, -3), (40, 30), (10, 30)] {
            var fast = Self.scene(mode: mode)
            let before = fast
            fast.clip(to: mask, at: x, y)
            for py in 0..<before.height {
                for px in 0..<before.width {
                    let inside = px >= x && px < x + mask.width && py >= y && py < y + mask.height
                    let cov = UInt32(inside ? mask[px - x, py - y] : 0)
                    let old = before[px, py]
                    let a = RGBA.mul255(UInt32(old.a), cov)
                    let want: RGBA
                    if cov == 255 {
                        want = old
                    } else if a == 0 {
                        want = .clear
                    } else if mode == .premultiplied {
                        want = RGBA(UInt8(RGBA.mul255(UInt32(old.r), cov)), UInt8(RGBA.mul255(UInt32(old.g), cov)),
                                    UInt8(RGBA.mul255(UInt32(old.b), cov)), UInt8(a))
                    } else {
                        want = RGBA(old.r, old.g, old.b, UInt8(a))
                    }
                    #expect(fast[px, py] == want, "(\(px), \(py)) with the mask at (\(x), \(y))")
                }
            }
        }
    }

    @Test func opacityIsFoundAtAnyPixel() {
        for (width, height) in [(1, 1), (3, 1), (5, 7), (33, 65)] {
            let opaque = Raster(width: width, height: height, fill: RGBA(1, 2, 3))
            #expect(opaque.isOpaque)
            for (x, y) in [(0, 0), (width - 1, height - 1), (width / 2, height / 2)] {
                var r = opaque
                r[x, y] = RGBA(1, 2, 3, 254)
                #expect(!r.isOpaque, "\(width)x\(height) at (\(x), \(y))")
            }
        }
    }

    /// A raster rounded at its own corners rasterizes only squares at the
    /// corners: the same bytes as the whole shape's mask, for each radius
    /// (also 0 and half the short side), corners of their own radii, and
    /// both alpha modes.
    @Test(arguments: modes) func roundingARastersOwnCornersIsTheWholeShapesClip(mode: AlphaMode) {
        for (width, height) in [(53, 41), (960, 120), (17, 90)] {
            let whole = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            let short = Double(min(width, height))
            for radii in [CornerRadii(0), CornerRadii(0.5), CornerRadii(7.3), CornerRadii(short / 2),
                          CornerRadii(topLeft: 3, topRight: 11.5, bottomRight: 0, bottomLeft: 6.25)] {
                var fast = Self.scene(width: width, height: height, mode: mode), plain = fast
                fast.clip(toRoundedRect: whole, radii: radii)
                plain.clip(to: Path.roundedRect(whole, radii: radii))
                #expect(fast == plain, "\(width)x\(height), \(radii), \(mode)")
            }
        }
    }
}
