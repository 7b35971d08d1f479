/// The comment segment (COM) an output JPEG carries its note in (`ImageNote`).
enum JPEGComment {
    /// `jpeg` with a COM segment holding `text` after SOI and the APPn
    /// segments that follow it (the JFIF header stays first, as JFIF asks).
    static func adding(_ text: [UInt8], to jpeg: [UInt8]) throws -> [UInt8] {
        guard text.count + 2 <= 0xFFFF else { throw CodecError.encodeFailed(.jpeg, "a comment of over 65,533 bytes") }
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF, (0xE0...0xEF).contains(jpeg[i + 1]) {
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        guard i + 2 <= jpeg.count, jpeg[i] == 0xFF else {
            throw CodecError.encodeFailed(.jpeg, "no marker after the header segments, so no comment can go there")
        }
        let n = text.count + 2
        return Array(jpeg[..<i]) + [0xFF, 0xFE, UInt8(n >> 8), UInt8(n & 0xFF)] + text + jpeg[i...]
    }

    /// The text of the first COM segment before the first scan, if any.
    static func first(in jpeg: [UInt8]) -> [UInt8]? {
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            // SOS: the entropy-coded data follows; EOI: the end.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let n = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            guard n >= 2, i + 2 + n <= jpeg.count else { return nil }
            if marker == 0xFE { return Array(jpeg[(i + 4)..<(i + 2 + n)]) }
            i += 2 + n
        }
        return nil
    }
}
