/// File-system operations on paths the user gave (inputs, and outputs of
/// `convert` and `share`). The cache works through `Directory` instead.
public enum FileSystem {
    /// Writes all of `bytes` to the open descriptor `fd` (stdout, stderr,
    /// a pipe), through short and interrupted writes. Returns the errno of
    /// a failure (EPIPE: the reader went away), nil when all was written.
    public static func writeAll(_ bytes: [UInt8], toDescriptor fd: Int32) -> Int32? {
        do throws(Errno) {
            try Syscalls.writeAll(fd, bytes)
            return nil
        } catch {
            return error.code
        }
    }

    /// The whole regular file at `path` (links followed: the user named
    /// it), refusing folders, FIFOs, devices and files over `limit` bytes.
    public static func readFile(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        try FileReader.read(path, in: Syscalls.currentDirectory, follow: true, display: path, limit: limit).bytes
    }

    /// Like `readFile`, with the status of the very file that was read (no
    /// race between a `stat` and the read).
    public static func readFileWithStatus(_ path: String, limit: Int) throws(FileSystemError) -> ([UInt8], FileStatus) {
        let result = try FileReader.read(path, in: Syscalls.currentDirectory, follow: true, display: path, limit: limit)
        return (result.bytes, result.status)
    }

    /// The first `count` bytes of the regular file at `path` (all of a
    /// shorter one; links followed), with the status of that very file.
    public static func readFilePrefix(_ path: String, count: Int) throws(FileSystemError) -> ([UInt8], FileStatus) {
        let result = try FileReader.read(path, in: Syscalls.currentDirectory, follow: true, display: path, limit: count,
                                         prefix: true)
        return (result.bytes, result.status)
    }

    /// Writes `bytes` to `path` atomically (see `Directory.write`),
    /// refusing when `path` is a folder, a link, a FIFO or a device, or the
    /// same file as any of `inputs` (the error names both). A file replaced
    /// keeps its permission bits and, as far as it may, its owner.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true,
                                       protecting inputs: InputFiles = InputFiles()) throws(FileSystemError) {
        let (folder, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw FileSystemError(path: path, problem: .isDirectory)
        }
        let dir: Directory
        do throws(FileSystemError) {
            dir = try Directory.open(folder)
        } catch {
            throw FileSystemError(path: path, problem: error.problem == .notFound ? .folderNotFound(folder) : error.problem)
        }
        do throws(FileSystemError) {
            try dir.write(name, bytes: bytes, durable: durable, protecting: inputs)
        } catch {
            throw FileSystemError(path: path, problem: error.problem)
        }
    }

    /// The status of `path`; `follow` false describes a final link itself.
    /// Nil when nothing is there.
    public static func status(_ path: String, follow: Bool = true) throws(FileSystemError) -> FileStatus? {
        do throws(Errno) {
            return try Syscalls.status(path, in: Syscalls.currentDirectory, follow: follow)
        } catch {
            if error.code == Syscalls.errnoNotFound { return nil }
            throw FileSystemError(path: path, problem: Syscalls.problem(error.code))
        }
    }

    /// The status of the file at `path` as seen through an open for
    /// reading (links followed): fails, with the reason, exactly when a
    /// read would, without reading a byte.
    public static func readableStatus(_ path: String) throws(FileSystemError) -> FileStatus {
        let fd: Int32
        do throws(Errno) {
            fd = try Syscalls.open(path, in: Syscalls.currentDirectory, flags: Syscalls.openReadFlags)
        } catch {
            throw FileSystemError(path: path, problem: error.code == Syscalls.errnoNotDirectory
                                  ? .notFound : Syscalls.problem(error.code))
        }
        defer { Syscalls.close(fd) }
        do throws(Errno) {
            return try Syscalls.fstatus(fd)
        } catch {
            throw FileSystemError(path: path, problem: Syscalls.problem(error.code))
        }
    }

    /// The identity of the file at `path` (links followed), or nil when
    /// there is none or it cannot be reached.
    public static func identity(of path: String) -> FileIdentity? {
        (try? status(path))??.identity
    }

    /// Makes the folder `path` and any missing parents (`mkdir -p`);
    /// fine when it exists already as a folder (or a link to one: the
    /// user named it).
    public static func makeDirectories(_ path: String) throws(FileSystemError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            do throws(Errno) {
                try Syscalls.makeDirectory(prefix, in: Syscalls.currentDirectory)
            } catch {
                guard error.code == Syscalls.errnoExists else {
                    throw FileSystemError(path: prefix, problem: Syscalls.problem(error.code))
                }
            }
        }
        guard case .directory? = try status(path)?.kind else {
            throw FileSystemError(path: path, problem: .notADirectory)
        }
    }

    /// The canonical absolute path (`realpath(3)`), or nil when it cannot be found.
    public static func realPath(_ path: String) -> String? { Syscalls.realPath(path) }

    /// The current time in nanoseconds since the epoch, as file times count.
    public static func nowNanoseconds() -> Int64 { Syscalls.nowNanoseconds() }

    /// The current working directory.
    public static var workingDirectory: String { Syscalls.workingDirectory() }

    /// `path` made absolute against the working directory, with `.`, `..`
    /// and repeated slashes folded, without touching the disk.
    public static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The folder and last name of `path` (`.` for a bare name).
    public static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }
}
