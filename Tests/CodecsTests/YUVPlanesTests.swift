import Testing
@testable import Codecs
import Foundation
import Raster

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
}
