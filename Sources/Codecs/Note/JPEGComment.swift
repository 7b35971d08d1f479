/// The comment segments (COM) an output JPEG carries its note in
/// (`ImageNote`). A segment holds at most 65,533 bytes; a longer note is
/// split over consecutive segments, and read back as their concatenation.
enum JPEGComment {
    /// The most a COM segment holds: its length field (two bytes) counts itself.
    static let segmentBytes = 0xFFFF - 2

    /// `jpeg` with COM segments holding `text` after SOI and the APPn
    /// segments that follow it (the JFIF header stays first, as JFIF asks).
    static func adding(_ text: [UInt8], to jpeg: [UInt8]) throws -> [UInt8] {
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF, (0xE0...0xEF).contains(jpeg[i + 1]) {
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        guard i + 2 <= jpeg.count, jpeg[i] == 0xFF else {
            throw CodecError.encodeFailed(.jpeg, "no marker after the header segments, so no comment can go there")
        }
        var segments: [UInt8] = []
        segments.reserveCapacity(text.count + 4 * (text.count / segmentBytes + 1))
        // An empty note is one empty segment, as before notes were split.
        for start in stride(from: 0, through: max(text.count - 1, 0), by: segmentBytes) {
            let part = text[start..<min(start + segmentBytes, text.count)]
            let n = part.count + 2
            segments += [0xFF, 0xFE, UInt8(n >> 8), UInt8(n & 0xFF)]
            segments += part
        }
        return Array(jpeg[..<i]) + segments + jpeg[i...]
    }

    /// The text of the first COM segment before the first scan and of the
    /// COM segments right after it, if any.
    static func first(in jpeg: [UInt8]) -> [UInt8]? {
        var i = 2
        var text: [UInt8]?
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            // SOS: the entropy-coded data follows; EOI: the end.
            if marker == 0xDA || marker == 0xD9 { return text }
            let n = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            // A segment cut short: the note, if this was part of it, is not whole.
            guard n >= 2, i + 2 + n <= jpeg.count else { return nil }
            if marker == 0xFE {
                text = (text ?? []) + jpeg[(i + 4)..<(i + 2 + n)]
            } else if text != nil {
                return text
            }
            i += 2 + n
        }
        return text
    }
}
