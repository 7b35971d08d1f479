import PhotiCaseRaster
import PhotiCaseFileSystem
import PhotiCaseConcurrency

/// Why an image could not be read or written. The text names the reason;
/// `ImageFileError` adds the file.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file holds no bytes.
    case empty
    /// The bytes are not a JPEG, PNG, WebP, HEIF or AVIF image.
    case unknownFormat
    /// The file is larger than the configured limit.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The header promises more pixels than the configured limit.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The data stops before the image is complete.
    case truncated(ImageFormat, bytes: Int)
    /// The library rejected the data; its message is kept.
    case corrupt(ImageFormat, String)
    /// A valid file of a variant this build cannot decode.
    case unsupported(ImageFormat, String)
    /// A safety limit other than size was reached (e.g. progressive scans).
    case limitExceeded(ImageFormat, String)
    /// Memory could not be allocated.
    case outOfMemory
    /// Decoding needs more memory than `--memory-limit` allows: the file
    /// may be fine, and decodes under a higher limit.
    case memoryLimit(ImageFormat, need: Int, limit: Int)
    /// Encoding failed.
    case encodeFailed(ImageFormat, String)
    /// The path cannot be read or written as an image file.
    case io(IOProblem)
    /// The decode was told to stop part-way (`StopSignal`): nothing is
    /// wrong with the file.
    case stopped(StopSignal.Reason)

    /// True for failures that say nothing of the file: it may decode on
    /// the next try (a higher `--memory-limit`, memory freed). An image
    /// drawn with a placeholder for such a failure is not kept as final.
    public var isTransient: Bool {
        switch self {
        case .memoryLimit, .outOfMemory, .stopped: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .empty: "file is empty"
        case .unknownFormat: "not a JPEG, PNG, WebP, HEIF or AVIF image"
        case let .fileTooLarge(bytes, limit): "file is \(bytes) bytes, more than the limit of \(limit)"
        case let .tooManyPixels(w, h, limit):
            "image is \(w)x\(h) (\(w.multipliedReportingOverflow(by: h).partialValue) pixels), more than the limit of \(limit)"
        case let .truncated(format, bytes): "\(format.displayName) data ends after \(bytes) bytes"
        case let .corrupt(format, message): "corrupt \(format.displayName) data: \(message)"
        case let .unsupported(format, message): "unsupported \(format.displayName) variant: \(message)"
        case let .limitExceeded(format, message): "\(format.displayName) exceeds a safety limit: \(message)"
        case .outOfMemory: "out of memory"
        case let .memoryLimit(format, need, limit):
            "\(format.displayName) exceeds a safety limit: decoding needs \(MemoryBudget.text(need)), more than the "
                + "memory limit of \(MemoryBudget.text(limit)) (--memory-limit)"
        case let .encodeFailed(format, message): "\(format.displayName) encoding failed: \(message)"
        case let .io(problem): problem.description
        case .stopped(.cancelled): "the decode was cancelled"
        case .stopped(.deadline): "the decode's deadline passed"
        }
    }
}

/// A codec error together with the file it concerns; prints as
/// `front.jpg: JPEG data ends after 184320 bytes`.
public struct ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as the user gave it.
    public var path: String
    public var reason: CodecError

    public init(path: String, reason: CodecError) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
