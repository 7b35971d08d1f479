import Foundation
import Codecs
#if canImport(Glibc)
import Glibc
#endif

/// Content hashes of input files, reusing the previous run's hash when a
/// file's size, mtime and inode are unchanged, so an unchanged ticket book
/// is checked without reading its photos. A file touched without change
/// is read and hashed again, and found equal. Thread-safe.
public final class FileHasher: @unchecked Sendable {
    private var known: [String: Manifest.File]
    private var used: [String: Manifest.File] = [:]
    private let lock = NSLock()

    public init(previous: [String: Manifest.File]) {
        self.known = previous
    }

    /// The records of every file hashed or confirmed in this run.
    public var records: [String: Manifest.File] {
        lock.lock()
        defer { lock.unlock() }
        return used
    }

    /// Hex SHA-256 of the file at `path`. Throws `CodecError` (via
    /// FileIO) when it cannot be read.
    public func hash(_ path: String, limit: Int) throws -> String {
        var st = stat()
        guard stat(path, &st) == 0 else {
            // Let FileIO produce the usual error text.
            _ = try FileIO.read(path, limit: limit)
            throw CodecError.io(.notFound)
        }
        let mtime = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        lock.lock()
        let previous = known[path]
        lock.unlock()
        if let previous, previous.size == Int64(st.st_size), previous.mtimeNanoseconds == mtime,
           previous.inode == UInt64(st.st_ino) {
            record(path, previous)
            return previous.sha256
        }
        let bytes = try FileIO.read(path, limit: limit)
        let digest = SHA256.hex(bytes)
        record(path, Manifest.File(size: Int64(bytes.count), mtimeNanoseconds: mtime, inode: UInt64(st.st_ino), sha256: digest))
        return digest
    }

    private func record(_ path: String, _ file: Manifest.File) {
        lock.lock()
        used[path] = file
        lock.unlock()
    }
}
