import Foundation
import Testing
import PhotiCaseTestSupport
@testable import PhotiCaseDiary

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

/// A photo named in one Unicode normalization in entry.json and stored in
/// the other (macOS and iCloud copies write names decomposed, NFD; the app
/// writes entry.json composed, NFC): found as the disk spells it, never
/// "no such file"; two files that both spell it are an error.
struct PhotoNameNormalizationTests {
    /// "café 앞면.jpg": é and the Hangul syllables composed (NFC) ...
    static let composed = "caf\u{E9} \u{C55E}\u{BA74}.jpg"
    /// ... and decomposed (NFD): e + U+0301, Hangul as conjoining jamo.
    static let decomposed = "cafe\u{301} \u{110B}\u{1161}\u{11C1}\u{1106}\u{1167}\u{11AB}.jpg"

    /// Creates `name` in `folder` byte for byte (no library in between
    /// that might normalize it).
    func create(_ name: String, in folder: String) throws {
        let fd = open(folder + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        close(fd)
    }

    func front(_ name: String, in folder: String) throws(EntryError) -> FacePhoto? {
        try parseEntry(entryJSON("\"front\": {\"photo\": \"\(name)\"}"), folder: folder).front
    }

    @Test func theSpellingsDifferInBytesButNotAsText() {
        #expect(Array(Self.composed.utf8) != Array(Self.decomposed.utf8))
        #expect(Self.composed == Self.decomposed)
    }

    @Test(arguments: [(composed, decomposed), (decomposed, composed)])
    func aNameIsFoundAsTheDiskSpellsIt(written: String, onDisk: String) throws {
        let folder = try TemporaryFolder()
        try create(onDisk, in: folder.path)
        let photo = try #require(try front(written, in: folder.path))
        // The path opens the file: the disk's bytes, not entry.json's.
        #expect(Array(photo.path.utf8) == Array((folder.path + "/" + onDisk).utf8))
        #expect(access(photo.path, F_OK) == 0)
        // The name stays as written (it is what entry.json says).
        #expect(Array(photo.name.utf8) == Array(written.utf8))
        // In a sub-folder spelled the other way too.
        #expect(mkdir(folder.path + "/" + "R\u{E9}sum\u{E9}", 0o755) == 0)
        try create(onDisk, in: folder.path + "/" + "R\u{E9}sum\u{E9}")
        let nested = try #require(try front("Re\u{301}sume\u{301}/" + written, in: folder.path))
        #expect(Array(nested.path.utf8) == Array((folder.path + "/R\u{E9}sum\u{E9}/" + onDisk).utf8))
    }

    @Test func theExactSpellingWinsAndAMissingNameStaysAsWritten() throws {
        let folder = try TemporaryFolder()
        try create(Self.composed, in: folder.path)
        try create(Self.decomposed, in: folder.path)
        // Both are there: the name as written is not ambiguous in bytes.
        let exact = try #require(try front(Self.decomposed, in: folder.path))
        #expect(Array(exact.path.utf8) == Array((folder.path + "/" + Self.decomposed).utf8))
        let missing = try #require(try front("other.jpg", in: folder.path))
        #expect(missing.path == folder.path + "/other.jpg")
    }

    @Test func twoFilesThatSpellTheNameAreAmbiguous() throws {
        let folder = try TemporaryFolder()
        try create(Self.decomposed, in: folder.path)
        // The same name decomposed differently: ㅇ+ㅏ+ㅂ as one syllable, the
        // rest as jamo (canonically equal to both spellings).
        let mixed = "cafe\u{301} \u{C55E}\u{1106}\u{1167}\u{11AB}.jpg"
        try create(mixed, in: folder.path)
        let written = "caf\u{E9} \u{C55E}\u{BA74}.jpg"
        let error = try #require(throws: EntryError.self) { try front(written, in: folder.path) }
        #expect(error.file == PhotoPathTests.file)
        #expect(error.problem.hasPrefix("\"front.photo\": \"\(written)\" is not in \(folder.path) as written, and 2 files there spell it ("),
                "\(error.problem)")
        #expect(error.problem.hasSuffix("their names differ only in Unicode normalization; rename or remove all but one"))
        #expect(error.problem.contains("(U+0301 U+110B U+1161 U+11C1 U+1106 U+1167 U+11AB)"), "\(error.problem)")
    }
}
