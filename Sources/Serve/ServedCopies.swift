import PhotiCaseConcurrency
import PhotiCaseFileSystem
import PhotiCaseHashing
import PhotiCasePipeline

/// The copies `serve` keeps of what it rendered, in `CACHE/served/`, so a
/// request for an unchanged image is answered without drawing it again.
///
/// The folder is a cache, not a record: anything may happen to it while
/// serving (moved aside, deleted, put back, a file replaced), so a copy is
/// served only when it is the very file written for the key asked: the
/// file opened must have the device, inode, size and modification and
/// change times it had once written (any write to a file changes its
/// change time, which no one can set, and a file put back in its place is
/// another inode), and the bytes read must be as many. Each read and write
/// opens the folders afresh from the cache's handle (a handle kept on
/// `served/` would read a folder moved aside; one `openat2` that follows
/// no link reads it). A copy lost is rendered
/// once and written again; the next request reads it. Checking the status
/// costs one `fstat`; hashing the bytes on every answer cost more than the
/// rest of a warm answer (a 78 KB card: 40% of the CPU under load).
/// Copies are named by a digest of the id (`served/HEX/story.jpg`), so an
/// id of any length has a copy.
final class ServedCopies: Sendable {
    private let cache: Directory
    static let folder = "served"

    private struct Copy {
        var key: String
        /// The file as written: its identity, size and times.
        var status: FileStatus
        var count: Int { Int(status.size) }
    }
    /// What was written at each path, by this process.
    private let written = Locked<[String: Copy]>([:])
    /// The length of the image rendered for a key at each path, said as
    /// soon as its render ends (`rendered`), before its copy is written:
    /// a conditional request that comes in between gets its length too.
    private let lengths = Locked<[String: (key: String, count: Int)]>([:])

    init(cache: Directory) {
        self.cache = cache
    }

    /// The path of the copy of `fileName` of entry `id`.
    static func path(id: String, fileName: String) -> String {
        "\(folder)/\(String(Digest.of(Array(id.utf8)).hex.prefix(32)))/\(fileName)"
    }

    /// The bytes of the copy at `path` when they are those rendered for
    /// `key`; nil otherwise (none, another key's, changed or unreadable).
    func read(_ path: String, key: String) -> [UInt8]? {
        guard let copy = written.withLock({ $0[path] }), copy.key == key else { return nil }
        guard let file = try? cache.openBeneath(path, display: path, followLinks: false),
              Self.same(file.status, copy.status),
              let bytes = try? file.read(limit: copy.count), bytes.count == copy.count else { return nil }
        return bytes
    }

    /// The length of the image of `key` at `path`, when it was rendered
    /// or a copy of it written (a 304 may say it).
    func length(_ path: String, key: String) -> Int? {
        written.withLock { $0[path] }.flatMap { $0.key == key ? $0.count : nil }
            ?? lengths.withLock { $0[path] }.flatMap { $0.key == key ? $0.count : nil }
    }

    /// Says that the image rendered for `key` at `path` has `count` bytes
    /// (the same bytes for the same key: renders are deterministic).
    func rendered(_ path: String, key: String, count: Int) {
        lengths.withLock { $0[path] = (key, count) }
    }

    /// Writes `bytes`, the image of `key`, as the copy at `path`: whole
    /// (a temporary file renamed), not synced (a copy lost in a crash is
    /// rendered again). False when it could not be written.
    @discardableResult
    func write(_ path: String, key: String, bytes: [UInt8]) -> Bool {
        let (folder, name) = FileSystem.split(path)
        let status: FileStatus
        do throws(FileSystemError) {
            let dir = try cache.folder(folder, create: true)
            try dir.write(name, bytes: bytes, durable: false)
            guard let written = try dir.status(name), written.kind == .regular, written.size == Int64(bytes.count) else {
                return false
            }
            status = written
        } catch {
            return false
        }
        written.withLock { $0[path] = Copy(key: key, status: status) }
        return true
    }

    /// Whether `a` and `b` are one file, unchanged between them.
    private static func same(_ a: FileStatus, _ b: FileStatus) -> Bool {
        a.identity == b.identity && a.size == b.size && a.mtimeNanoseconds == b.mtimeNanoseconds
            && a.ctimeNanoseconds == b.ctimeNanoseconds
    }

    /// Deletes the temporary files that serves killed while writing left
    /// in `served/` (their writer provably gone: see
    /// `Directory.isAbandonedTemporary`); returns how many.
    @discardableResult
    func sweepTemporaryFiles() -> Int {
        guard let served = try? cache.folder(Self.folder) else { return 0 }
        var folders = [served]
        for entry in (try? served.list()) ?? [] where entry.kind == .directory {
            if let sub = try? served.folder(entry.name) { folders.append(sub) }
        }
        var swept = 0
        for dir in folders {
            for entry in (try? dir.list()) ?? [] where entry.kind == .regular && Directory.isTemporaryName(entry.name) {
                let modified = (try? dir.status(entry.name))??.mtimeNanoseconds
                let age = modified.map { (FileSystem.nowNanoseconds() - $0) / 1_000_000_000 }
                if Directory.isAbandonedTemporary(entry.name, ageSeconds: age), (try? dir.remove(entry.name)) == true {
                    swept += 1
                }
            }
        }
        return swept
    }
}
