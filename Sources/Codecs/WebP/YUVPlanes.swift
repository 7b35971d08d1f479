/// An image as lossy WebP stores it: full-resolution luma, chroma at half
/// resolution on both axes (4:2:0), BT.601 studio range, and optionally
/// alpha at full resolution.
///
/// `fitted(_:)` chooses the planes for the decoder rather than for the
/// pixels: 4:2:0 keeps one chroma pair per 2x2 block and the decoder
/// interpolates it (libwebp's "fancy" 9-3-3-1 upsampler), so a block that
/// straddles an edge (white text on a dark photo, a star on the scrim) gets
/// a chroma that is right for neither side. Averaging alone leaves that
/// error; libwebp's sharp RGB-to-YUV conversion iterates on it but cost as
/// much as the encode itself (45% of the encoder's instructions on a ticket
/// at method 3, 730 instructions a pixel). Here, in four passes:
/// 1. chroma is the alpha-weighted average of each block;
/// 2. twice: every pixel's luma is set to the least-squares best for the
///    chroma the decoder will interpolate there (luma moves all three
///    channels alike), the decoded colour is worked out, and each block's
///    chroma moves by the average chroma of its pixels' remaining error;
/// 3. luma is fitted once more to the final, rounded chroma.
/// On the ticket images of scripts/bench-formats.py this leaves 43-44 dB
/// before compression (averaging alone: 41-42 dB), which is what let the
/// WebP q92 tickets keep 40 dB without libwebp's sharp conversion.
struct YUVPlanes {
    let width: Int
    let height: Int
    /// Luma, `width` bytes a row.
    var y: [UInt8]
    /// Chroma, `chromaWidth` bytes a row, `chromaHeight` rows.
    var u: [UInt8]
    var v: [UInt8]
    /// Alpha, `width` bytes a row; nil for an opaque image.
    var a: [UInt8]?

    var chromaWidth: Int { (width + 1) / 2 }
    var chromaHeight: Int { (height + 1) / 2 }

    /// How many chroma corrections `fitted` makes. Measured on the ticket
    /// images (PSNR before compression): 41.4 dB with none, 43.0 with one,
    /// 43.4 with two, 43.6 with three; two is where it stops paying.
    static let corrections = 2

    /// The planes that decode closest to `raster` (straight or premultiplied).
    static func fitted(_ raster: Raster) -> YUVPlanes {
        let image = raster.unpremultiplied()
        let w = image.width, h = image.height
        let cw = (w + 1) / 2, ch = (h + 1) / 2
        var cu = [Float](repeating: 0, count: cw * ch), cv = cu
        var luma = [Float](repeating: 0, count: w * h)
        let opaque = image.isOpaque
        image.withUnsafeBytes { raw in
            let px = raw.bindMemory(to: UInt8.self)
            cu.withUnsafeMutableBufferPointer { u in
                cv.withUnsafeMutableBufferPointer { v in
                    luma.withUnsafeMutableBufferPointer { yy in
                        let weight = UnsafeMutableBufferPointer<Float>.allocate(capacity: cw * ch)
                        defer { weight.deallocate() }
                        weight.initialize(repeating: 0)
                        let fit = Fitter(px: px, width: w, height: h, u: u, v: v, y: yy, weight: weight)
                        fit.averageChroma()
                        for _ in 0..<corrections { fit.pass(correctChroma: true) }
                        fit.roundChroma()
                        fit.pass(correctChroma: false)
                    }
                }
            }
        }
        var alpha: [UInt8]?
        if !opaque {
            alpha = [UInt8](unsafeUninitializedCapacity: w * h) { out, count in
                image.withUnsafeBytes { raw in
                    let p = raw.bindMemory(to: UInt8.self)
                    for i in 0..<(w * h) { out[i] = p[i &* 4 &+ 3] }
                }
                count = w * h
            }
        }
        return YUVPlanes(width: w, height: h, y: bytes(luma), u: bytes(cu), v: bytes(cv), a: alpha)
    }

    /// `values` as bytes, each rounded and clamped.
    private static func bytes(_ values: [Float]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: values.count) { out, count in
            values.withUnsafeBufferPointer { v in
                for i in 0..<v.count { out[i] = byte(v[i]) }
            }
            count = values.count
        }
    }

    /// `value` rounded half up into 0...255 (no libm call: the clamp makes
    /// truncation of `value + 0.5` a rounding).
    @inline(__always) static func byte(_ value: Float) -> UInt8 {
        UInt8(Swift.max(0, Swift.min(255, value + 0.5)))
    }
}

/// The passes of `YUVPlanes.fitted`, over buffers the caller owns. Rows
/// are walked a chroma column (two pixels) at a time, so the decoder's
/// neighbour choice needs no per-pixel branch.
private struct Fitter {
    let px: UnsafeBufferPointer<UInt8>
    let width: Int, height: Int
    let u: UnsafeMutableBufferPointer<Float>, v: UnsafeMutableBufferPointer<Float>
    let y: UnsafeMutableBufferPointer<Float>
    /// Each block's summed alpha (per 255), from `averageChroma`.
    let weight: UnsafeMutableBufferPointer<Float>
    var cw: Int { (width + 1) / 2 }
    var ch: Int { (height + 1) / 2 }

    // BT.601 studio range, as VP8 defines it (libwebp's VP8YUVToR and
    // friends, in floating point).
    static let ky: Float = 1.164_38
    static let vr: Float = 1.596_03, ug: Float = -0.391_76, vg: Float = -0.812_97, ub: Float = 2.017_23
    // RGB to chroma, per 255.
    static let ur: Float = -37.797 / 255, ugg: Float = -74.203 / 255, uB: Float = 112.0 / 255
    static let vR: Float = 112.0 / 255, vG: Float = -93.786 / 255, vB: Float = -18.214 / 255

    /// Step 1: each block's chroma, the alpha-weighted mean of its pixels'.
    func averageChroma() {
        let cw = self.cw
        for row in 0..<height {
            let base = row &* width, cbase = (row >> 1) &* cw
            for x in 0..<width {
                let i = (base &+ x) &* 4
                let a = Float(px[i &+ 3]) * (1 / 255)
                let r = Float(px[i]), g = Float(px[i &+ 1]), b = Float(px[i &+ 2])
                let c = cbase &+ (x >> 1)
                u[c] += a * (Fitter.ur * r + Fitter.ugg * g + Fitter.uB * b)
                v[c] += a * (Fitter.vR * r + Fitter.vG * g + Fitter.vB * b)
                weight[c] += a
            }
        }
        for c in 0..<u.count {
            // A block with no visible pixel keeps neutral chroma.
            let w = weight[c]
            u[c] = w > 0 ? 128 + u[c] / w : 128
            v[c] = w > 0 ? 128 + v[c] / w : 128
        }
    }

    func roundChroma() {
        for c in 0..<u.count {
            u[c] = Float(YUVPlanes.byte(u[c]))
            v[c] = Float(YUVPlanes.byte(v[c]))
        }
    }

    /// Step 2 (with `correctChroma`) or 3: fits every pixel's luma to the
    /// chroma the decoder interpolates there; then moves each block's
    /// chroma by the mean chroma of its pixels' remaining error. The
    /// per-pixel loop has no branch, so the compiler vectorizes it.
    func pass(correctChroma: Bool) {
        let cw = self.cw, ch = self.ch
        let scratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: 2 * cw + 6 * width + 2)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: 0)
        // Per row: chroma interpolated towards the nearer block row, then
        // at every pixel; each pixel's weighted chroma error, and those
        // errors summed over the block row's two pixel rows.
        let rowU = scratch.baseAddress!, rowV = rowU + cw
        let pixU = rowV + cw, pixV = pixU + width + 1
        let errU = pixV + width + 1, errV = errU + width, sumU = errV + width, sumV = sumU + width
        for row in 0..<height {
            // The decoder's upsampler: 3:1 towards the nearer block row,
            // then 3:1 towards the nearer block column (9-3-3-1 in all).
            let by = row >> 1
            let ny = row & 1 == 0 ? Swift.max(0, by - 1) : Swift.min(ch - 1, by + 1)
            let near = by &* cw, far = ny &* cw
            for bx in 0..<cw {
                rowU[bx] = 0.75 * u[near &+ bx] + 0.25 * u[far &+ bx]
                rowV[bx] = 0.75 * v[near &+ bx] + 0.25 * v[far &+ bx]
            }
            for bx in 0..<cw {
                let left = Swift.max(0, bx - 1), right = Swift.min(cw - 1, bx + 1)
                pixU[2 &* bx] = 0.75 * rowU[bx] + 0.25 * rowU[left] - 128
                pixV[2 &* bx] = 0.75 * rowV[bx] + 0.25 * rowV[left] - 128
                pixU[2 &* bx &+ 1] = 0.75 * rowU[bx] + 0.25 * rowU[right] - 128
                pixV[2 &* bx &+ 1] = 0.75 * rowV[bx] + 0.25 * rowV[right] - 128
            }
            let base = row &* width
            let pixels = px.baseAddress! + base &* 4, luma = y.baseAddress! + base
            if correctChroma {
                for x in 0..<width {
                    let (fitted, eu, ev) = fit(pixels, x, pixU[x], pixV[x])
                    luma[x] = fitted
                    errU[x] = eu
                    errV[x] = ev
                }
            } else {
                for x in 0..<width { luma[x] = fit(pixels, x, pixU[x], pixV[x]).luma }
                continue
            }
            for x in 0..<width {
                sumU[x] += errU[x]
                sumV[x] += errV[x]
            }
            // After a block row's second pixel row (or the image's last),
            // move its chroma by the mean error of its pixels.
            guard row & 1 == 1 || row == height - 1 else { continue }
            for bx in 0..<cw where weight[near &+ bx] > 0 {
                let x0 = 2 &* bx, x1 = Swift.min(width - 1, x0 &+ 1)
                let eu = x1 == x0 ? sumU[x0] : sumU[x0] + sumU[x1], ev = x1 == x0 ? sumV[x0] : sumV[x0] + sumV[x1]
                u[near &+ bx] = Swift.max(0, Swift.min(255, u[near &+ bx] + eu / weight[near &+ bx]))
                v[near &+ bx] = Swift.max(0, Swift.min(255, v[near &+ bx] + ev / weight[near &+ bx]))
            }
            sumU.update(repeating: 0, count: 2 * width)
        }
    }

    /// Pixel `x` of a row: its best luma for chroma offsets (`cu`, `cv`)
    /// as decoded there, and its remaining error as chroma, weighted by alpha.
    @inline(__always)
    private func fit(_ pixels: UnsafePointer<UInt8>, _ x: Int, _ cu: Float, _ cv: Float)
        -> (luma: Float, eu: Float, ev: Float) {
        let cr = Fitter.vr * cv, cg = Fitter.ug * cu + Fitter.vg * cv, cb = Fitter.ub * cu
        let i = x &* 4
        let r = Float(pixels[i]), g = Float(pixels[i &+ 1]), b = Float(pixels[i &+ 2])
        // Least squares over the three channels, each moving by ky per luma step.
        let fitted = Swift.max(0, Swift.min(255, ((r - cr) + (g - cg) + (b - cb)) * (1 / (3 * Fitter.ky)) + 16))
        let l = Fitter.ky * (fitted - 16)
        let er = r - Swift.max(0, Swift.min(255, l + cr))
        let eg = g - Swift.max(0, Swift.min(255, l + cg))
        let eb = b - Swift.max(0, Swift.min(255, l + cb))
        let a = Float(pixels[i &+ 3]) * (1 / 255)
        return (fitted, a * (Fitter.ur * er + Fitter.ugg * eg + Fitter.uB * eb),
                a * (Fitter.vR * er + Fitter.vG * eg + Fitter.vB * eb))
    }
}
