import Foundation
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// Every file in bad/ decodes or fails with an error; none may crash.
@Suite(.enabled(if: Corpus.available, Corpus.skipMessage))
struct BadInputCorpusTests {
    static let files = Corpus.files(in: "bad")

    @Test func listIsComplete() { #expect(Self.files.count >= 450) }

    @Test func everyBadFileDecodesOrThrows() throws {
        var decoded = 0, failed = 0
        var unexpected: [String] = []
        for file in Self.files {
            do {
                _ = try ImageDecoder.decodeFile(atPath: Corpus.path(file))
                decoded += 1
            } catch let error as ImageFileError {
                failed += 1
                // Messages name the file and say something.
                if !error.description.hasPrefix(Corpus.path(file) + ": ") || error.reason.description.isEmpty {
                    unexpected.append("\(file): \(error)")
                }
            } catch {
                unexpected.append("\(file): untyped error \(error)")
            }
        }
        #expect(unexpected.isEmpty, "\(unexpected)")
        #expect(decoded + failed == Self.files.count)
        // libpng, libjpeg and libwebp refuse most of these.
        #expect(failed > decoded)
    }

    @Test func libpngFailuresFailHereToo() throws {
        for (path, row) in Corpus.manifest where path.hasPrefix("bad/") && row.format == "png" && row.status == "fail" {
            #expect(throws: ImageFileError.self, "\(path)") { try ImageDecoder.decodeFile(atPath: Corpus.path(path)) }
        }
    }

    @Test func mislabeledPNGDecodesAsPNG() throws {
        let image = try ImageDecoder.decodeFile(atPath: Corpus.path("bad/misc-mislabeled/jpg-size-6x6_is-really-png.jpg"))
        #expect(image.info.format == .png)
        #expect(image.raster.size == PixelSize(width: 6, height: 6))
    }

    @Test func zeroByteFileSaysEmpty() {
        #expect(throws: ImageFileError(path: Corpus.path("bad/jpeg-decoder-crashtest/empty.jpg"), reason: .empty)) {
            try ImageDecoder.decodeFile(atPath: Corpus.path("bad/jpeg-decoder-crashtest/empty.jpg"))
        }
    }

    @Test func hugeClaimIsRejectedBeforeDecoding() throws {
        // 17920x17993 = 322 megapixels, over the default limit.
        let hits = Self.files.compactMap { file -> CodecError? in
            do { _ = try ImageDecoder.decodeFile(atPath: Corpus.path(file)); return nil }
            catch let e as ImageFileError { if case .tooManyPixels = e.reason { return e.reason }; return nil }
            catch { return nil }
        }
        #expect(!hits.isEmpty)
    }
}
