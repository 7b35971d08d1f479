import Foundation
import Testing
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// A note added to an encoded image reads back, changes no pixel, and
/// every format's own reader (libpng, libjpeg-turbo, libwebp) still
/// decodes the file.
@Suite struct ImageNoteTests {
    static func picture(alpha: Bool) -> Raster {
        var r = Raster(width: 37, height: 21, fill: RGBA(200, 30, 90))
        for y in 0..<21 { for x in 0..<37 where (x + y) % 5 == 0 { r[x, y] = RGBA(10, 220, 40, alpha ? 128 : 255) } }
        return r
    }

    @Test(arguments: [EncodeSettings.png(compressionLevel: 1), .png(compressionLevel: 0), .jpeg(quality: 90),
                      .webp(quality: 80), .webp(quality: 80, lossless: true)])
    func aNoteReadsBackAndChangesNoPixel(_ settings: EncodeSettings) throws {
        let alpha = settings.format != .jpeg
        let plain = try ImageEncoder.encode(Self.picture(alpha: alpha), settings: settings)
        #expect(ImageNote.read(plain) == nil)
        let note = "photicase-render owner=entry:%EC%98%81 \"&<"
        let noted = try ImageNote.adding(note, to: plain)
        #expect(noted.count > plain.count)
        #expect(ImageNote.read(noted) == note)
        let before = try ImageDecoder.decode(plain), after = try ImageDecoder.decode(noted)
        #expect(before.raster == after.raster, "the note changed the pixels")
    }

    @Test func theNoteSitsWhereAPrefixReaderFindsIt() throws {
        let png = try ImageEncoder.encode(Self.picture(alpha: false), settings: .png(compressionLevel: 1))
        let noted = try ImageNote.adding("mark", to: png)
        // Right after IHDR: the chunk after the 33-byte signature + IHDR.
        #expect(Array(noted[37..<41]) == Array("tEXt".utf8))
        let jpeg = try ImageEncoder.encode(Self.picture(alpha: false), settings: .jpeg(quality: 80))
        let notedJPEG = try ImageNote.adding("mark", to: jpeg)
        // After SOI and the JFIF APP0 segment.
        let app0 = 2 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
        #expect(jpeg[2] == 0xFF && jpeg[3] == 0xE0)
        #expect(Array(notedJPEG[(2 + app0)..<(2 + app0 + 2)]) == [0xFF, 0xFE])
    }

    @Test func otherFormatsAreRefused() {
        #expect(throws: CodecError.self) { try ImageNote.adding("mark", to: Array("GIF89a....".utf8)) }
        #expect(ImageNote.read(Array("<html>".utf8)) == nil)
        // A PNG cut short before its chunks gives no note, not a crash.
        #expect(ImageNote.read([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 99, 0x74, 0x45, 0x58, 0x74]) == nil)
    }
}
