/// How the decoder hands pixels to colour management.
enum ImageSpace: Hashable, Sendable {
    case rgb, gray
    /// CMYK or YCCK JPEG samples; `inverted` when 255 means no ink.
    case cmyk(inverted: Bool)

    var name: String {
        switch self {
        case .rgb: "RGB"
        case .gray: "grey"
        case .cmyk: "CMYK"
        }
    }
}
