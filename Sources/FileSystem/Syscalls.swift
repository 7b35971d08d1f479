import CPhotiCaseFileSystemShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An errno value, as thrown by `Syscalls`.
struct Errno: Error, Equatable {
    var code: Int32
    static var current: Errno { Errno(code: errno) }
}

/// The only file that calls libc's file functions. Each wrapper retries
/// EINTR and turns failure into `Errno`; everything above speaks Swift.
enum Syscalls {
    static let currentDirectory = AT_FDCWD

    static func problem(_ code: Int32) -> IOProblem {
        switch code {
        case ENOENT: .notFound
        case ENOTDIR: .notADirectory
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .isDirectory
        case ELOOP: .symbolicLink
        case ENOSPC, EDQUOT: .noSpace
        // open(2) of a socket, a device with no driver, or (O_NONBLOCK for
        // writing) a FIFO nobody reads: not a file to read or write. The
        // caller says which when it can look (`Directory.kindProblem`).
        case ENXIO: .notRegularFile(.other)
        default: .system(code: code, message: String(cString: strerror(code)))
        }
    }

    static func kind(_ mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR, S_IFBLK: .device
        default: .other
        }
    }

    static func status(_ st: stat) -> FileStatus {
        var status = FileStatus(kind: kind(st.st_mode), size: Int64(st.st_size),
                                mtimeNanoseconds: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                                identity: FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)),
                                ctimeNanoseconds: Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec))
        status.permissions = UInt32(st.st_mode & 0o7777)
        status.owner = FileOwner(user: UInt32(st.st_uid), group: UInt32(st.st_gid))
        return status
    }

    // MARK: - Descriptors

    /// `openat`, always close-on-exec and never taking a controlling terminal.
    static func open(_ name: String, in dir: Int32, flags: Int32, mode: mode_t = 0) throws(Errno) -> Int32 {
        while true {
            let fd = openat(dir, name, flags | O_CLOEXEC | O_NOCTTY, mode)
            if fd >= 0 { return fd }
            if errno != EINTR { throw .current }
        }
    }

    /// `openat2` with RESOLVE_BENEATH: `relative` opened for reading below
    /// `dir` as the file system stands now, following links that stay
    /// below it and failing with EXDEV on one that leads out.
    static func openBeneath(_ relative: String, in dir: Int32, folder: Bool = false,
                            followLinks: Bool = true) throws(Errno) -> Int32 {
        let fd = pr_open_beneath(dir, relative, folder ? O_DIRECTORY : 0, followLinks ? 0 : 1)
        if fd < 0 { throw Errno(code: -fd) }
        return fd
    }

    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    /// Moves `fd`'s position back to the start of the file.
    static func rewind(_ fd: Int32) -> Bool { lseek(fd, 0, SEEK_SET) == 0 }

    static func fstatus(_ fd: Int32) throws(Errno) -> FileStatus {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .current }
        return status(st)
    }

    /// `fstatat`; `follow` false looks at a symbolic link itself.
    static func status(_ name: String, in dir: Int32, follow: Bool) throws(Errno) -> FileStatus {
        var st = stat()
        guard fstatat(dir, name, &st, follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else { throw .current }
        return status(st)
    }

    /// Reads into `bytes[offset...]` at the file position; the count read,
    /// 0 at the end of the file.
    static func read(_ fd: Int32, into bytes: inout [UInt8], at offset: Int) throws(Errno) -> Int {
        while true {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n >= 0 { return n }
            if errno != EINTR && errno != EAGAIN { throw .current }
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            done += n
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, base + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            done += n
        }
    }

    /// Gives the new file `fd` the owner, group and permission bits of
    /// `old`, the file it is about to replace, as far as this process may:
    /// root gives both ids; a user may give a group of their own (the owner
    /// is theirs already); what is refused stays as created. The bits are
    /// set last, since a change of owner clears set-id bits. Best effort:
    /// the write goes on either way.
    static func takeOwnership(_ fd: Int32, from old: FileStatus) {
        if let owner = old.owner, fchown(fd, owner.user, owner.group) != 0 {
            _ = fchown(fd, uid_t.max, owner.group)
        }
        if let bits = old.permissions { _ = fchmod(fd, mode_t(bits & 0o777)) }
    }

    /// Moves `fd`'s position to `offset` from the start.
    static func seek(_ fd: Int32, to offset: Int64) throws(Errno) {
        guard lseek(fd, off_t(offset), SEEK_SET) >= 0 else { throw .current }
    }

    static func sync(_ fd: Int32) throws(Errno) {
        guard fdatasync(fd) == 0 else { throw .current }
    }

    static func rename(_ from: String, to: String, in dir: Int32) throws(Errno) {
        guard renameat(dir, from, dir, to) == 0 else { throw .current }
    }

    static func unlink(_ name: String, in dir: Int32, directory: Bool = false) throws(Errno) {
        guard unlinkat(dir, name, directory ? AT_REMOVEDIR : 0) == 0 else { throw .current }
    }

    static func makeDirectory(_ name: String, in dir: Int32) throws(Errno) {
        guard mkdirat(dir, name, Directory.folderMode) == 0 else { throw .current }
    }

    /// The names in the folder open at `fd` (without `.` and `..`), with
    /// their kinds as `lstat` sees them. `fd` stays open and usable.
    static func list(_ fd: Int32) throws(Errno) -> [DirectoryEntry] {
        let copy = dup(fd)
        guard copy >= 0 else { throw .current }
        guard let stream = fdopendir(copy) else {
            let e = Errno.current
            close(copy)
            throw e
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var entries: [DirectoryEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .current }
                break
            }
            let valid = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(validatingCString: $0) }
            }
            let name = valid ?? withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            var kind: FileKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regular
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_FIFO): kind = .fifo
            case Int32(DT_SOCK): kind = .socket
            case Int32(DT_CHR), Int32(DT_BLK): kind = .device
            default:
                // Some file systems do not fill d_type.
                kind = (try? status(name, in: fd, follow: false).kind) ?? .other
            }
            entries.append(DirectoryEntry(name: name, kind: kind, nameIsUTF8: valid != nil))
        }
        return entries
    }

    // MARK: - Locks

    /// `faccessat(W_OK)` with the effective ids.
    static func isWritable(_ name: String, in dir: Int32) -> Bool {
        faccessat(dir, name, W_OK, AT_EACCESS) == 0
    }

    /// `flock`; false when another process holds it and `wait` is false.
    static func lock(_ fd: Int32, exclusive: Bool, wait: Bool) throws(Errno) -> Bool {
        while true {
            if flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | (wait ? 0 : LOCK_NB)) == 0 { return true }
            if errno == EWOULDBLOCK { return false }
            if errno != EINTR { throw .current }
        }
    }

    static func unlock(_ fd: Int32) { _ = flock(fd, LOCK_UN) }

    static func replaceContents(_ fd: Int32, _ bytes: [UInt8]) {
        _ = ftruncate(fd, 0)
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    static func readPrefix(_ fd: Int32, count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, 0) }
        return n > 0 ? Array(buffer[..<n]) : []
    }

    // MARK: - Processes and paths

    static var processID: Int32 { getpid() }

    /// True unless the kernel says no process `pid` exists.
    static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// What makes a pid mean one process: the host name, this boot's id
    /// and the pid namespace (each left out when it cannot be read).
    static func processSpace() -> String {
        var host = [CChar](repeating: 0, count: 256)
        let name = gethostname(&host, host.count - 1) == 0
            ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        var boot = ""
        let fd = Glibc.open("/proc/sys/kernel/random/boot_id", O_RDONLY)
        if fd >= 0 {
            boot = String(decoding: readPrefix(fd, count: 64).filter { $0 > 0x20 }, as: UTF8.self)
            close(fd)
        }
        let namespace = (try? linkTarget(Array("/proc/self/ns/pid".utf8))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return name + "\u{0}" + boot + "\u{0}" + namespace
    }

    /// The current time, in nanoseconds since the epoch (as file times).
    static func nowNanoseconds() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    static func workingDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `lstat` on a byte path (which need not be UTF-8).
    static func linkStatus(_ path: [UInt8]) throws(Errno) -> FileStatus {
        var st = stat()
        guard lstat(path.map { CChar(bitPattern: $0) } + [0], &st) == 0 else { throw .current }
        return status(st)
    }

    /// `readlinkat`: the target of link `name` in folder `dir`.
    static func linkTarget(_ name: String, in dir: Int32) throws(Errno) -> [UInt8] {
        let capacity = Int(PATH_MAX) + 1
        var buffer = [UInt8](repeating: 0, count: capacity)
        let count = buffer.withUnsafeMutableBytes { readlinkat(dir, name, $0.baseAddress!, capacity) }
        guard count >= 0 else { throw .current }
        guard count < capacity else { throw Errno(code: ENAMETOOLONG) }
        return Array(buffer[..<count])
    }

    static func linkTarget(_ path: [UInt8]) throws(Errno) -> [UInt8] {
        let capacity = Int(PATH_MAX) + 1
        var buffer = [UInt8](repeating: 0, count: capacity)
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        let count = buffer.withUnsafeMutableBytes { readlink(cPath, $0.baseAddress!, capacity) }
        guard count >= 0 else { throw .current }
        guard count < capacity else { throw Errno(code: ENAMETOOLONG) }
        return Array(buffer[..<count])
    }

    static var openReadFlags: Int32 { O_RDONLY | O_NONBLOCK }
    static var openDirectoryFlags: Int32 { O_RDONLY | O_DIRECTORY }
    static var noFollow: Int32 { O_NOFOLLOW }
    static var createExclusiveFlags: Int32 { O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW }
    // Files opened in place for writing never block on a FIFO (see
    // `Directory.openRegularForWriting`).
    static var appendFlags: Int32 { O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK }
    static var lockFlags: Int32 { O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK }
    static var errnoSymbolicLinkLoop: Int32 { ELOOP }
    static var errnoNotDirectory: Int32 { ENOTDIR }
    static var errnoNotFound: Int32 { ENOENT }
    static var errnoCrossesOut: Int32 { EXDEV }
    static var errnoExists: Int32 { EEXIST }
}
