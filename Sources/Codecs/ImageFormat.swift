import PhotiCaseRaster

/// The image formats photicase-render reads and writes. HEIF (HEIC) and
/// AVIF are read only.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, webp, heif, avif

    /// The name users see in messages.
    public var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .heif: "HEIF"
        case .avif: "AVIF"
        }
    }

    /// Whether photicase-render can write this format.
    public var isWritable: Bool {
        switch self {
        case .jpeg, .png, .webp: true
        case .heif, .avif: false
        }
    }

    /// The format whose signature starts `bytes`, or nil. File names are
    /// never consulted: phones and messengers rename files freely.
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        func at(_ i: Int) -> UInt8 { bytes[i] }
        if bytes.count >= 3, at(0) == 0xFF, at(1) == 0xD8, at(2) == 0xFF { return .jpeg }
        if bytes.count >= 8,
           Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        if bytes.count >= 12,
           Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        return HEIFBrands.sniff(bytes)
    }

    /// The format a file name's extension asks for when writing, or nil.
    public init?(fileExtension ext: String) {
        switch ext.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        default: return nil
        }
    }

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .heif: "heic"
        case .avif: "avif"
        }
    }
}
