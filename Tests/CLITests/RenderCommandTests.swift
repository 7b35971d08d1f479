import Foundation
import Testing
import PhotiCaseCodecs
import PhotiCaseRaster

/// `render`, run as cron and users run it, on generated ticket books.
@Suite(.serialized) struct RenderCommandTests {
    /// A ticket book in a temporary folder, with photos made here.
    final class Book {
        let base: String
        var root: String { base + "/book" }
        var cache: String { base + "/cache" }

        init() throws {
            base = try Tool.temporaryDirectory()
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: base) }

        /// Writes an entry; `photo` nil gives a photo-less entry.
        func add(_ name: String, date: String, memo: String = "", photo: String? = "front.jpg", shade: UInt8 = 120,
                 size: Int = 320, frontJSON: String? = nil) throws {
            let dir = root + "/" + name
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            var front = ""
            if let photo {
                var raster = Raster(width: size, height: size * 3 / 4, fill: RGBA(shade, 90, 200 - shade / 2))
                for y in 0..<(size / 4) { for x in 0..<(size / 4) { raster[x, y] = RGBA(250, 240, 10) } }
                let settings = EncodeSettings.defaults(for: ImageFormat(fileExtension: String(photo.split(separator: ".").last!)) ?? .jpeg)
                try Data(try ImageEncoder.encode(raster, settings: settings)).write(to: URL(fileURLWithPath: dir + "/" + photo))
                front = #", "front": {"photo": "\#(photo)"}"#
            }
            if let frontJSON { front = #", "front": \#(frontJSON)"# }
            let json = #"{"title": "\#(name)", "date": "\#(date)", "rating": 3.5, "memo": "\#(memo)"\#(front)}"#
            try Data(json.utf8).write(to: URL(fileURLWithPath: dir + "/entry.json"))
        }

        /// Renders tickets, days and months unless `extra` says `--only`
        /// (the book's pages have their own tests).
        func render(_ extra: [String] = []) throws -> (Tool.Result, [[String: Any]]) {
            let only = extra.contains("--only") ? [] : ["--only", "tickets,days,months"]
            let r = try Tool.run(["render", root, "--cache", cache, "--progress", "json", "--today", "2022-08-30"] + only + extra)
            let events = r.stderr.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            return (r, events)
        }

        func files() -> [String] {
            guard let walker = FileManager.default.enumerator(atPath: cache) else { return [] }
            return walker.compactMap { $0 as? String }.filter { rel in
                var isDir: ObjCBool = false
                return FileManager.default.fileExists(atPath: cache + "/" + rel, isDirectory: &isDir) && !isDir.boolValue
            }.sorted()
        }
    }

    static func ids(_ events: [[String: Any]], _ status: String) -> [String] {
        events.filter { $0["event"] as? String == "entry" && $0["status"] as? String == status }
            .compactMap { $0["id"] as? String }.sorted()
    }

    @Test func jsonStreamAndIncrementalRuns() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-27", photo: "front.png")
        try book.add("c", date: "2022-09-02", photo: "front.webp")
        let (first, events) = try book.render()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(events.first?["event"] as? String == "start")
        #expect(events.first?["total"] as? Int == 7)
        #expect(events.last?["event"] as? String == "done")
        #expect(events.last?["rendered"] as? Int == 7)
        #expect(Self.ids(events, "rendered") == ["a", "b", "c", "days/2022-08-27", "days/2022-09-02", "months/2022-08", "months/2022-09"])
        #expect(first.stdout.contains("rendered 7, skipped 0, failed 0"))
        let expected = ["days/2022-08-27.jpg", "days/2022-09-02.jpg", "index.sqlite", "months/2022-08.png", "months/2022-09.png",
                        "render.log", "tickets/a/back.webp", "tickets/a/front.webp", "tickets/a/ticket.webp"]
        for file in expected { #expect(book.files().contains(file), "\(file)") }
        // Everything written is a whole, decodable image.
        for file in book.files() where file.hasSuffix(".png") || file.hasSuffix(".jpg") {
            #expect(throws: Never.self) { try ImageDecoder.decodeFile(atPath: book.cache + "/" + file) }
        }

        let (second, again) = try book.render()
        #expect(second.status == 0)
        #expect(Self.ids(again, "rendered").isEmpty)
        #expect(Self.ids(again, "skipped").count == 7)

        // A memo edit: ticket faces only.
        try book.add("a", date: "2022-08-27", memo: "seen twice")
        #expect(Self.ids(try book.render().1, "rendered") == ["a"])
        // A new front photo: the ticket, its day and its month.
        try book.add("b", date: "2022-08-27", photo: "front.png", shade: 30)
        #expect(Self.ids(try book.render().1, "rendered") == ["b", "days/2022-08-27", "months/2022-08"])
        // Deleted: its outputs go, its day and month are redrawn.
        try FileManager.default.removeItem(atPath: book.root + "/b")
        let (_, afterDelete) = try book.render()
        #expect(Self.ids(afterDelete, "rendered") == ["days/2022-08-27", "months/2022-08"])
        #expect(!book.files().contains("tickets/b/front.webp"))
        #expect(afterDelete.last?["removed"] as? Int == 3)
        // --force renders everything.
        #expect(Self.ids(try book.render(["--force"]).1, "rendered").count == 6)
    }

    @Test func oneBadEntryFailsAlone() throws {
        let book = try Book()
        try book.add("good", date: "2022-08-01")
        try book.add("corrupt", date: "2022-08-02")
        try book.add("escape-abs", date: "2022-08-03", photo: nil, frontJSON: #"{"photo": "/etc/passwd"}"#)
        try book.add("escape-dots", date: "2022-08-04", photo: nil, frontJSON: #"{"photo": "../good/front.jpg"}"#)
        try book.add("escape-link", date: "2022-08-05", photo: nil, frontJSON: #"{"photo": "link.jpg"}"#)
        try FileManager.default.createSymbolicLink(atPath: book.root + "/escape-link/link.jpg", withDestinationPath: book.root + "/good/front.jpg")
        try book.add("badjson", date: "2022-08-06")
        try Data("{\"title\": \"x\",\n \"date\": }".utf8).write(to: URL(fileURLWithPath: book.root + "/badjson/entry.json"))
        // Cut the corrupt entry's JPEG in half.
        let photo = book.root + "/corrupt/front.jpg"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: photo))

        let (r, events) = try book.render()
        #expect(r.status == 1)
        #expect(Self.ids(events, "failed") == ["badjson", "corrupt", "escape-abs", "escape-dots", "escape-link"])
        // The corrupt photo's day and month are drawn with a placeholder tile.
        #expect(Self.ids(events, "rendered") == ["days/2022-08-01", "days/2022-08-02", "good", "months/2022-08"])
        let errors = events.compactMap { $0["error"] as? String }
        #expect(errors.contains { $0.contains("corrupt/front.jpg") && $0.contains("JPEG data ends after") })
        #expect(errors.contains { $0.contains("badjson/entry.json") && $0.contains("line 2, column") })
        #expect(errors.contains { $0.contains("escape-abs/entry.json") && $0.contains("/etc/passwd") })
        #expect(errors.contains { $0.contains("escape-dots/entry.json") && $0.contains("outside the entry folder") })
        #expect(errors.contains { $0.contains("escape-link/entry.json") && $0.contains("outside the entry folder") })
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        // The ticket that failed is named with its kind; an entry that
        // cannot be read, by its folder.
        #expect(log.contains("failed tickets corrupt: "), "\(log)")
        #expect(log.contains("failed badjson: "), "\(log)")
    }

    @Test func photosThatAreFoldersOrFIFOsFailWithoutHanging() throws {
        let book = try Book()
        try book.add("good", date: "2022-08-01")
        try book.add("fifo", date: "2022-08-02", photo: nil, frontJSON: #"{"photo": "pipe.jpg"}"#)
        #expect(mkfifo(book.root + "/fifo/pipe.jpg", 0o644) == 0)
        try book.add("folder", date: "2022-08-03", photo: nil, frontJSON: #"{"photo": "dir.jpg"}"#)
        try FileManager.default.createDirectory(atPath: book.root + "/folder/dir.jpg", withIntermediateDirectories: true)
        try book.add("missing", date: "2022-08-04", photo: nil, frontJSON: #"{"photo": "gone.jpg"}"#)
        let (r, events) = try book.render()
        #expect(r.status == 1)
        #expect(Self.ids(events, "failed") == ["fifo", "folder", "missing"])
        let errors = events.compactMap { $0["error"] as? String }
        #expect(errors.contains { $0.hasSuffix("fifo/pipe.jpg: is a FIFO, not a regular file") }, "\(errors)")
        #expect(errors.contains { $0.hasSuffix("folder/dir.jpg: is a folder") }, "\(errors)")
        #expect(errors.contains { $0.contains("missing/gone.jpg: no such file") })
        #expect(Self.ids(events, "rendered").contains("good"))
    }

    @Test func lockContentionExitsThreeAndWaitWaits() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try FileManager.default.createDirectory(atPath: book.cache, withIntermediateDirectories: true)
        let fd = open(book.cache + "/.lock", O_RDWR | O_CREAT, 0o644)
        #expect(flock(fd, LOCK_EX) == 0)
        _ = "\(getpid())\n".withCString { write(fd, $0, strlen($0)) }
        let r = try Tool.run(["render", book.root, "--cache", book.cache])
        #expect(r.status == 3)
        #expect(r.stderr.contains("another photicase-render run (pid \(getpid())) holds the lock on \(book.cache)"))
        // --wait: released after a moment, the run then completes.
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { close(fd) }
        let waited = try Tool.run(["render", book.root, "--cache", book.cache, "--wait"])
        #expect(waited.status == 0, "\(waited.stderr)")
    }

    @Test func killedRunLeavesOnlyWholeFilesAndTheNextRunFinishes() throws {
        let book = try Book()
        for i in 0..<24 { try book.add("e\(i)", date: "2022-08-\(10 + i % 18)", size: 1400) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.path)
        p.arguments = ["render", book.root, "--cache", book.cache, "--jobs", "1", "--progress", "none"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Kill it once some, but not all, outputs exist.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, book.files().filter({ $0.hasPrefix("tickets/") }).count < 4 { usleep(20_000) }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        let partial = book.files()
        // Three ticket images, a story and a feed image per entry.
        #expect(partial.filter { $0.hasPrefix("tickets/") && !$0.contains("/.") }.count < 24 * 5)
        for file in partial where !(file.split(separator: "/").last!.hasPrefix(".")) && (file.hasSuffix(".png") || file.hasSuffix(".jpg")) {
            #expect(throws: Never.self, "\(file)") { try ImageDecoder.decodeFile(atPath: book.cache + "/" + file) }
        }
        let rerun = try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "none"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let final = book.files()
        #expect(final.filter { $0.hasPrefix("tickets/") }.count == 24 * 5)
        #expect(!final.contains { $0.split(separator: "/").last!.hasPrefix(".") && $0.contains(".tmp-") })
        #expect(try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "none"]).stdout.contains("rendered 0,"))
    }

    @Test func dryRunCleanAndPrune() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        let dry = try Tool.run(["render", book.root, "--cache", book.cache, "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("render tickets/a/front.webp"))
        #expect(!book.files().contains { $0.hasPrefix("tickets/") })
        #expect(try book.render().0.status == 0)
        try FileManager.default.removeItem(atPath: book.root + "/b")
        let pruned = try Tool.run(["clean", "--cache", book.cache, "--prune", book.root])
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(pruned.stdout.contains("removed tickets/b/front.webp"))
        #expect(pruned.stdout.contains("removed days/2022-08-28.jpg"))
        #expect(book.files().contains("tickets/a/front.webp"))
        let emptied = try Tool.run(["clean", "--cache", book.cache])
        #expect(emptied.status == 0)
        // Outputs and manifests are gone; the log and the cache tag stay.
        #expect(book.files().filter { $0 != ".lock" } == ["CACHEDIR.TAG", "render.log"])
    }

    /// `clean --prune` removes only what is provably gone: not the outputs of
    /// entries whose folders still hold entry.json wherever ENTRIES points,
    /// not today's month sheet or the site's home page, and nothing at all
    /// when ENTRIES holds no entry (an unmounted disk, a typo) unless told.
    @Test func pruneRemovesOnlyWhatIsProvablyGone() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        // Today in October: September and October get (empty) sheets.
        let today = ["--today", "2022-10-05"]
        let first = try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "none",
                                  "--only", "tickets,days,months,site"] + today)
        #expect(first.status == 0, "\(first.stderr)")
        let rendered = book.files()
        #expect(rendered.contains("months/2022-10.png") && rendered.contains("index.html"))
        func prune(_ entries: String, _ extra: [String] = today) throws -> Tool.Result {
            try Tool.run(["clean", "--cache", book.cache, "--prune", entries] + extra)
        }
        // An empty folder (a typo, an unmounted disk): refused.
        let empty = book.base + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let refused = try prune(empty)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("no entries found") && refused.stderr.contains("--allow-empty"), "\(refused.stderr)")
        #expect(book.files() == rendered)
        // One entry's folder as ENTRIES: b is still on disk, so it stays.
        let one = try prune(book.root + "/a")
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("removed 0 files"), "\(one.stdout)")
        // The whole book: nothing is gone, today's month and the home page stay.
        let whole = try prune(book.root)
        #expect(whole.stdout.contains("removed 0 files"), "\(whole.stdout)")
        #expect(book.files() == rendered)
        // An earlier today (or a prune months after the last render): the
        // home page's month, October, has no entry, but the home page shows
        // it and links its pages; no entry is gone, so nothing goes.
        let earlier = try prune(book.root, ["--today", "2022-09-01"])
        #expect(earlier.status == 0, "\(earlier.stderr)")
        #expect(earlier.stdout.contains("removed 0 files"), "\(earlier.stdout)")
        #expect(book.files() == rendered)
        // b's folder removed: its outputs and its day go, a's stay.
        try FileManager.default.removeItem(atPath: book.root + "/b")
        let gone = try prune(book.root)
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(gone.stdout.contains("removed tickets/b/front.webp") && gone.stdout.contains("removed days/2022-08-28.jpg"))
        #expect(!gone.stdout.contains("tickets/a/") && !gone.stdout.contains("months/"), "\(gone.stdout)")
        #expect(book.files().contains("tickets/a/front.webp"))
        // Everything gone, and said so: --allow-empty prunes it.
        try FileManager.default.removeItem(atPath: book.root + "/a")
        #expect(try prune(book.root).status == 2)
        #expect(book.files().contains("tickets/a/front.webp"))
        let allowed = try prune(book.root, today + ["--allow-empty"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(!book.files().contains("tickets/a/front.webp"))
    }

    /// Every `src` and `href` of the site's pages that names a file of the
    /// cache, as that file's path (percent-decoded, relative to the cache).
    static func siteLinks(_ cache: String) throws -> [String] {
        let pages = (FileManager.default.enumerator(atPath: cache)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".html") }
        var links: [String] = []
        for page in pages {
            let html = try String(contentsOfFile: cache + "/" + page, encoding: .utf8)
            let folder = URL(fileURLWithPath: cache + "/" + page).deletingLastPathComponent()
            for attribute in ["src=\"", "href=\""] {
                for part in html.components(separatedBy: attribute).dropFirst() {
                    let link = String(part.prefix { $0 != "\"" && $0 != "#" && $0 != "?" })
                    guard !link.isEmpty, !link.contains(":"), let decoded = link.removingPercentEncoding else { continue }
                    links.append(folder.appendingPathComponent(decoded).standardizedFileURL.path)
                }
            }
        }
        return links
    }

    /// An entry gone while another is held (its entry.json unreadable): the
    /// pages are held as they were and link the gone entry, so its outputs
    /// wait for the first run that holds nothing; no run leaves a link broken.
    @Test func theOutputsOfAGoneEntryWaitWhileHeldPagesLinkThem() throws {
        let book = try Book()
        for (name, day) in [("a", 26), ("b", 27), ("c", 28)] { try book.add(name, date: "2022-08-\(day)") }
        let site = ["--only", "tickets,days,months,books,years,site"]
        #expect(try book.render(site).0.status == 0)
        func expectNoBrokenLink(sourceLocation: SourceLocation = #_sourceLocation) throws {
            for link in Set(try Self.siteLinks(book.cache)) {
                #expect(FileManager.default.fileExists(atPath: link), "broken link \(link)", sourceLocation: sourceLocation)
            }
        }
        try FileManager.default.removeItem(atPath: book.root + "/b")
        let entryJSON = book.root + "/c/entry.json"
        let good = try Data(contentsOf: URL(fileURLWithPath: entryJSON))
        try Data("{bad".utf8).write(to: URL(fileURLWithPath: entryJSON))
        let (held, _) = try book.render(site)
        #expect(held.status == 1, "\(held.stderr)")
        #expect(book.files().contains("tickets/b/front.webp") && book.files().contains("site/entries/b.html"))
        try expectNoBrokenLink()
        try good.write(to: URL(fileURLWithPath: entryJSON))
        let (mended, _) = try book.render(site)
        #expect(mended.status == 0, "\(mended.stderr)")
        #expect(!book.files().contains { $0.hasPrefix("tickets/b/") || $0 == "site/entries/b.html" })
        try expectNoBrokenLink()
    }

    /// The same for the story and feed images: with none in the cache,
    /// they are drawn without the photo that does not decode (the brand
    /// gradient) so the entry page's downloads link images that are there,
    /// and the next run tries the photo again and keeps them.
    @Test func storyAndFeedWhosePhotoDoesNotDecodeLeaveNoBrokenLink() throws {
        let book = try Book()
        try book.add("good", date: "2022-08-26")
        try book.add("bad", date: "2022-08-27")
        let photo = book.root + "/bad/front.jpg"
        try Data(contentsOf: URL(fileURLWithPath: photo)).prefix(200).write(to: URL(fileURLWithPath: photo))
        let every = ["--only", "tickets,shares,days,months,books,years,site"]
        let (first, events) = try book.render(every)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stderr.contains("tickets/bad story and feed: drawn without the photo that does not decode"),
                "\(first.stderr)")
        #expect(events.contains { $0["kind"] as? String == "shares" && $0["status"] as? String == "failed" })
        let links = try Self.siteLinks(book.cache)
        #expect(links.contains { $0.hasSuffix("/tickets/bad/story.jpg") } && links.contains { $0.hasSuffix("/tickets/bad/feed.jpg") })
        for link in Set(links) { #expect(FileManager.default.fileExists(atPath: link), "broken link \(link)") }
        let story = try Data(contentsOf: URL(fileURLWithPath: book.cache + "/tickets/bad/story.jpg"))
        #expect(try ImageDecoder.decode(Array(story)).raster.size == PixelSize(width: 1080, height: 1920))
        let (second, _) = try book.render(every)
        #expect(second.status == 1 && !second.stderr.contains("drawn without the photo"), "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: book.cache + "/tickets/bad/story.jpg")) == story)
    }

    /// A photo that does not decode fails its ticket, every run, but the
    /// pages showing the entry must not link images never written: with no
    /// ticket in the cache, one is drawn without the photo and recorded so
    /// that the next run tries again. A good ticket is never replaced by it.
    @Test func aTicketWhosePhotoDoesNotDecodeLeavesNoBrokenLinkAndNoGoodTicketLost() throws {
        let book = try Book()
        try book.add("good", date: "2022-08-26")
        try book.add("bad", date: "2022-08-27")
        let photo = book.root + "/bad/front.jpg"
        let whole = try Data(contentsOf: URL(fileURLWithPath: photo))
        try whole.prefix(200).write(to: URL(fileURLWithPath: photo))
        let site = ["--only", "tickets,days,months,books,years,site"]
        let (first, events) = try book.render(site)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(Self.ids(events, "failed") == ["bad"])
        #expect(first.stderr.contains("front.jpg: JPEG data ends after 200 bytes"), "\(first.stderr)")
        #expect(first.stderr.contains("tickets/bad: drawn without the photo that does not decode"), "\(first.stderr)")
        let links = try Self.siteLinks(book.cache)
        #expect(links.contains { $0.hasSuffix("/tickets/bad/front.webp") })
        for link in Set(links) { #expect(FileManager.default.fileExists(atPath: link), "broken link \(link)") }
        // The next run tries again, fails again and keeps the stand-in.
        let standIn = try Data(contentsOf: URL(fileURLWithPath: book.cache + "/tickets/bad/front.webp"))
        let (second, again) = try book.render(site)
        #expect(second.status == 1 && Self.ids(again, "failed") == ["bad"], "\(second.stderr)")
        #expect(!second.stderr.contains("drawn without the photo"), "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: book.cache + "/tickets/bad/front.webp")) == standIn)
        // A face the cache lacks (deleted, or cut short) is drawn again; the one it holds whole is kept.
        let back = try Data(contentsOf: URL(fileURLWithPath: book.cache + "/tickets/bad/back.webp"))
        try FileManager.default.removeItem(atPath: book.cache + "/tickets/bad/ticket.webp")
        try standIn.prefix(100).write(to: URL(fileURLWithPath: book.cache + "/tickets/bad/front.webp"))
        let (third, _) = try book.render(site)
        #expect(third.status == 1 && third.stderr.contains("drawn without the photo"), "\(third.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: book.cache + "/tickets/bad/front.webp")) == standIn)
        #expect(try Data(contentsOf: URL(fileURLWithPath: book.cache + "/tickets/bad/back.webp")) == back)
        for link in Set(try Self.siteLinks(book.cache)) {
            #expect(FileManager.default.fileExists(atPath: link), "broken link \(link)")
        }
        // A stand-in that cannot be written is said; the faces written before it are recorded.
        try FileManager.default.removeItem(atPath: book.cache + "/tickets/bad/front.webp")
        try FileManager.default.removeItem(atPath: book.cache + "/tickets/bad/ticket.webp")
        try FileManager.default.createDirectory(atPath: book.cache + "/tickets/bad/ticket.webp", withIntermediateDirectories: false)
        let (blocked, _) = try book.render(site)
        #expect(blocked.status == 1 && blocked.stderr.contains("could not be written"), "\(blocked.stderr)")
        #expect(FileManager.default.fileExists(atPath: book.cache + "/tickets/bad/front.webp"))
        try FileManager.default.removeItem(atPath: book.cache + "/tickets/bad/ticket.webp")
        // Mended, the photo gives the real ticket...
        try whole.write(to: URL(fileURLWithPath: photo))
        let (mended, fixed) = try book.render(site)
        #expect(mended.status == 0 && Self.ids(fixed, "rendered").contains("bad"), "\(mended.stderr)")
        let real = try Data(contentsOf: URL(fileURLWithPath: book.cache + "/tickets/bad/front.webp"))
        #expect(real != standIn)
        // ...which a later corrupt photo never replaces.
        try whole.prefix(200).write(to: URL(fileURLWithPath: photo))
        let (broken, _) = try book.render(site)
        #expect(broken.status == 1 && !broken.stderr.contains("drawn without the photo"), "\(broken.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: book.cache + "/tickets/bad/front.webp")) == real)
        // The entry deleted: every face of it goes, stand-in or not (each was recorded).
        try FileManager.default.removeItem(atPath: book.root + "/bad")
        let (gone, _) = try book.render(site)
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(!book.files().contains { $0.hasPrefix("tickets/bad/") }, "\(book.files())")
    }

    /// Pruning with an earlier today keeps the home page's month and the
    /// empty months the calendar steps through to reach it: no link of the
    /// site breaks, and nothing goes, since no entry is gone.
    @Test func pruneKeepsTheMonthsTheHomePageLinks() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let rendered = try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "none",
                                     "--only", "tickets,days,months,site", "--today", "2022-12-10"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let before = book.files()
        #expect(before.contains("months/2022-10.png") && before.contains("site/months/2022-11.html"))
        let pruned = try Tool.run(["clean", "--cache", book.cache, "--prune", book.root, "--today", "2022-08-15"])
        #expect(pruned.status == 0 && pruned.stdout.contains("removed 0 files"), "\(pruned.stdout) \(pruned.stderr)")
        #expect(book.files() == before)
        for link in Set(try Self.siteLinks(book.cache)) {
            #expect(FileManager.default.fileExists(atPath: link), "broken link \(link)")
        }
    }

    /// A reader that stops reading the progress (an app that quits, `| head`)
    /// does not kill the run: it finishes, commits and exits with its status.
    @Test func aClosedProgressPipeDoesNotKillTheRun() throws {
        let book = try Book()
        for i in 0..<6 { try book.add("e\(i)", date: "2022-08-\(10 + i)") }
        let script = "'\(Tool.path)' render '\(book.root)' --cache '\(book.cache)' --only tickets,days --progress json "
            + "--jobs 1 2>&1 >/dev/null | head -c 1 >/dev/null; echo \"status ${PIPESTATUS[0]}\""
        let r = try Tool.run(["-c", script], executable: "/bin/bash")
        #expect(r.stdout.contains("status 0"), "\(r.stdout) \(r.stderr)")
        let again = try Tool.run(["render", book.root, "--cache", book.cache, "--only", "tickets,days", "--progress", "none"])
        #expect(again.stdout.contains("rendered 0,"), "\(again.stdout)")
    }

    /// A relative XDG_CACHE_HOME is ignored, as the XDG spec says: cron's
    /// working folder must not grow a cache.
    @Test func aRelativeXDGCacheHomeIsIgnored() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let script = "cd '\(book.base)' && env -i PATH=/usr/bin:/bin XDG_CACHE_HOME=relcache HOME='\(book.base)/home' "
            + "'\(Tool.path)' render '\(book.root)' --only days --progress none"
        let r = try Tool.run(["-c", script], executable: "/bin/bash")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.base + "/relcache"))
        #expect(FileManager.default.fileExists(atPath: book.base + "/home/.cache/photicase-render/days/2022-08-27.jpg"))
        // A relative HOME is refused too, rather than a cache made in the working folder.
        let relative = "cd '\(book.base)' && env -i PATH=/usr/bin:/bin HOME=relhome "
            + "'\(Tool.path)' render '\(book.root)' --only days --progress none"
        let refused = try Tool.run(["-c", relative], executable: "/bin/bash")
        #expect(refused.status == 2 && refused.stderr.contains("--cache"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.base + "/relhome"))
    }

    /// render.log is bounded (past 4 MiB it becomes render.log.1), and no
    /// control character from a file name reaches it or stderr.
    @Test func theLogIsBoundedAndShowsNoControlCharacters() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let bad = book.root + "/bad\u{1B}[31mRED"
        try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: true)
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: bad + "/entry.json"))
        let first = try Tool.run(["render", book.root, "--cache", book.cache, "--only", "days", "--progress", "none"])
        #expect(first.status == 1)
        #expect(!first.stderr.contains("\u{1B}") && first.stderr.contains("bad?[31mRED"), "\(first.stderr)")
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        #expect(!log.contains("\u{1B}") && log.contains("bad?[31mRED"))
        // A log past the limit is rotated at the next run's start.
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 4 << 20) + Array("\n".utf8)
        try Data(big).write(to: URL(fileURLWithPath: book.cache + "/render.log"))
        _ = try book.render()
        let rotated = try FileManager.default.attributesOfItem(atPath: book.cache + "/render.log.1")[.size] as? Int
        #expect(rotated == big.count)
        let fresh = try FileManager.default.attributesOfItem(atPath: book.cache + "/render.log")[.size] as? Int ?? .max
        #expect(fresh < 10_000)
    }

    @Test(arguments: [["render"], ["render", "a", "b"], ["render", "x", "--jobs", "0"], ["render", "x", "--only", "faces"],
                      ["render", "x", "--shard", "3/3"], ["render", "x", "--format", "gif"], ["render", "x", "--progress", "loud"],
                      ["render", "x", "--today", "2022-02-30"], ["render", "/nonexistent-folder", "--cache", "/tmp/pr-unused"],
                      ["share", "x", "-o", "out.webp", "--quality", "0"],
                      ["share", "x"], ["share", "x", "-o", "out.gif"], ["clean", "extra"],
                      // An unset shell variable: never the current folder joined from the root.
                      ["render", "", "--cache", "/tmp/pr-unused"], ["render", "x", "--cache", ""],
                      ["clean", "--cache", "/tmp/pr-unused", "--prune", ""], ["share", "", "-o", "out.webp"],
                      ["render", "--", ""],
                      // Options that would do nothing are said, not ignored.
                      ["share", "x", "-o", "out.png", "--quality", "80"], ["share", "--year", "2022", "x", "-o", "y.jpg", "--front-only"],
                      ["clean", "--cache", "/tmp/pr-unused", "--today", "2022-08-30"],
                      ["clean", "--cache", "/tmp/pr-unused", "--allow-empty"]])
    func usageAndConfigurationErrorsExitTwo(_ args: [String]) throws {
        let r = try Tool.run(args)
        #expect(r.status == 2, "\(args): \(r.stderr)")
        #expect(!r.stderr.isEmpty)
    }

    /// `--quality` sets every lossy output's quality: smaller files at a
    /// low one, and a cache made at one quality is made again at another
    /// (or without it), never mixed.
    @Test func qualitySetsEveryLossyOutputAndRendersAgainWhenChanged() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", memo: "two lines of memo, to give the back some edges")
        try book.add("b", date: "2022-08-28", photo: "front.png")
        func sizes() throws -> [String: Int] {
            var out: [String: Int] = [:]
            for file in book.files() where file.hasPrefix("tickets/") || file.hasPrefix("days/") {
                out[file] = try FileManager.default.attributesOfItem(atPath: book.cache + "/" + file)[.size] as? Int
            }
            return out
        }
        for bad in ["0", "101", "high"] {
            let r = try book.render(["--quality", bad]).0
            #expect(r.status == 2)
            #expect(r.stderr.contains("--quality must be a whole number from 1 to 100, not '\(bad)'"), "\(r.stderr)")
        }
        #expect(book.files().isEmpty)
        let (first, _) = try book.render()
        #expect(first.status == 0, "\(first.stderr)")
        let standard = try sizes()
        #expect(standard.count == 8)

        let (low, lowEvents) = try book.render(["--quality", "20"])
        #expect(low.status == 0, "\(low.stderr)")
        // Tickets and days are WebP and JPEG: all made again, all smaller.
        #expect(Self.ids(lowEvents, "rendered").filter { !$0.hasPrefix("months/") }
                == ["a", "b", "days/2022-08-27", "days/2022-08-28"])
        let small = try sizes()
        #expect(small.keys.sorted() == standard.keys.sorted())
        for (file, size) in small { #expect(size < standard[file]!, "\(file): \(size) against \(standard[file]!)") }
        // Still whole images.
        for file in small.keys {
            #expect(throws: Never.self) { try ImageDecoder.decodeFile(atPath: book.cache + "/" + file) }
        }
        // The same quality again: nothing to do; without it: made again.
        #expect(Self.ids(try book.render(["--quality", "20"]).1, "rendered").isEmpty)
        #expect(Self.ids(try book.render().1, "rendered").filter { !$0.hasPrefix("months/") }.count == 4)
        #expect(try sizes() == standard)

        // share takes it too.
        let high = book.base + "/high.webp", lowShare = book.base + "/low.webp"
        #expect(try Tool.run(["share", book.root + "/a", "-o", high, "--scale", "1"]).status == 0)
        #expect(try Tool.run(["share", book.root + "/a", "-o", lowShare, "--scale", "1", "--quality", "20"]).status == 0)
        let highSize = try FileManager.default.attributesOfItem(atPath: high)[.size] as? Int ?? 0
        let lowSize = try FileManager.default.attributesOfItem(atPath: lowShare)[.size] as? Int ?? 0
        #expect(lowSize > 0 && lowSize < highSize)
    }

    @Test func shareWritesOneTicket() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let out = book.base + "/share.webp"
        let r = try Tool.run(["share", book.root + "/a", "-o", out, "--scale", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try ImageDecoder.decodeFile(atPath: out)
        #expect(image.info.format == .webp)
        #expect(image.raster.width > image.raster.height)
        let front = try Tool.run(["share", book.root + "/a", "-o", book.base + "/front.png", "--front-only"])
        #expect(front.status == 0)
        let bad = try Tool.run(["share", book.root + "/missing", "-o", book.base + "/x.png"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("missing/entry.json"))
    }

    /// A small photo is "enlarged" on its ticket, and said so there; book
    /// pages and the year show its face small and do not say it again.
    @Test func pagesDoNotRepeatAFacesFitWarning() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: 48)
        let (pages, events) = try book.render(["--only", "books,years"])
        #expect(pages.status == 0, "\(pages.stderr)")
        let pageWarnings = events.compactMap { $0["warnings"] as? [String] }.joined()
        #expect(!events.isEmpty && !pageWarnings.contains { $0.contains("enlarged") }, "\(pageWarnings)")
        let (tickets, ticketEvents) = try book.render(["--only", "tickets"])
        #expect(tickets.status == 0, "\(tickets.stderr)")
        #expect(ticketEvents.compactMap { $0["warnings"] as? [String] }.joined().contains { $0.contains("enlarged") })
    }

    /// A `--font` that is not a font is a configuration error (status 2),
    /// said once, before anything is rendered or written.
    @Test func aFontFileThatIsNotAFontStopsBeforeRendering() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let font = book.base + "/notafont.ttf"
        try Data("plain text, not a font".utf8).write(to: URL(fileURLWithPath: font))
        let (r, _) = try book.render(["--font", font])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("cannot use font file \(font): not a font file"), "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "notafont.ttf").count == 2, "\(r.stderr)")  // named once
        #expect(!FileManager.default.fileExists(atPath: book.cache + "/tickets"))
        let share = try Tool.run(["share", book.root + "/a", "-o", book.base + "/x.webp", "--font", font])
        #expect(share.status == 2, "\(share.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.base + "/x.webp"))
    }

    /// A theme's font files are checked as `--font` is: one missing is a
    /// configuration error naming the theme and the key, not a failure of
    /// every item; a FIFO given as a font is said to be one.
    @Test func aThemeWithAMissingFontStopsBeforeRendering() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let theme = book.base + "/theme.json"
        try Data(#"{"boldFontFile": "/nonexistent/bold.ttf"}"#.utf8).write(to: URL(fileURLWithPath: theme))
        let (r, events) = try book.render(["--theme", theme])
        #expect(r.status == 2, "\(r.stderr)")
        // --progress json: the one line is the error event.
        #expect(events.count == 1 && events.last?["event"] as? String == "error", "\(r.stderr)")
        #expect((events.last?["message"] as? String)?.contains(#"\#(theme): "boldFontFile": /nonexistent/bold.ttf: no such font file"#)
                == true, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.cache + "/tickets"))
        let share = try Tool.run(["share", book.root + "/a", "-o", book.base + "/x.webp", "--theme", theme])
        #expect(share.status == 2, "\(share.stderr)")
        let fifo = book.base + "/font.ttf"
        #expect(mkfifo(fifo, 0o644) == 0)
        let (f, _) = try book.render(["--font", fifo])
        #expect(f.status == 2)
        #expect(f.stderr.contains("\(fifo): is a FIFO, not a font file"), "\(f.stderr)")
    }
}
