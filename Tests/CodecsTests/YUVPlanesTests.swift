import Testing
@testable import PhotiCaseCodecs
import Foundation
import PhotiCaseRaster

/// `YUVPlanes.fitted` chooses 4:2:0 planes for the decoder: what libwebp's
/// fancy upsampler makes of them must be closer to the picture than what
/// it makes of plain block averages, and lossy WebP files made from them
/// must decode close to the picture.
@Suite struct YUVPlanesTests {
    /// Thin white strokes and red bands on a dark ground and a gradient,
    /// with a transparent corner (when there is room): the edges 4:2:0
    /// chroma smears.
    static func picture(width: Int = 61, height: Int = 47) -> Raster {
        var r = Raster(width: width, height: height, fill: RGBA(20, 24, 40))
        for y in 0..<height {
            for x in 0..<width {
                if x % 7 == 3 || y % 9 == 4 { r[x, y] = RGBA(250, 250, 245) }
                else if (x + y) % 13 < 3 { r[x, y] = RGBA(230, 40, 30) }
                else if x > width / 2 { r[x, y] = RGBA(UInt8(x * 4 % 256), 120, UInt8(y * 5 % 256)) }
                if width > 8, x < 4 && y < 4 { r[x, y] = .clear }
            }
        }
        return r
    }

    /// The picture libwebp's decoder makes of `planes` (9-3-3-1 chroma
    /// upsampling, BT.601 studio range), in floating point.
    static func decoded(_ planes: YUVPlanes) -> [Double] {
        let w = planes.width, h = planes.height, cw = planes.chromaWidth, ch = planes.chromaHeight
        func chroma(_ plane: [UInt8], _ x: Int, _ y: Int) -> Double {
            let bx = x / 2, by = y / 2
            let nx = min(cw - 1, max(0, x % 2 == 0 ? bx - 1 : bx + 1))
            let ny = min(ch - 1, max(0, y % 2 == 0 ? by - 1 : by + 1))
            let c = { (cx: Int, cy: Int) in Double(plane[cy * cw + cx]) }
            return (9 * c(bx, by) + 3 * c(nx, by) + 3 * c(bx, ny) + c(nx, ny)) / 16 - 128
        }
        var out: [Double] = []
        for y in 0..<h {
            for x in 0..<w {
                let l = 1.16438 * (Double(planes.y[y * w + x]) - 16)
                let u = chroma(planes.u, x, y), v = chroma(planes.v, x, y)
                out += [l + 1.59603 * v, l - 0.39176 * u - 0.81297 * v, l + 2.01723 * u].map { min(255, max(0, $0)) }
            }
        }
        return out
    }

    /// Mean squared error over the opaque pixels.
    static func error(_ planes: YUVPlanes, _ picture: Raster) -> Double {
        let d = decoded(planes)
        var sum = 0.0, n = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width where picture[x, y].a == 255 {
                let p = picture[x, y], i = (y * picture.width + x) * 3
                for (c, value) in [p.r, p.g, p.b].enumerated() {
                    sum += (Double(value) - d[i + c]) * (Double(value) - d[i + c])
                    n += 1
                }
            }
        }
        return sum / Double(n)
    }

    /// Plain 4:2:0: each pixel's luma, each block's averaged chroma.
    static func averaged(_ picture: Raster) -> YUVPlanes {
        let w = picture.width, h = picture.height, cw = (w + 1) / 2, ch = (h + 1) / 2
        var y = [UInt8](repeating: 0, count: w * h), u = [UInt8](repeating: 128, count: cw * ch), v = u
        for py in 0..<h {
            for px in 0..<w {
                let p = picture[px, py]
                let r = Double(p.r), g = Double(p.g), b = Double(p.b)
                y[py * w + px] = UInt8((16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255).rounded())
            }
        }
        for by in 0..<ch {
            for bx in 0..<cw {
                var su = 0.0, sv = 0.0, n = 0.0
                for py in (2 * by)..<min(h, 2 * by + 2) {
                    for px in (2 * bx)..<min(w, 2 * bx + 2) {
                        let p = picture[px, py]
                        let r = Double(p.r), g = Double(p.g), b = Double(p.b)
                        su += (-37.797 * r - 74.203 * g + 112 * b) / 255
                        sv += (112 * r - 93.786 * g - 18.214 * b) / 255
                        n += 1
                    }
                }
                u[by * cw + bx] = UInt8((128 + su / n).rounded())
                v[by * cw + bx] = UInt8((128 + sv / n).rounded())
            }
        }
        return YUVPlanes(width: w, height: h, y: y, u: u, v: v, a: nil)
    }

    @Test(arguments: [(61, 47), (64, 48), (1, 1), (3, 2)])
    func fittedPlanesDecodeCloserThanAverages(size: (Int, Int)) {
        let picture = Self.picture(width: size.0, height: size.1)
        let planes = YUVPlanes.fitted(picture)
        #expect(planes.y.count == size.0 * size.1)
        #expect(planes.u.count == planes.chromaWidth * planes.chromaHeight)
        #expect(planes.a?.count == (size.0 > 8 ? size.0 * size.1 : nil))
        let fitted = Self.error(planes, picture), plain = Self.error(Self.averaged(picture), picture)
        #expect(fitted <= plain, "fitted MSE \(fitted), plain averages \(plain)")
        // On this picture: 347 against 503 (1.6 dB).
        if size.0 > 8 { #expect(fitted < 0.8 * plain, "fitted MSE \(fitted), plain averages \(plain)") }
    }

    @Test func opaquePicturesHaveNoAlphaPlane() {
        #expect(YUVPlanes.fitted(Raster(width: 5, height: 3, fill: RGBA(10, 200, 30))).a == nil)
    }

    @Test func lossyWebPKeepsThinColouredEdges() throws {
        let picture = Self.picture(width: 64, height: 48)
        let decoded = try ImageDecoder.decode(ImageEncoder.encode(picture, settings: .webp(quality: 95))).raster
        #expect(decoded.width == 64 && decoded.height == 48)
        #expect(decoded[0, 0].a == 0 && decoded[10, 10].a == 255)
        var opaque = picture, result = decoded
        // Compare colour where the picture is opaque only.
        for y in 0..<4 { for x in 0..<4 { opaque[x, y] = .black; result[x, y] = .black } }
        // Most of the error is 4:2:0 itself (red bands one or two pixels off
        // the block grid): the lossy file at q95 must still beat plain
        // averages stored without any compression (22.7 dB against 21.1).
        let plain = 10 * log10(255 * 255 / Self.error(Self.averaged(picture), picture))
        #expect(Compare.psnr(opaque, result) > plain + 1)
    }

    // MARK: - Bit for bit the scalar algorithm

    /// Random rasters of awkward sizes (one pixel, one row, one column, odd
    /// sides, wider than a vector loop's step with a tail) and alphas, as
    /// straight and as premultiplied rasters: `fitted` must give exactly the
    /// bytes of the scalar algorithm it was vectorized from, because they
    /// feed the cache's fingerprints, and on the way exactly its floats.
    @Test(arguments: [(1, 1), (1, 2), (2, 1), (1, 9), (9, 1), (2, 2), (3, 3), (5, 4), (4, 5),
                      (7, 2), (33, 17), (64, 48), (61, 47), (257, 31), (16, 1), (1, 16)])
    func fittedIsTheScalarAlgorithmBitForBit(size: (Int, Int)) {
        var rng = SeededGenerator(seed: UInt64(size.0 * 1000 + size.1))
        for alpha in AlphaKind.allCases {
            for premultiplied in [false, true] {
                var raster = Self.noise(width: size.0, height: size.1, alpha: alpha, using: &rng)
                if premultiplied { raster = raster.premultiplied() }
                var stages: [String: [Float]] = [:], referenceStages: [String: [Float]] = [:]
                let fitted = YUVPlanes.fitted(raster)
                _ = YUVPlanes.fitted(raster) { stages[$0] = $1 }
                let reference = ScalarYUVReference.fitted(raster) { referenceStages[$0] = $1 }
                let what = "\(size.0)x\(size.1), alpha \(alpha), premultiplied \(premultiplied)"
                // The floats before rounding first: a one-ulp change hardly
                // ever moves a byte of these small rasters, but would move
                // some byte of some photo.
                #expect(stages.keys.sorted() == referenceStages.keys.sorted(), "\(what)")
                for (stage, old) in referenceStages.sorted(by: { $0.key < $1.key }) {
                    let difference = Self.firstDifference(stages[stage] ?? [], old)
                    #expect(difference == nil, "\(stage) differs at \(difference ?? ""), \(what)")
                }
                #expect(fitted.width == reference.width && fitted.height == reference.height, "\(what)")
                #expect((fitted.a == nil) == (reference.a == nil), "alpha plane, \(what)")
                // The first difference only: whole planes would flood the log.
                for (plane, new, old) in [("y", fitted.y, reference.y), ("u", fitted.u, reference.u),
                                          ("v", fitted.v, reference.v), ("a", fitted.a ?? [], reference.a ?? [])] {
                    let difference = Self.firstDifference(new, old)
                    #expect(difference == nil, "\(plane) differs at \(difference ?? ""), \(what)")
                }
            }
        }
    }

    /// The rounding `fitted` uses to make bytes agrees with `UInt8(_:)` of
    /// the clamped value on the values where truncation and rounding part:
    /// every float within a few steps of each integer and half-integer in
    /// and around 0...255, and the extremes.
    @Test func byteRoundsAsTheCheckedConversion() {
        var values: [Float] = [0, -0, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                               .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-30, -1e-30, 1e30, -1e30]
        for half in -4...520 {
            let centre = Float(half) / 2
            var below = centre, above = centre
            for _ in 0..<40 {
                below = below.nextDown
                above = above.nextUp
                values += [below, above]
            }
            values.append(centre)
        }
        for value in values {
            let expected = UInt8(Swift.max(0, Swift.min(255, value + 0.5)))
            #expect(YUVPlanes.byte(value) == expected, "byte(\(value))")
            #expect(YUVPlanes.clamp(value).bitPattern == Swift.max(0, Swift.min(255, value)).bitPattern, "clamp(\(value))")
        }
        #expect(YUVPlanes.clamp(.nan) == 255)
    }

    enum AlphaKind: CaseIterable { case opaque, transparent, mixed, mostlyOpaque }

    /// Noise, a quarter of it saturated colours (which the clamps meet),
    /// under `alpha`: opaque, all 0, any byte with 0 and 255 often, or
    /// opaque but for a few 0s and partial values.
    static func noise(width: Int, height: Int, alpha: AlphaKind, using rng: inout SeededGenerator) -> Raster {
        let saturated: [[UInt8]] = [[255, 0, 0], [0, 0, 255], [255, 255, 255], [0, 0, 0], [0, 255, 0], [255, 0, 255]]
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            if rng.next() % 4 == 0 {
                pixels += saturated[Int(rng.next() % UInt64(saturated.count))]
            } else {
                pixels += [UInt8(truncatingIfNeeded: rng.next()), UInt8(truncatingIfNeeded: rng.next()),
                           UInt8(truncatingIfNeeded: rng.next())]
            }
            let roll = rng.next() % 8
            switch alpha {
            case .opaque: pixels.append(255)
            case .transparent: pixels.append(0)
            case .mixed: pixels.append(roll < 2 ? 0 : roll < 4 ? 255 : UInt8(truncatingIfNeeded: rng.next()))
            case .mostlyOpaque:
                pixels.append(rng.next() % 16 == 0 ? (roll < 4 ? 0 : UInt8(truncatingIfNeeded: rng.next())) : 255)
            }
        }
        return Raster(width: width, height: height, pixels: pixels)
    }

    /// Where `new` first differs from `old` and how, or nil.
    static func firstDifference(_ new: [UInt8], _ old: [UInt8]) -> String? {
        guard new.count == old.count else { return "count \(new.count) against \(old.count)" }
        guard let i = new.indices.first(where: { new[$0] != old[$0] }) else { return nil }
        return "byte \(i): \(new[i]) against \(old[i])"
    }

    /// Where `new` first differs from `old` bit for bit (so -0 is not 0).
    static func firstDifference(_ new: [Float], _ old: [Float]) -> String? {
        guard new.count == old.count else { return "count \(new.count) against \(old.count)" }
        guard let i = new.indices.first(where: { new[$0].bitPattern != old[$0].bitPattern }) else { return nil }
        return "value \(i): \(new[i]) against \(old[i])"
    }
}

/// A small seeded generator (SplitMix64), so the random rasters repeat.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `YUVPlanes.fitted` as it was before it was rewritten for the
/// vectorizer: one pixel at a time, plain arrays, every float operation
/// in the order the cache's bytes were made with. Kept so that any change
/// to the fast code that moves a single bit fails a test. `trace` gets the
/// same stages as from `YUVPlanes.fitted(_:trace:)`.
enum ScalarYUVReference {
    static let ky: Float = 1.164_38
    static let vr: Float = 1.596_03, ug: Float = -0.391_76, vg: Float = -0.812_97, ub: Float = 2.017_23
    static let ur: Float = -37.797 / 255, ugg: Float = -74.203 / 255, uB: Float = 112.0 / 255
    static let vR: Float = 112.0 / 255, vG: Float = -93.786 / 255, vB: Float = -18.214 / 255

    static func byte(_ value: Float) -> UInt8 { UInt8(max(0, min(255, value + 0.5))) }

    static func fitted(_ raster: Raster, trace: (_ stage: String, _ values: [Float]) -> Void = { _, _ in }) -> YUVPlanes {
        let image = raster.unpremultiplied()
        let w = image.width, h = image.height, cw = (w + 1) / 2, ch = (h + 1) / 2
        let px = image.pixels
        var u = [Float](repeating: 0, count: cw * ch), v = u, weight = u
        var luma = [Float](repeating: 0, count: w * h)

        // 1. Each block's alpha-weighted mean chroma.
        for row in 0..<h {
            for x in 0..<w {
                let i = (row * w + x) * 4
                let a = Float(px[i + 3]) * (1 / 255)
                let r = Float(px[i]), g = Float(px[i + 1]), b = Float(px[i + 2])
                let c = (row / 2) * cw + x / 2
                u[c] += a * (ur * r + ugg * g + uB * b)
                v[c] += a * (vR * r + vG * g + vB * b)
                weight[c] += a
            }
        }
        for c in 0..<(cw * ch) {
            let wt = weight[c]
            u[c] = wt > 0 ? 128 + u[c] / wt : 128
            v[c] = wt > 0 ? 128 + v[c] / wt : 128
        }

        // 2, 3. Luma fitted to the decoder's chroma at each pixel; with
        // `correct`, each visible block's chroma moved by its pixels' error.
        func pass(correct: Bool) {
            var sumU = [Float](repeating: 0, count: w), sumV = sumU
            for row in 0..<h {
                let by = row / 2
                let ny = row % 2 == 0 ? max(0, by - 1) : min(ch - 1, by + 1)
                var rowU = [Float](repeating: 0, count: cw), rowV = rowU
                for bx in 0..<cw {
                    rowU[bx] = 0.75 * u[by * cw + bx] + 0.25 * u[ny * cw + bx]
                    rowV[bx] = 0.75 * v[by * cw + bx] + 0.25 * v[ny * cw + bx]
                }
                for x in 0..<w {
                    let bx = x / 2
                    let nx = x % 2 == 0 ? max(0, bx - 1) : min(cw - 1, bx + 1)
                    let cu = 0.75 * rowU[bx] + 0.25 * rowU[nx] - 128
                    let cv = 0.75 * rowV[bx] + 0.25 * rowV[nx] - 128
                    let i = (row * w + x) * 4
                    let r = Float(px[i]), g = Float(px[i + 1]), b = Float(px[i + 2])
                    let cr = vr * cv, cg = ug * cu + vg * cv, cb = ub * cu
                    let fitted = max(0, min(255, ((r - cr) + (g - cg) + (b - cb)) * (1 / (3 * ky)) + 16))
                    luma[row * w + x] = fitted
                    let l = ky * (fitted - 16)
                    let er = r - max(0, min(255, l + cr))
                    let eg = g - max(0, min(255, l + cg))
                    let eb = b - max(0, min(255, l + cb))
                    let a = Float(px[i + 3]) * (1 / 255)
                    sumU[x] += a * (ur * er + ugg * eg + uB * eb)
                    sumV[x] += a * (vR * er + vG * eg + vB * eb)
                }
                guard correct, row % 2 == 1 || row == h - 1 else { continue }
                for bx in 0..<cw where weight[by * cw + bx] > 0 {
                    let c = by * cw + bx
                    let x0 = 2 * bx, x1 = min(w - 1, x0 + 1)
                    let eu = x1 == x0 ? sumU[x0] : sumU[x0] + sumU[x1]
                    let ev = x1 == x0 ? sumV[x0] : sumV[x0] + sumV[x1]
                    u[c] = max(0, min(255, u[c] + eu / weight[c]))
                    v[c] = max(0, min(255, v[c] + ev / weight[c]))
                }
                sumU = [Float](repeating: 0, count: w)
                sumV = sumU
            }
        }
        trace("u0", u)
        trace("v0", v)
        for stage in 0..<YUVPlanes.corrections {
            pass(correct: true)
            trace("u\(stage + 1)", u)
            trace("v\(stage + 1)", v)
        }
        for c in 0..<(cw * ch) {
            u[c] = Float(byte(u[c]))
            v[c] = Float(byte(v[c]))
        }
        pass(correct: false)
        trace("y", luma)

        let alpha: [UInt8]? = image.isOpaque ? nil : (0..<(w * h)).map { px[$0 * 4 + 3] }
        return YUVPlanes(width: w, height: h, y: luma.map(byte), u: u.map(byte), v: v.map(byte), a: alpha)
    }
}
