import Foundation
import Testing
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// A note of any length goes into every format that holds one and reads
/// back whole (an output's mark holds its owner's id, which has no length
/// limit; one past 1,024 bytes stopped the process at a precondition). A
/// JPEG comment segment holds 65,533 bytes, so a longer note takes several
/// segments in a row. A note that is not one line of printable ASCII is a
/// thrown error, never a trap.
@Suite struct LongImageNoteTests {
    static let settings: [EncodeSettings] = [.png(compressionLevel: 1), .jpeg(quality: 90), .webp(quality: 80),
                                             .webp(quality: 80, lossless: true)]

    static func note(_ length: Int) -> String {
        String((0..<length).map { Character(Unicode.Scalar(UInt8(0x21 + $0 % 94))) })
    }

    @Test(arguments: settings, [1_025, 65_533, 65_534, 200_001])
    func aLongNoteReadsBackWhole(_ settings: EncodeSettings, _ length: Int) throws {
        let plain = try ImageEncoder.encode(ImageNoteTests.picture(alpha: settings.format != .jpeg), settings: settings)
        let note = Self.note(length)
        let noted = try ImageNote.adding(note, to: plain)
        #expect(ImageNote.read(noted) == note)
        let before = try ImageDecoder.decode(plain), after = try ImageDecoder.decode(noted)
        #expect(before.raster == after.raster, "the note changed the pixels")
    }

    @Test func aNoteOfAnotherCharacterThrows() throws {
        let png = try ImageEncoder.encode(ImageNoteTests.picture(alpha: false), settings: .png(compressionLevel: 1))
        for bad in ["two\nlines", "é", "tab\there"] {
            #expect(throws: CodecError.self) { try ImageNote.adding(bad, to: png) }
        }
    }
}
