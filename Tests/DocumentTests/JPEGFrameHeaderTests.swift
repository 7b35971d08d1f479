import Testing
@testable import PhotiCaseDocument

/// The JPEG frame header read before a JPEG is handed to cairo.
struct JPEGFrameHeaderTests {
    @Test func theJPEGFrameHeaderGivesTheSizeAndComponents() throws {
        let jpeg = try SampleDocument.makeJPEG()
        let frame = try #require(JPEGFrameHeader(jpeg))
        #expect(frame.width == 600 && frame.height == 400 && frame.components == 3)
        #expect(JPEGFrameHeader(Array("not a JPEG".utf8)) == nil)
        #expect(JPEGFrameHeader([0xFF, 0xD8]) == nil)
        // A scan before any frame header.
        #expect(JPEGFrameHeader([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]) == nil)
        // Cut inside the frame header.
        let sof = try #require((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        #expect(JPEGFrameHeader(Array(jpeg[..<(sof + 7)])) == nil)
    }
}
