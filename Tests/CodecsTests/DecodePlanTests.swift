import PhotiCaseCodecs
import Foundation
import Testing
import PhotiCaseRaster

/// A `DecodePlan` says before decoding what a decode will produce, and
/// decoding by it gives exactly the raster the options would have.
@Suite struct DecodePlanTests {
    static let image = Fixtures.smooth(width: 400, height: 300)
    static let files: [(String, [UInt8])] = [
        ("jpeg", Fixtures.encode(image, .jpeg(quality: 90))),
        ("progressive jpeg", Fixtures.encode(image, .jpeg(quality: 90, progressive: true))),
        ("jpeg turned 90", Fixtures.jpegWithEXIF(Fixtures.encode(image, .jpeg(quality: 90)),
                                                 tiff: Fixtures.tiff(orientation: 6))),
        ("png", Fixtures.encode(image, .png())),
        ("webp", Fixtures.encode(image, .webp(quality: 90))),
    ]
    static let needs: [PixelSize?] = [nil, PixelSize(width: 40, height: 30), PixelSize(width: 100, height: 75),
                                      PixelSize(width: 150, height: 200), PixelSize(width: 400, height: 300)]

    @Test(arguments: 0..<files.count)
    func decodingByThePlanIsDecodingByTheOptions(_ index: Int) throws {
        let (name, bytes) = Self.files[index]
        let info = try ImageDecoder.inspect(bytes)
        for need in Self.needs {
            for orient in [true, false] {
                let options = DecodeOptions(minimumSize: need, applyOrientation: orient)
                let plan = DecodePlan(info: info, options: options)
                let direct = try ImageDecoder.decode(bytes, options: options)
                let planned = try ImageDecoder.decode(bytes, plan: plan)
                #expect(planned.raster == direct.raster, "\(name) \(String(describing: need)) \(plan)")
                #expect(planned.info == direct.info && planned.scale == direct.scale && planned.warnings == direct.warnings)
                let stored = orient && info.orientation.swapsAxes ? direct.raster.size.transposed : direct.raster.size
                #expect(plan.decodedSize == stored, "\(name): \(plan) made \(direct.raster.size)")
            }
        }
    }

    /// The plans a ticket face and a day tile make of one JPEG: different
    /// DCT scales; a need the photo cannot shrink for is the full-size plan.
    @Test func faceAndTilePlans() throws {
        let jpeg = try ImageDecoder.inspect(Fixtures.encode(Self.image, .jpeg()))
        let face = DecodeOptions(minimumSize: PixelSize(width: 200, height: 150))
        let tile = DecodeOptions(minimumSize: PixelSize(width: 50, height: 38))
        #expect(DecodePlan(info: jpeg, options: face).reduction == .jpegScale(denominator: 2))
        #expect(DecodePlan(info: jpeg, options: tile).reduction == .jpegScale(denominator: 8))
        #expect(!DecodePlan(info: jpeg, options: face).isFullSize)
        // Sizes that shrink nothing are the full-size plan, whatever the need.
        let whole = DecodeOptions(minimumSize: PixelSize(width: 300, height: 300))
        #expect(DecodePlan(info: jpeg, options: whole) == DecodePlan(info: jpeg, options: DecodeOptions()))
        #expect(DecodePlan(info: jpeg, options: whole).isFullSize)
        // Turning upright is part of the plan.
        #expect(DecodePlan(info: jpeg, options: DecodeOptions(applyOrientation: false))
                != DecodePlan(info: jpeg, options: DecodeOptions()))
    }

    @Test func aHandMadeInfoPlansTheWholeImage() {
        let info = ImageInfo(format: .jpeg, width: 4000, height: 3000, orientation: .up, hasAlpha: false, bitDepth: 8,
                             colorSpace: .rgb, frames: 1)
        let plan = DecodePlan(info: info, options: DecodeOptions(minimumSize: PixelSize(width: 10, height: 10)))
        #expect(plan.isFullSize && plan.decodedSize == PixelSize(width: 4000, height: 3000))
    }

    /// A HEIC with a 320-pixel thumbnail: a small need takes the thumbnail,
    /// a face and a day tile both the same full-size decode.
    @Test(.enabled(if: HEIFFixtures.toolsAvailable, HEIFFixtures.skipMessage))
    func heicPlans() throws {
        let heic = try HEIFFixtures.encode(Fixtures.encode(Fixtures.smooth(width: 1280, height: 960), .png()),
                                           output: "out.heic", options: ["-q", "80", "-t", "320"])
        let info = try ImageDecoder.inspect(heic)
        let face = DecodePlan(info: info, options: DecodeOptions(minimumSize: PixelSize(width: 800, height: 600)))
        let tile = DecodePlan(info: info, options: DecodeOptions(minimumSize: PixelSize(width: 341, height: 256)))
        let small = DecodePlan(info: info, options: DecodeOptions(minimumSize: PixelSize(width: 80, height: 60)))
        #expect(face == tile && face.isFullSize)
        guard case .heifThumbnail(_, let size) = small.reduction else {
            Issue.record("\(small) does not use the thumbnail")
            return
        }
        #expect(size == PixelSize(width: 320, height: 240))
        for plan in [face, small] {
            let options = plan == face ? DecodeOptions() : DecodeOptions(minimumSize: PixelSize(width: 80, height: 60))
            #expect(try ImageDecoder.decode(heic, plan: plan).raster == ImageDecoder.decode(heic, options: options).raster)
        }
    }
}
