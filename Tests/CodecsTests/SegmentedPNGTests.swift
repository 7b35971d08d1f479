import CPhotiCaseDeflate
import CPhotiCaseShims
import Testing
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// Level 1's writer deflates an image's rows in segments of about 2 MiB
/// of filtered bytes, each ending with a full flush, on as many threads
/// as it is given: one zlib stream, the same bytes for any thread count.
@Suite struct SegmentedPNGTests {
    /// Half noise (each of Paeth's predictors), half smooth rows.
    static func image(width: Int, height: Int, alpha: Bool) -> Raster {
        var generator = SystemRandomNumberGenerator()
        var image = Raster(width: width, height: height, fill: .black)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = y % 3 == 0
                    ? RGBA(UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                           UInt8.random(in: 0...255, using: &generator), alpha ? UInt8.random(in: 0...255, using: &generator) : 255)
                    : RGBA(UInt8(truncatingIfNeeded: x), UInt8(truncatingIfNeeded: y), UInt8(truncatingIfNeeded: x &+ y),
                           alpha ? UInt8(truncatingIfNeeded: 255 &- x) : 255)
            }
        }
        return image
    }

    /// The IDAT chunks' data, joined.
    static func zlibStream(_ png: [UInt8]) -> [UInt8] {
        var data: [UInt8] = [], at = 8
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[at + 4..<at + 8].elementsEqual(Array("IDAT".utf8)) { data += png[at + 8..<at + 8 + length] }
            at += 12 + length
        }
        return data
    }

    /// Rows filtered with AVX2 straight from the image make the bytes the
    /// portable filter (a raw row, then SSE2 Paeth) makes, at the widths
    /// that reach each edge of its 8-pixel steps and its tail, RGB and
    /// RGBA, at level 1 (igzip) and 3 (libdeflate).
    @Test func theAVX2FilterWritesThePortableFiltersBytes() throws {
        let sizes = [(1, 1), (1, 7), (2, 3), (8, 2), (9, 4), (10, 3), (11, 5), (17, 3), (18, 6), (19, 2), (257, 31)]
        for (width, height) in sizes {
            for alpha in [false, true] {
                let image = Self.image(width: width, height: height, alpha: alpha)
                for level in [1, 3] {
                    pr_png_use_simd(0)
                    let portable = try PNGBinding.encode(image, compressionLevel: level)
                    pr_png_use_simd(1)
                    let simd = try PNGBinding.encode(image, compressionLevel: level)
                    #expect(simd == portable, "\(width)x\(height) alpha \(alpha) level \(level)")
                    #expect(try ImageDecoder.decode(simd).raster == image)
                }
            }
        }
    }

    /// Widths and heights that make one, two and nine segments (the last
    /// shorter than the others), opaque (RGB) and not.
    @Test(arguments: [(700, 900, false, 1), (1360, 1072, false, 2), (1100, 1000, true, 2), (2400, 1990, true, 9)])
    func everyThreadCountWritesTheSameFile(_ width: Int, _ height: Int, _ alpha: Bool, _ segments: Int) throws {
        let image = Self.image(width: width, height: height, alpha: alpha)
        let one = try PNGBinding.encode(image, compressionLevel: 1, threads: 1)
        for threads in [2, 3, 8] {
            #expect(try PNGBinding.encode(image, compressionLevel: 1, threads: threads) == one, "\(threads) threads")
        }
        // libdeflate's strict zlib reader checks the joined Adler-32, and
        // that nothing follows the end of the stream.
        let stream = Self.zlibStream(one)
        let filtered = (width * (alpha ? 4 : 3) + 1) * height
        var inflated = [UInt8](repeating: 0, count: filtered)
        let decompressor = try #require(libdeflate_alloc_decompressor())
        defer { libdeflate_free_decompressor(decompressor) }
        var taken = 0, written = 0
        let result = stream.withUnsafeBytes { src in
            inflated.withUnsafeMutableBytes { dst in
                libdeflate_zlib_decompress_ex(decompressor, src.baseAddress, src.count, dst.baseAddress, dst.count,
                                              &taken, &written)
            }
        }
        #expect(result == LIBDEFLATE_SUCCESS)
        #expect(taken == stream.count && written == filtered)
        // Each segment but the last ends with a full flush's empty stored
        // block (00 00 FF FF): as many as the image has segments, less one.
        let marks = (0..<(stream.count - 4)).count { stream[$0..<$0 + 4].elementsEqual([0, 0, 0xFF, 0xFF]) }
        #expect(marks >= segments - 1)
        let decoded = try ImageDecoder.decode(one)
        #expect(decoded.info.hasAlpha == alpha)
        #expect(decoded.raster == image)
    }
}

/// A lossy WebP with alpha encoded on two threads (libwebp's alpha beside
/// its colour) is the one thread's file, byte for byte.
@Suite struct ThreadedWebPTests {
    @Test(arguments: [(600, 960, true), (257, 131, true), (300, 200, false)])
    func twoThreadsWriteTheOneThreadsBytes(width: Int, height: Int, alpha: Bool) throws {
        var image = SegmentedPNGTests.image(width: width, height: height, alpha: false)
        if alpha {
            // A card's alpha: rounded corners and a notch, opaque inside.
            for y in 0..<height {
                for x in 0..<width where x + y < 12 || (x - width / 2) * (x - width / 2) + (y - height) * (y - height) < 400 {
                    var p = image[x, y]
                    p.a = UInt8((x * 7 + y * 3) % 256)
                    image[x, y] = p
                }
            }
        }
        for settings in [EncodeSettings.webp(quality: 93, method: 1), .webp(quality: 80, method: 4)] {
            let one = try ImageEncoder.encode(image, settings: settings, threads: 1)
            let two = try ImageEncoder.encode(image, settings: settings, threads: 2)
            #expect(one == two, "\(width)x\(height) \(settings)")
            #expect(try ImageDecoder.decode(two).raster.size == image.size)
        }
    }
}
