/// Walks PNG chunks in Swift for the metadata libpng is not asked for:
/// the eXIf block and the APNG frame count.
struct PNGChunks {
    /// The eXIf payload (a TIFF header and IFDs), if any.
    var exif: UnsafeRawBufferPointer?
    /// Frames announced by an acTL chunk; 1 for still images.
    var frames = 1
    /// An iCCP chunk is present (libpng judges whether it is usable).
    var hasICCP = false

    init(_ data: UnsafeRawBufferPointer) {
        var i = 8
        let n = data.count
        while i + 12 <= n {
            let length = Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
            let type = String(decoding: data[(i + 4)..<(i + 8)], as: UTF8.self)
            let start = i + 8
            guard length >= 0, length <= n - start - 4 else { return }
            let payload = UnsafeRawBufferPointer(rebasing: data[start..<(start + length)])
            switch type {
            case "eXIf" where exif == nil: exif = payload
            case "acTL" where length >= 4:
                let count = Int(payload[0]) << 24 | Int(payload[1]) << 16 | Int(payload[2]) << 8 | Int(payload[3])
                if count >= 1 { frames = count }
            case "iCCP": hasICCP = true
            case "IEND": return
            default: break
            }
            i = start + length + 4
        }
    }
}
