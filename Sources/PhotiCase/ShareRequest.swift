import Cards
import Codecs

/// What a share image shows: `share --layout`, and the file names
/// `serve` answers (`card`, `front`, `story`, `feed`).
public enum ShareLayout: String, CaseIterable, Sendable, Hashable {
    /// Both faces side by side on the share backdrop.
    case card
    /// The front face alone on the backdrop.
    case front
    /// A 9:16 story image, 1080×1920.
    case story
    /// A 4:5 feed post, 1080×1350.
    case feed
}

/// One share image to make: its layout, its file format and how it is
/// encoded. The defaults are `share`'s.
public struct ShareRequest: Sendable, Hashable {
    public var layout: ShareLayout
    /// PNG, JPEG or WebP.
    public var format: ImageFormat
    /// Pixels per card point, 1 to 3 (card and front; a story and a feed
    /// are 1080 wide whatever it is).
    public var scale: Int
    /// JPEG or WebP quality 1...100; nil takes the format's default (88
    /// and 85). PNG ignores it.
    public var quality: Int?

    public init(layout: ShareLayout = .card, format: ImageFormat = .png, scale: Int = 2, quality: Int? = nil) {
        precondition(format.isWritable, "\(format.displayName) cannot be written")
        precondition((1...3).contains(scale), "scale \(scale) is not 1, 2 or 3")
        self.layout = layout
        self.format = format
        self.scale = scale
        self.quality = quality.map { min(100, max(1, $0)) }
    }

    /// The deflate level of a PNG share image: 1, igzip's, as `render`
    /// writes. A share image is made while someone waits (`share` from an
    /// app, `serve` per request): a card's encode is 4.4 against libdeflate
    /// level 3's 20.4 ms, for a file 12% larger (docs/PERFORMANCE.md, "PNG:
    /// igzip at level 1").
    public static let pngLevel = 1

    /// How the image is encoded.
    public var settings: EncodeSettings { Self.settings(format, quality: quality) }

    /// How a share image in `format` is encoded, `quality` (nil: the
    /// format's default) for JPEG and WebP: a request's settings, and
    /// those of `share --year`, which has no layout.
    public static func settings(_ format: ImageFormat, quality: Int?) -> EncodeSettings {
        format == .png ? .png(compressionLevel: pngLevel) : .defaults(for: format, quality: quality)
    }

    /// What a card or front image holds (`card` and `front` layouts).
    var shareOptions: ShareOptions { ShareOptions(scale: scale, frontOnly: layout == .front) }

    /// The request as a key spells it.
    var keyText: String { "\(layout.rawValue)/\(format.fileExtension)/\(scale)/\(quality.map(String.init) ?? "-")" }
}
