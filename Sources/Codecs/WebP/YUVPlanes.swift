import PhotiCaseRaster
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
    static func fitted(_ raster: Raster) -> YUVPlanes { fitted(raster, trace: nil) }

    /// `fitted`, handing `trace` the float state it rounds into bytes, stage
    /// by stage: the chroma planes after averaging ("u0", "v0") and after
    /// each correction ("u1", "v1", ...), then the last pass's luma ("y").
    /// For the tests that hold it to the scalar algorithm bit for bit: bytes
    /// alone hide almost every one-ulp change.
    static func fitted(_ raster: Raster, trace: ((_ stage: String, _ values: [Float]) -> Void)?) -> YUVPlanes {
        let image = raster.unpremultiplied()
        let w = image.width, h = image.height
        let cw = (w + 1) / 2, ch = (h + 1) / 2
        var opaque = true
        // Only the last pass's luma is kept (the earlier ones only steer
        // chroma), so it goes straight into bytes, with no float plane.
        var u: [UInt8] = [], v: [UInt8] = []
        let y = [UInt8](unsafeUninitializedCapacity: w * h) { luma, count in
            image.withUnsafeBytes { raw in
                let fit = Fitter(pixels: raw.baseAddress!, width: w, height: h)
                defer { fit.deallocate() }
                func report(_ stage: Int) {
                    trace?("u\(stage)", Array(UnsafeBufferPointer(start: fit.u, count: cw * ch)))
                    trace?("v\(stage)", Array(UnsafeBufferPointer(start: fit.v, count: cw * ch)))
                }
                opaque = fit.averageChroma()
                report(0)
                for stage in 0..<corrections {
                    fit.pass(.correctChroma)
                    report(stage + 1)
                }
                fit.roundChroma()
                fit.pass(.luma(luma.baseAddress!))
                if let trace {
                    trace("y", [Float](unsafeUninitializedCapacity: w * h) { floats, count in
                        fit.pass(.lumaFloats(floats.baseAddress!))
                        count = w * h
                    })
                }
                u = bytes(fit.u, count: cw * ch)
                v = bytes(fit.v, count: cw * ch)
            }
            count = w * h
        }
        var alpha: [UInt8]?
        if !opaque {
            alpha = [UInt8](unsafeUninitializedCapacity: w * h) { out, count in
                image.withUnsafeBytes { raw in
                    let px = raw.baseAddress!
                    for i in 0..<(w * h) { out[i] = UInt8(truncatingIfNeeded: Fitter.word(px, i) >> 24) }
                }
                count = w * h
            }
        }
        return YUVPlanes(width: w, height: h, y: y, u: u, v: v, a: alpha)
    }

    /// `count` values as bytes, each rounded and clamped.
    private static func bytes(_ values: UnsafeMutablePointer<Float>, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { out, n in
            let o = out.baseAddress!
            for i in 0..<count { o[i] = byte(values[i]) }
            n = count
        }
    }

    /// `value` rounded half up into 0...255 (no libm call: the clamp makes
    /// truncation of `value + 0.5` a rounding).
    @inline(__always) static func byte(_ value: Float) -> UInt8 {
        let c = clamp(value + 0.5)
        // `UInt8(c)` would do, but its range check keeps every loop that
        // converts scalar. Instead: adding 2^23 rounds c (0...255) to the
        // nearest integer, ties to even, which then sits in the low bits of
        // the sum; one less where that rounded up is c truncated, exactly
        // (every step is exact but the rounding itself). Checked against
        // `UInt8(c)` once over every float but NaN; the tests check the
        // values either side of each integer and half.
        let big = c + 8_388_608
        let nearest = big.bitPattern &- 0x4B00_0000
        return UInt8(truncatingIfNeeded: big - 8_388_608 > c ? nearest &- 1 : nearest)
    }

    /// `Swift.max(0, Swift.min(255, value))`, bit for bit for every input
    /// (NaN and -0 included; checked once over all 2^32 bit patterns), in
    /// the order the vectorizer keeps tidy. From Swift's form LLVM folds the
    /// outer comparison into the inner select and leaves six instructions
    /// of masks a clamp; from this one, a compare and a mask, then `minps`.
    @inline(__always) static func clamp(_ value: Float) -> Float {
        let m = 0 > value ? 0 : value
        return m < 255 ? m : 255
    }
}

/// The passes of `YUVPlanes.fitted`, over buffers it allocates once.
///
/// Every loop is written for LLVM's auto-vectorizer (SSE2 on x86-64: four
/// pixels an instruction): pixels are read as whole 32-bit words and their
/// channels split with shifts and masks, a row at a time, into and out of
/// contiguous float rows, with no branch, no checked conversion, and no
/// stride but one or two. The float operations, their operands and their
/// order are those of the scalar code this replaced (kept as the reference
/// in YUVPlanesTests), so the planes are the same bit for bit: they feed
/// the cache's fingerprints. On the ticket render (callgrind) the four
/// passes take about 105 instructions a pixel; the scalar code took 252.
/// (Generic SIMD8<Float> helpers were tried before this and were slower:
/// Swift did not lower them to vector instructions.)
private struct Fitter {
    let px: UnsafeRawPointer
    let width: Int, height: Int, cw: Int, ch: Int
    /// Chroma planes, `cw` floats a row, `ch` rows.
    let u: UnsafeMutablePointer<Float>, v: UnsafeMutablePointer<Float>
    /// Each block's summed alpha (per 255), from `averageChroma`; 1 for
    /// a block with none.
    let weight: UnsafeMutablePointer<Float>
    /// Per row: the chroma row interpolated towards the nearer block row,
    /// with its first and last block repeated at either end (`cw + 2`);
    /// chroma at every pixel (`width + 1`: an odd width's last block
    /// writes one past it); each pixel's weighted chroma error summed
    /// over a block row's two pixel rows (`width`).
    let padU: UnsafeMutablePointer<Float>, padV: UnsafeMutablePointer<Float>
    let pixU: UnsafeMutablePointer<Float>, pixV: UnsafeMutablePointer<Float>
    let sumU: UnsafeMutablePointer<Float>, sumV: UnsafeMutablePointer<Float>

    /// Nothing is zeroed: every buffer's first use of a row writes it (a
    /// `0 +` in front where the scalar code added to zeros, for the same
    /// sum bit for bit), and a memset would cost as much as a pass.
    init(pixels: UnsafeRawPointer, width: Int, height: Int) {
        px = pixels
        self.width = width
        self.height = height
        cw = (width + 1) / 2
        ch = (height + 1) / 2
        let planes = cw * ch
        u = .allocate(capacity: 3 * planes + 2 * (cw + 2) + 4 * width + 2)
        v = u + planes
        weight = v + planes
        padU = weight + planes
        padV = padU + cw + 2
        pixU = padV + cw + 2
        pixV = pixU + width + 1
        sumU = pixV + width + 1
        sumV = sumU + width
    }

    func deallocate() { u.deallocate() }

    // BT.601 studio range, as VP8 defines it (libwebp's VP8YUVToR and
    // friends, in floating point).
    static let ky: Float = 1.164_38
    static let vr: Float = 1.596_03, ug: Float = -0.391_76, vg: Float = -0.812_97, ub: Float = 2.017_23
    // RGB to chroma, per 255.
    static let ur: Float = -37.797 / 255, ugg: Float = -74.203 / 255, uB: Float = 112.0 / 255
    static let vR: Float = 112.0 / 255, vG: Float = -93.786 / 255, vB: Float = -18.214 / 255

    /// Pixel `i` from `pixels` as one word, R in the low byte.
    @inline(__always) static func word(_ pixels: UnsafeRawPointer, _ i: Int) -> UInt32 {
        UInt32(littleEndian: pixels.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
    }

    /// Byte `shift / 8` of `word` as a float. Through Int32: SSE2 has no
    /// unsigned conversion, so UInt32 to Float takes several instructions.
    @inline(__always) static func channel(_ word: UInt32, _ shift: UInt32) -> Float {
        Float(Int32(truncatingIfNeeded: (word &>> shift) & 0xFF))
    }

    /// Step 1: each block's chroma, the alpha-weighted mean of its pixels'.
    /// Returns whether every pixel is opaque.
    func averageChroma() -> Bool {
        let cw = self.cw, width = self.width, pairs = width / 2
        // The per-pixel terms of a row, before they are summed a block at
        // a time (the rows `pass` uses are free until then).
        let tu = pixU, tv = pixV, ta = sumU
        var all: UInt32 = 0xFFFF_FFFF
        for row in 0..<height {
            let pixels = px + row &* width &* 4
            for x in 0..<width {
                let p = Fitter.word(pixels, x)
                all &= p
                let r = Fitter.channel(p, 0), g = Fitter.channel(p, 8), b = Fitter.channel(p, 16)
                let a = Fitter.channel(p, 24) * (1 / 255)
                tu[x] = a * (Fitter.ur * r + Fitter.ugg * g + Fitter.uB * b)
                tv[x] = a * (Fitter.vR * r + Fitter.vG * g + Fitter.vB * b)
                ta[x] = a
            }
            // Added in the order of the pixels, the left one then the right,
            // to zero for a block row's first pixel row.
            let bu = u + (row >> 1) &* cw, bv = v + (row >> 1) &* cw, bw = weight + (row >> 1) &* cw
            if row & 1 == 0 {
                for bx in 0..<pairs {
                    bu[bx] = 0 + tu[2 &* bx] + tu[2 &* bx &+ 1]
                    bv[bx] = 0 + tv[2 &* bx] + tv[2 &* bx &+ 1]
                    bw[bx] = 0 + ta[2 &* bx] + ta[2 &* bx &+ 1]
                }
            } else {
                for bx in 0..<pairs {
                    bu[bx] = bu[bx] + tu[2 &* bx] + tu[2 &* bx &+ 1]
                    bv[bx] = bv[bx] + tv[2 &* bx] + tv[2 &* bx &+ 1]
                    bw[bx] = bw[bx] + ta[2 &* bx] + ta[2 &* bx &+ 1]
                }
            }
            if width & 1 == 1 {
                let first = row & 1 == 0
                bu[cw - 1] = (first ? 0 : bu[cw - 1]) + tu[width - 1]
                bv[cw - 1] = (first ? 0 : bv[cw - 1]) + tv[width - 1]
                bw[cw - 1] = (first ? 0 : bw[cw - 1]) + ta[width - 1]
            }
        }
        for c in 0..<(cw * ch) {
            // A block with no visible pixel keeps neutral chroma. Both
            // sides worked out, so that this is a select, not a branch.
            let w = weight[c]
            let mu = 128 + u[c] / w, mv = 128 + v[c] / w
            u[c] = w > 0 ? mu : 128
            v[c] = w > 0 ? mv : 128
            // `pass` divides by the weight with no test: such a block's
            // error is a sum of zeros (each weighted by its alpha, 0), and
            // 128 + ±0 / 1 is 128, as if the block were skipped. (With the
            // test, the select keeps that loop scalar.)
            weight[c] = w > 0 ? w : 1
        }
        return all >> 24 == 0xFF
    }

    func roundChroma() {
        for c in 0..<(cw * ch) {
            u[c] = Float(YUVPlanes.byte(u[c]))
            v[c] = Float(YUVPlanes.byte(v[c]))
        }
    }

    /// What a pass does once it has fitted the luma.
    enum Output {
        /// Step 2: moves each block's chroma by the mean chroma of its
        /// pixels' remaining error.
        case correctChroma
        /// Step 3: writes the luma as bytes.
        case luma(UnsafeMutablePointer<UInt8>)
        /// Step 3 for `YUVPlanes.fitted(_:trace:)`: the luma before rounding.
        case lumaFloats(UnsafeMutablePointer<Float>)
    }

    /// Step 2 or 3: fits every pixel's luma to the chroma the decoder
    /// interpolates there, then does `output`.
    func pass(_ output: Output) {
        let cw = self.cw, ch = self.ch, width = self.width, pairs = width / 2
        let padU = self.padU, padV = self.padV, pixU = self.pixU, pixV = self.pixV
        let sumU = self.sumU, sumV = self.sumV
        for row in 0..<height {
            // The decoder's upsampler: 3:1 towards the nearer block row,
            // then 3:1 towards the nearer block column (9-3-3-1 in all).
            let by = row >> 1
            let ny = row & 1 == 0 ? Swift.max(0, by - 1) : Swift.min(ch - 1, by + 1)
            let nearU = u + by &* cw, farU = u + ny &* cw, nearV = v + by &* cw, farV = v + ny &* cw
            for bx in 0..<cw {
                padU[bx &+ 1] = 0.75 * nearU[bx] + 0.25 * farU[bx]
                padV[bx &+ 1] = 0.75 * nearV[bx] + 0.25 * farV[bx]
            }
            // The image's edge blocks are their own neighbours.
            padU[0] = padU[1]; padU[cw + 1] = padU[cw]
            padV[0] = padV[1]; padV[cw + 1] = padV[cw]
            for bx in 0..<cw {
                pixU[2 &* bx] = 0.75 * padU[bx &+ 1] + 0.25 * padU[bx] - 128
                pixV[2 &* bx] = 0.75 * padV[bx &+ 1] + 0.25 * padV[bx] - 128
                pixU[2 &* bx &+ 1] = 0.75 * padU[bx &+ 1] + 0.25 * padU[bx &+ 2] - 128
                pixV[2 &* bx &+ 1] = 0.75 * padV[bx &+ 1] + 0.25 * padV[bx &+ 2] - 128
            }
            let pixels = px + row &* width &* 4
            switch output {
            case .correctChroma: break
            case .luma(let luma):
                let out = luma + row &* width
                for x in 0..<width {
                    out[x] = YUVPlanes.byte(Fitter.fit(Fitter.word(pixels, x), pixU[x], pixV[x]).luma)
                }
                continue
            case .lumaFloats(let luma):
                let out = luma + row &* width
                for x in 0..<width { out[x] = Fitter.fit(Fitter.word(pixels, x), pixU[x], pixV[x]).luma }
                continue
            }
            // Each pixel's remaining error as chroma, weighted by alpha,
            // summed over the block row's pixel rows (to zero in the first).
            if row & 1 == 0 {
                for x in 0..<width {
                    let e = Fitter.error(Fitter.word(pixels, x), pixU[x], pixV[x])
                    sumU[x] = 0 + e.u
                    sumV[x] = 0 + e.v
                }
            } else {
                for x in 0..<width {
                    let e = Fitter.error(Fitter.word(pixels, x), pixU[x], pixV[x])
                    sumU[x] += e.u
                    sumV[x] += e.v
                }
            }
            // After a block row's second pixel row (or the image's last),
            // move its chroma by the mean error of its pixels: first each
            // block's error (into `pad`, free until the next row), then the
            // move, in two loops each of which vectorizes. A block with no
            // visible pixel moves by 0 (see `averageChroma`).
            guard row & 1 == 1 || row == height - 1 else { continue }
            for bx in 0..<pairs {
                padU[bx] = sumU[2 &* bx] + sumU[2 &* bx &+ 1]
                padV[bx] = sumV[2 &* bx] + sumV[2 &* bx &+ 1]
            }
            if width & 1 == 1 {
                padU[cw - 1] = sumU[width - 1]
                padV[cw - 1] = sumV[width - 1]
            }
            let bu = u + by &* cw, bv = v + by &* cw, bw = weight + by &* cw
            for bx in 0..<cw {
                bu[bx] = YUVPlanes.clamp(bu[bx] + padU[bx] / bw[bx])
                bv[bx] = YUVPlanes.clamp(bv[bx] + padV[bx] / bw[bx])
            }
        }
    }

    /// A pixel (`p`): its best luma for chroma offsets (`cu`, `cv`) as
    /// decoded there, and what then remains of each channel.
    @inline(__always)
    private static func fit(_ p: UInt32, _ cu: Float, _ cv: Float)
        -> (luma: Float, er: Float, eg: Float, eb: Float) {
        let cr = Fitter.vr * cv, cg = Fitter.ug * cu + Fitter.vg * cv, cb = Fitter.ub * cu
        let r = channel(p, 0), g = channel(p, 8), b = channel(p, 16)
        // Least squares over the three channels, each moving by ky per luma step.
        let fitted = YUVPlanes.clamp(((r - cr) + (g - cg) + (b - cb)) * (1 / (3 * Fitter.ky)) + 16)
        let l = Fitter.ky * (fitted - 16)
        return (fitted, r - YUVPlanes.clamp(l + cr), g - YUVPlanes.clamp(l + cg), b - YUVPlanes.clamp(l + cb))
    }

    /// A pixel's remaining error after `fit`, as chroma weighted by alpha.
    @inline(__always)
    private static func error(_ p: UInt32, _ cu: Float, _ cv: Float) -> (u: Float, v: Float) {
        let f = fit(p, cu, cv)
        let a = channel(p, 24) * (1 / 255)
        return (a * (Fitter.ur * f.er + Fitter.ugg * f.eg + Fitter.uB * f.eb),
                a * (Fitter.vR * f.er + Fitter.vG * f.eg + Fitter.vB * f.eb))
    }
}
