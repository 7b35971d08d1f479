#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// All file-system I/O of the codec layer, in one place.
public enum FileIO {
    /// Reads a whole regular file, refusing directories, FIFOs, devices and
    /// files larger than `limit` before reading a byte. Throws `CodecError`.
    public static func read(_ path: String, limit: Int) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO with no writer must not hang; it is
        // rejected by the fstat check right after.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw CodecError.io(problem(errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw CodecError.io(problem(errno)) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CodecError.io(.isDirectory)
        default: throw CodecError.io(.notRegularFile)
        }
        let size = Int(st.st_size)
        guard size <= limit else { throw CodecError.fileTooLarge(bytes: size, limit: limit) }
        if size == 0 { return [] }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        try bytes.withUnsafeMutableBytes { buffer in
            while done < size {
                let n = Glibc.read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw CodecError.io(problem(errno))
                }
                if n == 0 { break }  // the file shrank while we read it
                done += n
            }
        }
        if done < size { bytes.removeSubrange(done...) }
        return bytes
    }

    /// Writes `bytes` to `path` so that no reader ever sees a partial file:
    /// the data goes to a temporary file in the same directory, is flushed
    /// when `durable`, and is renamed over `path`. On failure the temporary
    /// file is removed and any previous file at `path` is untouched.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = false) throws {
        let (dir, name) = split(path)
        // pid + counter keeps concurrent writers in one process and across
        // processes apart.
        let temp = "\(dir)/.\(name).tmp-\(getpid())-\(nextTemporaryNumber())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CodecError.io(problem(errno)) }
        var ok = false
        defer {
            if !ok { unlink(temp) }
        }
        do {
            defer { close(fd) }
            try bytes.withUnsafeBytes { buffer in
                var done = 0
                while done < buffer.count {
                    let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw CodecError.io(problem(errno))
                    }
                    done += n
                }
            }
            if durable, fsync(fd) != 0 { throw CodecError.io(problem(errno)) }
        }
        guard rename(temp, path) == 0 else { throw CodecError.io(problem(errno)) }
        ok = true
    }

    /// The kind of thing at `path`, without following a final symlink.
    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    static func problem(_ code: Int32) -> IOProblem {
        switch code {
        case ENOENT, ENOTDIR: .notFound
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .isDirectory
        default: .system(code: code, message: String(cString: strerror(code)))
        }
    }

    private static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = String(path[..<slash])
        return (dir.isEmpty ? "/" : dir, String(path[path.index(after: slash)...]))
    }

    private static let counter = Counter()
    private static func nextTemporaryNumber() -> Int { counter.next() }
}

/// A thread-safe increasing number.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private var lock = pthread_mutex_t()
    init() { pthread_mutex_init(&lock, nil) }
    func next() -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        value += 1
        return value
    }
}
