import Foundation
import Testing
import PhotiCaseCodecs
import PhotiCaseRaster

/// `inspect` and `convert`, run as a user runs them.
@Suite struct CodecCommandTests {
    /// A 120x80 PNG tagged with EXIF orientation 6 (stored sideways).
    static func sidewaysPNG() throws -> [UInt8] {
        var raster = Raster(width: 120, height: 80, fill: RGBA(200, 40, 40))
        for y in 0..<10 { for x in 0..<10 { raster[x, y] = RGBA(0, 0, 255) } }
        let png = try ImageEncoder.encode(raster, settings: .png())
        // eXIf: big-endian TIFF with one entry, orientation 6.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]
        var chunk: [UInt8] = [0, 0, 0, UInt8(tiff.count)] + Array("eXIf".utf8) + tiff
        var c: UInt32 = 0xFFFF_FFFF
        for b in chunk[4...] {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        c ^= 0xFFFF_FFFF
        chunk += [UInt8(c >> 24), UInt8(c >> 16 & 255), UInt8(c >> 8 & 255), UInt8(c & 255)]
        return Array(png[..<33]) + chunk + png[33...]
    }

    @Test func versionAndHelp() throws {
        let v = try Tool.run(["--version"])
        #expect(v.status == 0)
        #expect(v.stdout.hasPrefix("photicase-render "))
        for args in [["--help"], ["inspect", "--help"], ["convert", "--help"]] {
            let r = try Tool.run(args)
            #expect(r.status == 0, "\(args)")
            #expect(r.stdout.contains("Usage:"), "\(args)")
        }
    }

    @Test(arguments: [[String](), ["frobnicate"], ["inspect"], ["convert", "a.png"], ["convert", "a.png", "b.gif"],
                      ["convert", "a.png", "b.png", "--max-size", "zero"], ["convert", "a.png", "b.png", "--bogus"],
                      ["convert", "a.png", "b.jpg", "--quality", "101"],
                      // Values are checked whatever the format, and options
                      // the output format has no use for are refused.
                      ["convert", "a.png", "b.webp", "--chroma", "422"], ["convert", "a.png", "b.png", "--quality", "90"],
                      ["convert", "a.png", "b.webp", "--progressive"], ["convert", "a.png", "b.jpg", "--lossless"],
                      ["convert", "a.png", "b.png", "--chroma", "444"]])
    func usageErrorsExitTwo(_ args: [String]) throws {
        let r = try Tool.run(args)
        #expect(r.status == 2, "\(args): \(r.stderr)")
        #expect(!r.stderr.isEmpty)
    }

    @Test func inspectPrintsOneJSONLinePerFile() throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.sidewaysPNG()).write(to: URL(fileURLWithPath: dir + "/side.png"))
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: dir + "/junk.jpg"))
        let r = try Tool.run(["inspect", dir + "/side.png", dir + "/junk.jpg"])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["format"] as? String == "png")
        #expect(first?["width"] as? Int == 120)
        #expect(first?["height"] as? Int == 80)
        #expect(first?["orientation"] as? Int == 6)
        #expect(first?["hasAlpha"] as? Bool == false)
        #expect(first?["bitDepth"] as? Int == 8)
        #expect(first?["colorSpace"] as? String == "rgb")
        #expect(first?["frames"] as? Int == 1)
        let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
        #expect(second?["error"] as? String == "not a JPEG, PNG, WebP, HEIF or AVIF image")
    }

    @Test(arguments: ["jpg", "png", "webp"])
    func convertTurnsUprightAndFits(_ ext: String) throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.sidewaysPNG()).write(to: URL(fileURLWithPath: dir + "/side.png"))
        let out = dir + "/small.\(ext)"
        let r = try Tool.run(["convert", dir + "/side.png", out, "--max-size", "40"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try ImageDecoder.decodeFile(atPath: out)
        #expect(image.info.format == ImageFormat(fileExtension: ext))
        // Stored 120x80 with orientation 6 is upright 80x120; fit in 40x40.
        #expect(image.raster.size == PixelSize(width: 27, height: 40))
        // The blue corner was top-left as stored; upright it is top-right.
        let corner = image.raster[image.raster.width - 1, 0]
        #expect(corner.b > 150 && corner.r < 100, "\(corner)")
    }

    @Test func convertNeverEnlarges() throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.sidewaysPNG()).write(to: URL(fileURLWithPath: dir + "/side.png"))
        let r = try Tool.run(["convert", dir + "/side.png", dir + "/same.png", "--max-size", "4000"])
        #expect(r.status == 0)
        #expect(try ImageDecoder.decodeFile(atPath: dir + "/same.png").raster.size == PixelSize(width: 80, height: 120))
    }

    @Test func failedConvertLeavesNoOutputAndKeepsTheOldOne() throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = try Self.sidewaysPNG()
        try Data(png[..<(png.count / 2)]).write(to: URL(fileURLWithPath: dir + "/cut.png"))
        let r = try Tool.run(["convert", dir + "/cut.png", dir + "/new.jpg"])
        #expect(r.status == 1)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains(dir + "/cut.png: "))
        #expect(!FileManager.default.fileExists(atPath: dir + "/new.jpg"))

        try Data("keep me".utf8).write(to: URL(fileURLWithPath: dir + "/old.png"))
        let again = try Tool.run(["convert", dir + "/cut.png", dir + "/old.png"])
        #expect(again.status == 1)
        #expect(try String(contentsOfFile: dir + "/old.png", encoding: .utf8) == "keep me")
        // No temporary files left behind either.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["cut.png", "old.png"])
    }

    /// An output folder that does not exist is named as the problem, and
    /// not created.
    @Test func aMissingOutputFolderIsNamed() throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.sidewaysPNG()).write(to: URL(fileURLWithPath: dir + "/side.png"))
        let r = try Tool.run(["convert", dir + "/side.png", dir + "/typo/out.jpg"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(dir)/typo/out.jpg: the folder \(dir)/typo does not exist"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/typo"))
    }

    /// After "--", "--help" is a file's name like any other.
    @Test func helpAfterDoubleDashIsAFileName() throws {
        let r = try Tool.run(["inspect", "--", "--help"])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains(#"{"path":"--help","error":"no such file"}"#), "\(r.stdout)")
        #expect(try Tool.run(["inspect", "--help", "--", "x"]).stdout.contains("Usage: photicase-render inspect"))
    }

    @Test func missingInputExitsOne() throws {
        let r = try Tool.run(["convert", "/nonexistent/photo.jpg", "/tmp/never.png"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("/nonexistent/photo.jpg: no such file"))
    }

    /// `convert` (like every command) ends by a crash signal another
    /// process sends it, with no crash report: the Swift runtime's reporter
    /// would print one and let the command carry on and write its output.
    @Test func aCrashSignalSentToConvertEndsIt() throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Large enough to take seconds in a debug build: the signal comes
        // while it works.
        var raster = Raster(width: 4000, height: 3000, fill: RGBA(30, 120, 200))
        for y in stride(from: 0, to: 3000, by: 50) { for x in 0..<4000 { raster[x, y] = RGBA(250, 250, 0) } }
        try Data(try ImageEncoder.encode(raster, settings: .png())).write(to: URL(fileURLWithPath: dir + "/big.png"))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.path)
        p.arguments = ["convert", dir + "/big.png", dir + "/big.webp"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Once it has used 0.2 s of CPU (its handlers are installed within
        // milliseconds of starting), however busy the machine is.
        func cpuTicks() -> Int? {
            guard let stat = try? String(contentsOfFile: "/proc/\(p.processIdentifier)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
            return user + system
        }
        while p.isRunning, (cpuTicks() ?? 0) < 20 { usleep(2000) }
        #expect(p.isRunning, "convert ended before the signal: make its input larger")
        kill(p.processIdentifier, SIGSEGV)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGSEGV, "\(text)")
        #expect(!text.contains("Program crashed"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/big.webp"))
    }
}
