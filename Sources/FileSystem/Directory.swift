import Synchronization

/// An open folder. Every operation is relative to its descriptor
/// (`openat`-style) and refuses symbolic links below it, so nothing a
/// hostile or unlucky file system puts inside (a link to `/etc`, a folder
/// swapped for a link mid-run) can lead a read, write or removal outside.
public final class Directory: @unchecked Sendable {
    // Sendable: immutable (a descriptor and its path); every call on the
    // descriptor is a *at(2) system call, safe from any thread.
    let fd: Int32
    /// The folder's path as the user gave it, for messages.
    public let path: String

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { Syscalls.close(fd) }

    /// Opens the folder at `path`. The path itself may pass through
    /// symbolic links (the user named it); nothing below it will.
    public static func open(_ path: String) throws(FileSystemError) -> Directory {
        do throws(Errno) {
            let fd = try Syscalls.open(path.isEmpty ? "." : path, in: Syscalls.currentDirectory,
                                       flags: Syscalls.openDirectoryFlags)
            return Directory(fd: fd, path: path)
        } catch {
            throw FileSystemError(path: path, problem: Syscalls.problem(error.code))
        }
    }

    /// `relative` (`tickets/abc`) below this folder, opened one component
    /// at a time without following links; with `create`, missing folders
    /// are made on the way.
    public func folder(_ relative: String, create: Bool = false) throws(FileSystemError) -> Directory {
        var current = self
        var shown = path
        for component in relative.split(separator: "/") where component != "." {
            let name = String(component)
            shown = Directory.join(shown, name)
            guard name != ".." else { throw FileSystemError(path: shown, problem: .notFound) }
            current = try current.child(name, create: create, shown: shown)
        }
        return current
    }

    private func child(_ name: String, create: Bool, shown: String) throws(FileSystemError) -> Directory {
        do throws(Errno) {
            let flags = Syscalls.openDirectoryFlags | Syscalls.noFollow
            do {
                return Directory(fd: try Syscalls.open(name, in: fd, flags: flags), path: shown)
            } catch where create && error.code == Syscalls.errnoNotFound {
                do { try Syscalls.makeDirectory(name, in: fd) } catch where error.code == Syscalls.errnoExists {}
                return Directory(fd: try Syscalls.open(name, in: fd, flags: flags), path: shown)
            }
        } catch {
            // O_NOFOLLOW|O_DIRECTORY on a link fails with ELOOP or ENOTDIR;
            // say which it was.
            if (try? Syscalls.status(name, in: fd, follow: false).kind) == .symbolicLink {
                throw FileSystemError(path: shown, problem: .symbolicLink)
            }
            throw FileSystemError(path: shown, problem: Syscalls.problem(error.code))
        }
    }

    /// The folder `name` in this one, following `name` itself when it is
    /// a symbolic link (the walk of an entry tree follows a folder moved
    /// elsewhere and linked back); what it leads to may not be a link.
    public func followedFolder(_ name: String) throws(FileSystemError) -> Directory {
        let shown = display(name)
        do throws(Errno) {
            return Directory(fd: try Syscalls.open(name, in: fd, flags: Syscalls.openDirectoryFlags), path: shown)
        } catch {
            throw FileSystemError(path: shown, problem: Syscalls.problem(error.code))
        }
    }

    /// The status of what `name` leads to, following a final symbolic
    /// link; nil when nothing is there (a dangling link among them).
    public func followedStatus(_ name: String) throws(FileSystemError) -> FileStatus? {
        do throws(Errno) {
            return try Syscalls.status(name, in: fd, follow: true)
        } catch {
            if error.code == Syscalls.errnoNotFound { return nil }
            throw FileSystemError(path: display(name), problem: Syscalls.problem(error.code))
        }
    }

    /// Where the symbolic link `name` points, as written in it (nil when
    /// it is no link, or its target is not UTF-8).
    public func linkTarget(_ name: String) -> String? {
        (try? Syscalls.linkTarget(name, in: fd)).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// The status of `name` (a link is described, not followed), or nil
    /// when nothing has that name.
    public func status(_ name: String) throws(FileSystemError) -> FileStatus? {
        do throws(Errno) {
            return try Syscalls.status(name, in: fd, follow: false)
        } catch {
            if error.code == Syscalls.errnoNotFound { return nil }
            throw FileSystemError(path: display(name), problem: Syscalls.problem(error.code))
        }
    }

    /// The names in this folder with their kinds, sorted by name.
    public func list() throws(FileSystemError) -> [DirectoryEntry] {
        do throws(Errno) {
            return try Syscalls.list(fd).sorted { $0.name < $1.name }
        } catch {
            throw FileSystemError(path: path, problem: Syscalls.problem(error.code))
        }
    }

    /// The whole regular file `name`, refusing links, folders, FIFOs and
    /// devices, and files over `limit` bytes.
    public func readFile(_ name: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        try FileReader.read(name, in: fd, follow: false, display: display(name), limit: limit).bytes
    }

    /// The first `count` bytes of regular file `name` (all of a shorter
    /// one), refusing what `readFile` refuses but the size.
    public func readPrefix(_ name: String, count: Int) throws(FileSystemError) -> [UInt8] {
        try FileReader.read(name, in: fd, follow: false, display: display(name), limit: count, prefix: true).bytes
    }

    /// The last `count` bytes of regular file `name` (all of a shorter
    /// one), refusing what `readPrefix` refuses: where a document keeps
    /// what it says of itself (a PDF's trailer and metadata).
    public func readSuffix(_ name: String, count: Int) throws(FileSystemError) -> [UInt8] {
        let shown = display(name)
        let opened: Int32
        do throws(Errno) {
            opened = try Syscalls.open(name, in: fd, flags: Syscalls.openReadFlags | Syscalls.noFollow)
        } catch {
            throw FileSystemError(path: shown, problem: Syscalls.problem(error.code))
        }
        defer { Syscalls.close(opened) }
        let status: FileStatus
        do throws(Errno) { status = try Syscalls.fstatus(opened) } catch {
            throw FileSystemError(path: shown, problem: Syscalls.problem(error.code))
        }
        guard status.kind == .regular else { throw FileSystemError(path: shown, wrongKind: status.kind) }
        do throws(Errno) {
            if status.size > Int64(count) { try Syscalls.seek(opened, to: status.size - Int64(count)) }
        } catch {
            throw FileSystemError(path: shown, problem: Syscalls.problem(error.code))
        }
        return try FileReader.readOpened(opened, display: shown, limit: count, prefix: true).bytes
    }

    /// Writes `bytes` to `name` so that no reader ever sees a partial file:
    /// a temporary file in this folder, flushed to disk when `durable`, then
    /// renamed over `name`. On failure the temporary file is removed and
    /// any previous `name` is untouched. Refuses when `name` exists and is
    /// not a regular file, or is one of `inputs` (the command's inputs,
    /// named in the error). A file replaced keeps its permission bits, and
    /// its owner and group as far as this process may give them (root: both;
    /// a user: a group of theirs), as an editor saving in place keeps them:
    /// a private (0600) file stays private. A new file gets `fileMode` less
    /// the umask.
    public func write(_ name: String, bytes: [UInt8], durable: Bool = true,
                      protecting inputs: InputFiles = InputFiles()) throws(FileSystemError) {
        let shown = display(name)
        let existing = try status(name)
        if let existing {
            guard existing.kind == .regular else { throw FileSystemError(path: shown, wrongKind: existing.kind) }
            if let input = inputs.path(of: existing.identity) {
                throw FileSystemError(path: shown, problem: .sameFileAsInput(input))
            }
        }
        let temp = Directory.temporaryName(for: name)
        do throws(Errno) {
            let out = try Syscalls.open(temp, in: fd, flags: Syscalls.createExclusiveFlags, mode: Directory.fileMode)
            var renamed = false
            defer { if !renamed { try? Syscalls.unlink(temp, in: fd) } }
            do {
                defer { Syscalls.close(out) }
                if let existing { Syscalls.takeOwnership(out, from: existing) }
                try Syscalls.writeAll(out, bytes)
                if durable { try Syscalls.sync(out) }
            }
            try Syscalls.rename(temp, to: name, in: fd)
            renamed = true
        } catch {
            throw FileSystemError(path: shown, problem: Syscalls.problem(error.code))
        }
    }

    /// Removes the file (or link) `name`; false when there was none.
    /// A folder is not removed.
    @discardableResult
    public func remove(_ name: String) throws(FileSystemError) -> Bool {
        do throws(Errno) {
            try Syscalls.unlink(name, in: fd)
            return true
        } catch {
            if error.code == Syscalls.errnoNotFound { return false }
            throw FileSystemError(path: display(name), problem: Syscalls.problem(error.code))
        }
    }

    /// Renames `name` to `newName` within this folder, replacing a file of
    /// that name (not following links: the link itself moves).
    public func rename(_ name: String, to newName: String) throws(FileSystemError) {
        do throws(Errno) {
            try Syscalls.rename(name, to: newName, in: fd)
        } catch {
            throw FileSystemError(path: display(name), problem: Syscalls.problem(error.code))
        }
    }

    /// Removes the folder `name` if it is empty; false otherwise.
    @discardableResult
    public func removeFolderIfEmpty(_ name: String) -> Bool {
        (try? Syscalls.unlink(name, in: fd, directory: true)) != nil
    }

    /// Takes an advisory lock on the file `name` (created if missing; a
    /// link, folder, FIFO or device there is refused, see
    /// `openRegularForWriting`; with `readOnly`, a shared lock on the file as
    /// it is, opened for reading: what a user who may not write the cache
    /// can take). Nil when another process holds a conflicting lock and
    /// `wait` is false.
    public func lock(_ name: String, exclusive: Bool, wait: Bool, readOnly: Bool = false) throws(FileSystemError) -> FileLock? {
        precondition(!(readOnly && exclusive), "an exclusive lock is taken on a file opened for writing")
        let lockFD = try openRegularForWriting(name, flags: readOnly ? Syscalls.openReadFlags | Syscalls.noFollow
                                                                    : Syscalls.lockFlags)
        let taken: Bool
        do throws(Errno) {
            taken = try Syscalls.lock(lockFD, exclusive: exclusive, wait: wait)
        } catch {
            Syscalls.close(lockFD)
            throw FileSystemError(path: display(name), problem: Syscalls.problem(error.code))
        }
        guard taken else {
            Syscalls.close(lockFD)
            return nil
        }
        return FileLock(fd: lockFD, exclusive: exclusive)
    }

    /// The pid written in lock file `name` by its holder, if any (nothing
    /// for what is not a regular file).
    public func lockHolder(_ name: String) -> Int32? {
        guard let lockFD = try? Syscalls.open(name, in: fd, flags: Syscalls.openReadFlags | Syscalls.noFollow) else {
            return nil
        }
        defer { Syscalls.close(lockFD) }
        guard (try? Syscalls.fstatus(lockFD))?.kind == .regular else { return nil }
        return FileLock.holder(lockFD)
    }

    /// Opens `name` for appending lines (created if missing; what
    /// `openRegularForWriting` refuses is refused).
    public func appender(_ name: String) throws(FileSystemError) -> AppendFile {
        AppendFile(fd: try openRegularForWriting(name, flags: Syscalls.appendFlags))
    }

    /// Opens `name` in place for writing with `flags` (which create it
    /// when missing), for the files kept open rather than replaced: the
    /// log and the locks. Never blocks and never passes a link: the flags
    /// carry O_NONBLOCK and O_NOFOLLOW, so a FIFO planted there fails at
    /// once (no reader) or opens without waiting (a reader), and then
    /// anything but a regular file is refused, the error saying what it
    /// is ("is a FIFO, not a regular file"). A render holding the cache
    /// lock must never wait on a FIFO nobody writes.
    func openRegularForWriting(_ name: String, flags: Int32) throws(FileSystemError) -> Int32 {
        let opened: Int32
        do throws(Errno) {
            opened = try Syscalls.open(name, in: fd, flags: flags, mode: Directory.fileMode)
        } catch {
            // ELOOP (a link), ENXIO (a FIFO nobody reads, a socket),
            // EISDIR: say what is there.
            if let kind = (try? Syscalls.status(name, in: fd, follow: false))?.kind, kind != .regular {
                throw FileSystemError(path: display(name), wrongKind: kind)
            }
            throw FileSystemError(path: display(name), problem: Syscalls.problem(error.code))
        }
        let kind: FileKind
        do throws(Errno) { kind = try Syscalls.fstatus(opened).kind } catch {
            Syscalls.close(opened)
            throw FileSystemError(path: display(name), problem: Syscalls.problem(error.code))
        }
        guard kind == .regular else {
            Syscalls.close(opened)
            throw FileSystemError(path: display(name), wrongKind: kind)
        }
        return opened
    }

    /// The mode files are created with, and `folderMode` folders: the
    /// process's umask takes away from them, as for `touch` and `mkdir`,
    /// so `umask 002` makes a cache a group can share and `umask 077` a
    /// private one.
    public static let fileMode: UInt32 = 0o666
    public static let folderMode: UInt32 = 0o777

    /// Creates `name` as an empty file (umask applied), for a library that
    /// opens its files by name with a fixed mode of its own (SQLite's is
    /// 0644). An existing file is left as it is.
    public func createEmptyFile(_ name: String) throws(FileSystemError) {
        do throws(Errno) {
            Syscalls.close(try Syscalls.open(name, in: fd, flags: Syscalls.createExclusiveFlags, mode: Directory.fileMode))
        } catch {
            guard error.code == Syscalls.errnoExists else { throw FileSystemError(path: display(name), problem: Syscalls.problem(error.code)) }
        }
    }

    /// Whether this process may write `name` (the effective user's
    /// permission, as `open` would check it).
    public func isWritable(_ name: String) -> Bool { Syscalls.isWritable(name, in: fd) }

    /// `path/name`, for messages.
    public func display(_ name: String) -> String { Directory.join(path, name) }

    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    // MARK: - Temporary files

    private static let counter = Atomic<Int>(0)

    /// `.NAME.tmp-ORIGIN-PID-N`: ORIGIN (8 hex digits) names the process
    /// space the writer ran in (host, boot and pid namespace), so a later
    /// run can tell from the pid whether the writer is still alive only
    /// when it shares that space; N keeps one process's threads apart.
    static func temporaryName(for name: String) -> String {
        let n = counter.add(1, ordering: .relaxed).newValue
        return ".\(name).tmp-\(origin)-\(Syscalls.processID)-\(n)"
    }

    /// This process's origin tag: FNV-1a of the host name, the boot id and
    /// the pid namespace. Shards on other machines (NFS, a cluster's
    /// shared volume) or in other containers write into the same cache, and
    /// their pids mean nothing here.
    public static let origin: String = {
        var hash: UInt32 = 0x811C_9DC5
        for byte in Syscalls.processSpace().utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }()

    /// How old a temporary file of another process space (or of a build
    /// before origin tags) must be before it counts as abandoned: writing
    /// one output and renaming it takes well under a second, so a file
    /// untouched for an hour has no live writer. Deleting it anyway would
    /// only fail that writer's one item, never lose a finished output.
    public static let foreignTemporaryAge: Int64 = 3600

    /// Whether `name` is spelled as this package's temporary files are
    /// (whoever wrote it and whether or not its writer is alive).
    public static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.lastRange(of: ".tmp-") != nil
    }

    /// True for a temporary file whose writer is provably gone: written in
    /// this process space by a pid no longer running (a run killed between
    /// writing and renaming), or, from another process space or an older
    /// build, last modified `ageSeconds` ago where that is more than
    /// `foreignTemporaryAge` (unknown age: kept). Safe to delete.
    public static func isAbandonedTemporary(_ name: String, ageSeconds: Int64? = nil) -> Bool {
        let marker = ".tmp-"
        guard name.hasPrefix("."), let tail = name.lastRange(of: marker) else { return false }
        let parts = name[tail...].split(separator: "-", omittingEmptySubsequences: false)
        let old = { (ageSeconds ?? 0) > foreignTemporaryAge }
        switch parts.count {
        case 2:  // .NAME.tmp-PID-N, before origin tags: whose pid, unknown
            guard let pid = Int32(parts[0]), pid > 0, Int(parts[1]) != nil else { return false }
            return old()
        case 3:
            guard parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit),
                  let pid = Int32(parts[1]), pid > 0, Int(parts[2]) != nil else { return false }
            guard parts[0] == origin else { return old() }
            return pid != Syscalls.processID && !Syscalls.processExists(pid)
        default:
            return false
        }
    }
}

extension String {
    /// The index just past the last occurrence of `marker`, or nil.
    fileprivate func lastRange(of marker: String) -> String.Index? {
        var found: String.Index?
        var i = startIndex
        while let r = self[i...].firstRange(of: marker) {
            found = r.upperBound
            i = index(after: r.lowerBound)
        }
        return found
    }
}
