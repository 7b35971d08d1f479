import Foundation
import PhotiCaseImaging
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// HEIC and AVIF input: files made here with heif-enc decode within PSNR
/// 40 dB of libvips' own decode, upright once, and broken ones fail alone
/// with one clear line.
@Suite struct HEIFTests {
    static let smooth = Fixtures.smooth(width: 640, height: 480)
    static let png = Fixtures.encode(smooth, .png())

    @Test func brandsAreSniffedFromFtyp() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let body = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
            let size = body.count + 8
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + body + [0, 0, 0, 8] + Array("mdat".utf8)
        }
        let cases: [([UInt8], ImageFormat?)] = [
            (ftyp("heic", ["mif1", "heic"]), .heif), (ftyp("heix", []), .heif), (ftyp("hevc", []), .heif),
            (ftyp("heim", []), .heif), (ftyp("heis", []), .heif), (ftyp("mif1", ["heic"]), .heif),
            (ftyp("msf1", ["hevc"]), .heif), (ftyp("mif1", ["avif", "miaf"]), .avif), (ftyp("avif", ["mif1"]), .avif),
            (ftyp("avis", []), .avif),
            (ftyp("isom", ["iso2", "avc1", "mp41"]), nil), (ftyp("qt  ", []), nil), (ftyp("M4A ", ["mp42"]), nil),
        ]
        for (bytes, expected) in cases {
            let found = bytes.withUnsafeBytes { ImageFormat.sniff($0) }
            #expect(found == expected, "\(String(decoding: bytes[8..<12], as: UTF8.self))")
        }
        // An MP4 is refused as not an image, whatever its name.
        #expect(throws: CodecError.unknownFormat) { try ImageDecoder.decode(ftyp("isom", ["mp41"]) + [UInt8](repeating: 0, count: 64)) }
    }

    @Test(.enabled(if: HEIFFixtures.toolsAvailable, HEIFFixtures.skipMessage), arguments: ["t.heic", "t.avif"])
    func matchesLibvips(_ name: String) throws {
        let file = try HEIFFixtures.encode(Self.png, output: name, options: ["-q", "90"])
        let decoded = try ImageDecoder.decode(file)
        #expect(decoded.info.format == (name.hasSuffix("avif") ? .avif : .heif))
        #expect(decoded.raster.size == PixelSize(width: 640, height: 480))
        #expect(decoded.raster.isOpaque)
        let psnr = Compare.psnr(decoded.raster, try HEIFFixtures.vipsDecode(file))
        print("\(name): PSNR \(psnr) dB against libvips")
        #expect(psnr >= 40)
        #expect(Compare.psnr(decoded.raster, Self.smooth) >= 30)   // and it is the picture
    }

    @Test(.enabled(if: HEIFFixtures.toolsAvailable, HEIFFixtures.skipMessage))
    func tenBitIsRoundedToEight() throws {
        // heif-enc makes 10-bit files from 16-bit PNGs.
        let png16 = ColorFixtures.png16(Self.smooth)
        let file = try HEIFFixtures.encode([UInt8](png16), output: "t10.heic", options: ["-q", "90", "-b", "10"])
        let decoded = try ImageDecoder.decode(file)
        #expect(decoded.info.bitDepth == 10)
        let psnr = Compare.psnr(decoded.raster, try HEIFFixtures.vipsDecode(file))
        print("10-bit HEIC: PSNR \(psnr) dB against libvips")
        #expect(psnr >= 40)
    }

    @Test(.enabled(if: HEIFFixtures.toolsAvailable, HEIFFixtures.skipMessage))
    func alphaIsKept() throws {
        var image = Self.smooth
        for y in 0..<image.height { for x in 0..<image.width { image[x, y].a = UInt8(x * 255 / (image.width - 1)) } }
        let file = try HEIFFixtures.encode(Fixtures.encode(image, .png()), output: "a.heic", options: ["-q", "90"])
        let decoded = try ImageDecoder.decode(file)
        #expect(decoded.info.hasAlpha)
        let reference = try HEIFFixtures.vipsDecode(file)
        var worstAlpha = 0
        for y in stride(from: 0, to: 480, by: 7) {
            for x in stride(from: 0, to: 640, by: 7) {
                worstAlpha = max(worstAlpha, abs(Int(decoded.raster[x, y].a) - Int(reference[x, y].a)))
            }
        }
        #expect(worstAlpha <= 2)
        #expect(decoded.raster[0, 100].a < 10 && decoded.raster[639, 100].a > 245)
    }

    /// A 2x1 grid of 256x256 HEVC tiles (as phones store photos) decodes
    /// whole, like libvips decodes it.
    @Test(.enabled(if: HEIFFixtures.toolsAvailable, HEIFFixtures.skipMessage))
    func gridImagesDecodeWhole() throws {
        let whole = Fixtures.smooth(width: 512, height: 256)
        var tiles: [[UInt8]] = []
        for column in 0..<2 {
            var tile = Raster(width: 256, height: 256)
            for y in 0..<256 { for x in 0..<256 { tile[x, y] = whole[column * 256 + x, y] } }
            tiles.append(try HEIFFixtures.encode(Fixtures.encode(tile, .png()), output: "tile.heic", options: ["-q", "90"]))
        }
        let grid = try #require(HEIFGrid.make(tiles: tiles, columns: 2, rows: 1, tile: PixelSize(width: 256, height: 256)))
        let decoded = try ImageDecoder.decode(grid)
        #expect(decoded.raster.size == PixelSize(width: 512, height: 256))
        let psnr = Compare.psnr(decoded.raster, whole)
        print("grid HEIC: PSNR \(psnr) dB against the source, \(Compare.psnr(decoded.raster, try HEIFFixtures.vipsDecode(grid))) against libvips")
        #expect(psnr >= 35)
        #expect(Compare.psnr(decoded.raster, try HEIFFixtures.vipsDecode(grid)) >= 40)
    }

    /// irot turns the image (libheif applies it); EXIF orientation inside
    /// HEIF is never applied on top.
    @Test(.enabled(if: HEIFFixtures.toolsAvailable, HEIFFixtures.skipMessage))
    func orientationIsAppliedOnce() throws {
        let jpeg = Fixtures.jpegWithEXIF(Fixtures.encode(Self.smooth, .jpeg(quality: 95)), tiff: Fixtures.tiff(orientation: 6))
        let withEXIF = try HEIFFixtures.encode(jpeg, inputName: "in.jpg", output: "o6.heic", options: ["-q", "90"])
        let plain = try ImageDecoder.decode(withEXIF)
        // EXIF 6 alone: not turned (libheif does not, and neither do we).
        #expect(plain.info.orientation == .up)
        #expect(plain.raster.size == PixelSize(width: 640, height: 480))
        // irot 90° anticlockwise, with the EXIF 6 still there: turned once.
        let turned = try ImageDecoder.decode(try #require(HEIFFixtures.withIrot(withEXIF, angle: 1)))
        #expect(turned.raster.size == PixelSize(width: 480, height: 640))
        #expect(turned.raster == plain.raster.oriented(try #require(Orientation(rawValue: 8))))
        #expect(Compare.psnr(turned.raster, try HEIFFixtures.vipsDecode(HEIFFixtures.withIrot(withEXIF, angle: 1)!)) >= 40)
    }

    @Test(.enabled(if: HEIFFixtures.toolsAvailable, HEIFFixtures.skipMessage))
    func brokenFilesFailWithOneLine() throws {
        let file = try HEIFFixtures.encode(Self.png, output: "t.heic", options: ["-q", "90"])
        let cases: [([UInt8], (CodecError) -> Bool)] = [
            (Array(file.prefix(file.count / 2)), { if case .truncated(.heif, _) = $0 { true } else { false } }),
            (Array(file.prefix(600)), { if case .truncated(.heif, _) = $0 { true } else if case .corrupt = $0 { true } else { false } }),
            (try #require(HEIFFixtures.withISPE(file, width: 100_000, height: 100_000)),
             { if case .limitExceeded(.heif, _) = $0 { true } else if case .tooManyPixels = $0 { true } else { false } }),
            (try #require(HEIFFixtures.withISPE(file, width: 20_000, height: 20_000)),
             { $0 == .tooManyPixels(width: 20_000, height: 20_000, limit: 100_000_000) }),
        ]
        for (bytes, expected) in cases {
            do {
                _ = try ImageDecoder.decode(bytes)
                Issue.record("decoded a broken file")
            } catch let error as CodecError {
                #expect(expected(error), "\(error)")
                #expect(!error.description.contains("\n") && !error.description.isEmpty)
            }
        }
    }

    /// Shrink-on-load decodes an embedded thumbnail when it keeps 3x the
    /// need; the result stays close to a thumbnail of the full decode.
    @Test(.enabled(if: HEIFFixtures.toolsAvailable, HEIFFixtures.skipMessage))
    func thumbnailShrinkOnLoad() throws {
        let photo = Fixtures.smooth(width: 1280, height: 960)
        let file = try HEIFFixtures.encode(Fixtures.encode(photo, .png()), output: "t.heic", options: ["-q", "90", "-t", "320"])
        let target = PixelSize(width: 100, height: 75)
        let full = try ImageDecoder.decode(file)
        let small = try ImageDecoder.decode(file, options: DecodeOptions(minimumSize: target))
        #expect(small.raster.size == PixelSize(width: 320, height: 240))
        #expect(small.scale == 0.25)
        let psnr = Compare.psnr(small.raster.resized(to: target), full.raster.resized(to: target))
        print("HEIF thumbnail shrink-on-load 1280x960 -> 100x75 via 320x240: PSNR \(psnr) dB")
        #expect(psnr >= 38)
        // Less than 3x headroom: the full image.
        let large = try ImageDecoder.decode(file, options: DecodeOptions(minimumSize: PixelSize(width: 120, height: 90)))
        #expect(large.raster.size == PixelSize(width: 1280, height: 960))
    }

    /// HEIF colour: an nclx P3 box (heif-enc writes one in AVIF; in HEIC
    /// it puts nclx in the HEVC stream only) and an embedded ICC profile.
    @Test(.enabled(if: HEIFFixtures.toolsAvailable, HEIFFixtures.skipMessage))
    func nclxAndICCProfilesConvert() throws {
        let p3 = try #require(RGBColorSpace.displayP3.iccProfile())
        let patches = Fixtures.encode(ColorFixtures.patches(), .png())
        let nclx = try #require(HEIFFixtures.withNCLX(try HEIFFixtures.encode(patches, output: "p3.avif", options: ["-q", "95"]),
                                                      primaries: 12, transfer: 13))
        let icc = try HEIFFixtures.encode(ColorFixtures.pngWithICCP(patches, profile: p3), output: "icc.heic", options: ["-q", "95"])
        let fromNCLX = try ImageDecoder.decode(nclx)
        let fromICC = try ImageDecoder.decode(icc)
        #expect(fromNCLX.info.profile == "nclx: P3 D65 / sRGB transfer")
        #expect(fromICC.info.profile == "Display P3")
        // Reference: libvips' pixels, tagged P3, through our (Pillow-checked) ICC path.
        let reference = try ImageDecoder.decode(ColorFixtures.pngWithICCP(
            Fixtures.encode(try HEIFFixtures.vipsDecode(nclx), .png()), profile: p3)).raster
        let (mean, p99) = DeltaE.stats(fromNCLX.raster, reference)
        print("ΔE76 AVIF nclx P3: mean \(mean), p99 \(p99)")
        #expect(mean <= 1.5 && p99 <= 4)
        #expect(DeltaE.stats(fromICC.raster, reference).mean <= 1.5)
        #expect(DeltaE.stats(try HEIFFixtures.vipsDecode(nclx), reference).mean > 3)
    }

    /// An nclx box with colour primaries libheif does not know: the photo
    /// decodes untagged with a warning that names the box. libheif 1.15
    /// reports the error and still allocates the profile; freeing it is
    /// what the AddressSanitizer pass (leak detection on) checks here
    /// (found by fuzz-decode).
    @Test(.enabled(if: HEIFFixtures.toolsAvailable, HEIFFixtures.skipMessage))
    func anNCLXBoxWithUnknownPrimariesDecodesUntagged() throws {
        let patches = Fixtures.encode(ColorFixtures.patches(), .png())
        let file = try #require(HEIFFixtures.withNCLX(try HEIFFixtures.encode(patches, output: "odd.avif", options: ["-q", "95"]),
                                                      primaries: 200, transfer: 13))
        let decoded = try ImageDecoder.decode(file)
        // One line, as every warning is printed.
        #expect(decoded.warnings.contains { $0.hasPrefix("colour profile ignored: colr nclx box unreadable (")
                    && $0.hasSuffix(")") && !$0.contains("\n") },
                "\(decoded.warnings)")
        #expect(decoded.raster.size == (try ImageDecoder.decode(HEIFFixtures.withNCLX(file, primaries: 1, transfer: 13)!)).raster.size)
    }

    @Test(.enabled(if: Corpus.available, Corpus.skipMessage),
          arguments: ["heif/libheif/example_example.heic", "heif/libheif/example_example.avif"])
    func corpusPhotosMatchLibvips(_ path: String) throws {
        let decoded = try ImageDecoder.decodeFile(atPath: Corpus.path(path))
        guard HEIFFixtures.toolsAvailable else { return }
        let bytes = try #require(FileManager.default.contents(atPath: Corpus.path(path)))
        let psnr = Compare.psnr(decoded.raster, try HEIFFixtures.vipsDecode([UInt8](bytes)))
        print("\(path): PSNR \(psnr) dB against libvips")
        #expect(psnr >= 40)
    }

    /// The thumbnail rule on a real photo: libheif's example (1280x854 with
    /// a 320x212 thumbnail) for a 106x70 result decodes the thumbnail, and
    /// clears 38 dB against the full decode; 2x headroom would not.
    @Test(.enabled(if: Corpus.available, Corpus.skipMessage))
    func corpusThumbnailRule() throws {
        let path = Corpus.path("heif/libheif/example_example.heic")
        let full = try ImageDecoder.decodeFile(atPath: path).raster
        let target = PixelSize(width: 106, height: 70)
        let small = try ImageDecoder.decodeFile(atPath: path, options: DecodeOptions(minimumSize: target))
        #expect(small.raster.size == PixelSize(width: 320, height: 212))
        let psnr3x = Compare.psnr(small.raster.resized(to: target), full.resized(to: target))
        let twice = PixelSize(width: 160, height: 106)
        let psnr2x = Compare.psnr(small.raster.resized(to: twice), full.resized(to: twice))
        print("example.heic thumbnail: 3x (106x70 via 320x212) PSNR \(psnr3x) dB; 2x (160x106) \(psnr2x) dB")
        #expect(psnr3x >= 38)
        #expect(psnr3x > psnr2x)
        // 160x106 is not decoded from the thumbnail.
        let larger = try ImageDecoder.decodeFile(atPath: path, options: DecodeOptions(minimumSize: twice))
        #expect(larger.raster.size == PixelSize(width: 1280, height: 854))
    }

    /// Every corpus HEIF file either decodes or fails with a CodecError;
    /// none crashes, hangs or prints.
    @Test(.enabled(if: Corpus.available, Corpus.skipMessage))
    func hostileCorpusFailsAlone() throws {
        var decoded = 0, failed = 0
        let limits = DecodeLimits(maxPixels: 40_000_000)
        for path in Corpus.files(in: "heif") {
            do {
                _ = try ImageDecoder.decodeFile(atPath: Corpus.path(path), options: DecodeOptions(limits: limits))
                decoded += 1
            } catch let error as ImageFileError {
                #expect(!error.description.contains("\n"), "\(error)")
                failed += 1
            }
        }
        print("corpus heif/: \(decoded) decoded, \(failed) failed alone")
        #expect(decoded >= 8)
    }
}

/// libheif is opened when a HEIF file is read; without it, HEIF files
/// alone fail, and say why.
@Suite struct LibHeifLoadingTests {
    @Test func aMissingLibraryIsSaid() {
        #expect {
            _ = try LibHeif(soname: "libheif-not-installed.so.99")
        } throws: { error in
            guard let error = error as? LibHeif.LoadError else { return false }
            return error.message.contains("libheif cannot be opened") && error.message.contains("libheif-not-installed.so.99")
        }
    }

    @Test func theInstalledLibraryOpens() throws {
        _ = try LibHeif()
    }
}
