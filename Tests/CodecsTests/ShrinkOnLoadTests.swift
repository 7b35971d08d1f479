import Testing
import PhotiCaseTestSupport
import PhotiCaseImaging
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// Shrink-on-load must not cost visible quality: a thumbnail made from a
/// DCT-scaled decode stays within PSNR 38 dB of one made from the full decode.
@Suite struct ShrinkOnLoadTests {
    @Test func denominatorKeepsHeadroom() {
        let stored = PixelSize(width: 4032, height: 3024)
        // 256x192 needed: 1/8 gives 504x378, which is 1.97x, under 2x.
        #expect(ShrinkOnLoad.jpegDenominator(stored: stored, needed: PixelSize(width: 256, height: 192), headroom: 2) == 4)
        #expect(ShrinkOnLoad.jpegDenominator(stored: stored, needed: PixelSize(width: 256, height: 192), headroom: 1) == 8)
        #expect(ShrinkOnLoad.jpegDenominator(stored: stored, needed: PixelSize(width: 2000, height: 1500), headroom: 2) == 1)
        #expect(ShrinkOnLoad.jpegDenominator(stored: stored, needed: nil, headroom: 2) == 1)
        #expect(ShrinkOnLoad.webpSize(stored: stored, needed: PixelSize(width: 100, height: 75), headroom: 2)
            == PixelSize(width: 200, height: 150))
        // libwebp's box scaler always leaves a 2x reduction to Lanczos.
        #expect(ShrinkOnLoad.webpSize(stored: stored, needed: PixelSize(width: 100, height: 75), headroom: 1)
            == PixelSize(width: 200, height: 150))
        #expect(ShrinkOnLoad.webpSize(stored: stored, needed: PixelSize(width: 3000, height: 2250), headroom: 2) == stored)
    }

    @Test(.enabled(if: Corpus.available, Corpus.skipMessage), arguments: [1.0, 2.0])
    func thumbnailOfPhoneSizedPhoto(_ headroom: Double) throws {
        let path = Corpus.path("photos/image-rs_scaledown_test_4032x3024.jpg")
        let target = PixelSize(width: 256, height: 192)
        let full = try ImageDecoder.decodeFile(atPath: path).raster.resized(to: target)
        let options = DecodeOptions(minimumSize: target, shrinkHeadroom: headroom)
        let shrunk = try ImageDecoder.decodeFile(atPath: path, options: options)
        #expect(shrunk.scale < 1)
        let thumb = shrunk.raster.resized(to: target)
        let psnr = Compare.psnr(thumb, full)
        print("shrink-on-load headroom \(headroom): decoded \(shrunk.raster.size), PSNR \(psnr) dB")
        #expect(psnr >= 38, "headroom \(headroom): PSNR \(psnr) dB")
    }

    @Test func scaledWebPAndOrientedJPEGKeepTheRightShape() throws {
        let webp = Fixtures.encode(Fixtures.smooth(width: 400, height: 300), .webp())
        let small = try ImageDecoder.decode(webp, options: DecodeOptions(minimumSize: PixelSize(width: 50, height: 38),
                                                                         shrinkHeadroom: 2))
        // Both sides cover 2x the need; the aspect ratio is kept.
        #expect(small.raster.size == PixelSize(width: 102, height: 76))
        let jpeg = Fixtures.jpegWithEXIF(Fixtures.encode(Fixtures.smooth(width: 400, height: 200), .jpeg()),
                                         tiff: Fixtures.tiff(orientation: 6))
        // Upright it is 200x400; 25x50 needed with headroom 2 allows 1/4.
        let turned = try ImageDecoder.decode(jpeg, options: DecodeOptions(minimumSize: PixelSize(width: 25, height: 50),
                                                                          shrinkHeadroom: 2))
        #expect(turned.raster.size == PixelSize(width: 50, height: 100))
        #expect(turned.scale == 0.25)
    }
}

/// PNG shrink-on-load: block averaging while reading rows.
@Suite struct PNGShrinkOnLoadTests {
    @Test func blocksAverageExactly() throws {
        // 2x2 blocks of known values, one block half transparent.
        var image = Raster(width: 5, height: 3, fill: RGBA(10, 20, 30))
        image[0, 0] = RGBA(30, 20, 30)         // block (0,0) averages r to 15
        image[2, 0] = RGBA(200, 0, 0, 0)        // transparent: lends no colour
        image[3, 0] = RGBA(100, 100, 100, 255)
        let png = Fixtures.encode(image, .png())
        let decoded = try ImageDecoder.decode(png, options: DecodeOptions(minimumSize: PixelSize(width: 3, height: 2)))
        #expect(decoded.raster.size == PixelSize(width: 3, height: 2))
        #expect(decoded.raster[0, 0] == RGBA(15, 20, 30, 255))
        // Block (1,0): three opaque pixels (100, 10, 10 in red) and one clear.
        #expect(decoded.raster[1, 0] == RGBA(40, 47, 53, 191))
        // The right and bottom edges average the pixels that exist.
        #expect(decoded.raster[2, 1] == RGBA(10, 20, 30, 255))
    }

    @Test func thumbnailStaysCloseToFullDecode() throws {
        let image = Fixtures.smooth(width: 1200, height: 900)
        let png = Fixtures.encode(image, .png(compressionLevel: 1))
        let target = PixelSize(width: 160, height: 120)
        let full = try ImageDecoder.decode(png).raster.resized(to: target)
        let shrunk = try ImageDecoder.decode(png, options: DecodeOptions(minimumSize: target))
        #expect(shrunk.raster.size == PixelSize(width: 172, height: 129))  // 1/7
        #expect(Compare.psnr(shrunk.raster.resized(to: target), full) >= 38)
    }

    @Test(.enabled(if: Corpus.available, Corpus.skipMessage))
    func interlacedPNGDecodesWhole() throws {
        let path = Corpus.path("pngsuite/basi2c08.png")
        let decoded = try ImageDecoder.decodeFile(atPath: path, options: DecodeOptions(minimumSize: PixelSize(width: 4, height: 4)))
        #expect(decoded.raster.size == PixelSize(width: 32, height: 32))
    }
}

/// WebP shrink-on-load (libwebp's scaler, without the in-loop filter when
/// shrinking by 2 or more) against a thumbnail of the full decode.
@Suite struct WebPShrinkOnLoadTests {
    @Test func syntheticThumbnailStaysCloseToFullDecode() throws {
        try check(Fixtures.encode(Fixtures.smooth(width: 1600, height: 1200), .webp(quality: 80)))
    }

    @Test(.enabled(if: Corpus.available, Corpus.skipMessage))
    func panoramaThumbnailStaysCloseToFullDecode() throws {
        try check(try FileIO.read(Corpus.path("photos/libwebp_bryce_11158x2156.webp"), limit: 1 << 30))
    }

    private func check(_ webp: [UInt8]) throws {
        let info = try ImageDecoder.inspect(webp)
        let target = PixelSize(width: 256, height: 256 * info.height / info.width)
        let full = try ImageDecoder.decode(webp).raster.resized(to: target)
        let shrunk = try ImageDecoder.decode(webp, options: DecodeOptions(minimumSize: target))
        #expect(shrunk.scale < 0.5)
        #expect(shrunk.raster.width >= 2 * target.width)
        let psnr = Compare.psnr(shrunk.raster.resized(to: target), full)
        #expect(psnr >= 38, "PSNR \(psnr) dB")
    }
}
