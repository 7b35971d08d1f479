import Testing
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// EXIF orientation in all three formats, on generated files.
@Suite struct OrientationTests {
    static let stored = Fixtures.coordinates(width: 21, height: 13)

    @Test(arguments: Orientation.allCases)
    func pngEXIfChunk(_ o: Orientation) throws {
        let png = Fixtures.pngWithChunk(Fixtures.encode(Self.stored, .png()), type: "eXIf",
                                        data: Fixtures.tiff(orientation: UInt16(o.rawValue), bigEndian: true))
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.info.orientation == o)
        #expect(decoded.raster == Self.stored.oriented(o))
    }

    @Test(arguments: Orientation.allCases)
    func webpEXIFChunk(_ o: Orientation) throws {
        let simple = Fixtures.encode(Self.stored, .webp(quality: 100, lossless: true))
        let webp = Fixtures.webpWithEXIF(simple, width: 21, height: 13, tiff: Fixtures.tiff(orientation: UInt16(o.rawValue)))
        let decoded = try ImageDecoder.decode(webp)
        #expect(decoded.info.orientation == o)
        #expect(decoded.raster == Self.stored.oriented(o))
    }

    @Test(arguments: Orientation.allCases)
    func jpegAPP1(_ o: Orientation) throws {
        let smooth = Fixtures.smooth(width: 48, height: 32)
        let plain = Fixtures.encode(smooth, .jpeg(quality: 95, progressive: false, chroma: .s444))
        let asStored = try ImageDecoder.decode(plain).raster
        let tagged = Fixtures.jpegWithEXIF(plain, tiff: Fixtures.tiff(orientation: UInt16(o.rawValue)))
        let decoded = try ImageDecoder.decode(tagged)
        #expect(decoded.info.orientation == o)
        #expect(decoded.raster == asStored.oriented(o))
    }

    @Test(arguments: [0, 9, 255])
    func invalidValuesAreIgnored(_ value: Int) throws {
        let plain = Fixtures.encode(Self.stored, .png())
        let png = Fixtures.pngWithChunk(plain, type: "eXIf", data: Fixtures.tiff(orientation: UInt16(value)))
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.info.orientation == .up)
        #expect(decoded.raster == Self.stored)
    }

    @Test func applyOrientationCanBeTurnedOff() throws {
        let png = Fixtures.pngWithChunk(Fixtures.encode(Self.stored, .png()), type: "eXIf",
                                        data: Fixtures.tiff(orientation: 6))
        let decoded = try ImageDecoder.decode(png, options: DecodeOptions(applyOrientation: false))
        #expect(decoded.raster == Self.stored)
    }

    /// Each orientation, checked pixel by pixel against its definition in
    /// the EXIF standard (where row 0 and column 0 of the stored image go).
    @Test(arguments: Orientation.allCases)
    func transformMatchesDefinition(_ o: Orientation) {
        let s = Self.stored, w = s.width, h = s.height
        let u = s.oriented(o)
        for y in 0..<u.height {
            for x in 0..<u.width {
                let (sx, sy): (Int, Int) = switch o {
                case .up: (x, y)
                case .upMirrored: (w - 1 - x, y)
                case .down: (w - 1 - x, h - 1 - y)
                case .downMirrored: (x, h - 1 - y)
                case .leftMirrored: (y, x)
                case .right: (y, h - 1 - x)
                case .rightMirrored: (w - 1 - y, h - 1 - x)
                case .left: (w - 1 - y, x)
                }
                #expect(u[x, y] == s[sx, sy])
            }
        }
    }
}

@Suite struct EXIFParserTests {
    @Test(arguments: [false, true], [UInt16(3), 4])
    func readsBothByteOrdersAndTypes(_ bigEndian: Bool, _ type: UInt16) {
        #expect(EXIFOrientation.parse(Fixtures.tiff(orientation: 6, bigEndian: bigEndian, type: type)) == .right)
    }

    @Test func acceptsExifHeaderPrefix() {
        #expect(EXIFOrientation.parse(Array("Exif".utf8) + [0, 0] + Fixtures.tiff(orientation: 8)) == .left)
    }

    @Test func malformedBlocksGiveNil() {
        let good = Fixtures.tiff(orientation: 3)
        // Every truncation of a valid block, and some nonsense.
        for n in 0..<(good.count - 6) { #expect(EXIFOrientation.parse(Array(good[..<n])) == nil) }
        var badOffset = good
        badOffset[4] = 0xFF; badOffset[5] = 0xFF
        #expect(EXIFOrientation.parse(badOffset) == nil)
        var manyEntries = good
        // An entry count running far past the end, with no orientation
        // among the real entries: the walk must stop at the end of the data.
        manyEntries[8] = 0xFF; manyEntries[9] = 0xFF
        manyEntries[22] = 0x13
        #expect(EXIFOrientation.parse(manyEntries) == nil)
        #expect(EXIFOrientation.parse(Array("XX*\0garbage".utf8)) == nil)
    }
}
