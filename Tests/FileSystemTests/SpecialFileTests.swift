import Foundation
import Testing
@testable import PhotiCaseFileSystem

/// Special files where a regular one belongs, and files the user owns:
/// every error says what the path is, nothing opened for writing waits on
/// a FIFO, and a replaced file keeps its mode.
@Suite struct SpecialFileTests {
    /// What a path is, in the words of the layer that opened it: not "not
    /// an image file" for a folder given as a theme or an output.
    @Test func errorsSayWhatThePathIs() throws {
        let s = try Scratch()
        #expect(FileSystemError(path: "t", problem: .isDirectory).description == "t: is a folder")
        mkfifo(s.path + "/fifo", 0o644)
        let fifo = #expect(throws: FileSystemError.self) { try FileSystem.readFile(s.path + "/fifo", limit: 10) }
        #expect(fifo?.description == s.path + "/fifo: is a FIFO, not a regular file")
        let folder = #expect(throws: FileSystemError.self) { try FileSystem.readFile(s.path, limit: 10) }
        #expect(folder?.description == s.path + ": is a folder")
        let output = #expect(throws: FileSystemError.self) { try FileSystem.writeAtomically([1], to: s.path + "/") }
        #expect(output?.description.hasSuffix(": is a folder") == true)
        #expect(FileSystemError(path: "d", wrongKind: .device).description == "d: is a device, not a regular file")
    }

    /// A FIFO where a log or a lock is opened: refused at once, with or
    /// without a reader, never waited on (without O_NONBLOCK the open of a
    /// FIFO nobody reads blocks for ever, and this test with it).
    @Test func aFifoAtALogOrALockIsRefusedWithoutWaiting() throws {
        let s = try Scratch()
        let dir = try Directory.open(s.path)
        mkfifo(s.path + "/render.log", 0o644)
        mkfifo(s.path + "/.lock", 0o644)
        let log = #expect(throws: FileSystemError.self) { try dir.appender("render.log") }
        #expect(log == FileSystemError(path: s.path + "/render.log", problem: .notRegularFile(.fifo)))
        let lock = #expect(throws: FileSystemError.self) { try dir.lock(".lock", exclusive: true, wait: false) }
        #expect(lock == FileSystemError(path: s.path + "/.lock", problem: .notRegularFile(.fifo)))
        #expect(dir.lockHolder(".lock") == nil)
        // With a reader the FIFO opens for writing: still refused.
        let reader = open(s.path + "/render.log", O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        #expect(throws: FileSystemError(path: s.path + "/render.log", problem: .notRegularFile(.fifo))) {
            try dir.appender("render.log")
        }
        // A folder and a link there are named as such.
        try FileManager.default.createDirectory(atPath: s.path + "/log-dir", withIntermediateDirectories: true)
        #expect(throws: FileSystemError(path: s.path + "/log-dir", problem: .isDirectory)) { try dir.appender("log-dir") }
        symlink("/etc/passwd", s.path + "/link.log")
        #expect(throws: FileSystemError(path: s.path + "/link.log", problem: .symbolicLink)) { try dir.appender("link.log") }
        // A plain file is fine, made when missing.
        let appender = try dir.appender("fresh.log")
        appender.append("line\n")
        #expect(s.read("fresh.log") == "line\n")
    }

    /// A file replaced keeps its permission bits (a private 0600 file stays
    /// private, whatever the umask); a new one gets 0666 less the umask.
    @Test func aReplacedFileKeepsItsMode() throws {
        let s = try Scratch()
        let old = umask(0o022)
        defer { umask(old) }
        try s.file("private.png", "secret")
        #expect(chmod(s.path + "/private.png", 0o600) == 0)
        try FileSystem.writeAtomically(Array("new".utf8), to: s.path + "/private.png")
        #expect(s.read("private.png") == "new")
        #expect(try FileSystem.status(s.path + "/private.png")?.permissions == 0o600)
        try s.file("group.png", "x")
        #expect(chmod(s.path + "/group.png", 0o664) == 0)
        try FileSystem.writeAtomically([1], to: s.path + "/group.png")
        #expect(try FileSystem.status(s.path + "/group.png")?.permissions == 0o664)
        try FileSystem.writeAtomically([1], to: s.path + "/new.png")
        #expect(try FileSystem.status(s.path + "/new.png")?.permissions == 0o644)
    }

    /// Root replacing a user's file gives it back to that user.
    @Test func aReplacedFileKeepsItsOwnerWhenRootWrites() throws {
        guard geteuid() == 0 else { return }
        let s = try Scratch()
        try s.file("theirs.png", "x")
        #expect(chown(s.path + "/theirs.png", 65534, 65534) == 0)
        try FileSystem.writeAtomically([1], to: s.path + "/theirs.png")
        #expect(try FileSystem.status(s.path + "/theirs.png")?.owner == FileOwner(user: 65534, group: 65534))
    }
}
