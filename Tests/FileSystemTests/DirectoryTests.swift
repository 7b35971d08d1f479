import Foundation
import Testing
@testable import PhotiCaseFileSystem

/// A scratch folder removed when the value goes away.
final class Scratch {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("pr-fs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String, _ text: String) throws {
        let full = path + "/" + name
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
    func read(_ name: String) -> String? { try? String(contentsOfFile: path + "/" + name, encoding: .utf8) }
}

@Suite struct DirectoryTests {
    @Test func readsRegularFilesAndRefusesEverythingElse() throws {
        let s = try Scratch()
        try s.file("a.txt", "hello")
        #expect(try FileSystem.readFile(s.path + "/a.txt", limit: 10) == Array("hello".utf8))
        #expect(throws: FileSystemError(path: s.path + "/a.txt", problem: .tooLarge(size: 5, limit: 4))) {
            try FileSystem.readFile(s.path + "/a.txt", limit: 4)
        }
        #expect(throws: FileSystemError(path: s.path, problem: .isDirectory)) {
            try FileSystem.readFile(s.path, limit: 10)
        }
        mkfifo(s.path + "/fifo", 0o644)
        // O_NONBLOCK: no writer, yet the open returns and the FIFO is refused.
        #expect(throws: FileSystemError(path: s.path + "/fifo", problem: .notRegularFile(.fifo))) {
            try FileSystem.readFile(s.path + "/fifo", limit: 10)
        }
        #expect(throws: FileSystemError(path: s.path + "/none", problem: .notFound)) {
            try FileSystem.readFile(s.path + "/none", limit: 10)
        }
    }

    @Test func directoryReadsDoNotFollowLinks() throws {
        let s = try Scratch()
        try s.file("secret.txt", "outside")
        try FileManager.default.createDirectory(atPath: s.path + "/cache", withIntermediateDirectories: true)
        symlink(s.path + "/secret.txt", s.path + "/cache/link.txt")
        let cache = try Directory.open(s.path + "/cache")
        #expect(throws: FileSystemError(path: s.path + "/cache/link.txt", problem: .symbolicLink)) {
            try cache.readFile("link.txt", limit: 100)
        }
        // The path-level reader follows links the user made on purpose.
        #expect(try FileSystem.readFile(s.path + "/cache/link.txt", limit: 100) == Array("outside".utf8))
    }

    @Test func writeReplacesAtomicallyAndLeavesNoTemporaryFile() throws {
        let s = try Scratch()
        try s.file("out.txt", "old")
        let dir = try Directory.open(s.path)
        try dir.write("out.txt", bytes: Array("new".utf8))
        #expect(s.read("out.txt") == "new")
        #expect(try dir.list().map(\.name) == ["out.txt"])
    }

    @Test func writeRefusesLinksFifosFoldersAndInputs() throws {
        let s = try Scratch()
        try s.file("victim.txt", "precious")
        let dir = try Directory.open(s.path)
        symlink(s.path + "/victim.txt", s.path + "/link.txt")
        #expect(throws: FileSystemError(path: s.path + "/link.txt", problem: .symbolicLink)) {
            try dir.write("link.txt", bytes: [1])
        }
        mkfifo(s.path + "/fifo", 0o644)
        #expect(throws: FileSystemError(path: s.path + "/fifo", problem: .notRegularFile(.fifo))) {
            try dir.write("fifo", bytes: [1])
        }
        try FileManager.default.createDirectory(atPath: s.path + "/sub", withIntermediateDirectories: true)
        #expect(throws: FileSystemError(path: s.path + "/sub", problem: .isDirectory)) {
            try dir.write("sub", bytes: [1])
        }
        let inputs = InputFiles([s.path + "/victim.txt"])
        #expect(throws: FileSystemError(path: s.path + "/victim.txt", problem: .sameFileAsInput(s.path + "/victim.txt"))) {
            try FileSystem.writeAtomically([1], to: s.path + "/victim.txt", protecting: inputs)
        }
        // A hard link is the same file under another name; the error names both.
        link(s.path + "/victim.txt", s.path + "/hard.txt")
        let refused = FileSystemError(path: s.path + "/hard.txt", problem: .sameFileAsInput(s.path + "/victim.txt"))
        #expect(throws: refused) {
            try FileSystem.writeAtomically([1], to: s.path + "/hard.txt", protecting: inputs)
        }
        #expect(refused.description == "\(s.path)/hard.txt: is the same file as \(s.path)/victim.txt, an input of "
                + "this command; refusing to overwrite it")
        #expect(s.read("victim.txt") == "precious")
    }

    @Test func folderRefusesALinkOnTheWayEvenWhenCreating() throws {
        let s = try Scratch()
        try FileManager.default.createDirectory(atPath: s.path + "/outside", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: s.path + "/cache/tickets", withIntermediateDirectories: true)
        symlink(s.path + "/outside", s.path + "/cache/tickets/evil")
        let cache = try Directory.open(s.path + "/cache")
        #expect(throws: FileSystemError(path: s.path + "/cache/tickets/evil", problem: .symbolicLink)) {
            try cache.folder("tickets/evil", create: true)
        }
        let made = try cache.folder("days/2022", create: true)
        try made.write("x.jpg", bytes: [1, 2])
        #expect(FileManager.default.fileExists(atPath: s.path + "/cache/days/2022/x.jpg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path + "/outside").isEmpty)
        #expect(throws: FileSystemError.self) { try cache.folder("../outside") }
    }

    @Test func removeTakesTheLinkNotItsTarget() throws {
        let s = try Scratch()
        try s.file("target.txt", "keep")
        symlink(s.path + "/target.txt", s.path + "/link")
        let dir = try Directory.open(s.path)
        #expect(try dir.remove("link"))
        #expect(try !dir.remove("link"))
        #expect(s.read("target.txt") == "keep")
    }

    @Test func temporaryNamesOfDeadWritersOnly() {
        let mine = Directory.temporaryName(for: "front.png")
        let origin = Directory.origin
        #expect(origin.count == 8 && origin.allSatisfy(\.isHexDigit))
        #expect(mine.hasPrefix(".front.png.tmp-\(origin)-\(getpid())-"))
        #expect(Directory.isTemporaryName(mine))
        #expect(!Directory.isAbandonedTemporary(mine))
        // pid 2^22+ is above Linux's pid_max default, so no such process.
        #expect(Directory.isAbandonedTemporary(".front.png.tmp-\(origin)-4194999-3"))
        #expect(!Directory.isAbandonedTemporary("front.png"))
        #expect(!Directory.isAbandonedTemporary(".front.png.tmp-\(origin)-abc-3"))
        #expect(!Directory.isAbandonedTemporary(".front.png.tmp-\(origin)-1-3"))  // init is alive
    }

    /// A temporary file of another process space (another machine or
    /// container sharing the cache; its pids mean nothing here), or one
    /// named before origin tags, is abandoned only when it is old.
    @Test func foreignTemporaryFilesOnlyWhenOld() {
        let other = Directory.origin == "0badcafe" ? "0badcaff" : "0badcafe"
        let foreign = ".front.png.tmp-\(other)-4194999-3"
        #expect(!Directory.isAbandonedTemporary(foreign))
        #expect(!Directory.isAbandonedTemporary(foreign, ageSeconds: 60))
        #expect(!Directory.isAbandonedTemporary(foreign, ageSeconds: Directory.foreignTemporaryAge))
        #expect(Directory.isAbandonedTemporary(foreign, ageSeconds: Directory.foreignTemporaryAge + 1))
        #expect(!Directory.isAbandonedTemporary(".front.png.tmp-4194999-3", ageSeconds: 60))
        #expect(Directory.isAbandonedTemporary(".front.png.tmp-4194999-3", ageSeconds: 7200))
        #expect(!Directory.isAbandonedTemporary(".front.png.tmp-abc-3", ageSeconds: 7200))
        // Young: kept even when its pid is not running here.
        #expect(!Directory.isAbandonedTemporary(".front.png.tmp-\(other)-4194999-3", ageSeconds: 0))
    }

    @Test func locksContendAcrossOpenFiles() throws {
        let s = try Scratch()
        let dir = try Directory.open(s.path)
        let first = try #require(try dir.lock(".lock", exclusive: true, wait: false))
        #expect(try dir.lock(".lock", exclusive: true, wait: false) == nil)
        #expect(try dir.lock(".lock", exclusive: false, wait: false) == nil)
        #expect(dir.lockHolder(".lock") == getpid())
        withExtendedLifetime(first) {}
        let shared1 = try #require(try dir.lock(".shared", exclusive: false, wait: false))
        let shared2 = try #require(try dir.lock(".shared", exclusive: false, wait: false))
        #expect(try dir.lock(".shared", exclusive: true, wait: false) == nil)
        withExtendedLifetime((shared1, shared2)) {}
    }

    @Test func landingPathFollowsLinksAndKeepsMissingParts() throws {
        let s = try Scratch()
        let real = FileSystem.realPath(s.path)!
        try FileManager.default.createDirectory(atPath: s.path + "/a", withIntermediateDirectories: true)
        symlink("a", s.path + "/b")
        #expect(try FileSystem.landingPath(of: s.path + "/b/missing.jpg") == Array((real + "/a/missing.jpg").utf8))
        symlink("loop", s.path + "/loop")
        #expect(throws: FileSystem.ResolveProblem.self) { try FileSystem.landingPath(of: s.path + "/loop/x") }
    }

    @Test func makeDirectoriesIsMkdirP() throws {
        let s = try Scratch()
        try FileSystem.makeDirectories(s.path + "/a/b/c")
        try FileSystem.makeDirectories(s.path + "/a/b/c")
        #expect(try FileSystem.status(s.path + "/a/b/c")?.kind == .directory)
        try s.file("file", "x")
        #expect(throws: FileSystemError.self) { try FileSystem.makeDirectories(s.path + "/file") }
        #expect(throws: FileSystemError.self) { try FileSystem.makeDirectories(s.path + "/file/sub") }
    }

    @Test func splitAndAbsolute() {
        #expect(FileSystem.split("a/b/c.png") == ("a/b", "c.png"))
        #expect(FileSystem.split("c.png") == (".", "c.png"))
        #expect(FileSystem.split("/c.png") == ("/", "c.png"))
        #expect(FileSystem.absolute("/x/./y/../z") == "/x/z")
    }
}
