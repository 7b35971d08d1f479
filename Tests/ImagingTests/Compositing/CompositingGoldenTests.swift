import Testing
import PhotiCaseTestSupport
import PhotiCaseImaging
import PhotiCaseRaster

/// Compositing rendered and compared with the references in ../Golden.
@Suite struct CompositingGoldenTests {
    /// A stand-in photo: two crossing gradients.
    static func photo(width: Int, height: Int) -> Raster {
        var r = Raster(width: width, height: height, fill: .black)
        r.fill(.linearGradient(LinearGradient(in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                                              degrees: 120, stops: [GradientStop(0, RGBA(40, 120, 200)),
                                                                    GradientStop(0.6, RGBA(250, 210, 120)),
                                                                    GradientStop(1, RGBA(90, 160, 60))])))
        r.fill(.linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 0, y: Double(height)),
                                              colors: [RGBA(255, 255, 255, 90), RGBA(120, 0, 80, 0)])))
        return r
    }

    @Test func gradient() throws {
        var r = Raster(width: 64, height: 64)
        r.fill(.linearGradient(LinearGradient(in: Rect(x: 0, y: 0, width: 64, height: 64), degrees: 30,
                                              stops: [GradientStop(0, RGBA(255, 80, 40)),
                                                      GradientStop(0.5, RGBA(255, 230, 120, 200)),
                                                      GradientStop(1, RGBA(30, 60, 200, 60))])))
        try Golden.check(r, "gradient", tolerance: .rounding)
    }

    @Test func roundedRectClip() throws {
        var r = Self.photo(width: 64, height: 64).premultiplied()
        r.clip(toRoundedRect: Rect(x: 2.5, y: 3, width: 59, height: 57.5),
               radii: CornerRadii(topLeft: 14, topRight: 4, bottomRight: 22, bottomLeft: 0))
        try Golden.check(r, "rounded-clip", tolerance: .rounding)
    }

    @Test func dropShadow() throws {
        var r = Raster(width: 96, height: 96, alphaMode: .premultiplied, fill: RGBA(236, 240, 244))
        let card = Path.roundedRect(Rect(x: 18.5, y: 14, width: 56, height: 62), radii: CornerRadii(8))
        r.drawShadow(DropShadow(offsetX: 3, offsetY: 6, sigma: 5, color: RGBA(20, 30, 60, 110)),
                     of: AlphaMask(path: card, width: 96, height: 96), at: 0, 0)
        r.fill(card, paint: .solid(.white))
        try Golden.check(r, "drop-shadow", tolerance: .rounding)
    }

    @Test func captionBand() throws {
        var r = Self.photo(width: 96, height: 64)
        r.dim(by: 0.15)
        r.tint(with: RGBA(20, 10, 40, 40))
        r.applyScrim(in: PixelRect(x: 0, y: 30, width: 96, height: 34), topOpacity: 0, bottomOpacity: 0.75)
        r.fill(.rect(Rect(x: 8.5, y: 48.25, width: 50, height: 6.5)), paint: .solid(.white))
        r = r.roundedCorners(radius: 10)
        try Golden.check(r, "caption-band", tolerance: .rounding)
    }
}
