import Foundation
import Codecs
import FileSystem

/// Content hashes of input files, reusing the previous run's hash when a
/// file's size, mtime and inode are unchanged, so an unchanged ticket book
/// is checked without reading its photos. A file touched without change
/// is read and hashed again, and found equal. Thread-safe.
public final class FileHasher: @unchecked Sendable {
    private let known: (String) -> Manifest.File?
    private var used: [String: Manifest.File] = [:]
    private var confirmed: Set<String> = []
    private let lock = NSLock()

    /// `previous` looks up the record the last run kept for a path (the
    /// cache index); it must be thread-safe.
    public init(previous: @escaping (String) -> Manifest.File?) {
        self.known = previous
    }

    /// The records of every file hashed or confirmed in this run.
    public var records: [String: Manifest.File] {
        lock.lock()
        defer { lock.unlock() }
        return used
    }

    /// The paths among `records` whose record is the previous run's,
    /// confirmed by stat: the index need not write them again.
    public var kept: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return confirmed
    }

    /// Hex SHA-256 of the file at `path`. Throws `ImageFileError` naming
    /// the file when it cannot be read.
    public func hash(_ path: String, limit: Int) throws(ImageFileError) -> String {
        do throws(FileSystemError) {
            // Opened, not just stat'ed: a photo that cannot be read fails
            // its entry now, even when its hash is known. With no record,
            // the read below is that check (one open, not two).
            if let previous = known(path) {
                let status = try FileSystem.readableStatus(path)
                if status.kind == .regular, previous.matches(status) {
                    record(path, previous, confirmed: true)
                    return previous.sha256
                }
            }
            let (bytes, read) = try FileSystem.readFileWithStatus(path, limit: limit)
            let digest = SHA256.hex(bytes)
            record(path, Manifest.File(size: read.size, mtimeNanoseconds: read.mtimeNanoseconds,
                                       inode: read.identity.inode, sha256: digest))
            return digest
        } catch {
            throw ImageFileError(path: path, reason: CodecError(error))
        }
    }

    private func record(_ path: String, _ file: Manifest.File, confirmed isConfirmed: Bool = false) {
        lock.lock()
        used[path] = file
        if isConfirmed { confirmed.insert(path) } else { confirmed.remove(path) }
        lock.unlock()
    }
}

extension Manifest.File {
    func matches(_ status: FileStatus) -> Bool {
        size == status.size && mtimeNanoseconds == status.mtimeNanoseconds && inode == status.identity.inode
    }
}
