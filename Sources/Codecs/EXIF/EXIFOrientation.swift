import PhotiCaseRaster
/// Reads the orientation tag from EXIF data. Pure Swift, bounds-checked
/// at every step: the EXIF block comes straight from the user's file.
public enum EXIFOrientation {
    private static let orientationTag: UInt16 = 0x0112
    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The orientation in an EXIF block, which may start with the
    /// `Exif\0\0` header (JPEG APP1, some WebP files) or directly with the
    /// TIFF header (PNG eXIf, most WebP files). Nil when the tag is absent,
    /// holds an invalid value (0, 9 and up) or the block is malformed: the
    /// image is then used as stored.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Orientation? {
        var tiff = bytes
        if tiff.count >= 6, Array(tiff[0..<6]) == exifHeader {
            tiff = UnsafeRawBufferPointer(rebasing: tiff[6...])
        }
        return parseTIFF(tiff)
    }

    /// Convenience for arrays.
    public static func parse(_ bytes: [UInt8]) -> Orientation? {
        bytes.withUnsafeBytes { parse($0) }
    }

    private static func parseTIFF(_ t: UnsafeRawBufferPointer) -> Orientation? {
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at <= t.count - 2 else { return nil }
            let a = UInt16(t[at]), b = UInt16(t[at + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> UInt32? {
            guard let lo = u16(little ? at : at + 2), let hi = u16(little ? at + 2 : at) else { return nil }
            return UInt32(lo) | UInt32(hi) << 16
        }
        guard u16(2) == 42, let ifd32 = u32(4), ifd32 >= 8, Int(ifd32) < t.count else { return nil }
        let ifd = Int(ifd32)
        guard let count = u16(ifd) else { return nil }
        for i in 0..<Int(count) {
            let entry = ifd + 2 + i * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let n = u32(entry + 4) else { return nil }
            guard tag == orientationTag else { continue }
            // SHORT is what the standard says; a few writers use LONG.
            let value: UInt32?
            switch type {
            case 3 where n >= 1: value = u16(entry + 8).map(UInt32.init)
            case 4 where n >= 1: value = u32(entry + 8)
            default: value = nil
            }
            guard let v = value, v <= 8 else { return nil }
            return Orientation(rawValue: Int(v))
        }
        return nil
    }
}
