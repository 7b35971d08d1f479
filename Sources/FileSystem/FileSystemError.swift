/// What went wrong touching the file system, in words a user knows.
public enum IOProblem: Equatable, Sendable, CustomStringConvertible {
    case notFound
    /// An output's folder does not exist (it is never created: a typo in
    /// a folder name must not make a tree of folders).
    case folderNotFound(String)
    case permissionDenied
    /// A folder where a file is wanted (to read, or to replace).
    case isDirectory
    /// A path component that should be a folder is not one.
    case notADirectory
    /// A FIFO, socket or device (the kind found): reading or writing it
    /// could block or never end.
    case notRegularFile(FileKind)
    /// A symbolic link where none may be followed (inside the cache, or an
    /// output that must be a plain file).
    case symbolicLink
    /// A link (or `..`) that leads out of the folder the path is read
    /// below (`Directory.openBeneath`): the diary a service answers for.
    case leadsOutside
    /// The file is larger than the caller's limit.
    case tooLarge(size: Int, limit: Int)
    /// The disk (or quota) is full.
    case noSpace
    /// An output would replace one of the inputs of the same command
    /// (that input's path, as the command named it).
    case sameFileAsInput(String)
    /// Any other errno, with the system's text.
    case system(code: Int32, message: String)

    public var description: String {
        switch self {
        case .notFound: "no such file"
        case let .folderNotFound(folder): "the folder \(folder) does not exist"
        case .permissionDenied: "permission denied"
        // What the path is, whoever opened it for what: "is a folder", not
        // "not an image file" (a theme or an output is no image to read).
        case .isDirectory: "is a folder"
        case .notADirectory: "a part of the path is not a folder"
        case let .notRegularFile(kind): "is \(kind.phrase), not a regular file"
        case .symbolicLink: "is a symbolic link, which is not followed here"
        case .leadsOutside: "leads outside the folder it is read from (a link out of it)"
        case let .tooLarge(size, limit): "file is \(size) bytes, more than the limit of \(limit)"
        case .noSpace: "no space left on the device"
        case let .sameFileAsInput(input): "is the same file as \(input), an input of this command; refusing to overwrite it"
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
        case .directory: "a folder"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .device: "a device"
        case .other: "a special file (a socket or device)"
        }
    }
}

/// A file-system failure together with the path it concerns; prints as
/// `cache/days/2022-08-20.jpg: permission denied`, or, for the wrong kind
/// of file, says what was found: `cache/render.log: is a FIFO, not a
/// regular file`.
public struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as the user gave it (or as the cache layout names it).
    public var path: String
    public var problem: IOProblem

    public init(path: String, problem: IOProblem) {
        self.path = path
        self.problem = problem
    }

    /// The error for `path` being `kind` where a regular file is wanted.
    public init(path: String, wrongKind kind: FileKind) {
        self.path = path
        switch kind {
        case .directory: problem = .isDirectory
        case .symbolicLink: problem = .symbolicLink
        default: problem = .notRegularFile(kind)
        }
    }

    public var description: String { "\(path): \(problem)" }
}
