/// Recognises HEIF and AVIF files by the brands in their ISO-BMFF `ftyp`
/// box, never by extension: an MP4 or QuickTime file has an `ftyp` box
/// too, with brands that are not images.
enum HEIFBrands {
    /// HEVC-coded HEIF images and image sequences, and the generic image
    /// brands (`mif1`, `msf1`) that libheif decodes whatever the codec.
    static let heif: Set<String> = ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"]
    static let avif: Set<String> = ["avif", "avis"]

    /// `.avif` when the major or a compatible brand is AVIF, `.heif` when
    /// one is a HEIF brand, else nil.
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        guard bytes.count >= 16, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return nil }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard boxSize >= 16 else { return nil }
        let end = min(boxSize, bytes.count)
        func brand(at i: Int) -> String { String(decoding: bytes[i..<(i + 4)], as: UTF8.self) }
        // Major brand first, then the compatible brands after the version.
        var brands = [brand(at: 8)]
        var i = 16
        while i + 4 <= end {
            brands.append(brand(at: i))
            i += 4
        }
        if avif.contains(brands[0]) { return .avif }
        if heif.contains(brands[0]) && brands[0] != "mif1" && brands[0] != "msf1" { return .heif }
        if brands.contains(where: avif.contains) { return .avif }
        if brands.contains(where: heif.contains) { return .heif }
        return nil
    }
}
