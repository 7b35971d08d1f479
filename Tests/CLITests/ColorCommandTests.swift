import Foundation
import Testing
import PhotiCaseCodecs
import PhotiCaseRaster

/// `inspect` names the colour profile; HEIF is read but never written.
@Suite struct ColorCommandTests {
    /// A JPEG whose one APP2 segment holds `profile`.
    static func taggedJPEG(_ profile: [UInt8]) throws -> [UInt8] {
        let jpeg = try ImageEncoder.encode(Raster(width: 32, height: 24, fill: RGBA(200, 120, 60)), settings: .jpeg())
        let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        return [0xFF, 0xD8, 0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)]
            + payload + jpeg[2...]
    }

    @Test func inspectPrintsTheProfile() throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p3 = try #require(RGBColorSpace.displayP3.iccProfile())
        try Data(Self.taggedJPEG(p3)).write(to: URL(fileURLWithPath: dir + "/p3.jpg"))
        try Data(ImageEncoder.encode(Raster(width: 8, height: 8), settings: .png())).write(to: URL(fileURLWithPath: dir + "/plain.png"))
        let r = try Tool.run(["inspect", dir + "/p3.jpg", dir + "/plain.png"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == 2)
        #expect(lines[0]?["profile"] as? String == "Display P3")
        #expect(lines[1]?["profile"] is NSNull)
    }

    /// A hostile profile: one warning line from convert, nothing from
    /// lcms2 itself, and the pixels as stored.
    @Test func brokenProfileIsOneWarningLine() throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var broken = try #require(RGBColorSpace.displayP3.iccProfile())
        broken[128...131] = [0x0F, 0xFF, 0xFF, 0xFF]       // a tag count far past the data
        try Data(Self.taggedJPEG(broken)).write(to: URL(fileURLWithPath: dir + "/bad.jpg"))
        let inspect = try Tool.run(["inspect", dir + "/bad.jpg"])
        #expect(inspect.status == 0)
        #expect(inspect.stderr.isEmpty, "\(inspect.stderr)")
        let r = try Tool.run(["convert", dir + "/bad.jpg", dir + "/out.png"])
        #expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("warning: colour profile ignored"), "\(r.stderr)")
    }

    @Test func convertConvertsColourAndRefusesHEIFOutput() throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p3 = try #require(RGBColorSpace.displayP3.iccProfile())
        try Data(Self.taggedJPEG(p3)).write(to: URL(fileURLWithPath: dir + "/p3.jpg"))
        let r = try Tool.run(["convert", dir + "/p3.jpg", dir + "/out.png"])
        #expect(r.status == 0, "\(r.stderr)")
        // The PNG holds the converted colour (as decoding in process gives
        // it), untagged; not the numbers as stored.
        let out = try ImageDecoder.decodeFile(atPath: dir + "/out.png")
        #expect(out.info.profile == nil)
        let tagged = try ImageDecoder.decode(Self.taggedJPEG(p3)).raster[16, 12]
        let stored = try ImageDecoder.decode(ImageEncoder.encode(Raster(width: 32, height: 24, fill: RGBA(200, 120, 60)),
                                                                 settings: .jpeg())).raster[16, 12]
        #expect(out.raster[16, 12] == tagged)
        let shift: Int = zip([tagged.r, tagged.g, tagged.b], [stored.r, stored.g, stored.b])
            .map { abs(Int($0) - Int($1)) }.reduce(0, +)
        #expect(shift >= 6, "\(tagged) vs \(stored)")
        let refused = try Tool.run(["convert", dir + "/p3.jpg", dir + "/out.heic"])
        #expect(refused.status == 2)
    }

    /// A HEIC front photo renders and shares like any other.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc"),
                   "heif-enc not found (Debian: libheif-examples): HEIC render test skipped"))
    func heicPhotoRendersAndShares() throws {
        let base = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let entry = base + "/book/heic-entry"
        try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: true)
        var photo = Raster(width: 480, height: 360, fill: RGBA(40, 120, 200))
        for y in 0..<90 { for x in 0..<120 { photo[x, y] = RGBA(250, 240, 10) } }
        try Data(ImageEncoder.encode(photo, settings: .png())).write(to: URL(fileURLWithPath: base + "/in.png"))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/heif-enc")
        p.arguments = ["-q", "90", base + "/in.png", "-o", entry + "/front.heic"]
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let json = #"{"title": "HEIC", "date": "2022-08-20", "rating": 4, "front": {"photo": "front.heic"}}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: entry + "/entry.json"))
        let r = try Tool.run(["render", base + "/book", "--cache", base + "/cache", "--only", "days",
                              "--progress", "none", "--today", "2022-08-30"])
        #expect(r.status == 0, "\(r.stderr)")
        let days = FileManager.default.enumerator(atPath: base + "/cache")?.compactMap { $0 as? String }
            .filter { $0.contains("2022-08-20") } ?? []
        #expect(!days.isEmpty)
        let share = try Tool.run(["share", entry, "-o", base + "/share.png"])
        #expect(share.status == 0, "\(share.stderr)")
        let card = try ImageDecoder.decodeFile(atPath: base + "/share.png")
        #expect(card.raster.width > 100)
    }
}
