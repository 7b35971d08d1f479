import Testing
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// Encode, then decode: generated images through every encoder.
@Suite struct RoundTripTests {
    @Test func pngKeepsEveryPixelAndAlpha() throws {
        var image = Fixtures.coordinates(width: 300, height: 70)
        image[5, 5] = RGBA(10, 20, 30, 0)
        image[6, 5] = RGBA(10, 20, 30, 128)
        let bytes = Fixtures.encode(image, .png(compressionLevel: 9))
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.info.format == .png)
        #expect(decoded.info.hasAlpha)
        #expect(decoded.raster == image)
    }

    /// Level 1 takes the Paeth-and-igzip writer, levels 2-3 the
    /// Paeth-and-libdeflate one: every pixel back,
    /// through libpng's decoder (which checks each chunk's CRC and the
    /// stream's Adler-32), on sizes that reach every edge of the filter
    /// (one pixel, one row, one column, odd widths) and on noise, which
    /// picks each of Paeth's three predictors.
    @Test(arguments: [(1, 1), (1, 9), (9, 1), (3, 5), (257, 31), (640, 3)])
    func fastPNGKeepsEveryPixel(_ width: Int, _ height: Int) throws {
        var generator = SystemRandomNumberGenerator()
        var noisy = Fixtures.coordinates(width: width, height: height)
        for y in 0..<height where y % 2 == 1 {
            for x in 0..<width {
                noisy[x, y] = RGBA(UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                                   UInt8.random(in: 0...255, using: &generator), 255)
            }
        }
        var translucent = noisy
        translucent[0, 0] = RGBA(10, 20, 30, 0)
        translucent[width - 1, height - 1] = RGBA(200, 100, 50, 77)
        for (image, alpha) in [(noisy, false), (translucent, true)] {
            for level in 1...3 {
                let bytes = Fixtures.encode(image, .png(compressionLevel: level))
                #expect(bytes[25] == (alpha ? 6 : 2))  // IHDR colour type
                let decoded = try ImageDecoder.decode(bytes)
                #expect(decoded.info.hasAlpha == alpha)
                #expect(decoded.raster == image, "\(width)x\(height) level \(level)")
            }
        }
    }

    /// Noise in every row does not deflate: igzip's output outgrows the
    /// half of the filtered image the writer first sets aside, and the
    /// file grows with every pixel kept,
    /// over bands of 16 rows and the short band at the end.
    @Test(arguments: [(600, 900, false), (333, 47, true)])
    func fastPNGOfNoiseGrowsItsFile(_ width: Int, _ height: Int, _ alpha: Bool) throws {
        var generator = SystemRandomNumberGenerator()
        var noise = Raster(width: width, height: height, fill: .black)
        for y in 0..<height {
            for x in 0..<width {
                noise[x, y] = RGBA(UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                                   UInt8.random(in: 0...255, using: &generator),
                                   alpha ? UInt8.random(in: 0...255, using: &generator) : 255)
            }
        }
        let bytes = Fixtures.encode(noise, .png(compressionLevel: 1))
        // Larger than half the filtered rows: the first guess was outgrown.
        #expect(bytes.count > (width * (alpha ? 4 : 3) + 1) * height / 2 + 4096)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.info.hasAlpha == alpha)
        #expect(decoded.raster == noise)
    }

    @Test func imagesOver16MegapixelsStreamThroughLibpng() throws {
        // 4097 x 4097 is just over 2^24 pixels: libpng writes it (in many
        // IDAT chunks, a row at a time) rather than the whole-image path.
        var image = Raster(width: 4097, height: 4097, fill: RGBA(10, 20, 30, 255))
        image[4096, 4096] = RGBA(200, 100, 50, 255)
        image[0, 4096] = RGBA(1, 2, 3, 255)
        let bytes = Fixtures.encode(image, .png(compressionLevel: 1))
        let idat = Array("IDAT".utf8)
        let chunks = (0..<(bytes.count - 4)).count { bytes[$0..<$0 + 4].elementsEqual(idat) }
        #expect(chunks > 1)
        #expect(try ImageDecoder.decode(bytes).raster == image)
        // Just under the line, one IDAT: the fast path.
        let small = Raster(width: 4096, height: 4096, fill: RGBA(10, 20, 30, 255))
        let fast = Fixtures.encode(small, .png(compressionLevel: 1))
        #expect((0..<(fast.count - 4)).count { fast[$0..<$0 + 4].elementsEqual(idat) } == 1)
    }

    @Test func fastPNGHasTheChunksInOrder() throws {
        // Signature, IHDR first (13 bytes), one IDAT, IEND last with its
        // fixed CRC: what a strict reader expects.
        let image = Fixtures.smooth(width: 600, height: 400)
        let fast = Fixtures.encode(image, .png(compressionLevel: 1))
        #expect(try ImageDecoder.decode(fast).raster == image)
        #expect(Array(fast.prefix(16)) == [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82])
        #expect(Array(fast[33..<41].suffix(4)) == Array("IDAT".utf8))
        #expect(Array(fast.suffix(12)) == [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func opaquePNGIsWrittenAsRGB() throws {
        let image = Fixtures.coordinates(width: 40, height: 30)
        let bytes = Fixtures.encode(image, .png())
        #expect(bytes[25] == 2)  // IHDR colour type: RGB
        #expect(try ImageDecoder.decode(bytes).raster == image)
    }

    @Test(arguments: [EncodeSettings.jpeg(quality: 95, progressive: false, chroma: .s444),
                      .jpeg(quality: 90, progressive: true, chroma: .s420)])
    func jpegStaysClose(_ settings: EncodeSettings) throws {
        let image = Fixtures.smooth(width: 160, height: 120)
        let bytes = Fixtures.encode(image, settings)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.info.format == .jpeg)
        #expect(Compare.psnr(decoded.raster, image) > 38)
    }

    @Test func jpegFlattensAlphaOverWhite() throws {
        let clear = Raster(width: 16, height: 16, fill: RGBA(0, 0, 0, 0))
        let decoded = try ImageDecoder.decode(Fixtures.encode(clear, .jpeg()))
        #expect(decoded.raster[8, 8] == RGBA(255, 255, 255, 255))
    }

    @Test func webpLosslessIsExact() throws {
        var image = Fixtures.coordinates(width: 64, height: 48, alpha: 200)
        image[0, 0] = RGBA(1, 2, 3, 255)
        let decoded = try ImageDecoder.decode(Fixtures.encode(image, .webp(quality: 100, lossless: true)))
        #expect(decoded.info.format == .webp)
        #expect(decoded.raster == image)
    }

    @Test func webpLossyStaysClose() throws {
        let image = Fixtures.smooth(width: 128, height: 96)
        let decoded = try ImageDecoder.decode(Fixtures.encode(image, .webp(quality: 90, lossless: false)))
        #expect(Compare.psnr(decoded.raster, image) > 32)
    }

    @Test func encodingIsDeterministic() {
        let image = Fixtures.smooth(width: 50, height: 40)
        for settings in [EncodeSettings.png(), .jpeg(), .webp()] {
            #expect(Fixtures.encode(image, settings) == Fixtures.encode(image, settings))
        }
    }

    @Test func outputsCarryNoEXIF() throws {
        let source = Fixtures.jpegWithEXIF(Fixtures.encode(Fixtures.smooth(width: 32, height: 16), .jpeg()),
                                           tiff: Fixtures.tiff(orientation: 6))
        let upright = try ImageDecoder.decode(source).raster
        #expect(upright.size == PixelSize(width: 16, height: 32))
        for settings in [EncodeSettings.png(), .jpeg(), .webp()] {
            let again = try ImageDecoder.decode(Fixtures.encode(upright, settings))
            #expect(again.info.orientation == .up)
            #expect(again.raster.size == upright.size)
        }
    }
}
