import Foundation
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// A JPEG decoded by a plan limited to a region (`DecodePlan.restricted(to:)`)
/// holds exactly the whole decode's pixels there, at every DCT scale and
/// orientation, and fails exactly as the whole decode fails.
@Suite struct PartialDecodeTests {
    /// Noise with edges everywhere: any pixel the crop's edge changed
    /// (upsampling context) would show.
    static func noisy(width: Int, height: Int, seed: UInt64) -> Raster {
        var rng = SeededGenerator(seed: seed)
        var r = Raster(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let v = rng.next()
                // Half smooth, half noise, so both kinds of block occur.
                let smooth = UInt8(truncatingIfNeeded: (x * 3 + y * 2) & 255)
                r[x, y] = x % 64 < 32
                    ? RGBA(smooth, UInt8(truncatingIfNeeded: y), UInt8(truncatingIfNeeded: x))
                    : RGBA(UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16))
            }
        }
        return r
    }

    /// Regions of the upright decoded size: the whole minus a pixel, each
    /// edge and corner, single pixels and random ones.
    static func regions(of size: PixelSize, count: Int, seed: UInt64) -> [PixelRect] {
        let w = size.width, h = size.height
        var out = [PixelRect(x: 0, y: 0, width: 1, height: 1),
                   PixelRect(x: w - 1, y: h - 1, width: 1, height: 1),
                   PixelRect(x: 0, y: 0, width: max(1, w / 3), height: h),
                   PixelRect(x: w - max(1, w / 3), y: 0, width: max(1, w / 3), height: h),
                   PixelRect(x: 0, y: h - max(1, h / 4), width: w, height: max(1, h / 4)),
                   PixelRect(x: w / 2, y: h / 2, width: 1, height: 1)]
        if w > 1 { out.append(PixelRect(x: 1, y: 0, width: w - 1, height: h)) }
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<count {
            let x0 = Int(rng.next() % UInt64(w)), y0 = Int(rng.next() % UInt64(h))
            let x1 = x0 + 1 + Int(rng.next() % UInt64(w - x0)), y1 = y0 + 1 + Int(rng.next() % UInt64(h - y0))
            out.append(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        return out
    }

    /// Compares every region's partial decode with the whole decode by the
    /// same plan; returns how many regions were partial decodes.
    @discardableResult
    static func checkRegions(_ bytes: [UInt8], plan: DecodePlan, regions: [PixelRect], whole: DecodedImage? = nil,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let whole = try whole ?? ImageDecoder.decode(bytes, plan: plan)
        #expect(whole.raster.size == plan.uprightDecodedSize, sourceLocation: sourceLocation)
        var partial = 0
        for region in regions {
            let restricted = plan.restricted(to: region)
            let part = try ImageDecoder.decode(bytes, plan: restricted)
            if restricted.region == nil {
                #expect(part.raster == whole.raster, sourceLocation: sourceLocation)
                continue
            }
            partial += 1
            #expect(part.region == region, sourceLocation: sourceLocation)
            #expect(part.warnings == whole.warnings, sourceLocation: sourceLocation)
            #expect(part.scale == whole.scale, sourceLocation: sourceLocation)
            if part.raster != whole.raster.cropped(to: region) {
                Issue.record("\(plan), region \(region): pixels differ from the whole decode's",
                             sourceLocation: sourceLocation)
                return partial
            }
        }
        return partial
    }

    static func plan(_ bytes: [UInt8], denominator d: Int, applyOrientation: Bool = true) throws -> DecodePlan {
        let info = try ImageDecoder.inspect(bytes)
        return DecodePlan(format: .jpeg, storedSize: info.storedSize, reduction: d == 1 ? .none : .jpegScale(denominator: d),
                          applyOrientation: applyOrientation, orientation: applyOrientation ? info.orientation : .up)
    }

    @Test(arguments: [(203, 117, false, EncodeSettings.ChromaSubsampling.s420),
                      (203, 117, true, .s420), (96, 64, false, .s444), (131, 250, true, .s444),
                      (1, 40, false, .s420), (17, 1, true, .s420)])
    func generatedJPEGsAtEveryScale(width: Int, height: Int, progressive: Bool,
                                    chroma: EncodeSettings.ChromaSubsampling) throws {
        let raster = Self.noisy(width: width, height: height, seed: UInt64(width * 1000 + height))
        let bytes = Fixtures.encode(raster, .jpeg(quality: 90, progressive: progressive, chroma: chroma))
        var partial = 0
        for d in [1, 2, 4, 8] {
            let plan = try Self.plan(bytes, denominator: d)
            partial += try Self.checkRegions(bytes, plan: plan,
                                             regions: Self.regions(of: plan.uprightDecodedSize, count: 24, seed: UInt64(d)))
        }
        #expect(partial > 0)
    }

    @Test(arguments: Orientation.allCases)
    func everyOrientation(_ o: Orientation) throws {
        let plain = Fixtures.encode(Self.noisy(width: 150, height: 90, seed: 7), .jpeg(quality: 92, chroma: .s420))
        let tagged = Fixtures.jpegWithEXIF(plain, tiff: Fixtures.tiff(orientation: UInt16(o.rawValue)))
        for d in [1, 2] {
            let plan = try Self.plan(tagged, denominator: d)
            #expect(plan.orientation == o)
            let partial = try Self.checkRegions(tagged, plan: plan,
                                                regions: Self.regions(of: plan.uprightDecodedSize, count: 16, seed: 3))
            #expect(partial > 0)
            // As stored, the orientation is not applied to the region either.
            let stored = try Self.plan(tagged, denominator: d, applyOrientation: false)
            try Self.checkRegions(tagged, plan: stored, regions: Self.regions(of: stored.uprightDecodedSize, count: 8, seed: 4))
        }
    }

    /// `jpeg` with only its first `scans` scans, ended by an EOI: a valid
    /// progressive file whose coefficients are still imprecise, so
    /// libjpeg-turbo smooths its blocks across block edges (a file whose
    /// scans stopped early, as a slow download leaves it).
    static func firstScans(_ jpeg: [UInt8], _ scans: Int) -> [UInt8] {
        // In entropy-coded data every 0xFF byte is stuffed (FF 00), so FF DA
        // is always a start-of-scan marker.
        var seen = 0
        for i in 0..<(jpeg.count - 1) where jpeg[i] == 0xFF && jpeg[i + 1] == 0xDA {
            seen += 1
            if seen == scans + 1 { return Array(jpeg[..<i]) + [0xFF, 0xD9] }
        }
        return jpeg
    }

    /// Block smoothing reads two blocks either side, and takes the crop's
    /// first block column for an image edge: every column of every scale
    /// is still the whole decode's.
    @Test(arguments: [EncodeSettings.ChromaSubsampling.s420, .s444])
    func blockSmoothingAtEveryColumn(chroma: EncodeSettings.ChromaSubsampling) throws {
        let full = Fixtures.encode(Self.noisy(width: 203, height: 37, seed: 12),
                                   .jpeg(quality: 90, progressive: true, chroma: chroma))
        let bytes = Self.firstScans(full, 2)
        #expect(bytes.count < full.count)
        var partial = 0
        for d in [1, 2, 4, 8] {
            let plan = try Self.plan(bytes, denominator: d)
            let size = plan.uprightDecodedSize
            let whole = try ImageDecoder.decode(bytes, plan: plan)
            #expect(whole.warnings.isEmpty)
            // The cut file's coefficients are imprecise: its pixels are
            // not the complete file's.
            if d == 1 { #expect(whole.raster != (try ImageDecoder.decode(full, plan: plan)).raster) }
            let regions = (0..<size.width).map { PixelRect(x: $0, y: 0, width: min(3, size.width - $0), height: size.height) }
            partial += try Self.checkRegions(bytes, plan: plan, regions: regions, whole: whole)
        }
        #expect(partial > 200)
    }

    /// Damage below the region fails the partial decode as it fails the
    /// whole one: the rows past the region are still entropy-decoded.
    @Test(arguments: [false, true])
    func damageBelowTheRegionStillFails(progressive: Bool) throws {
        let bytes = Fixtures.encode(Self.noisy(width: 160, height: 160, seed: 9),
                                    .jpeg(quality: 90, progressive: progressive, chroma: .s420))
        let region = PixelRect(x: 40, y: 0, width: 30, height: 20)
        let cut = Array(bytes[..<(bytes.count * 3 / 4)])
        var garbled = bytes
        // A marker in the middle of the last quarter's scan data.
        garbled[bytes.count - 200] = 0xFF
        garbled[bytes.count - 199] = 0xD3
        for damaged in [cut, garbled] {
            let plan = try Self.plan(damaged, denominator: 1)
            let whole = #expect(throws: CodecError.self) { try ImageDecoder.decode(damaged, plan: plan) }
            let part = #expect(throws: CodecError.self) { try ImageDecoder.decode(damaged, plan: plan.restricted(to: region)) }
            #expect(whole != nil && part == whole)
        }
    }

    @Test func onlyJPEGPlansAreRestricted() throws {
        let raster = Self.noisy(width: 40, height: 30, seed: 1)
        let region = PixelRect(x: 5, y: 5, width: 10, height: 10)
        for settings in [EncodeSettings.png(), .webp(quality: 90, lossless: false)] {
            let bytes = Fixtures.encode(raster, settings)
            let plan = DecodePlan(info: try ImageDecoder.inspect(bytes), options: DecodeOptions())
            #expect(!plan.canRestrict && plan.restricted(to: region) == plan)
        }
        let jpeg = Fixtures.encode(raster, .jpeg())
        let plan = DecodePlan(info: try ImageDecoder.inspect(jpeg), options: DecodeOptions())
        #expect(plan.isFullSize && plan.canRestrict)
        #expect(plan.restricted(to: PixelRect(x: 0, y: 0, width: 40, height: 30)) == plan)
        let restricted = plan.restricted(to: region)
        #expect(restricted.region == region)
        #expect(!restricted.isFullSize)  // never shared as a whole decode
        #expect(restricted.description.hasSuffix("region (5, 5, 10x10)"))
        // Restricted again, inside the region: the smaller part.
        #expect(restricted.restricted(to: PixelRect(x: 6, y: 7, width: 2, height: 2)).region
                == PixelRect(x: 6, y: 7, width: 2, height: 2))
    }

    /// The memory a partial decode reserves is its region's, plus the
    /// whole-image coefficients a progressive file needs all the same.
    @Test func peakIsTheRegions() {
        let stored = PixelSize(width: 4032, height: 3024)
        let region = PixelRect(x: 0, y: 0, width: 800, height: 1260)
        let baseline = ImageDecoder.peakBytes(.jpeg(progressive: false, components: 3), stored: stored,
                                              reduction: .jpegScale(denominator: 2), region: region)
        #expect(baseline == 800 * 1260 * 4)
        let progressive = ImageDecoder.peakBytes(.jpeg(progressive: true, components: 3), stored: stored,
                                                 reduction: .jpegScale(denominator: 2), region: region)
        #expect(progressive == 800 * 1260 * 4 + 4032 * 3024 * 3 * 2)
    }

    /// Every JPEG of the shared corpus that decodes: regions at every
    /// scale match the whole decode; one that fails, fails the same way.
    @Test(.enabled(if: Corpus.available, Corpus.skipMessage))
    func corpusJPEGs() throws {
        // The hostile and damaged files of bad/ too: a partial decode must
        // fail as the whole one does, or give the same pixels.
        let files = ["jpeg", "photos", "exif", "bad"].flatMap { Corpus.files(in: $0, extensions: ["jpg", "jpeg"]) }
        #expect(files.count > 200)
        var partial = 0, failing = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Corpus.path(file))))
            guard let info = try? ImageDecoder.inspect(bytes), info.format == .jpeg else { continue }
            // The large photos at two scales, with fewer regions: they are
            // the slow ones. Of the hostile files, those that claim a
            // large size are left to the whole-decode tests: a few hundred
            // bytes that decode to millions of grey pixels, slowly.
            let hostile = file.hasPrefix("bad/")
            let large = info.width * info.height > (hostile ? 1_000_000 : 4_000_000)
            if hostile && large { continue }
            for d in large ? [2, 8] : [1, 2, 4, 8] {
                let plan = try Self.plan(bytes, denominator: d)
                let whole: DecodedImage
                do {
                    whole = try ImageDecoder.decode(bytes, plan: plan)
                } catch let error as CodecError {
                    failing += 1
                    let size = plan.uprightDecodedSize
                    let region = PixelRect(x: size.width / 4, y: 0, width: max(1, size.width / 2), height: max(1, size.height / 3))
                    let part = #expect(throws: CodecError.self, "\(file)") {
                        try ImageDecoder.decode(bytes, plan: plan.restricted(to: region))
                    }
                    #expect(part == error, "\(file)")
                    continue
                }
                partial += try Self.checkRegions(bytes, plan: plan,
                                                 regions: Self.regions(of: plan.uprightDecodedSize, count: large ? 2 : 8,
                                                                       seed: UInt64(d)), whole: whole)
            }
        }
        #expect(partial > 1500)
        #expect(failing > 50)
    }
}
