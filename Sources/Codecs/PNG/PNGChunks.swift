/// Walks PNG chunks in Swift for the metadata libpng is not asked for:
/// the eXIf block, the APNG frame count, and the note an output carries.
struct PNGChunks {
    /// The eXIf payload (a TIFF header and IFDs), if any.
    var exif: UnsafeRawBufferPointer?
    /// Frames announced by an acTL chunk; 1 for still images.
    var frames = 1
    /// An iCCP chunk is present (libpng judges whether it is usable).
    var hasICCP = false
    /// The text of the first `tEXt` chunk with keyword `Software` before
    /// the image data (where `ImageNote` writes an output's note), if any.
    var software: UnsafeRawBufferPointer?

    init(_ data: UnsafeRawBufferPointer) {
        var i = 8, imageData = false
        let n = data.count
        let softwareKey = Array("Software\0".utf8)
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
            case "tEXt" where software == nil && !imageData && payload.starts(with: softwareKey):
                software = UnsafeRawBufferPointer(rebasing: payload[softwareKey.count...])
            case "IDAT": imageData = true
            case "IEND": return
            default: break
            }
            i = start + length + 4
        }
    }
}
