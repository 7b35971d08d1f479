/// What went wrong touching the file system, in words a user knows.
public enum IOProblem: Equatable, Sendable, CustomStringConvertible {
    case notFound
    /// An output's folder does not exist (it is never created: a typo in
    /// a folder name must not make a tree of folders).
    case folderNotFound(String)
    case permissionDenied
    case isDirectory
    /// A path component that should be a folder is not one.
    case notADirectory
    /// A FIFO, socket or device: reading it could block or never end.
    case notRegularFile
    /// A symbolic link where none may be followed (inside the cache, or an
    /// output that must be a plain file).
    case symbolicLink
    /// The file is larger than the caller's limit.
    case tooLarge(size: Int, limit: Int)
    /// The disk (or quota) is full.
    case noSpace
    /// An output would replace one of the inputs of the same command.
    case sameFileAsInput
    /// Any other errno, with the system's text.
    case system(code: Int32, message: String)

    public var description: String {
        switch self {
        case .notFound: "no such file"
        case let .folderNotFound(folder): "the folder \(folder) does not exist"
        case .permissionDenied: "permission denied"
        case .isDirectory: "is a directory, not an image file"
        case .notADirectory: "a part of the path is not a folder"
        case .notRegularFile: "not a regular file (a FIFO, socket or device)"
        case .symbolicLink: "is a symbolic link, which is not followed here"
        case let .tooLarge(size, limit): "file is \(size) bytes, more than the limit of \(limit)"
        case .noSpace: "no space left on the device"
        case .sameFileAsInput: "is the same file as an input; refusing to overwrite it"
        case let .system(_, message): message
        }
    }

    /// The problem an errno value stands for.
    public init(errno code: Int32) {
        self = Syscalls.problem(code)
    }
}

/// The kind of thing a path names, as `lstat` sees it.
public enum FileKind: Sendable, Hashable {
    case regular, directory, symbolicLink, fifo, socket, device, other

    /// "a FIFO", "a directory": for messages.
    public var phrase: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .device: "a device"
        case .other: "a special file"
        }
    }
}

/// A file-system failure together with the path it concerns; prints as
/// `cache/days/2022-08-20.jpg: permission denied`.
public struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as the user gave it (or as the cache layout names it).
    public var path: String
    public var problem: IOProblem
    /// What was found at the path when it was the wrong kind of thing.
    public var found: FileKind?

    public init(path: String, problem: IOProblem, found: FileKind? = nil) {
        self.path = path
        self.problem = problem
        self.found = found
    }

    /// What was found, when known, rather than the list of what it may be:
    /// "not a regular file (a directory)".
    public var description: String {
        if problem == .notRegularFile, let found, found != .regular { return "\(path): not a regular file (\(found.phrase))" }
        return "\(path): \(problem)"
    }
}
