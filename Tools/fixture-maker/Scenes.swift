#if canImport(Glibc)
import Glibc
#endif
import PhotiCaseCodecs
import PhotiCaseRaster

/// Synthetic but photo-like scenes for the sample ticket book. Every value
/// comes from the coordinates and fixed constants, so each run writes the
/// same pixels.
enum Scene: String, CaseIterable {
    case sunset, sea, city, stage, poster, desert

    /// The scene at `width` x `height` with colour variation `hue` (0...1).
    func render(width: Int, height: Int, hue: Double) -> Raster {
        var r = Raster(width: width, height: height)
        let w = Double(width), h = Double(height)
        r.withUnsafeMutableBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            for y in 0..<height {
                for x in 0..<width {
                    var c = color(x: Double(x) / w, y: Double(y) / h, aspect: w / h, hue: hue, px: x, py: y, width: w)
                    let g = grain(x, y)
                    c = (c.0 + g, c.1 + g, c.2 + g)
                    let i = (y * width + x) * 4
                    p[i] = clamp(c.0); p[i + 1] = clamp(c.1); p[i + 2] = clamp(c.2); p[i + 3] = 255
                }
            }
        }
        return r
    }

    private func color(x: Double, y: Double, aspect: Double, hue: Double, px: Int, py: Int, width: Double) -> (Double, Double, Double) {
        switch self {
        case .sunset:
            let hill = 0.66 + 0.07 * sin(x * 9 + hue * 3) + 0.04 * sin(x * 23)
            if y > hill { return mix((60 + 50 * hue, 96, 58), (20, 40, 30), (y - hill) / (1 - hill)) }
            var sky = mix((255, 140 - 40 * hue, 90 + 60 * hue), (70, 60, 140), 1 - y / hill)
            let d = hypot((x - 0.68) * aspect, y - hill + 0.08)
            if d < 0.11 { sky = mix(sky, (255, 236, 170), min(1, (0.11 - d) * 60)) }
            return mix(sky, (255, 200, 140), max(0, 0.35 - d) * 1.2)
        case .sea:
            let horizon = 0.48
            let ridge = horizon - 0.06 - 0.05 * abs(sin(x * 5 + hue * 4)) - 0.02 * sin(x * 17)
            if y < ridge { return mix((150, 185, 215), (225, 228, 232), y / ridge) }
            if y < horizon { return mix((110, 128, 140), (175, 185, 195), (y - ridge) / (horizon - ridge)) }
            let t = (y - horizon) / (1 - horizon)
            let wave = 0.5 + 0.5 * sin(y * 180 * (0.4 + t) + sin(x * 11) * 2)
            var sea = mix((70 + 40 * hue, 120, 150), (18, 50, 78), t)
            sea = mix(sea, (220, 230, 235), wave * 0.18 * (1 - t))
            return sea
        case .city:
            var c = mix((18, 20, 60 + 40 * hue), (90, 50, 110), y)
            let columns = 14.0
            let col = Int(x * columns)
            let top = 0.25 + 0.45 * unit(col, 7)
            if y > top {
                c = mix((30, 32, 48), (12, 12, 20), (y - top) / (1 - top))
                let wx = (x * columns * 6).truncatingRemainder(dividingBy: 1), wy = (y * 60).truncatingRemainder(dividingBy: 1)
                if wx > 0.3 && wx < 0.75 && wy > 0.3 && wy < 0.75 && unit(Int(x * columns * 6) &* 31 &+ Int(y * 60), 3) > 0.55 {
                    c = (255, 205 - 60 * hue, 120)
                }
            }
            let moon = hypot((x - 0.2) * aspect, y - 0.15)
            if moon < 0.05 { c = (240, 240, 225) }
            return c
        case .stage:
            var c = mix((22, 10, 30), (60, 20, 40 + 60 * hue), y)
            for (i, sx) in [0.2, 0.5, 0.8].enumerated() {
                let spread = 0.06 + 0.35 * y
                let d = abs(x - sx - 0.1 * sin(Double(i) + hue * 6) * y) / spread
                if d < 1 {
                    let light: (Double, Double, Double) = i == 1 ? (255, 225, 170) : (255 - 120 * hue, 120, 200 + 50 * hue)
                    c = mix(c, light, (1 - d) * (1 - d) * 0.75)
                }
            }
            if y > 0.8 { c = mix(c, (90, 60, 50), (y - 0.8) * 2.5) }
            return c
        case .poster:
            let d = hypot((x - 0.5) * aspect, y - 0.42)
            let ring = Int(d * 14)
            let palette: [(Double, Double, Double)] = [(255, 94, 91), (255, 200, 87), (60, 180, 170), (30, 40, 80),
                                                       (250, 240, 225)]
            var c = palette[(ring + Int(hue * 5)) % palette.count]
            if (x + y * 0.6).truncatingRemainder(dividingBy: 0.12) < 0.012 { c = mix(c, (255, 255, 255), 0.5) }
            return c
        case .desert:
            let dune1 = 0.55 + 0.08 * sin(x * 6 + hue * 5), dune2 = 0.72 + 0.06 * sin(x * 9 + 1)
            if y > dune2 { return mix((200, 130, 70), (150, 80, 40), (y - dune2) * 3) }
            if y > dune1 { return mix((235, 170, 100), (210, 140, 80), (y - dune1) * 4) }
            let sun = hypot((x - 0.3) * aspect, y - 0.3)
            return sun < 0.08 ? (255, 240, 200) : mix((250, 205, 150), (120, 150, 200), 1 - y / dune1)
        }
    }

    private func mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (Double, Double, Double) {
        let u = max(0, min(1, t))
        return (a.0 + (b.0 - a.0) * u, a.1 + (b.1 - a.1) * u, a.2 + (b.2 - a.2) * u)
    }

    /// A fixed pseudo-random number in 0...1 for `n`.
    private func unit(_ n: Int, _ salt: Int) -> Double {
        var v = UInt32(truncatingIfNeeded: n &* 2_654_435_761 &+ salt &* 40503)
        v = (v ^ (v >> 15)) &* 2_246_822_519
        v ^= v >> 13
        return Double(v & 0xFFFF) / 65535
    }

    /// Film grain: a cheap integer hash of the coordinates, -5...5.
    private func grain(_ x: Int, _ y: Int) -> Double {
        var v = UInt32(truncatingIfNeeded: x &* 374_761_393 &+ y &* 668_265_263)
        v = (v ^ (v >> 13)) &* 1_274_126_177
        return Double(v >> 24) / 255 * 10 - 5
    }

    private func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
}
