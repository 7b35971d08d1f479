import PhotiCaseCodecs
import PhotiCaseRaster

/// A transparent poster, as people save stickers and cut-out posters: a
/// poster scene inside an anti-aliased disc with a lighter halo, on
/// nothing. Cards must paint their own background under it.
enum CutOutPoster {
    static func render(width: Int, height: Int) -> Raster {
        var r = Scene.poster.render(width: width, height: height, hue: 0.35)
        let cx = Double(width) / 2, cy = Double(height) * 0.45
        let radius = Double(min(width, height)) * 0.42
        for y in 0..<height {
            for x in 0..<width {
                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx)
                    + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                // Opaque inside, a half-transparent halo ring, one pixel of
                // anti-aliasing at each edge, nothing outside.
                let inside = max(0, min(1, radius - d + 0.5))
                let halo = max(0, min(1, radius * 1.12 - d + 0.5)) * 0.45
                var p = r[x, y]
                p.a = UInt8((max(inside, halo) * 255).rounded())
                r[x, y] = p
            }
        }
        return r
    }
}
