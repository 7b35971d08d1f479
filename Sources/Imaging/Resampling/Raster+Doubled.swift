import PhotiCaseRaster

extension Raster {
    /// This raster at twice its width and height, each new pixel a linear
    /// mix of its two nearest on each axis (weights 3/4 and 1/4, as the
    /// centres fall; the edge pixel repeats). For pictures that are already
    /// smooth at the scale of a pixel (a backdrop enlarged from a few
    /// pixels): enlarging half as far with a reconstruction filter and
    /// doubling is within a level of the whole way, at a quarter of the
    /// filter's work.
    public func doubled() -> Raster {
        let w = width, h = height, ow = 2 * w, n = 4 * ow
        return Raster(width: ow, height: 2 * h, alphaMode: alphaMode, writingEveryByte: { dst in
            withUnsafeBytes { srcRaw in
                let src = srcRaw.bindMemory(to: UInt8.self).baseAddress!
                let d = dst.bindMemory(to: UInt8.self).baseAddress!
                // Each source row is widened once into one of three rows
                // (2w pixels, 16-bit sums times 4) kept for the rows above
                // and below it; each output row then mixes two of them.
                let wide = UnsafeMutablePointer<UInt16>.allocate(capacity: 3 * n)
                defer { wide.deallocate() }
                func widened(_ y: Int) -> UnsafeMutablePointer<UInt16> { wide + n * ((y + 3) % 3) }
                func widen(_ y: Int) {
                    let s = src + 4 * w * y, r = widened(y)
                    for x in 0..<w {
                        let left = 4 * Swift.max(x - 1, 0), right = 4 * Swift.min(x + 1, w - 1), here = 4 * x
                        for c in 0..<4 {
                            let mid = UInt16(s[here &+ c]) &* 3
                            r[8 &* x &+ c] = mid &+ UInt16(s[left &+ c])
                            r[8 &* x &+ 4 &+ c] = mid &+ UInt16(s[right &+ c])
                        }
                    }
                }
                func mix(_ a: UnsafeMutablePointer<UInt16>, _ b: UnsafeMutablePointer<UInt16>, into o: UnsafeMutablePointer<UInt8>) {
                    // (3 * row + other) / 4 of values already times 4: / 16, rounded.
                    for i in 0..<n { o[i] = UInt8(truncatingIfNeeded: (a[i] &* 3 &+ b[i] &+ 8) >> 4) }
                }
                widen(0)
                for y in 0..<h {
                    if y + 1 < h { widen(y + 1) }  // into the slot of y - 2, no longer needed
                    // Output row 2y mixes source rows y and y - 1; 2y + 1, y and y + 1 (edges repeat).
                    let here = widened(y)
                    mix(here, widened(Swift.max(y - 1, 0)), into: d + n * 2 * y)
                    mix(here, widened(Swift.min(y + 1, h - 1)), into: d + n * (2 * y + 1))
                }
            }
        })
    }
}
