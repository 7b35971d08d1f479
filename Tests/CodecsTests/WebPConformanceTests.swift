import Foundation
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// WebP decoding against dwebp (the same libwebp, so exact) and against
/// the reference PNGs shipped with image-webp.
@Suite(.enabled(if: Corpus.available, Corpus.skipMessage))
struct WebPConformanceTests {
    static let stills: [String] = Corpus.files(in: "webp", extensions: ["webp"]).filter { file in
        !file.contains("/animated/") && !file.hasSuffix("anim.webp") && !file.contains("iss634")
            && !file.contains("advertises_rgba_but_frames_are_rgb")
    }

    @Test func everyStillIsListed() {
        #expect(Self.stills.count >= 150)
    }

    @Test(.enabled(if: Tools.which("dwebp") != nil, "dwebp (package webp) not installed"), arguments: stills)
    func matchesDwebp(_ file: String) throws {
        let path = Corpus.path(file)
        let ours = try ImageDecoder.decodeFile(atPath: path).raster
        let reference = try #require(try Tools.decodeNetpbm("dwebp", ["-quiet", "-pam", path, "-o", "-"]))
        let diff = try #require(Compare.maxDifference(ours, reference), "\(file): size differs")
        #expect(diff <= 1, "\(file): max channel difference \(diff)")
    }

    static let shippedReferences: [(String, String)] = [
        "gallery1/1", "gallery1/2", "gallery1/3", "gallery1/4", "gallery1/5",
        "gallery2/1_webp_a", "gallery2/1_webp_ll", "gallery2/3_webp_a", "gallery2/5_webp_ll",
        "regression/color_index", "regression/dark", "regression/tiny",
        "regression/lossless_indexed_1bit_palette", "regression/lossless_indexed_4bit_palette",
    ].map { ("webp/image-webp/\($0).webp", "webp/image-webp/reference-png/\($0).png") }
        + [("webp/image-webp/animated/random_lossless.webp", "webp/image-webp/reference-png/animated/random_lossless-1.png"),
           ("webp/image-webp/animated/random_lossy.webp", "webp/image-webp/reference-png/animated/random_lossy-1.png")]

    @Test(arguments: shippedReferences)
    func matchesShippedReference(_ file: String, _ reference: String) throws {
        let ours = try ImageDecoder.decodeFile(atPath: Corpus.path(file)).raster
        let expected = try ImageDecoder.decodeFile(atPath: Corpus.path(reference)).raster
        let diff = try #require(Compare.maxDifference(ours, expected), "\(file): size differs")
        #expect(diff <= 1, "\(file): max channel difference \(diff)")
    }

    @Test func animationDecodesFirstFrame() throws {
        let path = Corpus.path("webp/pillow/iss634.webp")
        let info = try ImageDecoder.inspectFile(atPath: path)
        #expect(info.frames == 42)
        #expect(info.hasAlpha)
        let image = try ImageDecoder.decodeFile(atPath: path)
        #expect(image.raster.size == PixelSize(width: 245, height: 245))
    }
}
