/// An RGB-to-RGB conversion as a 33x33x33 table sampled from an lcms2
/// transform at 16 bits, applied to 8-bit RGBA with tetrahedral
/// interpolation (alpha untouched).
///
/// Why not lcms2's own 8-bit path: at 30 to 50 megapixels per second it
/// added 14% to a day thumbnail's decode of a 12 MP P3 JPEG; this loop is
/// several times faster. lcms2 optimises 8-bit transforms into the same
/// kind of table (a 33-point grid, tetrahedral), so the results agree to
/// within one level (ColorManagementTests compares with lcms2 through
/// Pillow).
struct ColorLUT: Sendable {
    static let grid = 33
    /// grid³ nodes, R-major then G then B, three UInt16 (0...65535) each.
    private let nodes: [UInt16]
    /// Per 8-bit input: the lower grid index (times the axis stride is
    /// applied at lookup) and the weight of the upper node, 0...255.
    private let index: [Int32]
    private let weight: [Int32]

    /// Samples `convert`, which maps grid³ RGB triples (16-bit, R-major)
    /// to converted triples in place; nil if it fails.
    init?(sampling convert: (inout [UInt16]) -> Bool) {
        let g = Self.grid
        var samples = [UInt16](repeating: 0, count: g * g * g * 3)
        var i = 0
        for r in 0..<g {
            for gr in 0..<g {
                for b in 0..<g {
                    samples[i] = UInt16((r * 65535 + (g - 1) / 2) / (g - 1))
                    samples[i + 1] = UInt16((gr * 65535 + (g - 1) / 2) / (g - 1))
                    samples[i + 2] = UInt16((b * 65535 + (g - 1) / 2) / (g - 1))
                    i += 3
                }
            }
        }
        guard convert(&samples) else { return nil }
        nodes = samples
        var index = [Int32](repeating: 0, count: 256), weight = [Int32](repeating: 0, count: 256)
        for v in 0...255 {
            let f = v * (g - 1)
            var k = f / 255, w = f % 255
            if k == g - 1 { k = g - 2; w = 255 }      // 255 sits on the last node
            index[v] = Int32(k)
            weight[v] = Int32(w)
        }
        self.index = index
        self.weight = weight
    }

    /// Converts `count` RGBA pixels at `pixels` in place.
    func apply(to pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        let g = Int32(Self.grid)
        let sr = g * g * 3, sg = g * 3, sb: Int32 = 3
        nodes.withUnsafeBufferPointer { n in
            index.withUnsafeBufferPointer { idx in
                weight.withUnsafeBufferPointer { wt in
                    for p in 0..<count {
                        let px = pixels + p * 4
                        let r = Int(px[0]), gg = Int(px[1]), b = Int(px[2])
                        let base = idx[r] &* sr &+ idx[gg] &* sg &+ idx[b] &* sb
                        let wr = wt[r], wg = wt[gg], wb = wt[b]
                        // The tetrahedron holding the point: walk from the
                        // lower corner along the axes in falling weight.
                        let (a1, a2, a3, w1, w2, w3): (Int32, Int32, Int32, Int32, Int32, Int32)
                        if wr >= wg {
                            if wg >= wb { (a1, a2, a3, w1, w2, w3) = (sr, sg, sb, wr, wg, wb) }
                            else if wr >= wb { (a1, a2, a3, w1, w2, w3) = (sr, sb, sg, wr, wb, wg) }
                            else { (a1, a2, a3, w1, w2, w3) = (sb, sr, sg, wb, wr, wg) }
                        } else {
                            if wr >= wb { (a1, a2, a3, w1, w2, w3) = (sg, sr, sb, wg, wr, wb) }
                            else if wg >= wb { (a1, a2, a3, w1, w2, w3) = (sg, sb, sr, wg, wb, wr) }
                            else { (a1, a2, a3, w1, w2, w3) = (sb, sg, sr, wb, wg, wr) }
                        }
                        let c0 = Int(base), c1 = Int(base &+ a1), c2 = Int(base &+ a1 &+ a2), c3 = Int(base &+ a1 &+ a2 &+ a3)
                        for c in 0..<3 {
                            let v0 = Int32(n[c0 + c]), v1 = Int32(n[c1 + c]), v2 = Int32(n[c2 + c]), v3 = Int32(n[c3 + c])
                            // Weights are out of 255 and nodes out of 65535:
                            // the sum is v·255·257 for an 8-bit v.
                            let sum = v0 &* 255 &+ (v1 &- v0) &* w1 &+ (v2 &- v1) &* w2 &+ (v3 &- v2) &* w3
                            px[c] = UInt8(truncatingIfNeeded: (sum &+ 32767) / 65535)
                        }
                    }
                }
            }
        }
    }
}
