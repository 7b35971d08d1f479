import PhotiCaseCards
import PhotiCaseCodecs
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// A Display P3 photo's day thumbnail shows its colours in sRGB: within
/// ΔE76 3 of the thumbnail of the same photo converted to sRGB beforehand
/// (colour is converted after shrink-on-load, before resampling).
@Suite struct ColorManagedThumbnailTests {
    /// A 1600x1200 photo of four flat quadrants (saturated and mid-tone)
    /// with a gradient band, as a JPEG, untagged and P3-tagged.
    static func p3Photo() throws -> (untagged: [UInt8], tagged: [UInt8]) {
        var photo = Raster(width: 1600, height: 1200)
        let colours = [RGBA(30, 170, 60), RGBA(210, 40, 50), RGBA(60, 90, 200), RGBA(150, 130, 90)]
        for y in 0..<1200 {
            for x in 0..<1600 {
                var c = colours[(x >= 800 ? 1 : 0) + (y >= 600 ? 2 : 0)]
                if (560..<640).contains(y) { c = RGBA(UInt8(x * 255 / 1599), 120, UInt8(255 - x * 255 / 1599)) }
                photo[x, y] = c
            }
        }
        let jpeg = try ImageEncoder.encode(photo, settings: .jpeg(quality: 95, chroma: .s444))
        let profile = try #require(RGBColorSpace.displayP3.iccProfile())
        let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        return (jpeg, [0xFF, 0xD8, 0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)]
            + payload + jpeg[2...])
    }

    @Test func p3DayThumbnailIsInSRGB() throws {
        let photos = TestPhotos()
        let (untagged, tagged) = try Self.p3Photo()
        let taggedPath = try photos.write(bytes: tagged, "p3.jpg")
        // The same photo converted at full size, stored untagged and lossless.
        let converted = try ImageDecoder.decode(tagged)
        #expect(converted.info.profile == "Display P3")
        let referencePath = try photos.write(converted.raster, "srgb.png")
        let untaggedPath = try photos.write(bytes: untagged, "untagged.jpg")
        let renderer = try CardRenderer()
        func thumbnail(_ path: String, _ name: String) throws -> Raster {
            try renderer.renderDayThumbnail([testEntry(front: FacePhoto(name: name, path: path))]).raster
        }
        let ours = try thumbnail(taggedPath, "p3.jpg")
        let reference = try thumbnail(referencePath, "srgb.png")
        let (mean, p99) = ColorDifference.deltaE76(ours, reference)
        print("day thumbnail of a P3 JPEG: ΔE76 mean \(mean), p99 \(p99) against converting first")
        #expect(p99 <= 3)
        // Drawn without its profile, the same photo is visibly off.
        let (wrong, _) = ColorDifference.deltaE76(try thumbnail(untaggedPath, "untagged.jpg"), reference)
        #expect(wrong > 3)
    }
}
