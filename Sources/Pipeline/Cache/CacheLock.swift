import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run at a time per cache: an flock on a file in the cache, holding
/// the owner's pid so a second run can say who has it. The kernel drops
/// the lock when the process dies, even by kill -9, so it is never stale.
public final class CacheLock {
    private let fd: Int32

    /// Takes the lock at `path`. Without `wait`, fails at once with
    /// `PipelineError.locked` when another process holds it.
    public init(path: String, cacheDisplay: String, wait: Bool) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw PipelineError.badCache(path: path, reason: String(cString: strerror(errno)))
        }
        if flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            let holder = CacheLock.readPID(fd)
            close(fd)
            throw PipelineError.locked(cache: cacheDisplay, holder: holder)
        }
        self.fd = fd
        // Record who holds it; the content is only informative.
        let text = Array("\(getpid())\n".utf8)
        ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        ftruncate(fd, 0)
        flock(fd, LOCK_UN)
        close(fd)
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 31, 0) }
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text)
    }
}
