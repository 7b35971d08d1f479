import PhotiCaseRaster
/// Coverage algebra: the operations that combine shape masks (a star cut
/// to its left half, a card with notches bitten out, a filled half star
/// joined to an outline).
extension AlphaMask {
    /// Keeps coverage only where `other` (placed with its top-left at
    /// (`x`, `y`)) also covers: the product of the two. Pixels outside
    /// `other` become 0.
    public mutating func formIntersection(_ other: AlphaMask, at x: Int = 0, _ y: Int = 0) {
        let overlap = overlapRect(other, x, y)
        // Outside the overlap the other mask is 0, so the product is 0.
        coverage.withUnsafeMutableBufferPointer { p in
            for row in 0..<height {
                let inRows = row >= overlap.y && row < overlap.maxY && !overlap.isEmpty
                let base = row * width
                let keepFrom = inRows ? overlap.x : width, keepTo = inRows ? overlap.maxX : width
                for c in 0..<keepFrom { p[base + c] = 0 }
                for c in keepTo..<width { p[base + c] = 0 }
            }
        }
        combine(other, overlap, x, y) { a, b in RGBA.mul255(a, b) }
    }

    /// Removes `other`'s coverage (placed at (`x`, `y`)): a * (1 - b).
    public mutating func subtract(_ other: AlphaMask, at x: Int = 0, _ y: Int = 0) {
        combine(other, overlapRect(other, x, y), x, y) { a, b in RGBA.mul255(a, 255 &- b) }
    }

    /// Adds `other`'s coverage (placed at (`x`, `y`)), keeping the larger of
    /// the two, so coincident anti-aliased edges do not darken.
    public mutating func formUnion(_ other: AlphaMask, at x: Int = 0, _ y: Int = 0) {
        combine(other, overlapRect(other, x, y), x, y) { a, b in Swift.max(a, b) }
    }

    /// Replaces every coverage value c with 255 - c.
    public mutating func invert() {
        coverage.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count { p[i] = 255 &- p[i] }
        }
    }

    /// The product with a mask of the same size.
    public func intersection(_ other: AlphaMask) -> AlphaMask {
        var out = self; out.formIntersection(other); return out
    }

    /// This mask less a mask of the same size.
    public func subtracting(_ other: AlphaMask) -> AlphaMask {
        var out = self; out.subtract(other); return out
    }

    /// The maximum with a mask of the same size.
    public func union(_ other: AlphaMask) -> AlphaMask {
        var out = self; out.formUnion(other); return out
    }

    /// The complement (255 - c everywhere).
    public func inverted() -> AlphaMask {
        var out = self; out.invert(); return out
    }

    /// The sum of all coverage values (255 per fully covered pixel).
    public var totalCoverage: Int {
        coverage.withUnsafeBufferPointer { p in
            var s = 0
            for v in p { s &+= Int(v) }
            return s
        }
    }

    /// The mask with `margin` empty pixels added on every side.
    public func padded(by margin: Int) -> AlphaMask {
        precondition(margin >= 0, "negative padding")
        var out = AlphaMask(width: width + 2 * margin, height: height + 2 * margin)
        out.combine(self, PixelRect(x: margin, y: margin, width: width, height: height), margin, margin) { _, b in b }
        return out
    }

    /// The alpha channel of `raster` as coverage.
    public init(alphaOf raster: Raster) {
        self.init(width: raster.width, height: raster.height)
        raster.withUnsafeBytes { src in
            coverage.withUnsafeMutableBufferPointer { dst in
                for i in 0..<dst.count { dst[i] = src[i &* 4 &+ 3] }
            }
        }
    }

    /// The part of this mask that `other`, placed at (`x`, `y`), overlaps.
    private func overlapRect(_ other: AlphaMask, _ x: Int, _ y: Int) -> PixelRect {
        PixelRect(x: x, y: y, width: other.width, height: other.height)
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// Applies `op(self, other)` to every pixel of `overlap`, where `other`
    /// has its top-left at (`x`, `y`).
    @inline(__always)
    private mutating func combine(_ other: AlphaMask, _ overlap: PixelRect, _ x: Int, _ y: Int,
                                  _ op: (UInt32, UInt32) -> UInt32) {
        guard !overlap.isEmpty else { return }
        let w = width, ow = other.width
        other.coverage.withUnsafeBufferPointer { b in
            coverage.withUnsafeMutableBufferPointer { a in
                for row in overlap.y..<overlap.maxY {
                    let ai = row * w, bi = (row - y) * ow - x
                    for c in overlap.x..<overlap.maxX {
                        a[ai + c] = UInt8(op(UInt32(a[ai + c]), UInt32(b[bi + c])))
                    }
                }
            }
        }
    }
}
