import Raster

extension Raster {
    /// This raster at twice its width and height, each new pixel a linear
    /// mix of its two nearest on each axis (weights 3/4 and 1/4, as the
    /// centres fall; the edge pixel repeats). For pictures that are already
    /// smooth at the scale of a pixel (a backdrop enlarged from a few
    /// pixels): enlarging half as far with a reconstruction filter and
    /// doubling is within a level of the whole way, at a quarter of the
    /// filter's work.
    public func doubled() -> Raster {
        let w = width, h = height, ow = 2 * w
        return Raster(width: ow, height: 2 * h, alphaMode: alphaMode, writingEveryByte: { dst in
            withUnsafeBytes { srcRaw in
                let src = srcRaw.bindMemory(to: UInt8.self).baseAddress!
                let d = dst.bindMemory(to: UInt8.self).baseAddress!
                // Each source row widened into `wide` (2w pixels, 16-bit
                // sums times 4), then each output row mixed from two of them.
                var above = [UInt16](repeating: 0, count: 4 * ow), below = above
                func widen(_ y: Int, into row: inout [UInt16]) {
                    let s = src + 4 * w * Swift.min(Swift.max(y, 0), h - 1)
                    row.withUnsafeMutableBufferPointer { r in
                        for x in 0..<w {
                            let left = Swift.max(x - 1, 0), right = Swift.min(x + 1, w - 1)
                            for c in 0..<4 {
                                let mid = UInt16(s[4 * x + c]) * 3
                                r[8 * x + c] = mid + UInt16(s[4 * left + c])
                                r[8 * x + 4 + c] = mid + UInt16(s[4 * right + c])
                            }
                        }
                    }
                }
                for y in 0..<h {
                    // Output row 2y mixes source rows y and y - 1; 2y + 1, y and y + 1.
                    widen(y, into: &above)
                    for (k, neighbour) in [(0, y - 1), (1, y + 1)] {
                        widen(neighbour, into: &below)
                        let o = d + 4 * ow * (2 * y + k)
                        above.withUnsafeBufferPointer { a in
                            below.withUnsafeBufferPointer { b in
                                for i in 0..<(4 * ow) {
                                    // (3 * row + other) / 4 of values already times 4: / 16, rounded.
                                    o[i] = UInt8((UInt32(a[i]) * 3 + UInt32(b[i]) + 8) >> 4)
                                }
                            }
                        }
                    }
                }
            }
        })
    }
}
