import PhotiCaseCodecs
import Foundation
import PhotiCaseRaster
import Testing

/// `serve` in front of strangers: every id `render` writes is served, an
/// answer is bound to the entry as it stands at that moment, the cache is
/// only a cache, and HTTP is answered as RFC 9110 says.
@Suite(.serialized) struct ServeTrustCommandTests {
    typealias Book = RenderCommandTests.Book
    typealias Server = ServeCommandTests.Server

    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    static let heifEnc = "/usr/bin/heif-enc"

    // MARK: - Every id that render writes is served

    /// The `serve` and `curl` lines of a document's first serve example,
    /// and the entry a diary laid out as README.md teaches holds.
    struct Example {
        var serve: String
        var curl: String
    }

    static func example(in document: String) throws -> Example {
        let text = try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let serve = try #require(lines.first { $0.hasPrefix("photicase-render serve ") }, "\(document) has no serve line")
        let after = try #require(lines.firstIndex(of: serve))
        let curl = try #require(lines[after...].first { $0.hasPrefix("curl ") }, "\(document) has no curl line after serve")
        return Example(serve: serve, curl: curl)
    }

    /// README.md's diary: the folders of its drawn tree and its entry.json,
    /// with a JPEG front and a HEIC back as the tree names them, in `home`.
    static func readmeDiary(in home: String) throws -> String {
        let text = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let tree = try #require(text.components(separatedBy: "```\nPhotiCase/\n").dropFirst().first?
            .components(separatedBy: "```").first, "README.md draws no diary tree")
        var folders = ["PhotiCase"], files: [String] = []
        for line in tree.split(separator: "\n") {
            guard let name = line.components(separatedBy: "── ").last else { continue }
            if name.hasSuffix("/") { folders.append(String(name.dropLast())) } else { files.append(name) }
        }
        #expect(files.sorted() == ["back.heic", "entry.json", "front.jpg"], "the tree README.md draws changed: \(files)")
        let json = try #require(text.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let dir = home + "/" + folders.joined(separator: "/")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: URL(fileURLWithPath: dir + "/entry.json"))
        var raster = Raster(width: 640, height: 480, fill: RGBA(40, 90, 160))
        for y in 0..<120 { for x in 0..<160 { raster[x, y] = RGBA(250, 240, 10) } }
        try Data(try ImageEncoder.encode(raster, settings: .defaults(for: .jpeg))).write(to: URL(fileURLWithPath: dir + "/front.jpg"))
        try Data(try ImageEncoder.encode(raster, settings: .png(compressionLevel: 1))).write(to: URL(fileURLWithPath: home + "/back.png"))
        let enc = try Tool.run(["-q", "80", home + "/back.png", "-o", dir + "/back.heic"], executable: heifEnc)
        #expect(enc.status == 0, "\(enc.stderr)")
        return dir
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: heifEnc) && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
                   "heif-enc (libheif-examples) or curl not found: the documents' serve examples are not run"),
          arguments: ["README.md", "docs/serve.md"])
    func theDocumentsServeExamplesWorkAsWritten(_ document: String) throws {
        let home = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let folder = try Self.readmeDiary(in: home)
        let example = try Self.example(in: document)
        // As written, but in a home of the test's own and on a port the
        // kernel picks.
        let words = example.serve.replacingOccurrences(of: "~", with: home).split(separator: " ").map(String.init)
        let arguments = Array(words.dropFirst()).map { $0.hasPrefix("127.0.0.1:") ? "127.0.0.1:0" : $0 }
        let server = try Server(arguments: arguments)
        let curl = example.curl.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")
        let r = try Tool.run(["-c", "set -e; " + curl.replacingOccurrences(of: "curl ", with: "curl -fsS ")], cwd: home,
                             executable: "/bin/bash")
        #expect(r.status == 0, "\(document): `\(curl)` failed: \(r.stderr)")
        let story = try Data(contentsOf: URL(fileURLWithPath: home + "/story.jpg"))
        let info = try ImageDecoder.inspect(Array(story), limits: DecodeLimits())
        #expect(info.format == .jpeg && info.uprightSize == PixelSize(width: 1080, height: 1920), "\(info)")
        // share's bytes, from the entry folder.
        let shared = try Tool.run(["share", folder, "--layout", "story", "-o", home + "/shared.jpg"])
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(story == (try Data(contentsOf: URL(fileURLWithPath: home + "/shared.jpg"))), "\(document): served bytes are not share's")
        #expect(server.stop().0 == 0)
    }

    @Test func idsWithSlashesAreServedInBothFormsAndDotsAreRefused() throws {
        let book = try Book()
        try book.add("2022/08/decision", date: "2022-08-27")
        try book.add("2022/08/영화", date: "2022-08-28")
        let server = try Server(book)
        let plain = server.get("/entries/2022/08/decision/story.jpg")
        #expect(plain.status == 200)
        let escaped = server.get("/entries/2022%2F08%2Fdecision/story.jpg")
        #expect(escaped.status == 200)
        #expect(plain.body == escaped.body)
        let out = book.base + "/story.jpg"
        #expect(try Tool.run(["share", book.root + "/2022/08/decision", "--layout", "story", "-o", out]).status == 0)
        #expect(plain.body == (try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(server.get("/entries/2022/08/%EC%98%81%ED%99%94/card.png").status == 200)
        #expect(server.get("/entries/2022%2F08/%EC%98%81%ED%99%94/card.png").status == 200)
        // Sent raw: an HTTP client would remove the dot segments itself.
        for path in ["/entries/2022/08/../08/decision/story.jpg", "/entries/2022/./08/decision/story.jpg",
                     "/entries/2022%2F..%2F2022%2F08%2Fdecision/story.jpg", "/entries/2022//08/decision/story.jpg",
                     "/entries/2022/08/decision%2F/story.jpg", "/entries/%2F2022/08/decision/story.jpg"] {
            let raw = try ServeCommandTests.RawConnection(port: server.port)
            raw.send("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let answer = raw.readAll()
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(path): \(answer.prefix(120))")
        }
        #expect(server.get("/entries/2022/08/story.jpg").status == 404)
        #expect(server.stop().0 == 0)
    }

    // MARK: - An answer is bound to the entry as it is now

    @Test func anEntryFolderOrPhotoSwappedForALinkOutIsNotServed() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01", shade: 40)
        try book.add("b", date: "2022-08-02", shade: 40)
        let server = try Server(book)
        #expect(server.get("/entries/a/card.png").status == 200)
        #expect(server.get("/entries/b/card.png").status == 200)
        // Outside the diary: an entry of the same id with other photos.
        let outside = book.base + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: book.root + "/a/entry.json", toPath: outside + "/entry.json")
        var secret = Raster(width: 320, height: 240, fill: RGBA(255, 0, 0))
        secret[0, 0] = RGBA(0, 0, 0)
        try Data(try ImageEncoder.encode(secret, settings: .defaults(for: .jpeg))).write(to: URL(fileURLWithPath: outside + "/front.jpg"))
        // The folder swapped for a link to it, after the diary was listed.
        try FileManager.default.moveItem(atPath: book.root + "/a", toPath: book.base + "/a-moved")
        try FileManager.default.createSymbolicLink(atPath: book.root + "/a", withDestinationPath: outside)
        for file in ["card.png", "story.jpg", "front.webp"] {
            #expect(server.get("/entries/a/\(file)").status == 404, "\(file) served through a link out of the diary")
        }
        // A photo swapped for a link out of its folder: refused, named.
        try FileManager.default.removeItem(atPath: book.root + "/b/front.jpg")
        try FileManager.default.createSymbolicLink(atPath: book.root + "/b/front.jpg", withDestinationPath: outside + "/front.jpg")
        let linked = server.get("/entries/b/feed.jpg")
        #expect(linked.status == 422)
        #expect(String(decoding: linked.body, as: UTF8.self).contains("front.jpg"))
        #expect(server.stop().0 == 0)
    }

    /// Writes entry.json of `folder` with `id`.
    static func writeEntry(_ book: Book, _ folder: String, id: String?, title: String) throws {
        let idField = id.map { #""id": "\#($0)", "# } ?? ""
        let json = #"{\#(idField)"title": "\#(title)", "date": "2022-08-01", "rating": 3, "front": {"photo": "front.jpg"}}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: book.root + "/" + folder + "/entry.json"))
    }

    @Test func anIdIsServedFromTheFolderWhoseEntryGivesItNow() throws {
        let book = try Book()
        try book.add("one", date: "2022-08-01", shade: 30)
        try book.add("two", date: "2022-08-02", shade: 220)
        try Self.writeEntry(book, "one", id: "x", title: "첫째")
        try Self.writeEntry(book, "two", id: "y", title: "둘째")
        let server = try Server(book)
        let x = server.get("/entries/x/card.png"), y = server.get("/entries/y/card.png")
        #expect(x.status == 200 && y.status == 200 && x.body != y.body)
        // The two trade ids: each URL now shows the other folder's entry.
        try Self.writeEntry(book, "one", id: "y", title: "첫째")
        try Self.writeEntry(book, "two", id: "x", title: "둘째")
        let tradedX = server.get("/entries/x/card.png"), tradedY = server.get("/entries/y/card.png")
        #expect(tradedX.status == 200 && tradedY.status == 200)
        // share's bytes of each folder as it is now (the card shows its id).
        #expect(tradedX.body == (try Self.share(book, "two")), "x does not show folder two's entry")
        #expect(tradedY.body == (try Self.share(book, "one")), "y does not show folder one's entry")
        // One id edited: the old one is gone at once, the new one served.
        try Self.writeEntry(book, "one", id: "z", title: "첫째")
        #expect(server.get("/entries/y/card.png").status == 404)
        #expect(server.get("/entries/z/card.png").body == (try Self.share(book, "one")))
        #expect(server.stop().0 == 0)
    }

    /// What `share` writes of the card of the entry in `folder`.
    static func share(_ book: Book, _ folder: String) throws -> Data {
        let out = book.base + "/share-\(folder).png"
        let r = try Tool.run(["share", book.root + "/" + folder, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    @Test func aBrokenEntryIs422AndASharedIdIs409NamingTheFiles() throws {
        let book = try Book()
        try book.add("good", date: "2022-08-01")
        try book.add("broken", date: "2022-08-02")
        try Data(#"{"title": "x", "date": "2022-13-45""#.utf8).write(to: URL(fileURLWithPath: book.root + "/broken/entry.json"))
        try book.add("p", date: "2022-08-03")
        try book.add("q", date: "2022-08-04")
        try Self.writeEntry(book, "p", id: "same", title: "p")
        try Self.writeEntry(book, "q", id: "same", title: "q")
        let server = try Server(book)
        let broken = server.get("/entries/broken/card.png")
        #expect(broken.status == 422)
        let said = String(decoding: broken.body, as: UTF8.self)
        #expect(said.contains(book.root + "/broken/entry.json"), "\(said)")
        let shared = server.get("/entries/same/card.png")
        #expect(shared.status == 409)
        let both = String(decoding: shared.body, as: UTF8.self)
        #expect(both.contains(book.root + "/p") && both.contains(book.root + "/q"), "\(both)")
        // Mended while serving: served.
        try book.add("broken", date: "2022-08-02")
        #expect(server.get("/entries/broken/card.png").status == 200)
        try Self.writeEntry(book, "q", id: "other", title: "q")
        #expect(server.get("/entries/same/card.png").status == 200)
        #expect(server.get("/entries/good/card.png").status == 200)
        #expect(server.stop().0 == 0)
    }

    // MARK: - The cache is a cache

    static func counter(_ server: Server, _ name: String) -> Int {
        let text = String(decoding: server.get("/metrics").body, as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return Int(line?.split(separator: " ").last ?? "") ?? -1
    }

    /// Waits (5 s at most) until `served` holds a copy: it is written
    /// just after the answer.
    static func waitForCopy(in served: String) throws {
        let until = Date().addingTimeInterval(5)
        while Date() < until {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: served)) ?? []
            // A copy under its own name: the temporary file it is written
            // as does not count. The server records the copy just after
            // its rename, so the test gives it a moment for that.
            if folders.contains(where: { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: served + "/" + folder)) ?? []).contains { !$0.hasPrefix(".") }
            }) {
                usleep(50_000)
                return
            }
            usleep(5_000)
        }
        Issue.record("no copy was written in \(served)")
    }

    /// The bytes of every copy in `served`.
    static func copies(in served: String) -> [Data] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: served)) ?? []
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: served + "/" + folder)) ?? []).compactMap {
                FileManager.default.contents(atPath: served + "/" + folder + "/" + $0)
            }
        }
    }

    static func etag(_ answer: Server.Answer) -> String? { answer.headers["Etag"] ?? answer.headers["ETag"] }

    @Test func whateverHappensToServedAnAnswersBytesAreThoseOfItsETag() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        let server = try Server(book)
        let first = server.get("/entries/a/card.png")
        #expect(first.status == 200)
        let served = book.cache + "/served"
        try Self.waitForCopy(in: served)
        // Moved aside; the entry edited; a new image, written anew.
        try FileManager.default.moveItem(atPath: served, toPath: book.cache + "/served-aside")
        let json = book.root + "/a/entry.json"
        try String(contentsOfFile: json, encoding: .utf8).replacingOccurrences(of: #""memo": """#, with: #""memo": "다시""#)
            .write(toFile: json, atomically: true, encoding: .utf8)
        let edited = server.get("/entries/a/card.png")
        #expect(edited.status == 200 && edited.body != first.body)
        try Self.waitForCopy(in: served)
        // The old folder put back over the new one: the old image must not
        // be served under the new ETag.
        try FileManager.default.removeItem(atPath: served)
        try FileManager.default.moveItem(atPath: book.cache + "/served-aside", toPath: served)
        let again = server.get("/entries/a/card.png")
        #expect(again.body == edited.body, "the old image was served under the new ETag")
        #expect(Self.etag(again) == Self.etag(edited))
        // Its copy written again (just after the answer) before the next step.
        let until = Date().addingTimeInterval(5)
        while Date() < until, !Self.copies(in: served).contains(edited.body) { usleep(5_000) }
        #expect(Self.copies(in: served).contains(edited.body))
        // Deleted: rendered once, then served from the copy.
        try FileManager.default.removeItem(atPath: served)
        let renders = Self.counter(server, "photicase_renders_total")
        #expect(server.get("/entries/a/card.png").body == edited.body)
        try Self.waitForCopy(in: served)
        #expect(server.get("/entries/a/card.png").body == edited.body)
        #expect(Self.counter(server, "photicase_renders_total") == renders + 1)
        #expect(server.stop().0 == 0)
    }

    @Test func aKilledServesTemporaryFilesAreSweptAtStart() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        var server = try Server(book)
        #expect(server.get("/entries/a/card.png").status == 200)
        try Self.waitForCopy(in: book.cache + "/served")
        #expect(server.stop().0 == 0)
        let served = book.cache + "/served"
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: served).first)
        // Left by writers gone long ago (another machine's, an hour old) and
        // by one that may still be writing (a minute old): only the first go.
        let old = served + "/" + folder + "/.card.png.tmp-0badf00d-4242-1"
        let recent = served + "/" + folder + "/.story.jpg.tmp-0badf00d-4243-1"
        for file in [old, recent] { try Data("partial".utf8).write(to: URL(fileURLWithPath: file)) }
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: old)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: recent)
        server = try Server(book)
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: recent))
        #expect(server.get("/entries/a/card.png").status == 200)
        #expect(server.stop().0 == 0)
    }

    @Test func etagsComeFromContentSoReplicasAgree() throws {
        let one = try Book(), two = try Book()
        try one.add("a", date: "2022-08-01")
        // The same diary copied elsewhere: other inodes, other times.
        try FileManager.default.removeItem(atPath: two.root)
        usleep(20_000)
        try FileManager.default.copyItem(atPath: one.root, toPath: two.root)
        let a = try Server(one), b = try Server(two)
        for file in ["card.png", "story.jpg", "feed.webp"] {
            let fromA = a.get("/entries/a/\(file)"), fromB = b.get("/entries/a/\(file)")
            #expect(fromA.status == 200 && fromB.status == 200)
            #expect(Self.etag(fromA) != nil && Self.etag(fromA) == Self.etag(fromB), "\(file): replicas disagree")
            #expect(fromA.body == fromB.body)
        }
        // A photo touched (its time changed, not its bytes): the same ETag.
        let before = Self.etag(a.get("/entries/a/card.png"))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)],
                                              ofItemAtPath: one.root + "/a/front.jpg")
        #expect(Self.etag(a.get("/entries/a/card.png")) == before)
        #expect(a.stop().0 == 0 && b.stop().0 == 0)
    }

    // MARK: - HTTP as RFC 9110 says

    @Test func ifNoneMatchComparesWeaklyOverAList() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        let server = try Server(book)
        let first = server.get("/entries/a/card.png")
        let etag = try #require(Self.etag(first))
        for header in [etag, "W/\(etag)", "\"other\", \(etag)", "\"a\",W/\(etag) ", "*"] {
            #expect(server.get("/entries/a/card.png", headers: ["If-None-Match": header]).status == 304, "\(header)")
        }
        for header in ["\"other\"", "W/\"other\", \"b\"", "garbage"] {
            #expect(server.get("/entries/a/card.png", headers: ["If-None-Match": header]).status == 200, "\(header)")
        }
        // The raw 304: no body, and no length other than the 200's.
        let raw = try ServeCommandTests.RawConnection(port: server.port)
        raw.send("GET /entries/a/card.png HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(etag)\r\nConnection: close\r\n\r\n")
        let answer = raw.readAll()
        #expect(answer.hasPrefix("HTTP/1.1 304"), "\(answer.prefix(200))")
        let head = answer.components(separatedBy: "\r\n\r\n").first ?? ""
        let lengths = head.split(separator: "\r\n").filter { $0.lowercased().hasPrefix("content-length:") }
        for line in lengths {
            #expect(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) == "\(first.body.count)", "\(head)")
        }
        #expect(server.stop().0 == 0)
    }

    @Test(arguments: ["%7F", "%C2%80", "%C2%85", "%C2%9F", "a%C2%9Bb", "%1B%5B31m"])
    func controlCharactersInIdsAre400AndNeverEchoed(_ escaped: String) throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        let server = try Server(book)
        let answer = server.get("/entries/\(escaped)/card.png")
        #expect(answer.status == 400)
        let body = String(decoding: answer.body, as: UTF8.self)
        #expect(!body.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }, "\(body)")
        #expect(server.stop().0 == 0)
    }
}
