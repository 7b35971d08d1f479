import PhotiCaseCodecs
import PhotiCaseRaster

/// Images and byte surgery made by the tests themselves, so every format,
/// orientation and error path is covered without the shared corpus.
enum Fixtures {
    /// A raster whose pixels encode their coordinates:
    /// R = x mod 256, G = y mod 256, B = high bits of both, A = `alpha`.
    static func coordinates(width: Int, height: Int, alpha: UInt8 = 255) -> Raster {
        var r = Raster(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                r[x, y] = RGBA(UInt8(x & 255), UInt8(y & 255), UInt8((x >> 8) & 15 | ((y >> 8) & 15) << 4), alpha)
            }
        }
        return r
    }

    /// A smooth image (gradients and a soft disc) that lossy codecs keep well,
    /// and that looks different under every flip and turn.
    static func smooth(width: Int, height: Int) -> Raster {
        var r = Raster(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
                let dx = fx - 0.3, dy = fy - 0.25
                let disc = max(0, 1 - (dx * dx + dy * dy) * 12)
                r[x, y] = RGBA(UInt8(40 + 180 * fx), UInt8(30 + 150 * fy), UInt8(60 + 190 * disc))
            }
        }
        return r
    }

    static func encode(_ raster: Raster, _ settings: EncodeSettings) -> [UInt8] {
        // Encoding a valid raster cannot fail; a failure is a test bug.
        try! ImageEncoder.encode(raster, settings: settings)
    }

    // MARK: - EXIF blocks

    /// A minimal little- or big-endian TIFF block holding one orientation.
    static func tiff(orientation: UInt16, bigEndian: Bool = false, type: UInt16 = 3) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] {
            bigEndian ? [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
                : [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255), UInt8(v >> 24)]
        }
        var b: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        b += u16(42) + u32(8)
        b += u16(2)                                          // two entries
        b += u16(0x010F) + u16(2) + u32(4) + Array("ACME".utf8)  // Make, inline ASCII
        let value: [UInt8] = type == 3 ? u16(orientation) + [0, 0] : u32(UInt32(orientation))
        b += u16(0x0112) + u16(type) + u32(1) + value
        b += u32(0)                                          // no next IFD
        return b
    }

    /// A JPEG with an APP1 Exif segment inserted after SOI.
    static func jpegWithEXIF(_ jpeg: [UInt8], tiff: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 255)] + payload + jpeg[2...]
    }

    /// A PNG with a chunk inserted after IHDR.
    static func pngWithChunk(_ png: [UInt8], type: String, data: [UInt8]) -> [UInt8] {
        let ihdrEnd = 8 + 8 + 13 + 4
        return Array(png[..<ihdrEnd]) + chunk(type, data) + png[ihdrEnd...]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        let n = UInt32(data.count)
        let crc = CRC32.of(t + data)
        return [UInt8(n >> 24), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)] + t + data
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 255), UInt8(crc >> 8 & 255), UInt8(crc & 255)]
    }

    /// A PNG header (signature + IHDR) claiming `width` x `height` RGBA,
    /// followed by a tiny IDAT and IEND: a decompression-bomb lookalike.
    static func pngClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        png(width: Int(width), height: Int(height), bitDepth: 8, colorType: 6,
            idat: [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    }

    /// A PNG from its IHDR fields and one IDAT payload.
    static func png(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, idat: [UInt8]) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let ihdr = be(width) + be(height) + [bitDepth, colorType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// A WebP in the extended (VP8X) container with an EXIF chunk, built
    /// around a simple-format WebP.
    static func webpWithEXIF(_ simple: [UInt8], width: Int, height: Int, tiff: [UInt8]) -> [UInt8] {
        webpExtended(simple, width: width, height: height, flag: 0x08, chunk: "EXIF", data: tiff, beforeBitstream: false)
    }

    /// A WebP in the extended (VP8X) container around a simple-format
    /// WebP, with one more chunk (`flag` set in VP8X) before or after the
    /// bitstream.
    static func webpExtended(_ simple: [UInt8], width: Int, height: Int, flag: UInt8, chunk type: String,
                             data: [UInt8], beforeBitstream: Bool) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255), UInt8(v >> 24 & 255)] }
        func le24(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255)] }
        let bitstream = Array(simple[12...])                  // the VP8/VP8L chunk, padded
        let hasAlpha = simple[12..<16] == ArraySlice("VP8L".utf8)
        let flags: UInt8 = flag | (hasAlpha ? 0x10 : 0)
        let vp8x = Array("VP8X".utf8) + le32(10) + [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1)
        var extra = Array(type.utf8) + le32(data.count) + data
        if data.count % 2 == 1 { extra.append(0) }
        let body = Array("WEBP".utf8) + vp8x + (beforeBitstream ? extra + bitstream : bitstream + extra)
        return Array("RIFF".utf8) + le32(body.count) + body
    }
}

/// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func of(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
