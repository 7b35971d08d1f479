import Foundation
import Testing
import PhotiCaseCodecs
import PhotiCaseRaster

/// poppler's and qpdf's command-line tools, which read what the print
/// book writes as a print service's checks would.
enum PopplerTools {
    static let available = ["pdfinfo", "pdftotext", "pdffonts", "pdfimages", "qpdf"].allSatisfy { tool in
        ["/usr/bin/", "/usr/local/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) }
    }
    static let why: Comment = "needs poppler-utils and qpdf (scripts/setup.sh --test installs them)"

    /// `tool args`'s standard output (its status must be 0).
    static func run(_ tool: String, _ args: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = args
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ToolFailed(description: "\(tool) \(args) exited \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }

    /// `pdfinfo`'s `Key: value` lines.
    static func info(_ pdf: String, _ extra: [String] = []) throws -> [String: String] {
        var fields: [String: String] = [:]
        for line in try run("pdfinfo", extra + [pdf]).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// `pdfimages -list`'s rows: page, width, height, encoding, x-ppi.
    static func images(_ pdf: String) throws -> [(page: Int, width: Int, height: Int, enc: String, ppi: Int)] {
        try run("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard f.count >= 14, let page = Int(f[0]), let w = Int(f[3]), let h = Int(f[4]), let ppi = Int(f[12]) else { return nil }
            return (page, w, h, f[8], ppi)
        }
    }
}

/// `render` makes a print book per year (`print/<YYYY>.pdf`), checked
/// with the tools a print service's preflight uses: every font embedded,
/// every title readable as text, photos at 300 ppi where they have the
/// pixels, trim and bleed boxes, and the book untouched by a run that
/// changes nothing, written again by one that edits an entry.
@Suite(.serialized, .enabled(if: PopplerTools.available, PopplerTools.why)) struct PrintCommandTests {
    typealias Book = RenderCommandTests.Book

    static let only = ["--only", "print"]

    /// A JPEG of `width`×`height` of noise (so it cannot be compressed
    /// away), in `dir`.
    static func photo(_ path: String, width: Int, height: Int, seed: UInt64) throws {
        var raster = Raster(width: width, height: height, fill: .white)
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let v = UInt8(truncatingIfNeeded: state >> 56)
                raster[x, y] = RGBA(v, UInt8(truncatingIfNeeded: x), UInt8(truncatingIfNeeded: y), 255)
            }
        }
        try Data(try ImageEncoder.encode(raster, settings: .jpeg(quality: 90))).write(to: URL(fileURLWithPath: path))
    }

    static func entry(_ book: Book, _ name: String, title: String, date: String, memo: String = "",
                      front: String? = nil, back: String? = nil, friends: [String] = []) throws {
        let dir = book.root + "/" + name
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var object: [String: Any] = ["title": title, "date": date, "rating": 4.5, "memo": memo, "friends": friends]
        if let front { object["front"] = ["photo": front] }
        if let back { object["back"] = ["photo": back] }
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: dir + "/entry.json"))
    }

    /// Four entries in 2022 (Korean, Latin, Hebrew and emoji titles; a
    /// 2400×3840 photo, more than 300 ppi needs; a 400×640 one, fewer) and
    /// one in 2023.
    static func book() throws -> Book {
        let book = try Book()
        try entry(book, "a", title: "비 오는 날의 영화", date: "2022-03-05", memo: "첫 문장이다. 마지막 문장이다.", front: "front.jpg",
                  friends: ["민수", "지영"])
        try photo(book.root + "/a/front.jpg", width: 2400, height: 3840, seed: 1)
        try entry(book, "b", title: "The Grand Budapest Hotel", date: "2022-03-09", front: "front.jpg", back: "back.jpg")
        try photo(book.root + "/b/front.jpg", width: 400, height: 640, seed: 2)
        try photo(book.root + "/b/back.jpg", width: 400, height: 640, seed: 3)
        try entry(book, "c", title: "שלום עליכם", date: "2022-07-01")
        try entry(book, "d", title: "영화관 🎬 나들이", date: "2022-11-30")
        try entry(book, "e", title: "Next year", date: "2023-01-02")
        return book
    }

    @Test func aBookPerYearThatAPrintServiceAccepts() throws {
        let book = try Self.book()
        let (first, _) = try book.render(Self.only)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(book.files().filter { $0.hasPrefix("print/") } == ["print/2022.pdf", "print/2023.pdf"])
        let pdf = book.cache + "/print/2022.pdf"
        _ = try PopplerTools.run("qpdf", ["--check", pdf])

        // Every font is embedded (and none is a bitmap Type 3 font).
        let fonts = try PopplerTools.run("pdffonts", [pdf]).split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty)
        for row in fonts {
            let f = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(f.count >= 7 && f[f.count - 5] == "yes", "\(row)")
            #expect(!row.contains("Type 3"), "\(row)")
        }
        // Every title is text.
        let text = try PopplerTools.run("pdftotext", [pdf, "-"])
        for title in ["비 오는 날의 영화", "The Grand Budapest Hotel", "שלום עליכם", "영화관", "나들이", "민수, 지영과 함께",
                      "첫 문장이다. 마지막 문장이다."] {
            #expect(text.contains(title), "\(title) not in the text")
        }
        #expect(text.contains("🎬"), "the emoji's text (ActualText) is missing")

        // The large photo at 300 ppi (of the 2400×3840 source, what the
        // box needs); the small one below it, at its own 400×640 pixels.
        let images = try PopplerTools.images(pdf)
        let large = images.filter { $0.width > 700 }
        #expect(!large.isEmpty && large.allSatisfy { (298...302).contains($0.ppi) && $0.width < 2400 }, "\(images)")
        let small = images.filter { $0.width == 400 && $0.height == 640 }
        #expect(small.count >= 2 && small.allSatisfy { $0.ppi < 300 && $0.enc == "jpeg" }, "\(images)")

        // A5 with 3 mm bleed: trim 419.53×595.28 pt, media 8.5 pt larger each side.
        let info = try PopplerTools.info(pdf, ["-box"])
        #expect(info["Page size"]?.hasPrefix("436.53") == true, "\(info)")
        #expect(info["TrimBox"]?.split(separator: " ").first == "8.50", "\(info)")
        #expect(info["Creator"] == "photicase-render owner=year:2022")
        #expect(info["CreationDate"]?.contains("Nov 30") == true, "\(info)")
        // The cover, the review, each ticket's front and back, the contents.
        #expect(Int(info["Pages"] ?? "") == 1 + 1 + 4 * 2 + 1)
    }

    /// The small photo is placed as its file is (an untagged JPEG shown
    /// whole, under 300 ppi), less its EXIF: `pdfimages -j` gives back its
    /// very scans, and no GPS position reaches the print shop.
    @Test func aJPEGThatNeedsNothingIsPlacedAsItIs() throws {
        let book = try Self.book()
        let path = book.root + "/b/front.jpg"
        let plain = try Data(contentsOf: URL(fileURLWithPath: path))
        let exif = Array("Exif\0\0GPS 37.56N 126.97E".utf8)
        let tagged = plain.prefix(2) + Data([0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif) + plain.dropFirst(2)
        try tagged.write(to: URL(fileURLWithPath: path))
        #expect(try book.render(Self.only).0.status == 0)
        #expect(try !Data(contentsOf: URL(fileURLWithPath: book.cache + "/print/2022.pdf")).contains(Data("GPS 37.56N".utf8)))
        let out = book.base + "/images"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        _ = try PopplerTools.run("pdfimages", ["-j", book.cache + "/print/2022.pdf", out + "/i"])
        let source = plain
        let extracted = try FileManager.default.contentsOfDirectory(atPath: out).map {
            try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0))
        }
        #expect(extracted.contains(source))
    }

    @Test func unchangedIsLeftAloneAndAnEditRewritesItsYearOnly() throws {
        let book = try Self.book()
        #expect(try book.render(Self.only).0.status == 0)
        let paths = ["print/2022.pdf", "print/2023.pdf"].map { book.cache + "/" + $0 }
        func stamp(_ path: String) throws -> (Int, Date, Data) {
            let a = try FileManager.default.attributesOfItem(atPath: path)
            return ((a[.systemFileNumber] as? Int) ?? 0, a[.modificationDate] as! Date, try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        let before = try paths.map(stamp)
        let (again, events) = try book.render(Self.only)
        #expect(again.status == 0)
        #expect(RenderCommandTests.ids(events, "rendered").isEmpty)
        for (path, old) in zip(paths, before) {
            let now = try stamp(path)
            #expect(now.0 == old.0 && now.1 == old.1 && now.2 == old.2, "\(path) was touched")
        }
        // An edit to a 2022 memo: that year's book only.
        try Self.entry(book, "c", title: "שלום עליכם", date: "2022-07-01", memo: "A new memo line.")
        #expect(try book.render(Self.only).0.status == 0)
        let after = try paths.map(stamp)
        #expect(after[0].2 != before[0].2)
        #expect(after[1].0 == before[1].0 && after[1].2 == before[1].2)
        #expect(try PopplerTools.run("pdftotext", [paths[0], "-"]).contains("A new memo line."))

        // Another page size is another book.
        #expect(try book.render(Self.only + ["--page", "6x9in"]).0.status == 0)
        #expect(try PopplerTools.info(paths[0])["Page size"]?.hasPrefix("449.0") == true)
    }

    /// The same diary gives the same bytes in another cache (no clock, no
    /// randomness, no address in the file).
    @Test func theBytesFollowTheDiaryAlone() throws {
        let book = try Self.book()
        #expect(try book.render(Self.only).0.status == 0)
        let other = book.base + "/other"
        let r = try Tool.run(["render", book.root, "--cache", other, "--today", "2022-08-30", "--jobs", "1"] + Self.only)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: other + "/print/2022.pdf"))
                == Data(contentsOf: URL(fileURLWithPath: book.cache + "/print/2022.pdf")))
    }

    /// A memo of 3,000 words (about 20,000 characters) is printed whole,
    /// in order, over the pages it needs.
    @Test func aLongMemoIsPrintedWholeAcrossPages() throws {
        let book = try Book()
        let words = (0..<3000).map { "단어\($0)" }
        try Self.entry(book, "m", title: "Long", date: "2022-05-05", memo: words.joined(separator: " "))
        #expect(try book.render(Self.only).0.status == 0)
        let pdf = book.cache + "/print/2022.pdf"
        let printed = try PopplerTools.run("pdftotext", [pdf, "-"]).split(whereSeparator: { $0 == " " || $0 == "\n" })
            .filter { $0.hasPrefix("단어") }.map(String.init)
        #expect(printed == words)
        // The cover, the review, the front, the back over several pages, the contents.
        #expect(Int(try PopplerTools.info(pdf)["Pages"] ?? "") ?? 0 > 6)
    }

    /// Photos are prepared eight at a time on the threads there are: any
    /// number of threads gives the same bytes (20 photos, three batches).
    @Test func theBytesDoNotDependOnTheThreads() throws {
        let book = try Book()
        for i in 0..<20 {
            let name = String(format: "e%02d", i)
            try Self.entry(book, name, title: "Entry \(i)", date: String(format: "2022-06-%02d", i + 1), front: "front.jpg")
            try Self.photo(book.root + "/\(name)/front.jpg", width: 300, height: 200, seed: UInt64(i + 10))
        }
        var bytes: [Data] = []
        for jobs in ["1", "2", "3"] {
            let cache = book.base + "/cache-\(jobs)"
            let r = try Tool.run(["render", book.root, "--cache", cache, "--jobs", jobs, "--today", "2022-08-30"] + Self.only)
            #expect(r.status == 0, "\(r.stderr)")
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: cache + "/print/2022.pdf")))
        }
        #expect(bytes[0] == bytes[1] && bytes[1] == bytes[2])
    }

    /// The book's mark lets a cache whose index was lost adopt it, and
    /// `clean` remove it.
    @Test func theMarkAdoptsTheBookAfterTheIndexIsLost() throws {
        let book = try Self.book()
        #expect(try book.render(Self.only).0.status == 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: book.cache) where name.hasPrefix("index") {
            try FileManager.default.removeItem(atPath: book.cache + "/" + name)
        }
        try FileManager.default.removeItem(atPath: book.root + "/e")
        let r = try book.render(Self.only).0
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.cache + "/print/2023.pdf"), "a gone year's book is removed by its mark")
        let clean = try Tool.run(["clean", "--cache", book.cache])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.cache + "/print/2022.pdf"))
    }

    /// As a user (nobody, when the tests run as root): a print folder the
    /// user may not write fails the book with its path and reason, keeps
    /// the book there, and leaves no temporary file.
    @Test func aFolderTheUserMayNotWriteKeepsTheBook() throws {
        let book = try Self.book()
        try Tool.giveToNobody(book.base)
        let args = ["render", book.root, "--cache", book.cache, "--progress", "none"] + Self.only
        let first = try Tool.runUnprivileged(args)
        #expect(first.status == 0, "\(first.stderr)")
        let pdf = book.cache + "/print/2022.pdf"
        let before = try Data(contentsOf: URL(fileURLWithPath: pdf))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: book.cache + "/print")
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: book.cache + "/print") }
        try Self.entry(book, "c", title: "שלום עליכם", date: "2022-07-01", memo: "An edit.")
        try Tool.giveToNobody(book.root)
        let r = try Tool.runUnprivileged(args)
        #expect(r.status == 1)
        #expect(r.stderr.contains("print/2022.pdf: permission denied"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: book.cache + "/print").sorted() == ["2022.pdf", "2023.pdf"])
    }

    @Test func anUnknownPageSizeIsAUsageError() throws {
        let book = try Self.book()
        let r = try book.render(Self.only + ["--page", "letter"]).0
        #expect(r.status == 2)
        #expect(r.stderr.contains("--page must be a5, a4, 6x9in, not 'letter'"), "\(r.stderr)")
    }
}

struct ToolFailed: Error, CustomStringConvertible {
    var description: String
}
