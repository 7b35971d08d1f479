import PhotiCaseConcurrency

/// An advisory `flock` on a file, held until this value is released. The
/// kernel drops it when the process dies, even by kill -9, so it is never
/// stale. An exclusive holder writes its pid into the file so others can
/// say who has it.
public final class FileLock: @unchecked Sendable {
    // Sendable: immutable (a descriptor and a flag); flock and close on it are
    // thread-safe system calls.
    private let fd: Int32
    private let exclusive: Bool

    init(fd: Int32, exclusive: Bool) {
        self.fd = fd
        self.exclusive = exclusive
        if exclusive { Syscalls.replaceContents(fd, Array("\(Syscalls.processID)\n".utf8)) }
    }

    deinit {
        if exclusive { Syscalls.replaceContents(fd, []) }
        Syscalls.unlock(fd)
        Syscalls.close(fd)
    }

    static func holder(_ fd: Int32) -> Int32? {
        let text = String(decoding: Syscalls.readPrefix(fd, count: 31), as: UTF8.self)
        return Int32(text.filter { $0.isNumber })
    }
}

/// A file opened for appending whole lines (O_APPEND, so concurrent
/// writers' lines do not tear). Thread-safe.
public final class AppendFile: @unchecked Sendable {
    private let fd: Int32
    private let lock = Locked(())

    init(fd: Int32) { self.fd = fd }

    deinit { Syscalls.close(fd) }

    /// Appends `text` in one write; errors are ignored (a log must never
    /// stop the work it records).
    public func append(_ text: String) {
        let bytes = Array(text.utf8)
        lock.withLock { _ in
            try? Syscalls.writeAll(fd, bytes)
        }
    }
}
