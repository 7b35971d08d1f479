import Foundation
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// Damaged HEIC and AVIF files make the decoders libheif drives print on
/// stderr (libde265, dav1d). What they print is part of the error of the
/// file it concerns, on whichever thread it decodes, and nothing else's.
@Suite(.enabled(if: Corpus.available, Corpus.skipMessage)) struct DecoderOutputTests {
    /// A corpus photo with one byte changed, and what its decoder prints.
    struct Damage: Sendable, CustomTestStringConvertible {
        var source: String
        var offset: Int
        var was: UInt8
        var becomes: UInt8
        /// What the decoder prints, joined as the error quotes it.
        var said: String

        var testDescription: String { "\(source.split(separator: "/").last!) @\(offset)" }

        /// The damaged bytes; fails when the corpus file is not the one
        /// these offsets were found in.
        func bytes() throws -> [UInt8] {
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Corpus.path(source))))
            try #require(bytes.count > offset && bytes[offset] == was, "\(source) is not the corpus file expected")
            bytes[offset] = becomes
            return bytes
        }
    }

    /// Found by damaging the corpus' two photos one byte at a time: the
    /// first byte of the HEIC's SPS width (libde265 checks it against the
    /// coding block size), two bytes of the AVIF's sequence header OBU.
    static let damages = [
        Damage(source: "heif/libheif/example_example.heic", offset: 460, was: 0x9F, becomes: 0xDA,
               said: "SPS error: CB alignment"),
        Damage(source: "heif/libheif/example_example.avif", offset: 286, was: 0x71, becomes: 0x33,
               said: "Overrun in OBU bit buffer into next OBU; Error parsing OBU data"),
        Damage(source: "heif/libheif/example_example.avif", offset: 283, was: 0x0A, becomes: 0xCA,
               said: "Error parsing sequence header; Error parsing OBU data"),
    ]

    @Test(arguments: damages) func theDecodersWordsAreInTheFilesError(_ damage: Damage) throws {
        let bytes = try damage.bytes()
        let error = try #require(throws: CodecError.self) { try ImageDecoder.decode(bytes) }
        guard case let .corrupt(_, message) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(message.hasSuffix("; the decoder said: \(damage.said)"), "\(message)")
        // Shrink-on-load decodes the same data (the AVIF has no thumbnail,
        // the HEIC's is separate): the primary at a small size says it too.
        var small = DecodeOptions()
        small.minimumSize = PixelSize(width: 1200, height: 800)
        let again = try #require(throws: CodecError.self) { try ImageDecoder.decode(bytes, options: small) }
        #expect(again == error)
    }

    /// Eight threads decoding the three damaged files and a good one at
    /// once: each error says what its own decoder printed, never another
    /// file's words, and the good photo decodes without a warning.
    @Test func eachThreadKeepsItsOwnDecodersWords() throws {
        let files = try Self.damages.map { try $0.bytes() }
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Corpus.path("heif/libheif/example_example.avif"))))
        let rounds = 24
        let outcomes = Outcomes(count: rounds)
        DispatchQueue.concurrentPerform(iterations: rounds) { i in
            let which = i % (files.count + 1)
            if which == files.count {
                outcomes.set(i, (try? ImageDecoder.decode(good)).map { "ok \($0.warnings)" } ?? "failed")
                return
            }
            do {
                _ = try ImageDecoder.decode(files[which])
                outcomes.set(i, "decoded")
            } catch {
                outcomes.set(i, "\(error)")
            }
        }
        for i in 0..<rounds {
            let which = i % (files.count + 1)
            let outcome = outcomes.get(i)
            if which == files.count {
                #expect(outcome == "ok []", "\(outcome)")
            } else {
                #expect(outcome.hasSuffix("; the decoder said: \(Self.damages[which].said)"), "\(i): \(outcome)")
            }
        }
    }
}

/// One result per slot, set from many threads.
private final class Outcomes: @unchecked Sendable {
    private var values: [String]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: "", count: count) }
    func set(_ i: Int, _ value: String) { lock.withLock { values[i] = value } }
    func get(_ i: Int) -> String { lock.withLock { values[i] } }
}
