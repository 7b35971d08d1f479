import Foundation
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// Tagged photos come out in sRGB: compared with lcms2's own conversion
/// through Pillow's ImageCms (relative colorimetric to sRGB), ΔE76 mean
/// ≤ 1.5 and p99 ≤ 4 over saturated and mid-tone patches.
@Suite struct ColorManagementTests {
    static let pillowMessage: Comment = "python3 with Pillow and numpy not found: ImageCms reference tests skipped"

    static let spaces: [RGBColorSpace] = [.displayP3, .adobeRGB, .proPhoto]
    static let formats: [ImageFormat] = [.jpeg, .png, .webp]

    /// The patches encoded in `format`, untagged.
    static func plain(_ format: ImageFormat) -> [UInt8] {
        let patches = ColorFixtures.patches()
        return switch format {
        case .jpeg: Fixtures.encode(patches, .jpeg(quality: 95, chroma: .s444))
        case .png: Fixtures.encode(patches, .png())
        default: Fixtures.encode(patches, .webp(lossless: true))
        }
    }

    /// The patches encoded in `format` with `profile` embedded.
    static func tagged(_ format: ImageFormat, profile: [UInt8]) -> [UInt8] {
        let patches = ColorFixtures.patches()
        return switch format {
        // Small segments: the profile spans several APP2 markers.
        case .jpeg: ColorFixtures.jpegWithICC(plain(.jpeg), profile: profile, chunk: 200)
        case .png: ColorFixtures.pngWithICCP(plain(.png), profile: profile)
        default: ColorFixtures.webpWithICC(plain(.webp), width: patches.width, height: patches.height, profile: profile)
        }
    }

    /// Writes `bytes` to a temporary file and returns Pillow's ImageCms
    /// conversion of it.
    static func reference(_ bytes: [UInt8], name: String) throws -> Raster? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pr-icc-\(UUID().uuidString)-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Tools.pillowDecode([path], toSRGB: true)[path]
    }

    @Test(.enabled(if: Tools.pillowAvailable, pillowMessage),
          arguments: spaces, formats)
    func taggedPatchesMatchLCMS(_ space: RGBColorSpace, _ format: ImageFormat) throws {
        let profile = try #require(space.iccProfile())
        let file = Self.tagged(format, profile: profile)
        let decoded = try ImageDecoder.decode(file)
        #expect(decoded.info.profile == space.name)
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        let reference = try #require(try Self.reference(file, name: "x.\(format.fileExtension)"))
        let (mean, p99) = DeltaE.stats(decoded.raster, reference)
        print("ΔE76 \(space.name) \(format.displayName): mean \(mean), p99 \(p99)")
        #expect(mean <= 1.5 && p99 <= 4, "\(space.name) \(format.displayName): mean \(mean) p99 \(p99)")
        // The same numbers read as sRGB are far off: the test can fail.
        let untagged = DeltaE.stats(try ImageDecoder.decode(Self.plain(format)).raster, reference)
        print("ΔE76 \(space.name) \(format.displayName) read as sRGB: mean \(untagged.mean), p99 \(untagged.p99)")
        #expect(untagged.mean > 3)
    }

    /// Profiles that are sRGB by content, whatever their name, leave the
    /// pixels exactly as an untagged decode gives them.
    @Test func sRGBProfilesChangeNothing() throws {
        var profiles = [try #require(RGBColorSpace.sRGB.iccProfile())]
        if let system = ColorFixtures.systemProfile(["srgb.icc", "sRGB.icc"]) { profiles.append(system) }
        var renamed = RGBColorSpace.sRGB
        renamed.name = "My Camera RGB"
        profiles.append(try #require(renamed.iccProfile()))
        let jpeg = Fixtures.encode(ColorFixtures.patches(), .jpeg(quality: 90))
        let plain = try ImageDecoder.decode(jpeg)
        for profile in profiles {
            let tagged = try ImageDecoder.decode(ColorFixtures.jpegWithICC(jpeg, profile: profile))
            #expect(tagged.raster == plain.raster)
            #expect(tagged.info.profile != nil)
            #expect(tagged.warnings.isEmpty)
            #expect(ColorConverter.plan(.icc(profile), space: .rgb).transform == nil)
        }
        #expect(plain.info.profile == nil)
    }

    @Test func pngSRGBChunkIsNamedAndChangesNothing() throws {
        let png = Fixtures.encode(ColorFixtures.patches(), .png())
        let withChunk = try ImageDecoder.decode(Fixtures.pngWithChunk(png, type: "sRGB", data: [0]))
        #expect(withChunk.info.profile == "sRGB")
        #expect(withChunk.raster == (try ImageDecoder.decode(png)).raster)
    }

    /// Damaged APP2 sequences: the profile is ignored with one warning and
    /// the pixels are used as stored.
    @Test(arguments: [[1, 3], [1, 2, 2, 3], [2, 1, 3], [3]])
    func damagedJPEGSegmentsAreIgnored(_ order: [Int]) throws {
        let profile = try #require(RGBColorSpace.displayP3.iccProfile())
        let jpeg = Fixtures.encode(ColorFixtures.patches(), .jpeg(quality: 90))
        let chunk = (profile.count + 2) / 3
        let decoded = try ImageDecoder.decode(ColorFixtures.jpegWithICC(jpeg, profile: profile, chunk: chunk, order: order))
        #expect(decoded.raster == (try ImageDecoder.decode(jpeg)).raster)
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.hasPrefix("colour profile ignored: ICC_PROFILE segment") == true, "\(decoded.warnings)")
        #expect(decoded.info.profile == nil)
    }

    /// Hostile or broken profiles: a warning, pixels as stored, nothing
    /// printed, nothing fatal.
    @Test func brokenProfilesAreWarnings() throws {
        let p3 = try #require(RGBColorSpace.displayP3.iccProfile())
        var truncated = Array(p3.prefix(200))
        truncated[0...3] = [0, 0, 0, 200]
        var lying = p3
        lying[0...3] = [0x7F, 0xFF, 0xFF, 0xFF]                       // size far past the data
        var badTagTable = p3
        badTagTable[128...131] = [0x0F, 0xFF, 0xFF, 0xFF]             // 268 million tags
        let garbage = [UInt8](repeating: 0x41, count: 300)
        let png = Fixtures.encode(ColorFixtures.patches(), .png())
        let plain = try ImageDecoder.decode(png).raster
        for profile in [truncated, lying, badTagTable, garbage] {
            let decoded = try ImageDecoder.decode(ColorFixtures.pngWithICCP(png, profile: profile))
            #expect(decoded.raster == plain)
            #expect(decoded.warnings.count == 1 && decoded.warnings[0].hasPrefix("colour profile ignored"),
                    "\(decoded.warnings)")
        }
    }

    /// A description whose record count cannot fit in its tag is refused
    /// before lcms2 allocates that many records (fuzz-icc: 33 million
    /// records claimed in 72 bytes cost 400 MB and a second).
    @Test func mlucCountPastItsTagIsRefusedBeforeLCMS() throws {
        var profile = try #require(RGBColorSpace.displayP3.iccProfile())
        func word(_ i: Int) -> Int { profile[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let entries = (0..<word(128)).map { 132 + 12 * $0 }
        let desc = try #require(entries.first { profile[$0..<($0 + 4)].elementsEqual("desc".utf8) })
        let offset = word(desc + 4), size = word(desc + 8)
        #expect(profile[offset..<(offset + 4)].elementsEqual("mluc".utf8))
        profile[(offset + 8)...(offset + 11)] = [0x02, 0x00, 0x00, 0x01]
        let jpeg = Fixtures.encode(ColorFixtures.patches(), .jpeg(quality: 90))
        let decoded = try ImageDecoder.decode(ColorFixtures.jpegWithICC(jpeg, profile: profile))
        #expect(decoded.warnings == ["colour profile ignored: ICC tag 'desc' claims 33554433 records in \(size) bytes"])
        #expect(decoded.raster == (try ImageDecoder.decode(jpeg)).raster)
    }

    @Test func mismatchedProfileIsIgnored() throws {
        let grey = try #require(GrayColorSpace(name: "Grey 1.0", transfer: .gamma(1)).iccProfile())
        let jpeg = Fixtures.encode(ColorFixtures.patches(), .jpeg(quality: 90))
        let decoded = try ImageDecoder.decode(ColorFixtures.jpegWithICC(jpeg, profile: grey))
        #expect(decoded.warnings == ["colour profile ignored: a grey profile on a RGB image"])
        #expect(decoded.raster == (try ImageDecoder.decode(jpeg)).raster)
        #expect(decoded.info.profile == "Grey 1.0")
    }

    /// A grey JPEG with a linear grey profile is drawn brighter, as lcms2 says.
    @Test(.enabled(if: Tools.pillowAvailable, pillowMessage))
    func greyProfileConverts() throws {
        let grey = try #require(GrayColorSpace(name: "Linear Grey", transfer: .gamma(1)).iccProfile())
        var ramp = Raster(width: 256, height: 16)
        for y in 0..<16 { for x in 0..<256 { ramp[x, y] = RGBA(UInt8(x), UInt8(x), UInt8(x)) } }
        let png = Fixtures.encode(ramp, .png())
        // An RGB PNG would reject a grey profile; write a grey one with Pillow.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pr-grey-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(png).write(to: URL(fileURLWithPath: dir + "/in.png"))
        try Data(grey).write(to: URL(fileURLWithPath: dir + "/grey.icc"))
        let script = """
        from PIL import Image
        Image.open('\(dir)/in.png').convert('L').save('\(dir)/grey.jpg', quality=95, icc_profile=open('\(dir)/grey.icc','rb').read())
        """
        #expect(try Tools.run("python3", ["-c", script]).status == 0)
        let decoded = try ImageDecoder.decodeFile(atPath: dir + "/grey.jpg")
        #expect(decoded.info.colorSpace == .gray)
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        let reference = try #require(try Tools.pillowDecode([dir + "/grey.jpg"], toSRGB: true)[dir + "/grey.jpg"])
        let (mean, p99) = DeltaE.stats(decoded.raster, reference)
        print("ΔE76 linear grey JPEG: mean \(mean), p99 \(p99)")
        #expect(mean <= 1.5 && p99 <= 4)
        #expect(decoded.raster[128, 8].r > 170)                     // linear 0.5 is sRGB 188
    }

    /// CMYK JPEGs with a CMYK profile convert through it; without one they
    /// keep the plain formula.
    @Test(.enabled(if: Tools.pillowAvailable, pillowMessage))
    func cmykProfileConverts() throws {
        guard let cmyk = ColorFixtures.systemProfile(["default_cmyk.icc", "ps_cmyk.icc"]) else {
            print("no CMYK profile in /usr/share/color/icc (Debian package ghostscript): CMYK profile test skipped")
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pr-cmyk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Fixtures.encode(ColorFixtures.patches(), .png())).write(to: URL(fileURLWithPath: dir + "/in.png"))
        try Data(cmyk).write(to: URL(fileURLWithPath: dir + "/cmyk.icc"))
        let script = """
        from PIL import Image
        im = Image.open('\(dir)/in.png').convert('CMYK')
        im.save('\(dir)/tagged.jpg', quality=95, icc_profile=open('\(dir)/cmyk.icc','rb').read())
        im.save('\(dir)/plain.jpg', quality=95)
        """
        #expect(try Tools.run("python3", ["-c", script]).status == 0)
        let tagged = try ImageDecoder.decodeFile(atPath: dir + "/tagged.jpg")
        #expect(tagged.info.colorSpace == .cmyk)
        #expect(tagged.warnings.isEmpty, "\(tagged.warnings)")
        #expect(tagged.raster.isOpaque)
        let reference = try #require(try Tools.pillowDecode([dir + "/tagged.jpg"], toSRGB: true)[dir + "/tagged.jpg"])
        let (mean, p99) = DeltaE.stats(tagged.raster, reference)
        print("ΔE76 CMYK (\(tagged.info.profile ?? "?")) JPEG: mean \(mean), p99 \(p99)")
        #expect(mean <= 1.5 && p99 <= 4)
        let plain = try ImageDecoder.decodeFile(atPath: dir + "/plain.jpg")
        #expect(plain.info.profile == nil)
        #expect(DeltaE.stats(plain.raster, reference).mean > 3)
    }

    /// A YCCK file from the corpus with Adobe's SWOP profile matches
    /// lcms2's conversion (it was compared with the plain formula before).
    @Test(.enabled(if: Corpus.available && Tools.pillowAvailable, "corpus or Pillow missing: YCCK profile test skipped"))
    func corpusYCCKWithProfile() throws {
        let path = Corpus.path("jpeg/jpeg-decoder/reftest/ycck.jpg")
        let ours = try ImageDecoder.decodeFile(atPath: path)
        #expect(ours.info.profile == "U.S. Web Coated (SWOP) v2")
        let reference = try #require(try Tools.pillowDecode([path], toSRGB: true)[path])
        let (mean, p99) = DeltaE.stats(ours.raster, reference)
        print("ΔE76 corpus ycck.jpg (SWOP): mean \(mean), p99 \(p99)")
        #expect(mean <= 1.5 && p99 <= 4)
    }

    /// The matrix/shaper fast path agrees with lcms2's own 8-bit transform
    /// within one level on every kind of colour (a seeded random sample,
    /// out-of-gamut ones included, and the corners).
    @Test(arguments: [RGBColorSpace.displayP3, .adobeRGB, .proPhoto])
    func matrixShaperAgreesWithLCMS(_ space: RGBColorSpace) throws {
        let plan = ColorConverter.plan(.icc(try #require(space.iccProfile())), space: .rgb)
        let transform = try #require(plan.transform)
        #expect(plan.matrixShaper != nil)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var pixels: [UInt8] = []
        for _ in 0..<20_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            pixels += [UInt8(state & 255), UInt8(state >> 8 & 255), UInt8(state >> 16 & 255), 255]
        }
        for r: UInt8 in [0, 255] { for g: UInt8 in [0, 255] { for b: UInt8 in [0, 255] { pixels += [r, g, b, 77] } } }
        var fast = Raster(width: pixels.count / 4, height: 1, pixels: pixels)
        var reference = fast
        plan.apply(to: &fast)
        reference.withUnsafeMutableBytes { LCMSBinding.apply(transform, to: $0.baseAddress!, count: $0.count / 4) }
        let worst = try #require(Compare.maxDifference(fast, reference))
        print("matrix/shaper path against lcms2, \(space.name): max difference \(worst)")
        #expect(worst <= 1)
        #expect(fast[fast.width - 1, 0].a == 77)                     // alpha untouched
    }

    /// Transforms are built once per profile and image space.
    @Test func plansAreCachedPerProfile() throws {
        let p3 = try #require(RGBColorSpace.displayP3.iccProfile())
        let a = ColorConverter.plan(.icc(p3), space: .rgb)
        let b = ColorConverter.plan(.icc(p3), space: .rgb)
        #expect(a.transform != nil && a.transform === b.transform)
        #expect(ColorConverter.plan(.icc(p3), space: .cmyk(inverted: false)).transform == nil)
    }

    /// Many threads share one cached transform.
    @Test func concurrentDecodesAgree() async throws {
        let file = Self.tagged(.png, profile: try #require(RGBColorSpace.displayP3.iccProfile()))
        let first = try ImageDecoder.decode(file).raster
        let results = try await withThrowingTaskGroup(of: Raster.self) { group in
            for _ in 0..<8 { group.addTask { try ImageDecoder.decode(file).raster } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == first })
    }

    @Test func nclxDescriptions() {
        #expect(NCLX.describe(primaries: 12, transfer: 13) == "nclx: P3 D65 / sRGB transfer")
        #expect(ColorConverter.plan(.nclx(primaries: 1, transfer: 13), space: .rgb).transform == nil)
        #expect(ColorConverter.plan(.nclx(primaries: 12, transfer: 13), space: .rgb).transform != nil)
        #expect(ColorConverter.plan(.nclx(primaries: 9, transfer: 16), space: .rgb).warnings
            == ["colour profile ignored: nclx transfer characteristics 16 is not supported"])
    }
}
