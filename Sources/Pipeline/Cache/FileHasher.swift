import Foundation
import PhotiCaseCodecs
import PhotiCaseFileSystem
import PhotiCaseHashing

/// Content hashes of input files, reusing the previous run's hash when a
/// file's size, mtime and inode are unchanged, so an unchanged ticket book
/// is checked without reading its photos. A file touched without change
/// is read and hashed again, and found equal. Thread-safe.
public final class FileHasher: @unchecked Sendable {
    // Sendable: `used` is read and written only under `lock`; the rest is let.
    /// A file's hash and record, and whether the record is new (the
    /// previous one did not match) or the index's row stands as it is.
    public struct Checked: Sendable {
        public var record: Manifest.File
        public var isFresh: Bool
        /// The content hash, as 32 bytes (what a run keeps per photo).
        public var digest: Digest
        /// The content hash as the index spells it.
        public var sha256: String { record.sha256 }
        /// The record to write, when it is new.
        public var fresh: Manifest.File? { isFresh ? record : nil }
    }

    private let known: (String) -> Manifest.File?
    private var used: [String: Manifest.File] = [:]
    private let lock = NSLock()

    /// `previous` looks up the record the last run kept for a path (the
    /// cache index); it must be thread-safe.
    public init(previous: @escaping (String) -> Manifest.File?) {
        self.known = previous
    }

    /// The records of every file hashed or confirmed by `hash` in this run
    /// (not by `check`, whose caller keeps what it needs).
    public var records: [String: Manifest.File] {
        lock.lock()
        defer { lock.unlock() }
        return used
    }

    /// Hex SHA-256 of the file at `path`, remembered in `records`. Throws
    /// `ImageFileError` naming the file when it cannot be read.
    public func hash(_ path: String, limit: Int) throws(ImageFileError) -> String {
        let checked = try check(path, limit: limit)
        lock.lock()
        used[path] = checked.record
        lock.unlock()
        return checked.sha256
    }

    /// Hex SHA-256 of the file at `path`, and its new record when it
    /// changed; remembers nothing, takes no lock of its own: the loading
    /// workers of a large book call it for every photo. `key` is the name
    /// the index knows the file by, when not `path` (photos are recorded
    /// by their canonical path, however ENTRIES was typed).
    public func check(_ path: String, key: String? = nil, limit: Int) throws(ImageFileError) -> Checked {
        do throws(FileSystemError) {
            // Opened, not just stat'ed: a photo that cannot be read fails
            // its entry now, even when its hash is known. With no record,
            // the read below is that check (one open, not two).
            // A record whose hash is not as this build spells one (an
            // edited row) does not stand: the file is hashed again.
            if let previous = known(key ?? path), let digest = try Self.standing(previous, at: path) {
                return Checked(record: previous, isFresh: false, digest: digest)
            }
            let (bytes, read) = try FileSystem.readFileWithStatus(path, limit: limit)
            let digest = Digest.of(bytes)
            return Checked(record: Manifest.File(size: read.size, mtimeNanoseconds: read.mtimeNanoseconds,
                                                 inode: read.identity.inode, sha256: digest.hex),
                           isFresh: true, digest: digest)
        } catch {
            throw ImageFileError(path: path, reason: CodecError(error))
        }
    }
}

extension FileHasher {
    /// The content hash `previous` records for the file at `path`, when it
    /// still stands: the row's hash is spelled as this build spells one,
    /// and the file, opened (so one that cannot be read fails now) and
    /// stat'ed, is a regular file of the recorded size, mtime and inode.
    /// Nil when it does not; throws when the file cannot be opened.
    static func standing(_ previous: Manifest.File, at path: String) throws(FileSystemError) -> Digest? {
        guard let digest = Digest(hex: previous.sha256) else { return nil }
        let status = try FileSystem.readableStatus(path)
        return status.kind == .regular && previous.matches(status) ? digest : nil
    }
}

extension Manifest.File {
    func matches(_ status: FileStatus) -> Bool {
        size == status.size && mtimeNanoseconds == status.mtimeNanoseconds && inode == status.identity.inode
    }
}
