/// A line of text an encoded image carries in the metadata its format sets
/// aside for the software that made it, where every reader skips it: a
/// PNG `tEXt` chunk with the keyword `Software` (right after IHDR), JPEG
/// comment segments (COM, right after the JFIF header) and, in WebP, the
/// `xmp:CreatorTool` of an XMP chunk (added through libwebpmux). The pixels
/// are the same with or without it. The cache marks its outputs so
/// (`OutputMark` in Pipeline), to tell its own files from anyone else's
/// when its index is lost.
public enum ImageNote {
    /// `bytes` (a PNG, JPEG or WebP file) carrying `text`, one line of
    /// printable ASCII of any length (an output's mark holds its owner's
    /// whole id, and ids have no length limit). Throws
    /// `CodecError.encodeFailed` for other text, another format or a file
    /// whose structure is not as our encoders write it.
    public static func adding(_ text: String, to bytes: [UInt8]) throws -> [UInt8] {
        let note = Array(text.utf8)
        // A thrown error, not a trap: the text comes from an entry's id.
        guard note.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            throw CodecError.encodeFailed(bytes.withUnsafeBytes { ImageFormat.sniff($0) } ?? .png,
                                          "an image note is one line of printable ASCII")
        }
        switch bytes.withUnsafeBytes({ ImageFormat.sniff($0) }) {
        case .png?: return try PNGText.adding(software: note, to: bytes)
        case .jpeg?: return try JPEGComment.adding(note, to: bytes)
        case .webp?: return try WebPBinding.addingXMP(XMPNote.packet(creatorTool: text), to: bytes)
        default: throw CodecError.encodeFailed(.png, "an image note goes into a PNG, JPEG or WebP file only")
        }
    }

    /// Whether `bytes` are of a format that can carry a note.
    public static func canHold(_ bytes: [UInt8]) -> Bool {
        [ImageFormat.png, .jpeg, .webp].contains(bytes.withUnsafeBytes { ImageFormat.sniff($0) })
    }

    /// The note `bytes` carries, if any (nil for other formats, for a file
    /// without one, and for damaged structure before it).
    public static func read(_ bytes: [UInt8]) -> String? {
        switch bytes.withUnsafeBytes({ ImageFormat.sniff($0) }) {
        case .png?: return PNGText.software(in: bytes).map { String(decoding: $0, as: UTF8.self) }
        case .jpeg?: return JPEGComment.first(in: bytes).map { String(decoding: $0, as: UTF8.self) }
        case .webp?: return WebPBinding.xmp(in: bytes).flatMap(XMPNote.creatorTool)
        default: return nil
        }
    }
}
