/// Why an embedded profile was not used. The image is then drawn with its
/// numbers read as sRGB, and the decode carries a warning.
enum ProfileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// lcms2 could not parse the profile.
    case unreadable(String)
    /// The profile parsed but no transform to sRGB could be built.
    case unusable(String)
    /// A profile for another kind of image (e.g. CMYK on an RGB JPEG).
    case mismatch(profile: String, image: String)
    /// The container's profile data is damaged (JPEG segments, PNG iCCP).
    case damaged(String)
    /// nclx values this build does not map (e.g. PQ or HLG transfer).
    case unsupportedNCLX(String)

    var description: String {
        switch self {
        case .unreadable(let m): "colour profile ignored: unreadable ICC profile (\(m))"
        case .unusable(let m): "colour profile ignored: \(m)"
        case let .mismatch(p, i): "colour profile ignored: a \(p) profile on a \(i) image"
        case .damaged(let m): "colour profile ignored: \(m)"
        case .unsupportedNCLX(let m): "colour profile ignored: nclx \(m) is not supported"
        }
    }
}
