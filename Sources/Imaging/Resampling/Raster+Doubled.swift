import CPhotiCasePixelKernels
import PhotiCaseRaster

extension Raster {
    /// This raster at twice its width and height, each new pixel a linear
    /// mix of its two nearest on each axis (weights 3/4 and 1/4, as the
    /// centres fall; the edge pixel repeats). For pictures that are already
    /// smooth at the scale of a pixel (a backdrop enlarged from a few
    /// pixels): enlarging half as far with a reconstruction filter and
    /// doubling is within a level of the whole way, at a quarter of the
    /// filter's work.
    public func doubled() -> Raster { doubled(darkenedBy: 0) }

    /// `doubled()` with black laid over it at `opacity` (0...1), in the
    /// same pass: colour times `1 - opacity` (kept to 8 bits as a scrim's
    /// fill keeps it), alpha as it was. A backdrop veiled for the text on
    /// it is so darkened as it is enlarged, not painted over afterwards.
    /// The pixels of `hole` (in the doubled raster), which the caller
    /// covers whole afterwards (a story's opaque card), are left zero
    /// rather than worked out.
    public func doubled(darkenedBy opacity: Double, hole: PixelRect? = nil) -> Raster {
        let keep = UInt32(((1 - Swift.min(Swift.max(opacity, 0), 1)) * 255).rounded())
        // Colour times keep / 255, as a 16-bit fraction (below 2^16: when
        // nothing is kept back the plain mix is taken, bit for bit).
        let factor = UInt16(keep < 255 ? (keep << 16 + 127) / 255 : 0)
        let w = width, h = height, ow = 2 * w, n = 4 * ow
        let hole = (hole ?? PixelRect(x: 0, y: 0, width: 0, height: 0))
            .intersection(PixelRect(x: 0, y: 0, width: ow, height: 2 * h))
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
                func widen(_ y: Int) { pk_widen_row(src + 4 * w * y, Int32(w), widened(y)) }
                func mix(_ a: UnsafeMutablePointer<UInt16>, _ b: UnsafeMutablePointer<UInt16>, into o: UnsafeMutablePointer<UInt8>,
                         _ samples: Range<Int>) {
                    // (3 * row + other) / 4 of values already times 4: / 16,
                    // times the channel's factor (a 16-bit fraction), rounded.
                    if keep == 255 {
                        for i in samples { o[i] = UInt8(truncatingIfNeeded: (a[i] &* 3 &+ b[i] &+ 8) >> 4) }
                    } else {
                        let k = samples.lowerBound
                        pk_mix_darkened(a + k, b + k, Int32(samples.count), factor, o + k)
                    }
                }
                /// Output row `y`, but its part in the hole (zeroed).
                func mixRow(_ a: UnsafeMutablePointer<UInt16>, _ b: UnsafeMutablePointer<UInt16>, _ y: Int) {
                    let o = d + n * y
                    guard y >= hole.y && y < hole.maxY else { return mix(a, b, into: o, 0..<n) }
                    mix(a, b, into: o, 0..<4 * hole.x)
                    (o + 4 * hole.x).initialize(repeating: 0, count: 4 * hole.width)
                    mix(a, b, into: o, 4 * hole.maxX..<n)
                }
                widen(0)
                for y in 0..<h {
                    if y + 1 < h { widen(y + 1) }  // into the slot of y - 2, no longer needed
                    // Output row 2y mixes source rows y and y - 1; 2y + 1, y and y + 1 (edges repeat).
                    let here = widened(y)
                    mixRow(here, widened(Swift.max(y - 1, 0)), 2 * y)
                    mixRow(here, widened(Swift.min(y + 1, h - 1)), 2 * y + 1)
                }
            }
        })
    }
}
