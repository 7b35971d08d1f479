import Foundation
import Testing

/// What cron jobs and apps rely on: `--progress json` is a stream of JSON
/// lines from the first line to the last, a signal stops a run with its
/// work committed and said, the umask decides the cache's modes, and a
/// lost summary fails the run.
@Suite(.serialized) struct CronStreamTests {
    typealias Book = RenderCommandTests.Book

    /// Every stderr line as a JSON object; fails the test on a line that is not one.
    static func events(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
        stderr.split(separator: "\n").compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON line: \(line)", sourceLocation: sourceLocation)
            return object
        }
    }

    @Test func usageErrorsAndAHeldLockEndTheStreamWithAnErrorEvent() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        for args in [["--progress", "json", "--jobs", "0"], ["--progress=json", "--bogus"], ["--progress", "json", "--only", "x"]] {
            let r = try Tool.run(["render", book.root, "--cache", book.cache] + args)
            #expect(r.status == 2)
            let events = Self.events(r.stderr)
            #expect(events.count == 1, "\(r.stderr)")
            #expect(events.last?["event"] as? String == "error")
            #expect(events.last?["exit"] as? Int == 2)
            #expect((events.last?["message"] as? String)?.isEmpty == false)
        }
        // Plain text without --progress json, as before.
        let plain = try Tool.run(["render", book.root, "--cache", book.cache, "--jobs", "0"])
        #expect(plain.stderr.hasPrefix("photicase-render render: --jobs must be"), "\(plain.stderr)")

        try FileManager.default.createDirectory(atPath: book.cache, withIntermediateDirectories: true)
        let fd = open(book.cache + "/.lock", O_RDWR | O_CREAT, 0o644)
        #expect(flock(fd, LOCK_EX) == 0)
        _ = "\(getpid())\n".withCString { write(fd, $0, strlen($0)) }
        let locked = try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "json"])
        #expect(locked.status == 3)
        let events = Self.events(locked.stderr)
        #expect(events.count == 1)
        #expect(events.last?["event"] as? String == "error")
        #expect(events.last?["exit"] as? Int == 3)
        #expect((events.last?["message"] as? String)?.contains("(pid \(getpid())) holds the lock") == true)

        // --wait says it waits, once, then runs.
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { close(fd) }
        let waited = try Tool.run(["render", book.root, "--cache", book.cache, "--wait", "--progress", "json",
                                   "--only", "tickets"])
        #expect(waited.status == 0, "\(waited.stderr)")
        let stream = Self.events(waited.stderr)
        #expect(stream.first?["event"] as? String == "waiting")
        #expect(stream.first?["holder"] as? Int == Int(getpid()))
        #expect(stream.filter { $0["event"] as? String == "waiting" }.count == 1)
        #expect(stream.last?["event"] as? String == "done")
    }

    @Test func eventsNameWhatEachItemMakes() throws {
        let book = try Book()
        // An entry whose id looks like a day's and one that cannot be read.
        try book.add("days-2022-08-27", date: "2022-08-27")
        try book.add("broken", date: "2022-08-28", photo: nil, frontJSON: "[")
        let (r, events) = try book.render(["--only", "tickets,days,months,site"])
        #expect(r.status == 1)
        var kinds: [String: String] = [:]
        for e in events where e["event"] as? String == "entry" { kinds[e["id"] as! String] = e["kind"] as? String }
        #expect(kinds["days-2022-08-27"] == "tickets")
        #expect(kinds["days/2022-08-27"] == "days")
        #expect(kinds["months/2022-08"] == "months")
        #expect(kinds["index.html"] == "site")
        #expect(kinds.values.contains("entry"), "\(kinds)")
        // A dry run's failures are entry events too, and it ends with done.
        let dry = try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "json", "--dry-run"])
        let stream = Self.events(dry.stderr)
        #expect(stream.contains { $0["kind"] as? String == "entry" && $0["status"] as? String == "failed" })
        #expect(stream.last?["event"] as? String == "done")
    }

    /// A 12-entry book's render started in the background, its stdout and
    /// stderr piped.
    static func startRendering(jobs: Int) throws -> (Book, Process, Pipe, Pipe) {
        let book = try Book()
        for i in 0..<12 { try book.add("e\(i)", date: "2022-08-\(10 + i % 6)") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.path)
        p.arguments = ["render", book.root, "--cache", book.cache, "--jobs", "\(jobs)", "--progress", "json",
                       "--only", "tickets,days,months", "--today", "2022-08-30", "--scale", "1"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        return (book, p, out, err)
    }

    /// What `pipe` gives until its text holds `marker` (or it ends).
    static func read(_ pipe: Pipe, until marker: String) -> Data {
        var data = Data()
        while !String(decoding: data, as: UTF8.self).contains(marker) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        return data
    }

    @Test func sigtermStopsTakingItemsCommitsAndSaysWhatIsLeft() throws {
        let (book, p, out, err) = try Self.startRendering(jobs: 2)
        // Stop it as soon as it has rendered something.
        var stderr = Self.read(err, until: #""status":"rendered""#)
        p.terminate()
        stderr += err.fileHandleForReading.readDataToEndOfFile()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        // It ends by the signal that stopped it, as a shell expects...
        #expect(p.terminationReason == .uncaughtSignal)
        #expect(p.terminationStatus == SIGTERM)
        // ...having said what it did and what is left.
        let events = Self.events(String(decoding: stderr, as: UTF8.self))
        let done = try #require(events.last)
        #expect(done["event"] as? String == "done")
        #expect(done["interrupted"] as? String == "SIGTERM")
        let total = try #require(events.first?["total"] as? Int)
        let rendered = RenderCommandTests.ids(events, "rendered")
        let left = try #require(done["left"] as? Int)
        #expect(!rendered.isEmpty && left > 0)
        #expect(rendered.count + left == total)
        #expect(stdout.contains("stopped by SIGTERM, \(left) items left for the next run"), "\(stdout)")
        let log = try String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)
        #expect(log.contains("run stopped by SIGTERM, \(left) of \(total) items left"))
        // What it rendered is committed: the next run renders the rest only.
        let (again, next) = try book.render(["--scale", "1"])
        #expect(again.status == 0, "\(again.stderr)")
        let renderedNext = RenderCommandTests.ids(next, "rendered")
        #expect(renderedNext.count == left)
        #expect(Set(renderedNext).isDisjoint(with: rendered))
    }

    @Test func aSecondSignalEndsTheRunAtOnce() throws {
        let (book, p, _, err) = try Self.startRendering(jobs: 1)
        var stderr = Self.read(err, until: #""event":"start""#)
        // A SIGTERM, then a Ctrl-C before the run could finish stopping.
        kill(p.processIdentifier, SIGTERM)
        kill(p.processIdentifier, SIGINT)
        stderr += err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        #expect([SIGTERM, SIGINT].contains(p.terminationStatus))
        let text = String(decoding: stderr, as: UTF8.self)
        #expect(!text.contains(#""event":"done""#))
        // The stream still ends with a line that says how it ended.
        let last = try #require(Self.events(text).last)
        #expect(last["event"] as? String == "error")
        #expect(last["exit"] as? Int == 128 + Int(p.terminationStatus), "\(text)")
        // The index is crash-safe: the next run finishes the book.
        let (again, events) = try book.render(["--scale", "1"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(events.last?["event"] as? String == "done")
        #expect(try book.render(["--scale", "1"]).1.last?["rendered"] as? Int == 0)
    }

    @Test func theUmaskDecidesTheModesOfWhatTheCacheCreates() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let command = "umask 002; exec '\(Tool.path)' render '\(book.root)' --cache '\(book.cache)' --only tickets,days"
        let r = try Tool.run(["-c", command], executable: "/bin/sh")
        #expect(r.status == 0, "\(r.stderr)")
        func mode(_ rel: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: book.cache + "/" + rel))?[.posixPermissions] as? Int) ?? -1
        }
        for file in ["index.sqlite", "render.log", "tickets/a/front.webp", "days/2022-08-27.jpg", "CACHEDIR.TAG"] {
            #expect(mode(file) == 0o664, "\(file): \(String(mode(file), radix: 8))")
        }
        for folder in ["", "tickets", "tickets/a", "days"] {
            #expect(mode(folder) == 0o775, "\(folder): \(String(mode(folder), radix: 8))")
        }
        // umask 077: private.
        let privateBook = try Book()
        try privateBook.add("b", date: "2022-08-28")
        let p = try Tool.run(["-c", "umask 077; exec '\(Tool.path)' render '\(privateBook.root)' --cache '\(privateBook.cache)' --only days"],
                             executable: "/bin/sh")
        #expect(p.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: privateBook.cache + "/days/2022-08-28.jpg")
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }

    /// True when /dev/full is the full device here: a character device
    /// that refuses a write with "No space left on device" (tried once, one
    /// byte; a container may not have it).
    static let hasDevFull: Bool = {
        let type = (try? FileManager.default.attributesOfItem(atPath: "/dev/full"))?[.type] as? FileAttributeType
        guard type == .typeCharacterSpecial else { return false }
        let fd = open("/dev/full", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var byte: UInt8 = 0
        return write(fd, &byte, 1) == -1 && errno == ENOSPC
    }()

    /// The summary is written to /dev/full: skipped (and counted so) without it.
    @Test(.enabled(if: hasDevFull, "no /dev/full here to refuse the summary"))
    func aSummaryThatCannotBeWrittenFailsTheRun() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let r = try Tool.run(["-c", "exec '\(Tool.path)' render '\(book.root)' --cache '\(book.cache)' --only days > /dev/full"],
                             executable: "/bin/sh")
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot write to standard output: No space left on device"), "\(r.stderr)")
        // A reader that goes away is not a failure (`| head`).
        let piped = try Tool.run(["-c", "'\(Tool.path)' render '\(book.root)' --cache '\(book.cache)' --only days | true; "
                                  + "exit ${PIPESTATUS:-0}"], executable: "/bin/bash")
        #expect(piped.status == 0, "\(piped.stderr)")
    }
}

/// What the outside review of the stream found (stop 27).
@Suite(.serialized) struct CronStreamEdgeTests {
    typealias Book = RenderCommandTests.Book

    @Test func problemsWithTheCacheComeBeforeDoneAndAFailureTheyCountIsAnEvent() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try book.add("b", date: "2022-08-28")
        #expect(try book.render(["--only", "tickets"]).0.status == 0)
        // b is gone, and where its front face was is a folder with a file
        // in it: the run cannot remove it, and counts that.
        try FileManager.default.removeItem(atPath: book.root + "/b")
        let face = book.cache + "/tickets/b/front.webp"
        try FileManager.default.removeItem(atPath: face)
        try FileManager.default.createDirectory(atPath: face + "/x", withIntermediateDirectories: true)
        let (r, _) = try book.render(["--only", "tickets"])
        #expect(r.status == 1)
        let events = CronStreamTests.events(r.stderr)
        #expect(events.last?["event"] as? String == "done", "\(r.stderr)")
        #expect(events.last?["failed"] as? Int == 1)
        let error = try #require(events.first { $0["event"] as? String == "error" }, "\(r.stderr)")
        #expect(error["exit"] == nil)
        #expect((error["message"] as? String)?.contains("cannot remove") == true)
        // Said as what it is, not as the kinds it might have been.
        #expect((error["message"] as? String)?.hasSuffix("front.webp: is a folder") == true, "\(error)")
    }

    @Test func aLogThatCannotBeWrittenIsAWarning() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        #expect(try book.render(["--only", "days"]).0.status == 0)
        // A link planted as render.log: never followed, and said.
        let log = book.cache + "/render.log"
        try FileManager.default.removeItem(atPath: log)
        try FileManager.default.createSymbolicLink(atPath: log, withDestinationPath: book.base + "/elsewhere.log")
        let (r, events) = try book.render(["--only", "days"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(events.contains { $0["event"] as? String == "warning"
                && ($0["message"] as? String)?.contains("render.log") == true
                && ($0["message"] as? String)?.hasSuffix("this run is not logged") == true }, "\(r.stderr)")
        #expect(events.last?["event"] as? String == "done")
        #expect(!FileManager.default.fileExists(atPath: book.base + "/elsewhere.log"))
    }

    @Test func aSignalWhileWaitingReportsTheStatusTheToolEndsWith() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try FileManager.default.createDirectory(atPath: book.cache, withIntermediateDirectories: true)
        let fd = open(book.cache + "/.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.path)
        p.arguments = ["render", book.root, "--cache", book.cache, "--wait", "--progress", "json"]
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        _ = CronStreamTests.read(err, until: #""event":"waiting""#)
        p.terminate()
        let rest = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGTERM)
        let last = try #require(CronStreamTests.events(rest).last)
        #expect(last["event"] as? String == "error")
        #expect(last["exit"] as? Int == 128 + Int(SIGTERM))
    }

    /// A user's fontconfig file with a mistake, which fontconfig used to
    /// complain of on stderr (caught, and sent as a warning event): the
    /// user's configuration is not read now (themes.md, "Fonts and
    /// text"), so the run says nothing of it, and the stream is JSON alone.
    @Test func aUsersFontconfigFileIsNotRead() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        let home = book.base + "/home"
        try FileManager.default.createDirectory(atPath: home + "/.config/fontconfig", withIntermediateDirectories: true)
        try Data(#"<?xml version="1.0"?><fontconfig><bogus/></fontconfig>"#.utf8)
            .write(to: URL(fileURLWithPath: home + "/.config/fontconfig/fonts.conf"))
        let command = "HOME='\(home)' exec '\(Tool.path)' render '\(book.root)' --cache '\(book.cache)' --only tickets "
            + "--scale 1 --progress json"
        let r = try Tool.run(["-c", command], executable: "/bin/sh")
        #expect(r.status == 0, "\(r.stderr)")
        let events = CronStreamTests.events(r.stderr)
        #expect(!r.stderr.contains("bogus") && !events.contains { $0["event"] as? String == "warning" }, "\(r.stderr)")
        #expect(events.count == r.stderr.split(separator: "\n").count, "not JSON alone: \(r.stderr)")
        #expect(events.last?["event"] as? String == "done")
        // The last --progress counts, for the stream as for the run.
        let plain = try Tool.run(["render", book.root, "--cache", book.cache, "--only", "tickets", "--scale", "1",
                                  "--progress", "json", "--progress", "none", "--jobs", "0"])
        #expect(plain.stderr.hasPrefix("photicase-render render: --jobs"), "\(plain.stderr)")
    }

    @Test func namesThatAreNotUTF8AreSaidToBeSoNotMisread() throws {
        let book = try Book()
        try book.add("good", date: "2022-08-27")
        try book.add("bad", date: "2022-08-28")
        try book.add("moved", date: "2022-08-29")
        #expect(try book.render(["--only", "tickets"]).0.status == 0)
        // "bad" renamed to the bytes "bad\xff", and "moved" moved into it:
        // neither is gone, and their outputs stay.
        let mv = try Tool.run(["-c", "mv '\(book.root)/moved' '\(book.root)/bad/' && "
                               + "mv '\(book.root)/bad' '\(book.root)/bad'\"$(printf '\\377')\""], executable: "/bin/bash")
        #expect(mv.status == 0, "\(mv.stderr)")
        try book.add("new", date: "2022-08-30")
        let (r, events) = try book.render(["--only", "tickets"])
        #expect(r.status == 1)
        let failed = try #require(events.first { $0["status"] as? String == "failed" })
        #expect((failed["error"] as? String)?.contains("its name is not valid UTF-8") == true, "\(r.stderr)")
        #expect(RenderCommandTests.ids(events, "rendered") == ["new"])
        #expect(events.last?["removed"] as? Int == 0, "\(r.stderr)")
        for id in ["bad", "moved"] { #expect(book.files().contains("tickets/\(id)/front.webp"), "\(id)") }
        // A cache folder named by an environment variable that is not UTF-8: refused too.
        let xdg = try Tool.run(["-c", "XDG_CACHE_HOME='\(book.base)/x'\"$(printf '\\377')\" exec '\(Tool.path)' render "
                                + "'\(book.root)' --only days"], executable: "/bin/bash")
        #expect(xdg.status == 2)
        #expect(xdg.stderr.contains("XDG_CACHE_HOME is not valid UTF-8"), "\(xdg.stderr)")
        // An argument that is not UTF-8 is refused: it would name another folder.
        let shell = "exec '\(Tool.path)' render '\(book.root)' --cache '\(book.base)/c'\"$(printf '\\351')\""
        let arg = try Tool.run(["-c", shell], executable: "/bin/bash")
        #expect(arg.status == 2)
        #expect(arg.stderr.contains("is not valid UTF-8"), "\(arg.stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: book.base)
        #expect(!made.contains { $0.hasPrefix("c") && $0 != "cache" }, "\(made)")
    }

    /// Root, whom modes do not stop, drops to nobody to meet the
    /// unwritable index: skipped (and counted so) unless root.
    @Test(.enabled(if: Tool.isRoot, "needs root to drop to nobody"))
    func anIndexTheUserCannotWriteIsSaidToBeSo() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27")
        try Tool.giveToNobody(book.base)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: book.base)
        let first = try Tool.runUnprivileged(["render", book.root, "--cache", book.cache, "--only", "days"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(chmod(book.cache + "/index.sqlite", 0o444) == 0)
        let r = try Tool.runUnprivileged(["render", book.root, "--cache", book.cache, "--only", "days"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("index.sqlite: cannot be written (permission denied)"), "\(r.stderr)")
        // A cache folder the user may not write: the same, not SQLite's words.
        #expect(chmod(book.cache + "/index.sqlite", 0o644) == 0)
        #expect(chmod(book.cache, 0o555) == 0)
        let folder = try Tool.runUnprivileged(["render", book.root, "--cache", book.cache, "--only", "days", "--force"])
        #expect(chmod(book.cache, 0o755) == 0)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("index.sqlite: cannot be written (permission denied)"), "\(folder.stderr)")
    }

    /// A crash signal under `--progress json` still ends the stream with a
    /// JSON line: sent by another process (as here), the process ends by it
    /// with no crash report; a real fault (checked by hand: a null
    /// dereference, `fatalError`, `abort`) writes the line, then the Swift
    /// runtime's report, and ends by the signal.
    @Test func aCrashSignalEndsTheJSONStreamWithAnErrorLine() throws {
        let (book, p, _, err) = try CronStreamTests.startRendering(jobs: 1)
        var stderr = CronStreamTests.read(err, until: #""event":"start""#)
        kill(p.processIdentifier, SIGSEGV)
        stderr += err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGSEGV)
        let text = String(decoding: stderr, as: UTF8.self)
        // Every line JSON, the last the error.
        let last = try #require(CronStreamTests.events(text).last)
        #expect(last["event"] as? String == "error" && last["exit"] as? Int == 128 + Int(SIGSEGV), "\(text)")
        #expect((last["message"] as? String)?.contains("sent by another process") == true)
        #expect(!text.contains("Program crashed"))
        // The index is crash-safe: the next run finishes the book.
        let (again, events) = try book.render(["--scale", "1"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(events.last?["event"] as? String == "done")
        // Without JSON too, the signal ends the run (no report, no line).
        let plain = Process()
        plain.executableURL = URL(fileURLWithPath: Tool.path)
        let log = { (try? String(contentsOfFile: book.cache + "/render.log", encoding: .utf8)) ?? "" }
        let starts = log().components(separatedBy: " run start ").count
        plain.arguments = ["render", book.root, "--cache", book.cache, "--progress", "none", "--force",
                           "--only", "tickets,days,months", "--today", "2022-08-30", "--scale", "1", "--jobs", "1"]
        let plainErr = Pipe()
        plain.standardError = plainErr
        plain.standardOutput = FileHandle.nullDevice
        try plain.run()
        // Once it has begun (its log says so), well before it can end.
        while log().components(separatedBy: " run start ").count == starts { usleep(2000) }
        kill(plain.processIdentifier, SIGSEGV)
        let plainText = String(decoding: plainErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        plain.waitUntilExit()
        #expect(plain.terminationReason == .uncaughtSignal && plain.terminationStatus == SIGSEGV, "\(plainText)")
        #expect(!plainText.contains("Program crashed") && !plainText.contains("\"event\""))
    }
}
