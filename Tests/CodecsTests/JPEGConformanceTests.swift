import Foundation
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseCodecs

/// JPEG decoding against libjpeg-turbo's own djpeg, and the variants this
/// build cannot read.
@Suite(.enabled(if: Corpus.available, Corpus.skipMessage))
struct JPEGConformanceTests {
    static let eightBit = [
        "testorig.jpg", "testimgint.jpg", "testimgari.jpg", "testimgp.jpg", "testimggray.jpg",
        "testimgcrop.jpg", "testimgflt.jpg", "testimgfst.jpg", "testimgfst100.jpg", "testimg.jpg", "testprog.jpg",
    ].map { "jpeg/libjpeg-turbo/" + $0 }

    @Test(.enabled(if: Tools.which("djpeg") != nil, "djpeg (libjpeg-turbo-progs) not installed"), arguments: eightBit)
    func matchesDjpeg(_ file: String) throws {
        let path = Corpus.path(file)
        let ours = try ImageDecoder.decodeFile(atPath: path).raster
        let reference = try #require(try Tools.decodeNetpbm("djpeg", [path]))
        let diff = try #require(Compare.maxDifference(ours, reference))
        #expect(diff <= 1, "\(file): max channel difference \(diff)")
    }

    @Test(.enabled(if: Tools.which("djpeg") != nil, "djpeg (libjpeg-turbo-progs) not installed"),
          arguments: [2, 4, 8])
    func scaledDecodeMatchesDjpegScale(_ denominator: Int) throws {
        let path = Corpus.path("jpeg/libjpeg-turbo/testorig.jpg")
        let bytes = try FileIO.read(path, limit: 1 << 30)
        let size = try bytes.withUnsafeBytes { try JPEGBinding.readHeader($0, denominator: denominator).outputSize }
        let ours = try bytes.withUnsafeBytes {
            try JPEGBinding.decode($0, denominator: denominator, size: size, maxScans: 256).0
        }
        let reference = try #require(try Tools.decodeNetpbm("djpeg", ["-scale", "1/\(denominator)", path]))
        #expect(Compare.maxDifference(ours, reference) ?? 255 <= 1)
    }

    @Test(arguments: [
        ("jpeg/libjpeg-turbo/testorig12.jpg", "12-bit samples"),
        ("jpeg/libjpeg-turbo/monkey12.jpg", "12-bit samples"),
        ("jpeg/libjpeg-turbo/testimgl.jpg", "lossless JPEG"),
    ])
    func unsupportedVariantsSayWhy(_ file: String, _ words: String) throws {
        do {
            _ = try ImageDecoder.decodeFile(atPath: Corpus.path(file))
            Issue.record("\(file) decoded")
        } catch let error as ImageFileError {
            guard case .unsupported(.jpeg, let message) = error.reason else {
                Issue.record("\(file): expected unsupported, got \(error.reason)")
                return
            }
            #expect(message.contains(words))
            #expect(error.description.contains("unsupported JPEG variant"))
        }
    }

    /// CMYK files without a profile come out in colour, close to the
    /// reference decodes shipped with the jpeg-decoder tests (which use the
    /// same plain formula). ycck.jpg carries a SWOP profile and is checked
    /// against lcms2 in ColorManagementTests.
    @Test(arguments: [
        ("jpeg/jpeg-decoder/reftest/mozilla/jpg-cmyk-1.jpg", "jpeg/jpeg-decoder/reftest-expected-png/mozilla/jpg-cmyk-1.png"),
        ("jpeg/jpeg-decoder/reftest/mozilla/jpg-cmyk-2.jpg", "jpeg/jpeg-decoder/reftest-expected-png/mozilla/jpg-cmyk-2.png"),
    ])
    func fourChannelFilesMatchReference(_ file: String, _ reference: String) throws {
        let ours = try ImageDecoder.decodeFile(atPath: Corpus.path(file)).raster
        let expected = try ImageDecoder.decodeFile(atPath: Corpus.path(reference)).raster
        let psnr = Compare.psnr(ours, expected)
        #expect(psnr > 30, "\(file): PSNR \(psnr) dB against the reference")
    }

    @Test func mpoDecodesFirstPicture() throws {
        let path = Corpus.path("jpeg/pillow/sugarshack.mpo")
        let info = try ImageDecoder.inspectFile(atPath: path)
        #expect(info.frames == 2)
        let image = try ImageDecoder.decodeFile(atPath: path)
        #expect(image.raster.width == info.width)
    }
}
