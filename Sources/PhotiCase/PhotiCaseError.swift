import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseRaster
import PhotiCaseText

/// Why a share image was not made. Each case names the file (as the caller
/// gave it, or the name a photo has in entry.json) and the reason; the
/// `description` is one sentence fit for a log or an HTTP error body.
public enum PhotiCaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `ShareRequest` value out of range: `field` is its name
    /// (`scale`, `quality`), `reason` what it takes.
    case invalidRequest(field: String, reason: String)
    /// entry.json is not a valid entry: malformed JSON, a field missing or
    /// of the wrong type or out of range. `field` is the field's path
    /// (`front.crop.rect`), nil for the file as a whole.
    case invalidEntry(file: String, field: String?, reason: String)
    /// A file or folder cannot be read: missing, not a regular file, too
    /// large, or refused by the system.
    case unreadable(file: String, reason: String)
    /// A photo entry.json names is not given (`EntryInput.bytes`), or its
    /// bytes are no image this build decodes, or are damaged.
    case invalidPhoto(file: String, reason: String)
    /// Decoding `file` needs more memory than the renderer's limit allows:
    /// the file may be fine. `needed` and `limit` are in bytes.
    case overMemoryLimit(file: String, needed: Int, limit: Int)
    /// The deadline passed before the image was made; no image was kept.
    case deadlineExceeded
    /// The calling task was cancelled before the image was made.
    case cancelled
    /// The fonts the renderer needs are not installed: `reason` names the
    /// file and the Debian package that provides it.
    case fontsMissing(reason: String)
    /// Drawing or encoding failed for a reason of the renderer's own
    /// (`reason` says which), not of the input.
    case renderFailed(reason: String)

    public var description: String {
        switch self {
        case let .invalidRequest(field, reason): "invalid share request: \(field) \(reason)"
        // The reason names the field.
        case let .invalidEntry(file, _, reason): "\(file): \(reason)"
        case let .unreadable(file, reason): "\(file): cannot be read: \(reason)"
        case let .invalidPhoto(file, reason): "\(file): \(reason)"
        case let .overMemoryLimit(file, needed, limit):
            "\(file): decoding needs \(MemoryBudget.text(needed)), more than the memory limit of \(MemoryBudget.text(limit))"
        case .deadlineExceeded: "the deadline passed before the image was made"
        case .cancelled: "cancelled before the image was made"
        case let .fontsMissing(reason): "fonts missing: \(reason)"
        case let .renderFailed(reason): "cannot render: \(reason)"
        }
    }
}

extension PhotiCaseError {
    /// An entry that cannot be loaded, by the kind of its cause.
    init(_ error: EntryError) {
        switch error {
        case let .notFound(file): self = .unreadable(file: file, reason: "no such file")
        case let .notARegularFile(file, kind): self = .unreadable(file: file, reason: "it is \(kind), not a regular file")
        case let .unreadable(file, reason): self = .unreadable(file: file, reason: reason)
        case let .tooLarge(file, size, limit):
            self = .unreadable(file: file, reason: "\(size) bytes, more than the limit of \(limit)")
        default: self = .invalidEntry(file: error.file, field: error.field, reason: error.problem)
        }
    }

    /// A photo that cannot be drawn, or a font that cannot be used.
    init(_ error: CardError) {
        switch error {
        case .photo(let failure):
            switch failure.reason {
            case let .memoryLimit(_, need, limit): self = .overMemoryLimit(file: failure.path, needed: need, limit: limit)
            case .io(let problem): self = .unreadable(file: failure.path, reason: "\(problem)")
            case .fileTooLarge: self = .unreadable(file: failure.path, reason: "\(failure.reason)")
            case .outOfMemory: self = .renderFailed(reason: failure.description)
            case .encodeFailed: self = .renderFailed(reason: failure.description)
            default: self = .invalidPhoto(file: failure.path, reason: "\(failure.reason)")
            }
        case .font(let failure): self = Self(failure)
        case .stopped(.deadline): self = .deadlineExceeded
        case .stopped(.cancelled): self = .cancelled
        }
    }

    /// A font that cannot be used.
    init(_ error: TextError) {
        self = .fontsMissing(reason: error.description)
    }
}
