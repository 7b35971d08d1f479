import Foundation
import Testing
import PhotiCaseImaging
import PhotiCaseRaster

/// A shape rasterized whole must be byte-identical to the same shape
/// rasterized in horizontal bands or in tiles: coverage is a property of
/// the pixel, not of where the rasterizer's work area happens to start.
/// The placeholder's rings showed lighter hairlines where this did not hold.
@Suite struct BandedRasterTests {
    /// The placeholder front's rings: annuli hanging over the card's edges.
    static func rings(width: Double, height: Double, thickness: Double) -> [Path] {
        [(0.95, 0.08, 0.55), (0.05, 0.62, 0.38), (0.8, 0.7, 0.22)].map { (cx, cy, r) in
            var path = Path()
            let c = Point(x: width * cx, y: height * cy), radius = width * r
            path.addCircle(center: c, radius: radius)
            path.addCircle(center: c, radius: radius - thickness, direction: .counterClockwise)
            return path
        }
    }

    /// The mask of `path` over `width` x `height`, assembled from tiles of
    /// `tileWidth` x `tileHeight` rasterized one by one.
    static func tiled(_ path: Path, width: Int, height: Int, tileWidth: Int, tileHeight: Int) -> AlphaMask {
        var whole = AlphaMask(width: width, height: height)
        for y in stride(from: 0, to: height, by: tileHeight) {
            for x in stride(from: 0, to: width, by: tileWidth) {
                let rect = PixelRect(x: x, y: y, width: min(tileWidth, width - x), height: min(tileHeight, height - y))
                let tile = AlphaMask(path: path, covering: rect)
                for ty in 0..<rect.height {
                    for tx in 0..<rect.width { whole[x + tx, y + ty] = tile[tx, ty] }
                }
            }
        }
        return whole
    }

    @Test(arguments: [(300, 1), (300, 7), (1, 480), (61, 45), (16, 16)])
    func ringsMatchWholeAndTiled(tileWidth: Int, tileHeight: Int) {
        for (scale, thickness) in [(1.0, 14.0), (2.0, 28.0), (3.0, 42.0)] {
            let w = Int(300 * scale), h = Int(480 * scale)
            for (i, ring) in Self.rings(width: Double(w), height: Double(h), thickness: thickness).enumerated() {
                let whole = AlphaMask(path: ring, width: w, height: h)
                let tiled = Self.tiled(ring, width: w, height: h, tileWidth: tileWidth, tileHeight: tileHeight)
                var differing = 0, worst = 0, first: (Int, Int)? = nil
                for y in 0..<h {
                    for x in 0..<w where whole[x, y] != tiled[x, y] {
                        differing += 1
                        worst = max(worst, abs(Int(whole[x, y]) - Int(tiled[x, y])))
                        if first == nil { first = (x, y) }
                    }
                }
                #expect(differing == 0, "ring \(i) at scale \(scale), tiles \(tileWidth)x\(tileHeight): \(differing) pixels differ, by up to \(worst), first at \(String(describing: first))")
            }
        }
    }

    /// Every pixel lying wholly inside a ring's band is fully covered: a
    /// seam shows as a row of pixels under 255.
    @Test func ringInteriorIsSolid() {
        let w = 600, h = 960, thickness = 28.0
        let specs = [(0.95, 0.08, 0.55), (0.05, 0.62, 0.38), (0.8, 0.7, 0.22)]
        for (i, ring) in Self.rings(width: Double(w), height: Double(h), thickness: thickness).enumerated() {
            let mask = AlphaMask(path: ring, width: w, height: h)
            let cx = Double(w) * specs[i].0, cy = Double(h) * specs[i].1, outer = Double(w) * specs[i].2
            var short = 0
            for y in 0..<h {
                for x in 0..<w {
                    // The pixel's farthest corner is within 0.71 of its centre.
                    let d = hypot(Double(x) + 0.5 - cx, Double(y) + 0.5 - cy)
                    if d > outer - thickness + 1, d < outer - 1, mask[x, y] < 255 { short += 1 }
                }
            }
            #expect(short == 0, "ring \(i): \(short) pixels inside the band are not fully covered")
        }
    }
}
