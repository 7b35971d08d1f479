import Foundation
import Testing
@testable import PhotiCaseFileSystem

/// `Directory.openBeneath` and `folderBeneath`: the file system as it
/// stands now, links inside followed, links out refused.
@Suite struct OpenBeneathTests {
    func problem(_ body: () throws -> Void) -> IOProblem? {
        do {
            try body()
            return nil
        } catch {
            return (error as? FileSystemError)?.problem
        }
    }

    @Test func linksThatStayInsideAreFollowedAndLinksOutAreRefused() throws {
        let s = try Scratch(), outside = try Scratch()
        try s.file("diary/e/entry.json", "{}")
        try s.file("diary/e/front.jpg", "photo")
        try outside.file("secret.jpg", "secret")
        try FileManager.default.createSymbolicLink(atPath: s.path + "/diary/e/inside.jpg", withDestinationPath: "front.jpg")
        try FileManager.default.createSymbolicLink(atPath: s.path + "/diary/e/out.jpg", withDestinationPath: outside.path + "/secret.jpg")
        try FileManager.default.createSymbolicLink(atPath: s.path + "/diary/e/up.jpg", withDestinationPath: "../../x")
        try FileManager.default.createSymbolicLink(atPath: s.path + "/diary/linked", withDestinationPath: "e")
        try FileManager.default.createSymbolicLink(atPath: s.path + "/diary/away", withDestinationPath: outside.path)
        let diary = try Directory.open(s.path + "/diary")
        let entry = try diary.folderBeneath("e", display: "e")
        #expect(try entry.openBeneath("inside.jpg", display: "inside").read(limit: 100) == Array("photo".utf8))
        #expect(problem { _ = try entry.openBeneath("out.jpg", display: "out") } == .leadsOutside)
        #expect(problem { _ = try entry.openBeneath("up.jpg", display: "up") } == .leadsOutside)
        #expect(problem { _ = try entry.openBeneath("../e/front.jpg", display: "dots") } == .leadsOutside)
        #expect(problem { _ = try entry.openBeneath("/etc/hostname", display: "abs") } == .leadsOutside)
        #expect(problem { _ = try entry.openBeneath("missing.jpg", display: "m") } == .notFound)
        #expect(problem { _ = try entry.openBeneath("front.jpg/x", display: "m") } == .notFound)
        // A folder linked inside the diary is followed; one linked out is not.
        #expect(try diary.folderBeneath("linked", display: "l").openBeneath("entry.json", display: "j").read(limit: 10)
                == Array("{}".utf8))
        #expect(problem { _ = try diary.folderBeneath("away", display: "a") } == .leadsOutside)
        #expect(problem { _ = try diary.openBeneath("away/secret.jpg", display: "a") } == .leadsOutside)
        // Following no link at all, as the cache is read.
        #expect(try diary.openBeneath("e/front.jpg", display: "f", followLinks: false).read(limit: 10) == Array("photo".utf8))
        #expect(problem { _ = try diary.openBeneath("linked/entry.json", display: "l", followLinks: false) } == .symbolicLink)
        #expect(problem { _ = try diary.openBeneath("e/inside.jpg", display: "i", followLinks: false) } == .symbolicLink)
    }

    @Test func whatIsOpenStaysTheFileThatWasOpened() throws {
        let s = try Scratch()
        try s.file("d/e/front.jpg", "first")
        let diary = try Directory.open(s.path + "/d")
        let entry = try diary.folderBeneath("e", display: "e")
        let file = try entry.openBeneath("front.jpg", display: "front")
        // The folder moved away and another put in its place: what was
        // opened is still read, and a new open below the old handle sees
        // the folder it was opened on, not the path.
        try FileManager.default.moveItem(atPath: s.path + "/d/e", toPath: s.path + "/moved")
        try s.file("d/e/front.jpg", "second")
        #expect(try file.read(limit: 10) == Array("first".utf8))
        #expect(try entry.openBeneath("front.jpg", display: "f").read(limit: 10) == Array("first".utf8))
        #expect(try diary.folderBeneath("e", display: "e").openBeneath("front.jpg", display: "f").read(limit: 10)
                == Array("second".utf8))
    }

    @Test func onlyRegularFilesAreOpenedAndTheLimitHolds() throws {
        let s = try Scratch()
        try s.file("big.bin", String(repeating: "x", count: 100))
        try FileManager.default.createDirectory(atPath: s.path + "/folder", withIntermediateDirectories: true)
        #expect(mkfifo(s.path + "/fifo", 0o600) == 0)
        let dir = try Directory.open(s.path)
        #expect(problem { _ = try dir.openBeneath("fifo", display: "fifo") } == .notRegularFile(.fifo))
        #expect(problem { _ = try dir.openBeneath("folder", display: "folder") } != nil)
        #expect(problem { _ = try dir.openBeneath("big.bin", display: "big").read(limit: 99) } == .tooLarge(size: 100, limit: 99))
        let file = try dir.openBeneath("big.bin", display: "big")
        #expect(try file.read(limit: 100).count == 100)
        #expect(try file.read(limit: 100).count == 100, "a second read starts again at the start")
    }
}
