import Foundation
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// Every PngSuite image against a reference decoding; every corrupt x*
/// file must fail with an error.
@Suite(.enabled(if: Corpus.available, Corpus.skipMessage))
struct PNGSuiteTests {
    static let valid = Corpus.files(in: "pngsuite", extensions: ["png"]).filter { !$0.hasPrefix("pngsuite/x") }
    static let corrupt = Corpus.files(in: "pngsuite", extensions: ["png"]).filter { $0.hasPrefix("pngsuite/x") }

    nonisolated(unsafe) static var references: [String: Raster] = {
        guard Tools.pillowAvailable else { return [:] }
        return (try? Tools.pillowDecode(valid.map(Corpus.path))) ?? [:]
    }()

    @Test func corpusIsComplete() {
        #expect(Self.valid.count == 161)
        #expect(Self.corrupt.count == 14)
    }

    @Test(.enabled(if: Tools.pillowAvailable, "python3 with Pillow and numpy not installed: reference decodes skipped"),
          arguments: valid)
    func matchesReference(_ file: String) throws {
        let path = Corpus.path(file)
        let decoded = try ImageDecoder.decodeFile(atPath: path)
        let reference = try #require(Self.references[path], "Pillow could not decode \(file)")
        let is16 = try ImageDecoder.inspectFile(atPath: path).bitDepth == 16
        let diff = try #require(Compare.maxDifference(decoded.raster, reference), "size differs for \(file)")
        #expect(diff <= (is16 ? 1 : 0), "\(file): max channel difference \(diff)")
    }

    @Test(arguments: corrupt)
    func corruptFileFails(_ file: String) {
        #expect(throws: ImageFileError.self, "\(file) should fail") {
            try ImageDecoder.decodeFile(atPath: Corpus.path(file))
        }
    }
}
