import PhotiCaseCodecs
import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseConcurrency

/// Why a card could not be rendered. Prints as one line naming the file and
/// the reason, e.g. `2022/08/decision/front.jpg: JPEG data ends after 184320 bytes`.
public enum CardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A photo could not be read or decoded; the error names its path.
    case photo(ImageFileError)
    /// The theme's font file could not be used.
    case font(TextError)
    /// The caller told the render to stop (`StopSignal`), or its deadline
    /// passed: what was drawn is thrown away.
    case stopped(StopSignal.Reason)

    public var description: String {
        switch self {
        case .photo(let error): error.description
        case .font(let error): error.description
        case .stopped(.cancelled): "the render was cancelled"
        case .stopped(.deadline): "the render's deadline passed"
        }
    }

    /// Throws `.stopped` when `signal` is raised: called between the steps
    /// of a render.
    public static func check(_ signal: StopSignal?) throws(CardError) {
        if let reason = signal?.reason { throw .stopped(reason) }
    }
}

/// Something that went wrong but did not stop the render: a crop value that
/// was clamped, a decoder that recovered from bad data, a missing glyph.
public enum CardWarning: Sendable, Hashable, CustomStringConvertible {
    /// The editor state of the photo at `path` had to be corrected.
    case crop(path: String, CropWarning)
    /// The decoder reported a recoverable problem in the photo at `path`.
    case decoder(path: String, message: String)
    /// Text could not be set completely (reported once per renderer).
    case text(TextWarning)
    /// No installed font covers `characters` of `text`; they were left out
    /// (a title of nothing but those renders without its text).
    case missingCharacters(text: String, characters: [Character])
    /// The photo at `path` is so small for its place that it was enlarged
    /// `factor` times (more than `PhotoLoader.upscaleLimit`): it will look soft.
    case upscaled(path: String, factor: Double)
    /// The photo at `path`, without a saved crop, is so much wider or taller
    /// than its place that only `visible` (0...1) of it shows, its centre.
    case mostlyCropped(path: String, visible: Double)
    /// `what` (e.g. ["the credit", "the memo"]) of the entry whose
    /// entry.json is `file` was not drawn, for `reason` (a theme's card too
    /// short to hold it).
    case leftOut(file: String, what: [String], reason: String)
    /// Text of the entry whose entry.json is `file` was drawn other than
    /// the design has it, to fit: `changes` says how, each a subject and
    /// its verb ("the kind badge is set smaller", "the date is moved below
    /// the kind badge"), for `reason` (a theme's card too narrow).
    case rearranged(file: String, changes: [String], reason: String)

    public var description: String {
        switch self {
        case let .crop(path, warning): "\(path): \(warning)"
        case let .decoder(path, message): "\(path): \(message)"
        case let .text(warning): warning.description
        case let .missingCharacters(text, characters):
            "no installed font covers \(characters.map { "\($0) (\($0.codePoints))" }.joined(separator: ", ")) in \"\(text)\"; left out ("
                + (characters.contains(where: \.isEmojiLike) ? "for emoji install fonts-noto-color-emoji)"
                    : "install a font for its script, e.g. the fonts-noto-core package, or pass --font)")
        case let .upscaled(path, factor):
            "\(path): enlarged \((factor * 10).rounded() / 10)× to fill its place; a larger photo will look sharper"
        case let .mostlyCropped(path, visible):
            "\(path): without a saved crop only the middle \(visible < 0.005 ? "less than 1" : "\(Int((visible * 100).rounded()))")% of the photo shows; crop it in the app to choose the part"
        case let .leftOut(file, what, reason):
            "\(file): \(what.count > 1 ? what.dropLast().joined(separator: ", ") + " and " + what.last! : what.joined()) "
                + "\(what.count > 1 || what == ["friends"] ? "are" : "is") left out: \(reason)"
        case let .rearranged(file, changes, reason):
            "\(file): \(changes.count > 1 ? changes.dropLast().joined(separator: ", ") + " and " + changes.last! : changes.joined()): \(reason)"
        }
    }
}

extension CardWarning {
    /// What makes two warnings' texts the same warning, for a run that
    /// says each once: the text, but an enlarged photo is one warning
    /// whatever the factor of each place it fills (its face 4.8×, its
    /// story 7.2×): said once, by the first output that meets it.
    public static func sameness(_ text: String) -> String {
        text.replacing(/: enlarged [0-9.]+× to fill its place/, with: ": enlarged to fill its place")
    }

    /// True for the warnings about how a photo fits its place (enlarged,
    /// mostly cropped away): said by the ticket, whose face it is, and not
    /// again by the days and pages that show the face small.
    public var isAboutFit: Bool {
        switch self {
        case .upscaled, .mostlyCropped: true
        default: false
        }
    }
}

/// A finished image and what was corrected on the way.
public struct RenderedImage: Sendable {
    /// The pixels, straight alpha.
    public var raster: Raster
    /// Problems that did not stop the render, in the order they happened.
    public var warnings: [CardWarning]
    /// Drawn with a placeholder for a cause that may pass (a photo over the
    /// memory limit): right for now, but not to be kept as final.
    public var provisional: Bool

    public init(raster: Raster, warnings: [CardWarning], provisional: Bool = false) {
        self.raster = raster
        self.warnings = warnings
        self.provisional = provisional
    }
}
