/// The size and component count of a JPEG, read from its frame header
/// (SOFn): what cairo reads before it copies a JPEG into the PDF. When
/// cairo cannot read them it silently draws the image surface's pixels
/// instead, which for a pass-through photo are blank; checking first turns
/// that into an error.
struct JPEGFrameHeader: Equatable {
    var width: Int
    var height: Int
    var components: Int

    /// Nil when `bytes` is not a JPEG, or no frame header comes before the
    /// first scan.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            switch marker {
            case 0xFF:  // fill byte before a marker
                i += 1
                continue
            case 0x01, 0xD0...0xD8:  // markers without a length
                i += 2
                continue
            case 0xD9, 0xDA:  // end of image, or a scan, before any frame
                return nil
            default:
                break
            }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2 else { return nil }
            // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                // Length, precision, height, width, component count.
                guard length >= 8, i + 10 <= bytes.count else { return nil }
                height = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                width = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                components = Int(bytes[i + 9])
                return
            }
            i += 2 + length
        }
        return nil
    }
}
