import Testing
import TestSupport
@testable import Diary

/// Photo names: what stays inside the entry folder and what is refused.
struct PhotoPathTests {
    static let file = "2022-08-27-decision/entry.json"

    /// Parses an entry in `folder` whose front photo is `name` (a JSON string literal).
    func front(_ name: String, in folder: String) throws(EntryError) -> FacePhoto? {
        try parseEntry(entryJSON("\"front\": {\"photo\": \(name)}"), folder: folder).front
    }

    func problem(_ name: String, in folder: String) throws -> String {
        let error = try #require(throws: EntryError.self) { try front(name, in: folder) }
        #expect(error.file == Self.file)
        return error.problem
    }

    static let accepted: [(String, String)] = [
        ("\"front.jpg\"", "front.jpg"),
        ("\"photos/front.jpg\"", "photos/front.jpg"),
        ("\"./photos//front.jpg\"", "photos/front.jpg"),
        ("\"..front.jpg\"", "..front.jpg"),
        ("\"사진 앞.HEIC.jpg\"", "사진 앞.HEIC.jpg"),
        ("\"missing.jpg\"", "missing.jpg"),
    ]

    @Test(arguments: accepted)
    func acceptsNameInside(name: String, relative: String) throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("photos")
        let photo = try #require(try front(name, in: folder.path))
        #expect(photo.path == folder.path + "/" + relative)
    }

    @Test func joinsWithoutDoublingSlashes() throws {
        #expect(try front("\"a.jpg\"", in: "/nonexistent/e/")?.path == "/nonexistent/e/a.jpg")
        #expect(PhotoPath.join("", "a.jpg") == "a.jpg")
    }

    static let refused: [(String, String)] = [
        ("\"\"", "\"front.photo\": \"\" does not name a file in the entry folder"),
        ("\"./\"", "\"front.photo\": \"./\" does not name a file in the entry folder"),
        ("\"/etc/passwd\"", "\"front.photo\": \"/etc/passwd\" is an absolute path; photos must be named relative to the entry folder"),
        ("\"../x.jpg\"", "\"front.photo\": \"../x.jpg\" leads outside the entry folder"),
        ("\"photos/../../x.jpg\"", "\"front.photo\": \"photos/../../x.jpg\" leads outside the entry folder"),
        ("\"photos/../front.jpg\"", "\"front.photo\": \"photos/../front.jpg\" has a \"..\" component; name photos inside the entry folder without \"..\""),
        ("\"./x/../f.jpg\"", "\"front.photo\": \"./x/../f.jpg\" has a \"..\" component; name photos inside the entry folder without \"..\""),
        ("\"up/entry/../secret.jpg\"", "\"front.photo\": \"up/entry/../secret.jpg\" has a \"..\" component; name photos inside the entry folder without \"..\""),
        ("\"front.jpg\\u0000.png\"", "\"front.photo\" must not contain a NUL character"),
    ]

    @Test(arguments: refused)
    func refusesName(name: String, message: String) throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("photos")
        #expect(try problem(name, in: folder.path) == message)
    }

    @Test func refusesLinkPointingOutside() throws {
        let root = try TemporaryFolder()
        try root.makeFolder("entry")
        try root.write("secret.jpg", "x")
        try root.link("entry/front.jpg", to: root.url("secret.jpg"))
        try root.link("entry/relative.jpg", to: "../secret.jpg")
        try root.link("entry/dangling.jpg", to: "../nowhere/missing.jpg")
        try root.link("entry/up", to: "..")
        let folder = root.url("entry")
        for name in ["front.jpg", "relative.jpg", "dangling.jpg", "up/secret.jpg"] {
            #expect(try problem("\"\(name)\"", in: folder) == "\"front.photo\": \"\(name)\" leads outside the entry folder")
        }
    }

    @Test func acceptsLinksStayingInside() throws {
        let root = try TemporaryFolder()
        try root.makeFolder("entry/photos")
        try root.write("entry/photos/real.jpg", "x")
        try root.link("entry/front.jpg", to: "photos/real.jpg")
        try root.link("entry/absolute.jpg", to: root.url("entry/photos/real.jpg"))
        try root.link("entry/album", to: "photos")
        try root.link("entry/roundabout.jpg", to: "../entry/photos/real.jpg")
        try root.link("entry/later.jpg", to: "photos/not-yet.jpg")
        let folder = root.url("entry")
        for name in ["front.jpg", "absolute.jpg", "album/real.jpg", "roundabout.jpg", "later.jpg"] {
            #expect(try front("\"\(name)\"", in: folder)?.path == folder + "/" + name)
        }
    }

    @Test func folderReachedThroughALinkStillWorks() throws {
        let root = try TemporaryFolder()
        try root.makeFolder("real-entry")
        try root.link("entry-link", to: "real-entry")
        try root.write("outside.jpg", "x")
        try root.link("real-entry/escape.jpg", to: "../outside.jpg")
        let folder = root.url("entry-link")
        #expect(try front("\"front.jpg\"", in: folder)?.path == folder + "/front.jpg")
        #expect(try problem("\"escape.jpg\"", in: folder) == "\"front.photo\": \"escape.jpg\" leads outside the entry folder")
    }

    @Test func linkLoopIsReported() throws {
        let root = try TemporaryFolder()
        try root.link("a.jpg", to: "b.jpg")
        try root.link("b.jpg", to: "a.jpg")
        let message = try problem("\"a.jpg\"", in: root.path)
        #expect(message.hasPrefix("\"front.photo\": \"a.jpg\" cannot be resolved: "))
    }

    @Test func relativeFolderIsKeptRelative() throws {
        // "" and "." are the working directory, which the landing check starts from.
        #expect(try front("\"front.jpg\"", in: ".")?.path == "./front.jpg")
        #expect(try front("\"front.jpg\"", in: "")?.path == "front.jpg")
    }
}
