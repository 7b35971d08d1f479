/// Where an image says its colours come from, as found in the file.
enum ColorSource: Hashable, Sendable {
    /// No profile: the numbers are read as sRGB.
    case untagged
    /// A PNG sRGB chunk: sRGB by declaration, nothing to do.
    case srgbChunk
    /// Embedded ICC profile bytes.
    case icc([UInt8])
    /// A HEIF nclx box: colour primaries and transfer characteristics
    /// (ITU-T H.273 code points).
    case nclx(primaries: Int, transfer: Int)

    /// Profiles larger than this are ignored with a warning: real ones are
    /// a few kilobytes, the largest printer profiles about 2 MiB.
    static let maxICCBytes = 4 << 20
}
