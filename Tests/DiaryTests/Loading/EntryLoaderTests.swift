#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseDiary
import PhotiCaseRaster

/// Loading entry.json from disk.
struct EntryLoaderTests {
    @Test func loadsEntryAndKeepsItsBytes() throws {
        let root = try TemporaryFolder()
        try root.makeFolder("2022-08-27-decision")
        let text = entryJSON(#""front": {"photo": "front.jpg", "crop": {"rect": [0, 0, 1, 1]}}"#)
        try root.write("2022-08-27-decision/entry.json", text)
        let folder = root.url("2022-08-27-decision")
        let loaded = try EntryLoader().load(folder: folder, defaultID: "2022-08-27-decision")
        #expect(loaded.jsonBytes == Array(text.utf8))
        #expect(loaded.entry.id == "2022-08-27-decision")
        #expect(loaded.entry.folder == folder)
        #expect(loaded.entry.front?.path == folder + "/front.jpg")
        #expect(loaded.entry.front?.crop?.placement == .normalizedRect(Rect(x: 0, y: 0, width: 1, height: 1)))
    }

    @Test func errorsNameTheDisplayPath() throws {
        let root = try TemporaryFolder()
        try root.write("entry.json", entryJSON(rating: "7"))
        let error = try #require(throws: EntryError.self) {
            try EntryLoader().load(folder: root.path, defaultID: "x", displayPath: "book/entry.json")
        }
        #expect(error.description == "book/entry.json: \"rating\": 7 is outside 0...5")
        let plain = try #require(throws: EntryError.self) { try EntryLoader().load(folder: root.path, defaultID: "x") }
        #expect(plain.file == root.path + "/entry.json")
    }

    @Test func missingFileIsReported() throws {
        let root = try TemporaryFolder()
        let error = try #require(throws: EntryError.self) {
            try EntryLoader().load(folder: root.path, defaultID: "x", displayPath: "e/entry.json")
        }
        #expect(error == .notFound(file: "e/entry.json"))
        #expect(error.description == "e/entry.json: does not exist")
        let noFolder = try #require(throws: EntryError.self) {
            try EntryLoader().load(folder: root.url("absent"), defaultID: "x", displayPath: "absent/entry.json")
        }
        #expect(noFolder == .notFound(file: "absent/entry.json"))
    }

    @Test func directoryIsRefused() throws {
        let root = try TemporaryFolder()
        try root.makeFolder("entry.json")
        let error = try #require(throws: EntryError.self) {
            try EntryLoader().load(folder: root.path, defaultID: "x", displayPath: "e/entry.json")
        }
        #expect(error.description == "e/entry.json: is a folder, not a file")
    }

    @Test func fifoIsRefusedWithoutWaiting() throws {
        let root = try TemporaryFolder()
        #expect(mkfifo(root.url("entry.json"), 0o600) == 0)
        let error = try #require(throws: EntryError.self) {
            try EntryLoader().load(folder: root.path, defaultID: "x", displayPath: "e/entry.json")
        }
        #expect(error == .notARegularFile(file: "e/entry.json", kind: "a FIFO"))
    }

    @Test func hugeFileIsRefusedBeforeReading() throws {
        let root = try TemporaryFolder()
        let limit = 4 << 20
        // A sparse file: its size is known without writing 5 MB.
        let fd = open(root.url("entry.json"), O_WRONLY | O_CREAT, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, off_t(limit + 1)) == 0)
        close(fd)
        let error = try #require(throws: EntryError.self) {
            try EntryLoader().load(folder: root.path, defaultID: "x", displayPath: "e/entry.json")
        }
        #expect(error.description == "e/entry.json: is \(limit + 1) bytes, more than the limit of \(limit) bytes")
    }

    @Test func fileAtTheLimitIsRead() throws {
        let root = try TemporaryFolder()
        let text = entryJSON()
        try root.write("entry.json", text)
        let loader = EntryLoader(limits: JSONParser.Limits(maxBytes: text.utf8.count))
        #expect(try loader.load(folder: root.path, defaultID: "x").jsonBytes.count == text.utf8.count)
        let smaller = EntryLoader(limits: JSONParser.Limits(maxBytes: text.utf8.count - 1))
        #expect(throws: EntryError.tooLarge(file: root.path + "/entry.json", size: text.utf8.count,
                                            limit: text.utf8.count - 1)) {
            try smaller.load(folder: root.path, defaultID: "x")
        }
    }
    // An unreadable entry.json is tested through the tool as `nobody`
    // (CLITests.SafetyCommandTests): as root, permissions do not apply.
}
