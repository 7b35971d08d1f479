/// Reads whole regular files through a descriptor, the one file reader of
/// the project (Codecs, Entries and the pipeline all come here).
enum FileReader {
    /// Opens `name` in `dir` and reads it whole. `follow` false refuses a
    /// symbolic link. Refuses folders, FIFOs and devices before reading a
    /// byte (O_NONBLOCK: opening a FIFO with no writer must not hang), and
    /// files over `limit`, also when the file grows while it is read; with
    /// `prefix`, reads only the first `limit` bytes of a larger file.
    static func read(_ name: String, in dir: Int32, follow: Bool, display: String,
                     limit: Int, prefix: Bool = false) throws(FileSystemError) -> (bytes: [UInt8], status: FileStatus) {
        func fail(_ error: Errno) -> FileSystemError {
            FileSystemError(path: display, problem: Syscalls.problem(error.code))
        }
        let fd: Int32
        do throws(Errno) {
            fd = try Syscalls.open(name, in: dir, flags: Syscalls.openReadFlags | (follow ? 0 : Syscalls.noFollow))
        } catch {
            if !follow, error.code == Syscalls.errnoSymbolicLinkLoop {
                throw FileSystemError(path: display, problem: .symbolicLink)
            }
            // "a part of the path is not a folder" means: no such file there.
            if error.code == Syscalls.errnoNotDirectory { throw FileSystemError(path: display, problem: .notFound) }
            throw fail(error)
        }
        defer { Syscalls.close(fd) }
        return try readOpened(fd, display: display, limit: limit, prefix: prefix)
    }

    /// Reads the regular file open as `fd` from its current position to
    /// its end (or `limit`, as `read` does); `fd` stays open.
    static func readOpened(_ fd: Int32, display: String, limit: Int,
                           prefix: Bool = false) throws(FileSystemError) -> (bytes: [UInt8], status: FileStatus) {
        func fail(_ error: Errno) -> FileSystemError {
            FileSystemError(path: display, problem: Syscalls.problem(error.code))
        }
        let status: FileStatus
        do throws(Errno) { status = try Syscalls.fstatus(fd) } catch { throw fail(error) }
        guard status.kind == .regular else { throw FileSystemError(path: display, wrongKind: status.kind) }
        guard prefix || status.size <= Int64(limit) else {
            throw FileSystemError(path: display, problem: .tooLarge(size: Int(status.size), limit: limit))
        }
        // Read to the end, whatever the size said: a file that grows while
        // it is read is caught at the limit, one that shrinks is cut.
        var bytes = [UInt8](repeating: 0, count: Int(min(status.size, Int64(limit))) + 1)
        var count = 0
        while !(prefix && count >= limit) {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(1 << 16, count / 2))) }
            let n: Int
            do throws(Errno) { n = try Syscalls.read(fd, into: &bytes, at: count) } catch { throw fail(error) }
            if n == 0 { break }
            count += n
            guard prefix || count <= limit else { throw FileSystemError(path: display, problem: .tooLarge(size: count, limit: limit)) }
        }
        bytes.removeSubrange(min(count, limit)...)
        return (bytes, status)
    }
}
