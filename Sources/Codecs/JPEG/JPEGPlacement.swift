/// A JPEG file as a document may embed it as it is: its scans untouched,
/// its personal metadata left out.
public enum JPEGPlacement {
    /// `bytes` without the segments a print file has no use for and a
    /// reader may not want passed on (EXIF with its GPS position and
    /// camera serial, XMP, IPTC, comments, maker data: every APPn but
    /// JFIF's APP0, the ICC profile's APP2 and Adobe's APP14, which say
    /// how the samples are to be read), up to the first scan, after which
    /// everything is copied as it is. Nil unless the frame is baseline,
    /// extended or progressive Huffman coding (SOF0-SOF2), which PDF's
    /// DCTDecode shows, or when the markers cannot be walked.
    public static func stripped(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(bytes.count)
        var i = 2
        var sawFrame = false
        while i + 3 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            // Fill bytes before a marker.
            if marker == 0xFF { i += 1; continue }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return nil }
            let segment = bytes[i..<(i + 2 + length)]
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                sawFrame = true
                out += segment
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                // Lossless, hierarchical or arithmetic coding.
                return nil
            case 0xDA:
                // The first scan: from here on, the file as it is.
                guard sawFrame else { return nil }
                out += bytes[i...]
                return out
            case 0xE0, 0xE2, 0xEE:
                out += segment
            case 0xE1, 0xE3...0xED, 0xEF, 0xFE:
                break
            default:
                out += segment
            }
            i += 2 + length
        }
        return nil
    }
}
