import Foundation
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// The EXIF orientation examples come out upright and alike.
@Suite(.enabled(if: Corpus.available, Corpus.skipMessage))
struct OrientationCorpusTests {
    // The eight files are separate JPEG encodes of one photo, with the
    // chroma grid turned along with the pixels, so they are compared at an
    // eighth of their size (a DCT-scaled decode), where coding noise
    // averages out but a wrong turn or mirror does not.
    static let small = DecodeOptions(minimumSize: PixelSize(width: 100, height: 100))

    @Test(arguments: ["Landscape", "Portrait"], 1...8)
    func upright(_ kind: String, _ orientation: Int) throws {
        let reference = try ImageDecoder.decodeFile(atPath: Corpus.path("exif/\(kind)_1.jpg"), options: Self.small).raster
        let image = try ImageDecoder.decodeFile(atPath: Corpus.path("exif/\(kind)_\(orientation).jpg"), options: Self.small)
        #expect(image.info.orientation.rawValue == orientation)
        #expect(image.raster.size == reference.size)
        let psnr = Compare.psnr(image.raster, reference)
        #expect(psnr > 28, "\(kind)_\(orientation): PSNR \(psnr) dB against _1")
        // The control: the same pixels mirrored are far from the reference.
        let mirrored = Compare.psnr(image.raster.oriented(.upMirrored), reference)
        #expect(mirrored < 20, "\(kind)_\(orientation): mirrored PSNR \(mirrored) dB")
    }

    @Test(arguments: ["Landscape", "Portrait"])
    func invalidOrientationZeroIsIgnored(_ kind: String) throws {
        let image = try ImageDecoder.decodeFile(atPath: Corpus.path("exif/\(kind)_0.jpg"))
        #expect(image.info.orientation == .up)
        let reference = try ImageDecoder.decodeFile(atPath: Corpus.path("exif/\(kind)_1.jpg")).raster
        #expect(image.raster.size == reference.size)
    }

    @Test(arguments: 2...8)
    func webpEXIFOrientation(_ orientation: Int) throws {
        let jpeg = try ImageDecoder.decodeFile(atPath: Corpus.path("exif/pillow/hopper_orientation_\(orientation).jpg"))
        let webp = try ImageDecoder.decodeFile(atPath: Corpus.path("exif/pillow/hopper_orientation_\(orientation).webp"))
        #expect(webp.info.orientation.rawValue == orientation)
        #expect(webp.raster.size == jpeg.raster.size)
        #expect(Compare.psnr(webp.raster, jpeg.raster) > 25)
    }
}
