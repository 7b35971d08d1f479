import PhotiCaseCards
import PhotiCaseCodecs

/// What a share image shows: `share --layout`, and the file names
/// `serve` answers (`card`, `front`, `story`, `feed`, `square`, `link`).
/// The one list of layouts: the command line takes its names from here.
public enum ShareLayout: String, CaseIterable, Sendable, Hashable {
    /// Both faces side by side on the share backdrop.
    case card
    /// The front face alone on the backdrop.
    case front
    /// A 9:16 story image, 1080×1920, nothing to read in Instagram's top
    /// 250 or bottom 340 pixels.
    case story
    /// A 4:5 feed post, 1080×1350.
    case feed
    /// A square post, 1080×1080 (Instagram's grid, KakaoTalk).
    case square
    /// A 1.91:1 link preview, 1200×630 (Open Graph's `og:image`).
    case link

    /// The fixed frame of a layout drawn for a service (story, feed,
    /// square, link), whatever the request's scale; nil for a ticket's
    /// (card, front), which scales.
    public var frame: (width: Int, height: Int)? {
        socialFormat.map { ($0.size.width, $0.size.height) }
    }

    /// The cards' frame of a service's layout.
    var socialFormat: SocialFormat? {
        switch self {
        case .card, .front: nil
        case .story: .story
        case .feed: .feed
        case .square: .square
        case .link: .link
        }
    }
}

/// The file format of a share image.
public enum ShareFormat: String, CaseIterable, Sendable, Hashable {
    /// Lossless, with the card's rounded corners transparent.
    case png
    /// Lossy, opaque: the smallest for a story or feed photo.
    case jpeg
    /// Lossy with alpha.
    case webp

    /// The format of a file name's extension (`png`, `jpg`, `jpeg`,
    /// `webp`, any case); nil for another.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        default: return nil
        }
    }

    /// The extension a file of this format is named with (`jpg` for JPEG).
    public var fileExtension: String { imageFormat.fileExtension }

    /// The media type an HTTP answer gives (`image/png`…).
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }

    /// The codec's own name for the format.
    package var imageFormat: ImageFormat {
        switch self {
        case .png: .png
        case .jpeg: .jpeg
        case .webp: .webp
        }
    }
}

/// One share image to make: its layout, its file format and how it is
/// encoded. The defaults are `share`'s. Its values are checked when it is
/// made: a request that exists is one the renderer can make.
public struct ShareRequest: Sendable, Hashable {
    public let layout: ShareLayout
    public let format: ShareFormat
    /// Pixels per card point, 1 to 3 (card and front; a service's layout
    /// has its fixed frame whatever it is).
    public let scale: Int
    /// JPEG or WebP quality 1...100; nil takes the format's default (88
    /// and 85). PNG ignores it.
    public let quality: Int?

    /// The scales a request may ask for.
    public static let scales = 1...3
    /// The qualities a request may ask for.
    public static let qualities = 1...100

    /// Throws `PhotiCaseError.invalidRequest` for a scale outside 1...3 or
    /// a quality outside 1...100, naming the field.
    public init(layout: ShareLayout = .card, format: ShareFormat = .png, scale: Int = 2,
                quality: Int? = nil) throws(PhotiCaseError) {
        guard Self.scales.contains(scale) else {
            throw .invalidRequest(field: "scale", reason: "is \(scale); it takes 1, 2 or 3")
        }
        if let quality, !Self.qualities.contains(quality) {
            throw .invalidRequest(field: "quality", reason: "is \(quality); it takes 1 to 100")
        }
        self.layout = layout
        self.format = format
        self.scale = scale
        self.quality = quality
    }

    /// The deflate level of a PNG share image: 1, igzip's, as `render`
    /// writes. A share image is made while someone waits (`share` from an
    /// app, `serve` per request): a card's encode is 4.4 against libdeflate
    /// level 3's 20.4 ms, for a file 12% larger (docs/PERFORMANCE.md, "PNG:
    /// igzip at level 1").
    package static let pngLevel = 1

    /// How the image is encoded.
    package var settings: EncodeSettings { Self.settings(format.imageFormat, quality: quality) }

    /// How a share image in `format` is encoded, `quality` (nil: the
    /// format's default) for JPEG and WebP: a request's settings, and
    /// those of `share --year`, which has no layout.
    package static func settings(_ format: ImageFormat, quality: Int?) -> EncodeSettings {
        format == .png ? .png(compressionLevel: pngLevel) : .defaults(for: format, quality: quality)
    }

    /// What a card or front image holds (`card` and `front` layouts).
    var shareOptions: ShareOptions { ShareOptions(scale: scale, frontOnly: layout == .front) }

    /// The request as a key spells it.
    var keyText: String { "\(layout.rawValue)/\(format.fileExtension)/\(scale)/\(quality.map(String.init) ?? "-")" }
}
