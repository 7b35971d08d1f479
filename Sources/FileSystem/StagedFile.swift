/// A file written under a temporary name in its folder and then landed
/// over its final name in one rename: what a writer too large to hold in
/// memory (a print book of a thousand photos) writes to, so the file at
/// the final name is always whole, the old one or the new. Not landed,
/// it is removed when let go; killed, its name is the temporary name the
/// cache's sweep knows (`Directory.isAbandonedTemporary`).
///
/// A library that opens files by path (qpdf) reaches it through
/// `procPath`, the descriptor's own link under /proc: no path from the
/// cache's root is ever built, so nothing swapped into the folder since
/// it was opened can redirect it.
public final class StagedFile: @unchecked Sendable {
    // Sendable: it is handed from the thread that renders an item to the
    // one that lands it (the same thread, in turn); its descriptor's calls
    // are system calls, and `size` is written only by the writer.
    private let folder: Directory
    /// The name it lands as.
    public let name: String
    private let temporary: String
    private let fd: Int32
    private var landed = false
    /// Bytes written so far.
    public private(set) var size: Int64 = 0

    init(folder: Directory, name: String) throws(FileSystemError) {
        self.folder = folder
        self.name = name
        temporary = Directory.temporaryName(for: name)
        do throws(Errno) {
            fd = try Syscalls.open(temporary, in: folder.fd, flags: Syscalls.createExclusiveFlags, mode: Directory.fileMode)
        } catch {
            throw FileSystemError(path: folder.display(name), problem: Syscalls.problem(error.code))
        }
    }

    deinit {
        Syscalls.close(fd)
        if !landed { try? Syscalls.unlink(temporary, in: folder.fd) }
    }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileSystemError) {
        do throws(Errno) {
            try Syscalls.writeAll(fd, bytes)
        } catch {
            throw FileSystemError(path: folder.display(name), problem: Syscalls.problem(error.code))
        }
        size += Int64(bytes.count)
    }

    /// The path the file lands at, for messages.
    public var displayPath: String { folder.display(name) }

    /// The path that opens this very file (`/proc/self/fd/N`), for a
    /// library that writes or reads it by path; `size` then no longer
    /// counts what it wrote (see `measure`).
    public var procPath: String { "/proc/self/fd/\(fd)" }

    /// Takes the file's size from the file itself, after a library wrote
    /// it through `procPath`.
    public func measure() throws(FileSystemError) {
        do throws(Errno) {
            size = try Syscalls.fstatus(fd).size
        } catch {
            throw FileSystemError(path: folder.display(name), problem: Syscalls.problem(error.code))
        }
    }

    /// Makes the file durable and renames it over its final name, which
    /// keeps its owner and permission bits as `Directory.write` keeps them.
    /// Refuses when the final name is there and is not a regular file.
    public func land() throws(FileSystemError) {
        precondition(!landed, "a staged file lands once")
        let shown = folder.display(name)
        if let existing = try folder.status(name) {
            guard existing.kind == .regular else { throw FileSystemError(path: shown, wrongKind: existing.kind) }
            Syscalls.takeOwnership(fd, from: existing)
        }
        do throws(Errno) {
            try Syscalls.sync(fd)
            try Syscalls.rename(temporary, to: name, in: folder.fd)
        } catch {
            throw FileSystemError(path: shown, problem: Syscalls.problem(error.code))
        }
        landed = true
    }
}

extension Directory {
    /// A new file to be landed as `name` in this folder (see `StagedFile`).
    public func stage(_ name: String) throws(FileSystemError) -> StagedFile {
        try StagedFile(folder: self, name: name)
    }
}
