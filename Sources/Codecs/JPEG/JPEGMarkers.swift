/// Walks the marker segments of a JPEG header in Swift, to find what
/// libjpeg does not hand back: the EXIF block and the MPO picture count.
struct JPEGMarkers {
    /// The APP1 payload that starts with `Exif\0\0`, if any.
    var exif: UnsafeRawBufferPointer?
    /// Pictures listed in an MPO index (APP2 `MPF`), 1 when absent.
    var pictures = 1

    /// Scans from SOI up to the first SOS. Stops quietly at anything odd:
    /// libjpeg is the judge of validity, this only looks for metadata.
    init(_ data: UnsafeRawBufferPointer) {
        var i = 2
        let n = data.count
        while i + 4 <= n {
            guard data[i] == 0xFF else { return }
            let marker = data[i + 1]
            if marker == 0xFF { i += 1; continue }       // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return } // SOS, EOI
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length >= 2, i + 2 + length <= n else { return }
            let payload = UnsafeRawBufferPointer(rebasing: data[(i + 4)..<(i + 2 + length)])
            if marker == 0xE1, exif == nil, payload.count >= 6, Array(payload[0..<6]) == Array("Exif".utf8) + [0, 0] {
                exif = payload
            } else if marker == 0xE2, payload.count >= 4, Array(payload[0..<4]) == Array("MPF".utf8) + [0] {
                pictures = JPEGMarkers.mpoPictureCount(UnsafeRawBufferPointer(rebasing: payload[4...])) ?? 1
            }
            i += 2 + length
        }
    }

    /// Reads tag 0xB001 (NumberOfImages) from the MP index IFD.
    private static func mpoPictureCount(_ t: UnsafeRawBufferPointer) -> Int? {
        guard t.count >= 8 else { return nil }
        let little = t[0] == 0x49
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at <= t.count - 2 else { return nil }
            return little ? Int(t[at]) | Int(t[at + 1]) << 8 : Int(t[at]) << 8 | Int(t[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for k in 0..<count {
            let e = ifd + 2 + k * 12
            if u16(e) == 0xB001, let v = u32(e + 8), v >= 1, v < 1000 { return v }
        }
        return nil
    }
}
