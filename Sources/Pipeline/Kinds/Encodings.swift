import PhotiCaseCodecs

/// How an image of a kind is encoded in `format`: the kind's own qualities
/// for each format, and `--quality` (`quality`) over both lossy ones when
/// set. PNG is zlib level 1 with the Paeth filter for every kind: PNG
/// encoding was most of a ticket's cost (8 entries with a 12 MP photo on
/// one core: 4.9 s at level 6, 2.2 s at level 1, 16% larger).
struct Encoding: Sendable {
    var webpQuality = 85
    var webpMethod = 3
    var jpegQuality = 88
    var jpegChroma: EncodeSettings.ChromaSubsampling = .s420

    func settings(_ format: ImageFormatName, quality: Int?) -> EncodeSettings {
        switch format {
        case .png: .png(compressionLevel: 1)
        case .jpg: .jpeg(quality: quality ?? jpegQuality, chroma: jpegChroma)
        case .webp: .webp(quality: quality ?? webpQuality, method: webpMethod)
        }
    }

    /// Book pages and the year in review: opaque pictures full of photos
    /// and text, JPEG at quality 90 with full-resolution chroma (text keeps
    /// its colour edges). WebP q92 made pages 29% smaller but took 0.37 s
    /// to encode a gallery page against 0.05 s (scripts/bench-book.py).
    static let pages = Encoding(webpQuality: 92, webpMethod: 3, jpegQuality: 90, jpegChroma: .s444)
}

extension EncodeSettings {
    /// The settings as keys spell them.
    var keyText: String {
        switch self {
        case let .png(level): "png-\(level)"
        case let .jpeg(quality, progressive, chroma): "jpeg-q\(quality)-\(chroma.rawValue)\(progressive ? "-progressive" : "")"
        case let .webp(quality, lossless, method): "webp-q\(quality)-m\(method)\(lossless ? "-lossless" : "")"
        }
    }
}
