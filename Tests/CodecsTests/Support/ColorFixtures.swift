import PhotiCaseCodecs
import Foundation
import PhotiCaseRaster

/// Tagged images made by the tests: colour patches, and byte surgery that
/// embeds an ICC profile the way each container carries one.
enum ColorFixtures {
    /// The patch levels: every mix of 0, 64, 128, 192 and 255 (125
    /// patches, saturated colours and mid-tones), 16 x 16 pixels each.
    static let levels: [UInt8] = [0, 64, 128, 192, 255]
    static let patch = 16

    static func patches() -> Raster {
        var colours: [RGBA] = []
        for r in levels { for g in levels { for b in levels { colours.append(RGBA(r, g, b)) } } }
        let columns = 12, rows = (colours.count + columns - 1) / columns
        var raster = Raster(width: columns * patch, height: rows * patch, fill: RGBA(128, 128, 128))
        for (i, c) in colours.enumerated() {
            let x0 = (i % columns) * patch, y0 = (i / columns) * patch
            for y in y0..<(y0 + patch) { for x in x0..<(x0 + patch) { raster[x, y] = c } }
        }
        return raster
    }

    /// Splits `profile` into APP2 ICC_PROFILE segments of at most
    /// `chunk` bytes, inserted after SOI in `order` (1-based sequence
    /// numbers; default all in order).
    static func jpegWithICC(_ jpeg: [UInt8], profile: [UInt8], chunk: Int = 65519, order: [Int]? = nil) -> [UInt8] {
        let pieces = stride(from: 0, to: profile.count, by: chunk).map { Array(profile[$0..<min($0 + chunk, profile.count)]) }
        var segments: [UInt8] = []
        for seq in order ?? Array(1...pieces.count) {
            let payload = Array("ICC_PROFILE".utf8) + [0, UInt8(seq), UInt8(pieces.count)] + pieces[seq - 1]
            let length = payload.count + 2
            segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 255)] + payload
        }
        return [0xFF, 0xD8] + segments + jpeg[2...]
    }

    /// An iCCP chunk holding `profile`, zlib-wrapped in stored (not
    /// compressed) deflate blocks, which libpng inflates like any other.
    static func pngWithICCP(_ png: [UInt8], profile: [UInt8], name: String = "test") -> [UInt8] {
        Fixtures.pngWithChunk(png, type: "iCCP", data: Array(name.utf8) + [0, 0] + zlibStored(profile))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            let last: UInt8 = i + n == data.count ? 1 : 0
            z += [last, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)] + data[i..<(i + n)]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let adler = b << 16 | a
        return z + [UInt8(adler >> 24), UInt8(adler >> 16 & 255), UInt8(adler >> 8 & 255), UInt8(adler & 255)]
    }

    /// A 16-bit RGB PNG of `raster` (each sample v written as v * 257), for
    /// encoders that make 10-bit files only from 16-bit input.
    static func png16(_ raster: Raster) -> [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity(raster.height * (1 + raster.width * 6))
        for y in 0..<raster.height {
            rows.append(0)
            for x in 0..<raster.width {
                let p = raster[x, y]
                rows += [p.r, p.r, p.g, p.g, p.b, p.b]
            }
        }
        return Fixtures.png(width: raster.width, height: raster.height, bitDepth: 16, colorType: 2, idat: zlibStored(rows))
    }

    /// A WebP in the extended container with an ICCP chunk (which must
    /// come before the bitstream).
    static func webpWithICC(_ simple: [UInt8], width: Int, height: Int, profile: [UInt8]) -> [UInt8] {
        Fixtures.webpExtended(simple, width: width, height: height, flag: 0x20, chunk: "ICCP", data: profile, beforeBitstream: true)
    }

    /// A profile from the system's colour folder (Debian's ghostscript
    /// and icc-profiles-free packages), or nil.
    static func systemProfile(_ names: [String]) -> [UInt8]? {
        for dir in ["/usr/share/color/icc/ghostscript", "/usr/share/color/icc/colord", "/usr/share/color/icc"] {
            for name in names {
                if let data = FileManager.default.contents(atPath: dir + "/" + name) { return [UInt8](data) }
            }
        }
        return nil
    }
}

/// CIE76 colour differences (Codecs' ColorDifference, under the test name).
enum DeltaE {
    static func stats(_ a: Raster, _ b: Raster) -> (mean: Double, p99: Double) { ColorDifference.deltaE76(a, b) }
}
