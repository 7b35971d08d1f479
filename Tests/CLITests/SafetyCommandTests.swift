import Foundation
import Testing
import PhotiCaseCodecs
import PhotiCaseFileSystem
import PhotiCaseRaster

/// Hostile and unlucky cases against the built binary. Permission cases
/// run as `nobody` when the tests run as root (CI does), so they test
/// what a user meets rather than passing vacuously.
@Suite(.serialized) struct SafetyCommandTests {
    typealias Book = RenderCommandTests.Book

    /// Renders as nobody (or as the user), with JSON events.
    static func render(_ book: Book, _ extra: [String] = [], settled: Bool = false) throws -> Tool.Result {
        try Tool.runUnprivileged(["render", book.root, "--cache", book.cache, "--progress", "json",
                                  "--today", "2022-08-30", "--jobs", "2"] + extra,
                                 environment: settled ? ["PHOTICASE_SETTLE_SECONDS": "0"] : [:])
    }

    /// Entries `a` and `b`, the book given to nobody and rendered once.
    static func renderedTwoEntryBook() throws -> Book {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        try Tool.giveToNobody(book.base)
        #expect(try render(book).status == 0)
        return book
    }

    static func outputs(_ book: Book) -> [String] {
        book.files().filter { $0.hasPrefix("tickets/") || $0.hasPrefix("days/") || $0.hasPrefix("months/") }
    }

    /// DejaVu Sans and its bold, two font files to swap one for the other.
    static let dejaVu = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"]
    static let dejaVuInstalled: Bool = dejaVu.allSatisfy(FileManager.default.fileExists)

    /// True when a small tmpfs can be mounted here: tried once, as the full
    /// disk test mounts one, on an empty temporary folder, and unmounted.
    /// Mounting needs root, and a container may refuse it even to root.
    static let canMountTmpfs: Bool = {
        guard Tool.isRoot, let dir = try? Tool.temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard let mount = try? Tool.run(["-t", "tmpfs", "-o", "size=600k", "tmpfs", dir], executable: "/bin/mount"),
              mount.status == 0 else { return false }
        return (try? Tool.run([dir], executable: "/bin/umount"))?.status == 0
    }()

    /// An entry the cache remembers from outside ENTRIES, behind a folder
    /// this user cannot enter, is not provably gone: neither `render` nor
    /// `clean --prune` of the other folder removes it; once its folder is
    /// really gone, both may.
    @Test func aRememberedEntryBehindAnUnreadableFolderOutsideEntriesIsKept() throws {
        let book = try Book()
        try book.add("2022/a", date: "2022-08-27")
        try book.add("other/b", date: "2022-08-28")
        try Tool.giveToNobody(book.base)
        // Two ENTRIES rendered into one cache (ids are relative to ENTRIES:
        // `a` and `b`); each run keeps the other's entry, which is not gone.
        let part = book.root + "/2022"
        for entries in [part, book.root + "/other"] {
            let r = try Tool.runUnprivileged(["render", entries, "--cache", book.cache, "--progress", "none",
                                              "--today", "2022-08-30", "--only", "tickets,days,months"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let before = Self.outputs(book)
        #expect(before.contains("tickets/a/front.webp") && before.contains("tickets/b/front.webp"), "\(before)")
        #expect(chmod(book.root + "/other", 0) == 0)
        let prune = try Tool.runUnprivileged(["clean", "--cache", book.cache, "--prune", part, "--today", "2022-08-30"])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(prune.stdout.contains("removed 0 files"), "\(prune.stdout)")
        #expect(Self.outputs(book) == before)
        let render = try Tool.runUnprivileged(["render", part, "--cache", book.cache, "--progress", "none",
                                               "--today", "2022-08-30", "--only", "tickets,days,months"])
        #expect(render.stdout.contains("removed 0 "), "\(render.stdout)\(render.stderr)")
        #expect(Self.outputs(book) == before)
        // Readable and gone: now it is provably gone.
        #expect(chmod(book.root + "/other", 0o755) == 0)
        try FileManager.default.removeItem(atPath: book.root + "/other/b")
        let gone = try Tool.runUnprivileged(["clean", "--cache", book.cache, "--prune", part, "--today", "2022-08-30"])
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(gone.stdout.contains("removed days/2022-08-28.jpg"), "\(gone.stdout)")
        #expect(!Self.outputs(book).contains("tickets/b/front.webp"))
        #expect(Self.outputs(book).contains("tickets/a/front.webp"))
    }

    @Test func unreadableFoldersAtEveryLevelKeepEveryOutput() throws {
        let book = try Book()
        try book.add("2022/08/a", date: "2022-08-27")
        try book.add("2022/08/b", date: "2022-08-28")
        try book.add("2022/09/c", date: "2022-09-03")
        try Tool.giveToNobody(book.base)
        let first = try Self.render(book)
        #expect(first.status == 0, "\(first.stderr)")
        let before = Self.outputs(book)
        #expect(before.contains("tickets/2022%2F08%2Fb/front.webp"))

        for (folder, shown) in [("2022/08/b", "2022/08/b"), ("2022/08", "2022/08"), ("2022", "2022")] {
            #expect(chmod(book.root + "/" + folder, 0) == 0)
            defer { chmod(book.root + "/" + folder, 0o755) }
            let r = try Self.render(book)
            #expect(r.status == 1, "\(folder): \(r.stderr)")
            #expect(r.stderr.contains("\(book.root)/\(shown)") && r.stderr.contains("ermission denied"), "\(r.stderr)")
            #expect(Self.outputs(book) == before, "\(folder)")
            #expect(r.stdout.contains("removed 0 "), "\(r.stdout)")
            // clean --prune refuses to prune anything either.
            let prune = try Tool.runUnprivileged(["clean", "--cache", book.cache, "--prune", book.root])
            #expect(prune.status == 1, "\(prune.stderr)")
            #expect(Self.outputs(book) == before)
        }
        // ENTRIES itself unreadable: a configuration error, nothing touched.
        #expect(chmod(book.root, 0) == 0)
        let r = try Self.render(book)
        chmod(book.root, 0o755)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(Self.outputs(book) == before)
        // Readable again: everything is up to date, nothing was lost.
        let again = try Self.render(book)
        #expect(again.status == 0)
        #expect(again.stdout.contains("rendered 0,"), "\(again.stdout)")
    }

    @Test func unreadablePhotoAndEntryJSONFailTheirEntryOnly() throws {
        let book = try Self.renderedTwoEntryBook()
        let before = Self.outputs(book)
        #expect(chmod(book.root + "/a/front.jpg", 0) == 0)
        #expect(chmod(book.root + "/b/entry.json", 0) == 0)
        let r = try Self.render(book)
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(book.root)/a/front.jpg: permission denied"), "\(r.stderr)")
        #expect(r.stderr.contains("\(book.root)/b/entry.json: cannot be read: permission denied"), "\(r.stderr)")
        #expect(Self.outputs(book) == before)
        // inspect names the file and the reason as well.
        let inspect = try Tool.runUnprivileged(["inspect", book.root + "/a/front.jpg"])
        #expect(inspect.status == 1)
        #expect(inspect.stdout.contains("permission denied"), "\(inspect.stdout)")
    }

    /// A cache folder the user cannot write: the changed entry's ticket
    /// fails with a line naming the file, its images stay as they were,
    /// the rest of the book renders, and once the folder is writable again
    /// the next run renders that ticket.
    @Test func anUnwritableCacheFolderFailsItsItemOnly() throws {
        let book = try Self.renderedTwoEntryBook()
        let folder = book.cache + "/tickets/a"
        func contents() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            }
            return files
        }
        let before = try contents()
        // Its three ticket images, its story and its feed image.
        #expect(before.count == 5)
        try book.add("a", date: "2022-08-27", memo: "a memo written later")
        try book.add("b", date: "2022-08-28", memo: "another memo")
        try Tool.giveToNobody(book.base)
        #expect(chmod(folder, 0o555) == 0)
        let r = try Self.render(book)
        chmod(folder, 0o755)
        #expect(r.status == 1, "\(r.stderr)")
        // The memos changed, not the fronts: the back is the first file written.
        #expect(r.stderr.contains("cannot write into the cache: \(folder)/back.webp: permission denied"), "\(r.stderr)")
        // Its ticket and its story and feed (the memo's first line shows on them).
        #expect(r.stdout.contains("failed 2,"), "\(r.stdout)")
        #expect(try contents() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: book.cache + "/tickets/b/back.webp")).count > 0)
        let again = try Self.render(book)
        #expect(again.status == 0, "\(again.stderr)")
        let after = try contents()
        #expect(after.count == 5 && after["back.webp"] != before["back.webp"] && after["story.jpg"] != before["story.jpg"])
    }

    /// ENTRIES that is no folder (an entry.json given by mistake, a typo)
    /// fails before the cache is made: no tag, index or log is left behind.
    @Test func entriesThatAreNoFolderLeaveNoCacheBehind() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        for entries in [book.root + "/a/entry.json", book.root + "/typo"] {
            let r = try Tool.run(["render", entries, "--cache", book.cache, "--progress", "none"])
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.contains(entries) && (r.stderr.contains("not a folder") || r.stderr.contains("no such folder")),
                    "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: book.cache))
        }
    }

    @Test func outputsNeverClobberInputs() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let photo = book.root + "/a/front.jpg"
        let original = try Data(contentsOf: URL(fileURLWithPath: photo))
        let same = try Tool.run(["convert", photo, photo])
        #expect(same.status == 1)
        #expect(same.stderr.contains("\(photo): is the same file as \(photo), an input of this command"), "\(same.stderr)")
        #expect(link(photo, book.base + "/hard.jpg") == 0)
        #expect(try Tool.run(["convert", photo, book.base + "/hard.jpg"]).status == 1)
        #expect(symlink(photo, book.base + "/soft.jpg") == 0)
        let soft = try Tool.run(["convert", photo, book.base + "/soft.jpg"])
        #expect(soft.status == 1)
        #expect(soft.stderr.contains("symbolic link"), "\(soft.stderr)")
        let share = try Tool.run(["share", book.root + "/a", "-o", photo])
        #expect(share.status == 1)
        #expect(share.stderr.contains("\(photo): is the same file as \(photo), an input"), "\(share.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == original)
        // A FIFO or a device is refused at once, never opened.
        #expect(mkfifo(book.base + "/pipe.png", 0o644) == 0)
        let fifo = try Tool.run(["convert", photo, book.base + "/pipe.png"])
        #expect(fifo.status == 1)
        #expect(fifo.stderr == "photicase-render: \(book.base)/pipe.png: is a FIFO, not a regular file\n", "\(fifo.stderr)")
        // A folder with an image's name, too.
        try FileManager.default.createDirectory(atPath: book.base + "/folder.png", withIntermediateDirectories: true)
        let folder = try Tool.run(["share", book.root + "/a", "-o", book.base + "/folder.png"])
        #expect(folder.status == 1)
        // (After the warning that the small photo is enlarged.)
        #expect(folder.stderr.hasSuffix("\nphoticase-render: \(book.base)/folder.png: is a folder\n"), "\(folder.stderr)")
    }

    @Test func cleanRefusesAFolderItDidNotMake() throws {
        let base = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let photos = base + "/Photos"
        try FileManager.default.createDirectory(atPath: photos + "/days", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: photos + "/days/2022-08-27.jpg"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: photos + "/holiday.jpg"))
        let clean = try Tool.run(["clean", "--cache", photos])
        #expect(clean.status == 2)
        #expect(clean.stderr.contains("not a photicase-render cache"), "\(clean.stderr)")
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let render = try Tool.run(["render", book.root, "--cache", photos, "--progress", "none"])
        #expect(render.status == 2, "\(render.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos).sorted() == ["days", "holiday.jpg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos + "/days") == ["2022-08-27.jpg"])
    }

    @Test func cleanWaitsForShardRuns() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        #expect(try book.render(["--shard", "0/2"]).0.status == 0)
        let cache = try Directory.open(book.cache)
        let shared = try #require(try cache.lock(".lock", exclusive: false, wait: false))
        let shard = try #require(try cache.lock(".lock-1-of-2", exclusive: true, wait: false))
        let clean = try Tool.run(["clean", "--cache", book.cache])
        #expect(clean.status == 3, "\(clean.stderr)")
        withExtendedLifetime((shared, shard)) {}
    }

    @Test func emptyEntriesFolderDoesNotWipeTheCache() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        #expect(try book.render().0.status == 0)
        let before = Self.outputs(book)
        try FileManager.default.removeItem(atPath: book.root + "/a")
        let r = try book.render().0
        #expect(r.status == 2)
        #expect(r.stderr.contains("--allow-empty"), "\(r.stderr)")
        #expect(Self.outputs(book) == before)
        let allowed = try book.render(["--allow-empty"]).0
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(Self.outputs(book) == ["months/2022-08.png"])  // today's month stays, empty
    }

    @Test func entriesSpelledRelativeAndAbsoluteAreOneBook() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        #expect(try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "none"]).status == 0)
        let relative = try Tool.run(["render", "book/", "--cache", "cache", "--progress", "none"], cwd: book.base)
        #expect(relative.status == 0)
        #expect(relative.stdout.contains("rendered 0, skipped"), "\(relative.stdout)")
        #expect(relative.stdout.contains("failed 0, removed 0"), "\(relative.stdout)")
    }

    @Test func calendarEdgesRenderEveryRun() throws {
        let book = try Book()
        try book.add("first", date: "0001-01-01")
        try book.add("last", date: "9999-12-31")
        let (r, _) = try book.render()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(book.files().contains("months/0001-01.png"))
        #expect(book.files().contains("months/9999-12.png"))
        let sheet = try ImageDecoder.decodeFile(atPath: book.cache + "/months/9999-12.png")
        #expect(sheet.raster.width > 0)
    }

    @Test func truncatedPhotoFailsItsEntryWithOneLine() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: 640)
        try book.add("b", date: "2022-08-28")
        let photo = book.root + "/a/front.jpg"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        try (bytes.prefix(bytes.count / 2) + Data([0xFF, 0xD9])).write(to: URL(fileURLWithPath: photo))
        let (r, events) = try book.render()
        #expect(r.status == 1)
        // The ticket fails; the day shows a placeholder for the photo and says why.
        #expect(RenderCommandTests.ids(events, "failed") == ["a"])
        let message = "\(photo): corrupt JPEG data: Corrupt JPEG data: premature end of data segment"
        #expect(events.contains { $0["id"] as? String == "a" && $0["error"] as? String == message }, "\(r.stderr)")
        let day = events.first { $0["id"] as? String == "days/2022-08-27" }
        #expect((day?["warnings"] as? [String])?.first?.hasPrefix(message) == true)
        // With no ticket of a in the cache, one is drawn without the photo
        // (the site's pages link it), and the failure says so.
        let ticket = events.first { $0["id"] as? String == "a" }
        #expect((ticket?["warnings"] as? [String])?.contains { $0.hasPrefix("tickets/a: drawn without the photo") } == true,
                "\(r.stderr)")
        #expect(book.files().contains("tickets/a/front.webp"))
        let plain = try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "none", "--today", "2022-08-30"])
        #expect(plain.stderr.split(separator: "\n").contains { $0 == "photicase-render: \(message)" }, "\(plain.stderr)")
    }

    @Test func renderShowsWarnings() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", frontJSON: #"{"photo": "front.jpg", "crop": {"rect": [0.8, 0.8, 0.5, 0.5]}}"#)
        let (r, events) = try book.render()
        #expect(r.status == 0, "\(r.stderr)")
        // Said once, by the first item that met it (the ticket or the day).
        let warnings = events.compactMap { $0["warnings"] as? [String] }.joined()
        #expect(warnings.filter { $0.contains("front.jpg") && $0.contains("reaches outside the photo") }.count == 1,
                "\(r.stderr)")
        let plain = try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "none", "--force"])
        #expect(plain.stderr.contains("photicase-render: warning: \(book.root)/a/front.jpg: crop rect"), "\(plain.stderr)")
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        // Named with the item that met it first.
        #expect(log.contains(": \(book.root)/a/front.jpg: crop rect"), "\(log)")
    }

    @Test func memoryLimitFailsTheHugePhotoAlone() throws {
        let book = try Book()
        try book.add("small", date: "2022-08-27")
        try book.add("huge", date: "2022-08-28", photo: nil)
        // 3000x2000 progressive: 36 MB of coefficients whatever the scale.
        let raster = Raster(width: 3000, height: 2000, fill: RGBA(120, 90, 200))
        try Data(try ImageEncoder.encode(raster, settings: .jpeg(quality: 80, progressive: true)))
            .write(to: URL(fileURLWithPath: book.root + "/huge/front.jpg"))
        try Data(#"{"title": "huge", "date": "2022-08-28", "rating": 4, "front": {"photo": "front.jpg"}}"#.utf8)
            .write(to: URL(fileURLWithPath: book.root + "/huge/entry.json"))
        let (r, events) = try book.render(["--memory-limit", "16M", "--jobs", "4"])
        #expect(r.status == 1)
        #expect(RenderCommandTests.ids(events, "failed").contains("huge"))
        #expect(RenderCommandTests.ids(events, "rendered").contains("small"))
        #expect(r.stderr.contains("\(book.root)/huge/front.jpg: JPEG exceeds a safety limit: decoding needs"), "\(r.stderr)")
        #expect(r.stderr.contains("more than the memory limit of 16 MiB"))
        #expect(try book.render(["--memory-limit", "lots"]).0.status == 2)
        // share and convert take the option their message names.
        let huge = book.root + "/huge/front.jpg"
        let converted = try Tool.run(["convert", huge, book.base + "/huge.webp", "--memory-limit", "16M"])
        #expect(converted.status == 1)
        #expect(converted.stderr.contains("more than the memory limit of 16 MiB (--memory-limit)"), "\(converted.stderr)")
        #expect(try Tool.run(["convert", huge, book.base + "/huge.webp", "--memory-limit", "64M"]).status == 0)
        let shared = try Tool.run(["share", book.root + "/huge", "-o", book.base + "/huge-share.webp", "--memory-limit", "16M"])
        #expect(shared.status == 1)
        #expect(shared.stderr.contains("more than the memory limit of 16 MiB"), "\(shared.stderr)")
        #expect(try Tool.run(["share", book.root + "/huge", "-o", book.base + "/x.webp", "--memory-limit", "x"]).status == 2)
    }

    /// Skipped (and counted so) without the two font files it swaps.
    @Test(.enabled(if: dejaVuInstalled, "needs DejaVu Sans and DejaVu Sans Bold (fonts-dejavu-core)"))
    func replacingTheFontFileRendersAgain() throws {
        let fonts = Self.dejaVu
        let book = try Book()
        try book.add("a", date: "2022-08-27", photo: nil)
        let font = book.base + "/font.ttf"
        try FileManager.default.copyItem(atPath: fonts[0], toPath: font)
        #expect(try book.render(["--font", font]).0.status == 0)
        #expect(try book.render(["--font", font]).0.stdout.contains("rendered 0,"))
        try FileManager.default.removeItem(atPath: font)
        try FileManager.default.copyItem(atPath: fonts[1], toPath: font)
        let (r, events) = try book.render(["--font", font])
        #expect(RenderCommandTests.ids(events, "rendered") == ["a", "days/2022-08-27", "months/2022-08"], "\(r.stderr)")
    }

    @Test func bookPagesAndTheYearRenderAndShare() throws {
        let book = try Book()
        for i in 0..<14 { try book.add(String(format: "e%02d", i), date: String(format: "2022-%02d-10", 1 + i % 12)) }
        // One photo that does not decode: its ticket fails, the pages show a placeholder for it.
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: book.root + "/e03/front.jpg"))
        let (r, events) = try book.render(["--only", "tickets,days,months,books,years"])
        #expect(RenderCommandTests.ids(events, "failed") == ["e03"], "\(r.stderr)")
        #expect(r.status == 1, "\(r.stderr)")
        let rendered = RenderCommandTests.ids(events, "rendered")
        for id in ["books/gallery-001", "books/gallery-002", "books/list-001", "books/list-002", "years/2022"] {
            #expect(rendered.contains(id), "\(id)")
        }
        #expect(rendered.contains { $0.hasPrefix("books/timeline-2022") })
        let year = try ImageDecoder.decodeFile(atPath: book.cache + "/years/2022.jpg")
        #expect(year.raster.width * 16 == year.raster.height * 9)
        #expect(year.raster.width == 1080)
        let gallery = try ImageDecoder.decodeFile(atPath: book.cache + "/books/gallery-001.jpg")
        #expect(gallery.raster.width > 0)
        let shared = try Tool.run(["share", "--year", "2022", book.root, "-o", book.base + "/year.png", "--scale", "1"])
        #expect(shared.status == 0, "\(shared.stderr)")
        let small = try ImageDecoder.decodeFile(atPath: book.base + "/year.png")
        #expect((small.raster.width, small.raster.height) == (540, 960))
        let none = try Tool.run(["share", "--year", "1999", book.root, "-o", book.base + "/none.png"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no entries in 1999"))
        #expect(try Tool.run(["render", book.root, "--cache", book.cache, "--page-size", "0"]).status == 2)
    }

    /// `share --year` leaves out an entry whose photo cannot be read and
    /// draws one whose photo does not decode as a placeholder, as `render`'s
    /// year does: one bad photo does not stop the year.
    @Test func aYearSharedFromEntriesOutlivesABadPhoto() throws {
        let book = try Book()
        for name in ["good", "broken", "missing"] { try book.add(name, date: "2022-08-2\(name.count)") }
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: book.root + "/broken/front.jpg"))
        try FileManager.default.removeItem(atPath: book.root + "/missing/front.jpg")
        let r = try Tool.run(["share", "--year", "2022", book.root, "-o", book.base + "/year.png", "--scale", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("missing/front.jpg: no such file; left out"), "\(r.stderr)")
        #expect(r.stderr.contains("broken/front.jpg") && r.stderr.contains("drawn as a placeholder"), "\(r.stderr)")
        let year = try ImageDecoder.decodeFile(atPath: book.base + "/year.png")
        #expect((year.raster.width, year.raster.height) == (540, 960))
    }

    /// The full disk is a small tmpfs mounted on the cache: skipped (and
    /// counted so) where none can be mounted (not root, or a container).
    @Test(.enabled(if: canMountTmpfs, "cannot mount a small tmpfs here (needs root, and a system that allows it)"))
    func aFullDiskFailsTheRunCleanly() throws {
        let book = try Book()
        for i in 0..<12 { try book.add("e\(i)", date: "2022-08-\(10 + i)", size: 640) }
        try FileManager.default.createDirectory(atPath: book.cache, withIntermediateDirectories: true)
        let mount = try Tool.run(["-t", "tmpfs", "-o", "size=600k", "tmpfs", book.cache], executable: "/bin/mount")
        try #require(mount.status == 0, "cannot mount a tmpfs on the cache: \(mount.stderr)")
        defer { _ = try? Tool.run([book.cache], executable: "/bin/umount") }
        let (r, events) = try book.render()
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("photicase-render: rendered"), "\(r.stdout)")
        #expect(r.stderr.contains("no space left on the device"), "\(r.stderr)")
        #expect(events.contains { $0["event"] as? String == "done" })
        // Every file in the cache is whole: each image decodes, no temporary is left.
        for file in book.files() where file.hasSuffix(".png") || file.hasSuffix(".jpg") {
            #expect(throws: Never.self) { try ImageDecoder.decodeFile(atPath: book.cache + "/" + file) }
        }
        #expect(!book.files().contains { $0.contains(".tmp-") })
    }

    /// The unchanged-book check (days and months found unchanged by stat
    /// alone) as a user meets it: once the book has settled, a rerun loads
    /// nothing; a folder or a photo this user cannot read sends the run
    /// back to loading, which holds what it cannot read as before.
    @Test func theStatOnlyRerunLoadsOnceSomethingCannotBeRead() throws {
        let book = try Book()
        try book.add("2022/a", date: "2022-08-27")
        try book.add("2022/b", date: "2022-08-28")
        try book.add("2023/c", date: "2023-01-03")
        try Tool.giveToNobody(book.base)
        let days = ["--only", "days,months"]
        #expect(try Self.render(book, days, settled: true).status == 0)
        // Stamps are kept at once (PHOTICASE_SETTLE_SECONDS=0): the book is
        // not written to while it runs.
        #expect(try Self.render(book, days, settled: true).status == 0)
        func lastRun() -> String {
            ((try? String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)) ?? "")
                .components(separatedBy: " run start ").last ?? ""
        }
        let quick = try Self.render(book, days, settled: true)
        #expect(quick.status == 0 && quick.stderr.contains("\"rendered\":0,") && quick.stderr.contains("\"failed\":0,"), "\(quick.stderr)")
        #expect(lastRun().contains("run unchanged since the last clean run: 3 entries"), "\(lastRun())")
        let before = Self.outputs(book)

        // A photo nobody can read: loaded, failed, its day and month kept.
        #expect(chmod(book.root + "/2022/a/front.jpg", 0) == 0)
        let photo = try Self.render(book, days, settled: true)
        #expect(photo.status == 1, "\(photo.stderr)")
        #expect(!(lastRun().contains("run unchanged")))
        #expect(Self.outputs(book) == before)
        #expect(chmod(book.root + "/2022/a/front.jpg", 0o644) == 0)
        #expect(try Self.render(book, days, settled: true).status == 0)
        #expect(try Self.render(book, days, settled: true).status == 0)
        #expect(lastRun().contains("run unchanged"), "\(lastRun())")

        // A folder nobody can read: loaded, its entries held.
        #expect(chmod(book.root + "/2023", 0) == 0)
        let folder = try Self.render(book, days, settled: true)
        #expect(folder.status == 1, "\(folder.stderr)")
        #expect(!(lastRun().contains("run unchanged")))
        #expect(lastRun().contains("held"), "\(lastRun())")
        #expect(Self.outputs(book) == before)
        #expect(chmod(book.root + "/2023", 0o755) == 0)
    }

    /// An entry.json this user cannot read, in a book checked by another
    /// user (here root, then nobody): the stat-only rerun opens entry.json
    /// as loading does, so the entry fails and its day and month are held.
    /// Skipped (and counted so) unless root: only root can check the book
    /// as one user and rerun it as another.
    @Test(.enabled(if: Tool.isRoot, "needs root to check a book as one user and rerun it as nobody"))
    func theStatOnlyRerunOpensEntryJSONAsTheUserRunningIt() throws {
        // Stamps are kept at once, not two seconds after the last change.
        let settled = ["PHOTICASE_SETTLE_SECONDS": "0"]
        let book = try Book()
        try book.add("2022/a", date: "2022-08-27")
        try book.add("2022/b", date: "2022-08-28")
        try Tool.giveToNobody(book.base)
        #expect(chown(book.root + "/2022/a/entry.json", 0, 0) == 0 && chmod(book.root + "/2022/a/entry.json", 0o600) == 0)
        let days = ["render", book.root, "--cache", book.cache, "--progress", "json", "--today", "2022-08-30",
                    "--only", "days,months"]
        #expect(try Tool.run(days, environment: settled).status == 0)
        #expect(try Tool.run(days, environment: settled).status == 0)
        let log = { (try? String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)) ?? "" }
        #expect(log().components(separatedBy: " run start ").last?.contains("run unchanged") == true, "\(log())")
        try Tool.giveToNobody(book.cache)
        let before = Self.outputs(book)
        let nobody = try Tool.runUnprivileged(Array(days))
        #expect(nobody.status == 1, "\(nobody.stderr)")
        #expect(nobody.stderr.contains("permission denied"), "\(nobody.stderr)")
        #expect(log().components(separatedBy: " run start ").last?.contains("run unchanged") == false)
        #expect(Self.outputs(book) == before)
    }

    /// A photo moved out of its entry folder and replaced by a link to it
    /// keeps its stat, and its entry.json is unchanged: the stat-only rerun
    /// (here of tickets, and of every kind) checks where the photo lands as
    /// loading does, so the entry fails as loading fails it ("leads outside
    /// the entry folder"), not skipped as unchanged (an outside review's find).
    @Test func aPhotoLinkedFromOutsideItsFolderFailsInTheStatOnlyRerunToo() throws {
        // Stamps are kept at once, not two seconds after the last change.
        let settled = ["PHOTICASE_SETTLE_SECONDS": "0"]
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        for kinds in [["--only", "tickets"], []] {
            let run = ["render", book.root, "--cache", book.cache, "--progress", "json", "--today", "2022-08-30",
                       "--scale", "1"] + kinds
            #expect(try Tool.run(run, environment: settled).status == 0)
            #expect(try Tool.run(run, environment: settled).status == 0)
            let log = { (try? String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)) ?? "" }
            #expect(log().components(separatedBy: " run start ").last?.contains("run unchanged") == true, "\(log())")
            let outside = book.base + "/outside-\(kinds.count).jpg"
            try FileManager.default.moveItem(atPath: book.root + "/b/front.jpg", toPath: outside)
            try FileManager.default.createSymbolicLink(atPath: book.root + "/b/front.jpg", withDestinationPath: outside)
            let rerun = try Tool.run(run, environment: settled)
            #expect(rerun.status == 1, "\(rerun.stderr)")
            #expect(rerun.stderr.contains("leads outside the entry folder"), "\(rerun.stderr)")
            #expect(log().components(separatedBy: " run start ").last?.contains("run unchanged") == false)
            // Put back for the next kinds.
            try FileManager.default.removeItem(atPath: book.root + "/b/front.jpg")
            try FileManager.default.moveItem(atPath: outside, toPath: book.root + "/b/front.jpg")
        }
    }

    /// A run ended at once after it recorded an edited entry's new stamp
    /// (SIGKILL here; a second SIGTERM and a power cut likewise) leaves no mark
    /// for that stamp to match: the next run loads and renders the day.
    @Test func aRunEndedAtOnceLeavesNoMarkBehind() throws {
        // Stamps are kept at once, not two seconds after the last change.
        let settled = ["PHOTICASE_SETTLE_SECONDS": "0"]
        let book = try Book()
        // The last ten with large PNG photos, so the run is still going
        // when it is killed.
        for i in 0..<40 {
            try book.add("e\(i)", date: "2022-\(String(format: "%02d", 1 + i / 28))-\(String(format: "%02d", 1 + i % 28))",
                         photo: i < 30 ? "front.jpg" : "front.png", size: i < 30 ? 320 : 3000)
        }
        let days = ["render", book.root, "--cache", book.cache, "--today", "2022-08-30", "--only", "days,months",
                    "--jobs", "1"]
        #expect(try Tool.run(days + ["--progress", "none"], environment: settled).status == 0)
        #expect(try Tool.run(days + ["--progress", "none"], environment: settled).status == 0)
        // The title changes, the date and photo do not: no row the mark
        // digests changes with it, only the entry's stamp.
        let json = book.root + "/e0/entry.json"
        try String(contentsOfFile: json, encoding: .utf8).replacingOccurrences(of: "\"e0\"", with: "\"e0 (cut)\"")
            .write(toFile: json, atomically: false, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.path)
        p.arguments = days + ["--progress", "json"]
        p.environment = ProcessInfo.processInfo.environment.merging(settled) { _, new in new }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // "start" comes after the commit that records the new stamps.
        _ = CronStreamTests.read(err, until: #""event":"start""#)
        kill(p.processIdentifier, SIGKILL)
        _ = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGKILL)
        let next = try Tool.run(days + ["--progress", "json"], environment: settled)
        #expect(next.status == 0, "\(next.stderr)")
        let rendered = RenderCommandTests.ids(CronStreamTests.events(next.stderr), "rendered")
        #expect(rendered.contains("days/2022-01-01"), "\(rendered)")
    }
}
