import Testing
import PhotiCaseCodecs
import PhotiCaseRaster

/// A JPEG placed in a document as it is keeps its scans and loses its
/// personal metadata; one PDF cannot show is not placed.
@Suite struct JPEGPlacementTests {
    static func jpeg() throws -> [UInt8] {
        try ImageEncoder.encode(Raster(width: 16, height: 16, fill: RGBA(200, 30, 40)), settings: .jpeg(quality: 90))
    }

    /// `segment` (marker, payload) inserted after SOI.
    static func inserting(_ marker: UInt8, _ payload: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
    }

    @Test func exifXMPAndCommentsGoTheRestStays() throws {
        let plain = try Self.jpeg()
        var tagged = Self.inserting(0xE1, Array("Exif\0\0GPS 37.56N 126.97E serial 0042".utf8), into: plain)
        tagged = Self.inserting(0xFE, Array("a comment".utf8), into: tagged)
        tagged = Self.inserting(0xED, Array("Photoshop 3.0\0IPTC".utf8), into: tagged)
        let icc = Self.inserting(0xE2, Array("ICC_PROFILE\0\u{1}\u{1}profile".utf8), into: plain)
        #expect(JPEGPlacement.stripped(tagged) == plain)
        #expect(JPEGPlacement.stripped(icc) == icc)
        #expect(JPEGPlacement.stripped(plain) == plain)
    }

    @Test func codingsAPDFCannotShowAreRefused() throws {
        var lossless = try Self.jpeg()
        let sof = try #require(lossless.indices.dropLast().first { lossless[$0] == 0xFF && lossless[$0 + 1] == 0xC0 })
        lossless[sof + 1] = 0xC3
        #expect(JPEGPlacement.stripped(lossless) == nil)
        lossless[sof + 1] = 0xC9
        #expect(JPEGPlacement.stripped(lossless) == nil)
        #expect(JPEGPlacement.stripped(Array("not a jpeg".utf8)) == nil)
        #expect(JPEGPlacement.stripped(Array(try Self.jpeg().prefix(40))) == nil)
    }
}
