@testable import PhotiCaseCards
import Testing
import PhotiCaseRaster

/// The book pages' memo of decoded faces: a face is reused only for the
/// same reference, size and bytes, and the memo stays bounded.
@Suite struct DecodedPartsTests {
    let size = PixelSize(width: 4, height: 6)
    let raster = Raster(width: 4, height: 6, fill: RGBA(10, 20, 30, 255))

    @Test func aFaceIsReusedOnlyForTheSameBytesAndSize() {
        let memo = DecodedParts()
        memo.keep(raster, "tickets/a/front.webp", bytes: [1, 2, 3], size: size)
        #expect(memo.raster("tickets/a/front.webp", bytes: [1, 2, 3], size: size) == raster)
        // The file rewritten since (another key's bytes): decoded again.
        #expect(memo.raster("tickets/a/front.webp", bytes: [1, 2, 4], size: size) == nil)
        #expect(memo.raster("tickets/a/front.webp", bytes: [1, 2, 3], size: PixelSize(width: 8, height: 12)) == nil)
        #expect(memo.raster("tickets/b/front.webp", bytes: [1, 2, 3], size: size) == nil)
    }

    @Test func theLeastRecentlyUsedGoFirst() {
        let memo = DecodedParts()
        memo.keep(raster, "first", bytes: [0], size: size)
        for i in 1..<DecodedParts.capacity { memo.keep(raster, "\(i)", bytes: [0], size: size) }
        // Used again, so the next one to go is "1".
        #expect(memo.raster("first", bytes: [0], size: size) != nil)
        memo.keep(raster, "one more", bytes: [0], size: size)
        #expect(memo.raster("first", bytes: [0], size: size) != nil)
        #expect(memo.raster("1", bytes: [0], size: size) == nil)
        #expect(memo.raster("2", bytes: [0], size: size) != nil)
    }
}
