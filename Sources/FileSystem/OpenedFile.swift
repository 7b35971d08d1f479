/// A regular file held open for reading: what it is (`status`) and its
/// bytes stay those of the file that was opened, whatever is renamed or
/// linked over its path afterwards. `serve` reads an entry's entry.json
/// and photos this way, so the key of an answer and its pixels come from
/// the same files.
public final class OpenedFile {
    private let fd: Int32
    /// The path for messages.
    public let display: String
    /// The file's status when it was opened (`fstat`).
    public let status: FileStatus

    init(fd: Int32, display: String) throws(FileSystemError) {
        do throws(Errno) {
            status = try Syscalls.fstatus(fd)
        } catch {
            Syscalls.close(fd)
            throw FileSystemError(path: display, problem: Syscalls.problem(error.code))
        }
        self.fd = fd
        self.display = display
        guard status.kind == .regular else { throw FileSystemError(path: display, wrongKind: status.kind) }
    }

    deinit { Syscalls.close(fd) }

    /// The whole file, refusing one over `limit` bytes (also one that grows
    /// past it while read). Reads from the start each time.
    public func read(limit: Int) throws(FileSystemError) -> [UInt8] {
        guard Syscalls.rewind(fd) else { throw FileSystemError(path: display, problem: .system(code: 0, message: "cannot seek")) }
        return try FileReader.readOpened(fd, display: display, limit: limit).bytes
    }
}

extension Directory {
    /// Opens the regular file at `relative` below this folder for reading,
    /// resolved as the file system stands at this moment: links that stay
    /// below the folder are followed, a link or `..` that leads out of it
    /// is refused (`.leadsOutside`), as are folders, FIFOs and devices.
    /// `display` names it in errors.
    /// With `followLinks` false no link is followed at all (`.symbolicLink`),
    /// as the cache is read: one call instead of a walk folder by folder.
    public func openBeneath(_ relative: String, display: String, followLinks: Bool = true) throws(FileSystemError) -> OpenedFile {
        try OpenedFile(fd: descriptorBeneath(relative, folder: false, followLinks: followLinks, display: display),
                       display: display)
    }

    /// The folder at `relative` below this one, resolved as `openBeneath`
    /// resolves a file: links that stay below this folder are followed,
    /// one that leads out is refused (`.leadsOutside`). What is opened
    /// below the folder returned is then bound to that folder, whatever is
    /// renamed or linked over its path afterwards.
    public func folderBeneath(_ relative: String, display: String) throws(FileSystemError) -> Directory {
        Directory(fd: try descriptorBeneath(relative, folder: true, followLinks: true, display: display), path: display)
    }

    private func descriptorBeneath(_ relative: String, folder: Bool, followLinks: Bool,
                                   display: String) throws(FileSystemError) -> Int32 {
        do throws(Errno) {
            return try Syscalls.openBeneath(relative, in: fd, folder: folder, followLinks: followLinks)
        } catch {
            switch error.code {
            case Syscalls.errnoCrossesOut: throw FileSystemError(path: display, problem: .leadsOutside)
            case Syscalls.errnoSymbolicLinkLoop where !followLinks: throw FileSystemError(path: display, problem: .symbolicLink)
            // "a part of the path is not a folder": nothing of that name there.
            case Syscalls.errnoNotDirectory where !folder: throw FileSystemError(path: display, problem: .notFound)
            default: throw FileSystemError(path: display, problem: Syscalls.problem(error.code))
            }
        }
    }
}
