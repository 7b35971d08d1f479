import PhotiCaseCodecs
import Foundation
import Testing
import PhotiCaseRaster

/// Sharing decoded photos between a ticket and its day changes no byte:
/// tickets and days rendered in separate runs, in one run, and in one run
/// with the sharing turned off are the same files.
@Suite struct DecodeSharingCommandTests {
    static let heifEnc = "/usr/bin/heif-enc"
    static let canRun = FileManager.default.isExecutableFile(atPath: heifEnc)
        || ProcessInfo.processInfo.environment["CI"] == "true"

    @Test(.enabled(if: canRun, "heif-enc not found (Debian: libheif-examples): decode sharing test skipped"))
    func ticketsAndDaysAreTheSameWithAndWithoutSharing() throws {
        let base = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        // PNG and HEIC front photos, some sharing a day; a small PNG and
        // the HEICs are decoded at full size for both face and tile.
        let photos: [(name: String, raster: Raster, heic: Bool, date: String)] = [
            ("a", Self.scene(640, 480, seed: 1), true, "2022-08-20"),
            ("b", Self.scene(480, 640, seed: 2), true, "2022-08-20"),
            ("c", Self.scene(220, 160, seed: 3), false, "2022-08-20"),
            ("d", Self.scene(1200, 900, seed: 4), false, "2022-08-21"),
            ("e", Self.scene(600, 400, seed: 5), true, "2022-08-22"),
            ("f", Self.scene(200, 300, seed: 6), false, "2022-08-23"),
        ]
        for (i, p) in photos.enumerated() {
            let folder = "\(base)/book/\(p.name)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let png = try ImageEncoder.encode(p.raster, settings: .png())
            let file = p.heic ? "front.heic" : "front.png"
            if p.heic {
                try Data(png).write(to: URL(fileURLWithPath: "\(base)/\(p.name).png"))
                let r = try Tool.run(["-q", "80", "\(base)/\(p.name).png", "-o", "\(folder)/\(file)"],
                                     executable: Self.heifEnc)
                try #require(r.status == 0, "heif-enc failed: \(r.stderr)")
            } else {
                try Data(png).write(to: URL(fileURLWithPath: "\(folder)/\(file)"))
            }
            let json = #"{"title": "Entry \#(p.name)", "date": "\#(p.date)", "rating": \#(i % 5 + 1), "front": {"photo": "\#(file)"}}"#
            try Data(json.utf8).write(to: URL(fileURLWithPath: "\(folder)/entry.json"))
        }
        func render(_ cache: String, _ extra: [String], sharing: Bool = true) throws {
            let args = ["render", "\(base)/book", "--cache", "\(base)/\(cache)", "--jobs", "2", "--progress", "none",
                        "--today", "2022-08-30"] + extra
            let r = sharing ? try Tool.run(args)
                : try Tool.run(["PHOTICASE_DECODE_CACHE=0", Tool.path] + args, executable: "/usr/bin/env")
            #expect(r.status == 0, "\(r.stderr)")
        }
        try render("separate", ["--only", "tickets"])
        try render("separate", ["--only", "days"])
        try render("together", [])
        try render("unshared", ["--only", "tickets,days"], sharing: false)

        let images = try Self.images(in: "\(base)/separate")
        // 6 entries x 3 ticket images, 4 days.
        #expect(images.count == 6 * 3 + 4, "\(images)")
        for path in images {
            let separate = FileManager.default.contents(atPath: "\(base)/separate/\(path)")
            #expect(separate != nil)
            #expect(FileManager.default.contents(atPath: "\(base)/together/\(path)") == separate, "\(path) differs in one run")
            #expect(FileManager.default.contents(atPath: "\(base)/unshared/\(path)") == separate, "\(path) differs unshared")
        }
    }

    /// Cache-relative paths of the image files under `cache`.
    static func images(in cache: String) throws -> [String] {
        let all = FileManager.default.enumerator(atPath: cache)?.compactMap { $0 as? String } ?? []
        return all.filter { path in [".webp", ".jpg", ".png"].contains { path.hasSuffix($0) } }.sorted()
    }

    /// A photo with detail at every scale, so a wrong scale would show.
    static func scene(_ width: Int, _ height: Int, seed: Int) -> Raster {
        var r = Raster(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let v = (x * 7 + y * 13 + seed * 31) ^ (x * y / 9)
                r[x, y] = RGBA(UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: x * 255 / width + seed),
                               UInt8(truncatingIfNeeded: y * 255 / height))
            }
        }
        return r
    }
}
