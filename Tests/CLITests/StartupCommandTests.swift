import PhotiCaseCodecs
import Foundation
import PhotiCaseRaster
import Testing

/// What a run loads before its work: libheif (and its decoders) only when
/// a HEIF file is read.
@Suite struct StartupCommandTests {
    /// The shared libraries the dynamic loader reports loading for `args`
    /// (LD_DEBUG=files), with the run's result.
    static func loads(_ args: [String]) throws -> (Tool.Result, String) {
        let r = try Tool.run(["LD_DEBUG=files", Tool.path] + args, executable: "/usr/bin/env")
        return (r, r.stderr)
    }

    @Test func aRunWithoutHEIFFilesDoesNotLoadLibheif() throws {
        let (version, loaded) = try Self.loads(["--version"])
        #expect(version.status == 0)
        // Booleans, so a failure does not print the loader's whole log.
        let reported = loaded.contains("file=libc.so.6"), heif = loaded.contains("libheif"),
            decoder = loaded.contains("libde265")
        #expect(reported, "LD_DEBUG=files said nothing")
        #expect(!heif, "libheif loaded by --version")
        #expect(!decoder, "libde265 loaded by --version")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc"),
                   "heif-enc not found (Debian: libheif-examples): HEIC loading test skipped"))
    func aHEIFFileLoadsLibheif() throws {
        let base = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let photo = Raster(width: 64, height: 48, fill: RGBA(40, 120, 200))
        try Data(ImageEncoder.encode(photo, settings: .png())).write(to: URL(fileURLWithPath: base + "/in.png"))
        let enc = try Tool.run(["-q", "90", base + "/in.png", "-o", base + "/p.heic"], executable: "/usr/bin/heif-enc")
        #expect(enc.status == 0, "\(enc.stderr)")
        let (inspect, loaded) = try Self.loads(["inspect", base + "/p.heic"])
        #expect(inspect.status == 0, "\(inspect.stderr.suffix(300))")
        #expect(inspect.stdout.contains(#""format":"heif""#), "\(inspect.stdout)")
        let heif = loaded.contains("libheif.so.1")
        #expect(heif, "libheif not loaded for a HEIC")
    }
}
