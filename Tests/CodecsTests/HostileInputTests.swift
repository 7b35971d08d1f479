import Foundation
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// Bad and hostile inputs made by the tests: each must be a typed error
/// with a clear reason, never a crash.
@Suite struct HostileInputTests {
    static let samples: [(String, [UInt8])] = [
        ("jpeg", Fixtures.encode(Fixtures.smooth(width: 64, height: 48), .jpeg(quality: 90, progressive: true, chroma: .s420))),
        ("png", Fixtures.encode(Fixtures.coordinates(width: 64, height: 48, alpha: 100), .png())),
        ("webp", Fixtures.encode(Fixtures.smooth(width: 64, height: 48), .webp())),
    ]

    @Test func truncationAtEveryOffsetIsAnErrorOrAWholeImage() {
        for (name, bytes) in Self.samples {
            var errors = 0
            for n in stride(from: 0, to: bytes.count - 1, by: 1) {
                do {
                    let image = try ImageDecoder.decode(Array(bytes[..<n]))
                    // Only losing the trailer may still give the image.
                    #expect(image.raster.size == PixelSize(width: 64, height: 48), "\(name) cut at \(n)")
                } catch let error as CodecError {
                    errors += 1
                    #expect(!error.description.isEmpty)
                } catch {
                    Issue.record("\(name) cut at \(n): untyped \(error)")
                }
            }
            #expect(errors > bytes.count / 2, "\(name): \(errors) errors")
        }
    }

    @Test func truncatedJPEGSaysWhereTheDataEnds() throws {
        let bytes = Self.samples[0].1
        let cut = Array(bytes[..<(bytes.count * 2 / 3)])
        #expect(throws: CodecError.truncated(.jpeg, bytes: cut.count)) { try ImageDecoder.decode(cut) }
        let error = ImageFileError(path: "front.jpg", reason: .truncated(.jpeg, bytes: 184320))
        #expect(error.description == "front.jpg: JPEG data ends after 184320 bytes")
    }

    @Test func emptyAndUnknown() {
        #expect(throws: CodecError.empty) { try ImageDecoder.decode([UInt8]()) }
        #expect(throws: CodecError.unknownFormat) { try ImageDecoder.decode(Array("GIF89a....".utf8)) }
        #expect(throws: CodecError.unknownFormat) { try ImageDecoder.decode([0xFF, 0xD8]) }
    }

    @Test func hugeDimensionsAreRefusedFromTheHeader() {
        let bomb = Fixtures.pngClaiming(width: 60000, height: 60000)
        #expect(throws: CodecError.tooManyPixels(width: 60000, height: 60000, limit: 100_000_000)) {
            try ImageDecoder.decode(bomb)
        }
        // A JPEG whose SOF claims 65500x65500.
        var jpeg = Self.samples[0].1
        let sof = (0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2) }!
        jpeg[sof + 5] = 0xFF; jpeg[sof + 6] = 0xDC; jpeg[sof + 7] = 0xFF; jpeg[sof + 8] = 0xDC
        #expect(throws: CodecError.tooManyPixels(width: 65500, height: 65500, limit: 100_000_000)) {
            try ImageDecoder.decode(jpeg)
        }
    }

    @Test func webpWithBadChunkSizesFails() {
        let webp = Self.samples[2].1
        func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255), UInt8(v >> 24)] }
        // The RIFF size and the first chunk's size, each far too large,
        // too small, and odd.
        for (offset, value) in [(4, UInt32.max), (4, 4), (16, UInt32.max - 1), (16, 3), (16, UInt32(webp.count))] {
            var bad = webp
            bad.replaceSubrange(offset..<(offset + 4), with: le32(value))
            do {
                let image = try ImageDecoder.decode(bad)
                // libwebp may tolerate a RIFF size it can ignore; then the
                // picture must be the whole one.
                #expect(image.raster.size == PixelSize(width: 64, height: 48), "offset \(offset) value \(value)")
            } catch let error as CodecError {
                #expect(!error.description.isEmpty)
            } catch { Issue.record("\(error)") }
        }
    }

    @Test(.enabled(if: Corpus.available, Corpus.skipMessage))
    func pngTextBombIsNotInflated() throws {
        // A 1x1 image carrying a zTXt chunk that inflates to many megabytes.
        let start = ContinuousClock.now
        let image = try ImageDecoder.decodeFile(atPath: Corpus.path("bad/pillow/png_decompression_dos.png"))
        #expect(image.raster.size == PixelSize(width: 1, height: 1))
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func limitsAreConfigurable() {
        let png = Self.samples[1].1
        let small = DecodeLimits(maxPixels: 1000)
        #expect(throws: CodecError.tooManyPixels(width: 64, height: 48, limit: 1000)) {
            try ImageDecoder.decode(png, options: DecodeOptions(limits: small))
        }
        let tiny = DecodeLimits(maxFileBytes: 100)
        #expect(throws: CodecError.fileTooLarge(bytes: png.count, limit: 100)) {
            try ImageDecoder.decode(png, options: DecodeOptions(limits: tiny))
        }
    }

    @Test func progressiveScanLimit() {
        let jpeg = Self.samples[0].1
        let strict = DecodeLimits(maxJPEGScans: 3)
        #expect(throws: CodecError.self) { try ImageDecoder.decode(jpeg, options: DecodeOptions(limits: strict)) }
        do {
            _ = try ImageDecoder.decode(jpeg, options: DecodeOptions(limits: strict))
        } catch let error as CodecError {
            guard case .limitExceeded(.jpeg, let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("3 progressive scans"))
        } catch { Issue.record("\(error)") }
    }

    @Test func recoverableJPEGCorruptionDecodesWithAWarning() throws {
        var jpeg = Fixtures.encode(Fixtures.smooth(width: 32, height: 32), .jpeg())
        let sos = (0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }!
        jpeg.insert(contentsOf: [0x00, 0x00, 0x00], at: sos)
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.warnings.first?.contains("extraneous bytes") == true)
    }

    @Test func corruptPNGCRCIsNamed() {
        var png = Self.samples[1].1
        png[29] ^= 0xFF  // inside the IHDR CRC
        do {
            _ = try ImageDecoder.decode(png)
            Issue.record("decoded")
        } catch let error as CodecError {
            #expect(error.description.contains("IHDR"))
            #expect(error.description.contains("CRC"))
        } catch { Issue.record("\(error)") }
    }

    @Test func directoriesAndFIFOsAreNotRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pr-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: ImageFileError(path: dir, reason: .io(.isDirectory))) { try ImageDecoder.decodeFile(atPath: dir) }
        let fifo = dir + "/photo.jpg"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: ImageFileError(path: fifo, reason: .io(.notRegularFile(.fifo)))) { try ImageDecoder.decodeFile(atPath: fifo) }
        let missing = dir + "/missing.png"
        #expect(throws: ImageFileError(path: missing, reason: .io(.notFound))) { try ImageDecoder.decodeFile(atPath: missing) }
    }

    // An unreadable photo is tested through the tool as `nobody`
    // (CLITests.SafetyCommandTests): as root, permissions do not apply.

    @Test func sniffingIgnoresTheName() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pr-\(UUID().uuidString).jpg").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.samples[1].1))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ImageDecoder.decodeFile(atPath: path).info.format == .png)
    }
}
