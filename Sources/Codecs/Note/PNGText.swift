import CPhotiCaseDeflate

/// The `tEXt` chunk an output PNG carries its note in (`ImageNote`).
enum PNGText {
    static let keyword = Array("Software".utf8)

    /// `png` with a `tEXt` chunk (`Software`, `text`) right after IHDR,
    /// where a reader that stops at the first IDAT still sees it.
    static func adding(software text: [UInt8], to png: [UInt8]) throws -> [UInt8] {
        // Signature (8), then IHDR: length 13, so 8 + 4 + 4 + 13 + 4.
        let afterIHDR = 33
        guard png.count > afterIHDR, Array(png[12..<16]) == Array("IHDR".utf8), length(png, at: 8) == 13 else {
            throw CodecError.encodeFailed(.png, "no IHDR chunk first, so no note can follow it")
        }
        let data = keyword + [0] + text
        // PNG's chunk lengths stop at 2^31 - 1.
        guard data.count <= Int(Int32.max) else { throw CodecError.encodeFailed(.png, "a note of over 2 GiB") }
        var chunk = bigEndian(UInt32(data.count)) + Array("tEXt".utf8) + data
        let crc = chunk[4...].withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        chunk += bigEndian(crc)
        return Array(png[..<afterIHDR]) + chunk + png[afterIHDR...]
    }

    /// The text of the first `tEXt` chunk with keyword `Software` before
    /// the image data, if any.
    static func software(in png: [UInt8]) -> [UInt8]? {
        png.withUnsafeBytes { PNGChunks($0).software.map { Array($0) } }
    }

    private static func length(_ b: [UInt8], at i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}
