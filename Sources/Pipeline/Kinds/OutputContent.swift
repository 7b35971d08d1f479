import PhotiCaseFileSystem

/// What a kind's item gives for one of its outputs: the bytes (an image,
/// a page), or a file written beside its final name (a print book: too
/// large to hold in memory), which the run lands over the output's path
/// once the whole item rendered, as it writes bytes.
enum OutputContent: Sendable {
    case bytes([UInt8])
    case file(StagedFile)

    /// The output's size.
    var size: Int64 {
        switch self {
        case let .bytes(bytes): Int64(bytes.count)
        case let .file(file): file.size
        }
    }

    /// The bytes, nil for a file.
    var bytes: [UInt8]? {
        if case let .bytes(bytes) = self { return bytes }
        return nil
    }
}

extension Rendered where Value == [String: [UInt8]] {
    /// The same result, each output given as bytes.
    var asContent: Rendered<[String: OutputContent]> {
        Rendered<[String: OutputContent]>(value.mapValues { .bytes($0) }, warnings: warnings, provisional: provisional)
    }
}
