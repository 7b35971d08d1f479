#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// All file-system access of the Entries module, in one place: reading
/// entry.json and following symbolic links of photo paths.
enum EntryFileSystem {
    /// Why a file could not be read.
    enum ReadProblem: Error {
        case notFound
        case notARegularFile(kind: String)
        case tooLarge(size: Int)
        case system(String)
    }

    /// Why a path's landing place could not be found.
    struct ResolveProblem: Error {
        var reason: String
    }

    /// The whole regular file at `path`, refusing directories, FIFOs and
    /// devices, and files larger than `limit` bytes (also when the file grows
    /// while it is read).
    static func readFile(_ path: String, limit: Int) throws(ReadProblem) -> [UInt8] {
        // O_NONBLOCK keeps open() from waiting for a writer when the path
        // is a FIFO; fstat refuses it right after.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw errno == ENOENT || errno == ENOTDIR ? .notFound : .system(message(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(message(errno)) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { throw .notARegularFile(kind: kindName(type)) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(size: Int(info.st_size)) }
        // One byte more than the limit tells a file that grew past it.
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit) + 1)
        var count = 0
        let failure: Int32? = bytes.withUnsafeMutableBytes { buffer in
            while count < buffer.count {
                let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
                if n > 0 {
                    count += n
                } else if n == 0 {
                    return nil
                } else if errno != EINTR && errno != EAGAIN {
                    return errno
                }
            }
            return nil
        }
        if let failure { throw .system(message(failure)) }
        guard count <= limit else { throw .tooLarge(size: count) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The absolute path where `path` lands once every symbolic link on it
    /// is followed, like `realpath(3)`, except that parts that do not exist
    /// are taken as written: a missing photo still lands somewhere, and a
    /// dangling link lands where its target would be. Works on bytes, so a
    /// link target that is not UTF-8 is followed exactly.
    static func landingPath(of path: String) throws(ResolveProblem) -> [UInt8] {
        // Following more links than this is taken as a loop, as the kernel does.
        let maxLinks = 40
        let slash = UInt8(ascii: "/")
        let absolute = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
        var pending = components(of: Array(absolute.utf8))
        var landed: [ArraySlice<UInt8>] = []
        var links = 0
        while let component = pending.popLast() {
            if component.elementsEqual([UInt8(ascii: ".")]) { continue }
            if component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = landed.popLast()
                continue
            }
            landed.append(component)
            var candidate = [UInt8](landed.joined(separator: [slash]))
            candidate.insert(slash, at: 0)
            var info = stat()
            if lstat(candidate.map { CChar(bitPattern: $0) } + [0], &info) != 0 {
                // Missing, or under a file: the rest is taken as written.
                guard errno == ENOENT || errno == ENOTDIR else { throw ResolveProblem(reason: message(errno)) }
                continue
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { continue }
            links += 1
            guard links <= maxLinks else { throw ResolveProblem(reason: message(ELOOP)) }
            let target = try linkTarget(candidate)
            landed.removeLast()
            if target.first == slash { landed.removeAll() }
            pending.append(contentsOf: components(of: target))
        }
        return [slash] + landed.joined(separator: [slash])
    }

    /// The non-empty components of `path`, last first (a stack to pop).
    private static func components(of path: [UInt8]) -> [ArraySlice<UInt8>] {
        path.split(separator: UInt8(ascii: "/")).reversed()
    }

    private static func linkTarget(_ path: [UInt8]) throws(ResolveProblem) -> [UInt8] {
        let capacity = Int(PATH_MAX) + 1
        var buffer = [UInt8](repeating: 0, count: capacity)
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        let count = buffer.withUnsafeMutableBytes { readlink(cPath, $0.baseAddress!, capacity) }
        guard count >= 0 else { throw ResolveProblem(reason: message(errno)) }
        guard count < capacity else { throw ResolveProblem(reason: message(ENAMETOOLONG)) }
        return Array(buffer[..<count])
    }

    private static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "a special file"
        }
    }

    private static func message(_ code: Int32) -> String { String(cString: strerror(code)) }
}
