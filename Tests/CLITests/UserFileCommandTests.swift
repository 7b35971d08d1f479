import Foundation
import Testing
import PhotiCaseCodecs

/// What belongs to the user, through the built binary: special files where
/// the tool opens its own (the log, the lock), folders and FIFOs given as
/// files, modes of the files it replaces, and the inputs no output may
/// replace. Permission cases run as `nobody` too when the tests run as root.
@Suite(.serialized) struct UserFileCommandTests {
    typealias Book = RenderCommandTests.Book

    /// Photos large enough that no face enlarges them (no warning line).
    static let photoSide = 1400

    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func renderArgs(_ book: Book) -> [String] {
        ["render", book.root, "--cache", book.cache, "--progress", "none", "--today", "2022-08-30",
         "--only", "tickets,days,months", "--jobs", "2"]
    }

    // MARK: - Special files in the cache

    /// A book of one entry rendered, then a FIFO put in place of its log.
    static func bookWithAFifoAtTheLog() throws -> Book {
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: Self.photoSide)
        #expect(try Tool.run(Self.renderArgs(book)).status == 0)
        try FileManager.default.removeItem(atPath: book.cache + "/render.log")
        #expect(mkfifo(book.cache + "/render.log", 0o666) == 0)
        return book
    }

    /// A FIFO at render.log used to hold `render` for ever in its open,
    /// with the cache lock taken (every later run exited 3). Now the log is
    /// opened without waiting and refused as what it is; the run goes on,
    /// unlogged, and says so; the next run is not locked out.
    @Test(arguments: [false, true]) func aFifoAtTheLogIsSaidAndTheRunGoesOn(asNobody: Bool) throws {
        let book = try Self.bookWithAFifoAtTheLog()
        if asNobody { try Tool.giveToNobody(book.base) }
        try book.add("b", date: "2022-08-28", size: Self.photoSide)
        if asNobody { try Tool.giveToNobody(book.base) }
        for _ in 0..<2 {
            let ended = try Tool.start(Self.renderArgs(book), unprivileged: asNobody).wait(deadline: 60)
            #expect(!ended.killedAtDeadline, "render waited on the FIFO at render.log")
            #expect(ended.result.status == 0, "\(ended.result.stderr)")
            #expect(ended.result.stderr == "photicase-render: warning: \(book.cache)/render.log: is a FIFO, not a "
                    + "regular file; this run is not logged\n", "\(ended.result.stderr)")
        }
        #expect(book.files().contains("tickets/b/front.webp"))
    }

    /// `clean` and `clean --prune` with a FIFO at the log: they finish,
    /// and say the clean is not logged, as a render says it.
    @Test(arguments: [false, true]) func aFifoAtTheLogIsSaidByClean(prune: Bool) throws {
        let book = try Self.bookWithAFifoAtTheLog()
        let args = ["clean", "--cache", book.cache] + (prune ? ["--prune", book.root, "--today", "2022-08-30"] : [])
        let ended = try Tool.start(args).wait(deadline: 60)
        #expect(!ended.killedAtDeadline, "clean waited on the FIFO at render.log")
        #expect(ended.result.status == 0, "\(ended.result.stderr)")
        #expect(ended.result.stderr == "photicase-render: warning: \(book.cache)/render.log: is a FIFO, not a "
                + "regular file; this clean is not logged\n", "\(ended.result.stderr)")
    }

    /// A FIFO (or a folder) at the lock's name is not a lock of ours: the
    /// run stops at once with exit 2 naming it, and writes nothing.
    @Test func aFifoAtTheLockIsRefusedNamingIt() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: Self.photoSide)
        #expect(try Tool.run(Self.renderArgs(book)).status == 0)
        try FileManager.default.removeItem(atPath: book.cache + "/.lock")
        #expect(mkfifo(book.cache + "/.lock", 0o666) == 0)
        try book.add("b", date: "2022-08-28", size: Self.photoSide)
        let ended = try Tool.start(Self.renderArgs(book)).wait(deadline: 60)
        #expect(!ended.killedAtDeadline)
        #expect(ended.result.status == 2, "\(ended.result.stderr)")
        #expect(ended.result.stderr.contains("\(book.cache)/.lock: is a FIFO, not a regular file"), "\(ended.result.stderr)")
        #expect(!book.files().contains("tickets/b/front.webp"))
    }

    // MARK: - What a path is

    /// A folder or a FIFO given as `--theme`, `--font`, `share -o` or
    /// `convert`'s OUT is named as what it is, in one line.
    @Test func aFolderOrFifoGivenAsAFileIsNamedAsWhatItIs() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: Self.photoSide)
        let folder = book.base + "/theme.json"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let theme = try Tool.run(["share", book.root + "/a", "-o", book.base + "/out.png", "--theme", folder])
        #expect(theme.status == 2)
        #expect(theme.stderr.hasPrefix("photicase-render share: \(folder): is a folder\n"), "\(theme.stderr)")
        #expect(!theme.stderr.contains("image"), "\(theme.stderr)")
        let fifo = book.base + "/fifo.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let themeFifo = try Tool.run(["render", book.root, "--cache", book.cache, "--theme", fifo])
        #expect(themeFifo.status == 2)
        #expect(themeFifo.stderr.hasPrefix("photicase-render render: \(fifo): is a FIFO, not a regular file\n"),
                "\(themeFifo.stderr)")
        let font = try Tool.run(["share", book.root + "/a", "-o", book.base + "/out.png", "--font", book.base])
        #expect(font.status == 2)
        #expect(font.stderr.hasPrefix("photicase-render share: \(book.base): is a folder, not a font file\n"), "\(font.stderr)")
        let outFolder = book.base + "/out.webp"
        try FileManager.default.createDirectory(atPath: outFolder, withIntermediateDirectories: true)
        for args in [["share", book.root + "/a", "-o", outFolder], ["convert", book.root + "/a/front.jpg", outFolder]] {
            let r = try Tool.run(args)
            #expect(r.status == 1)
            #expect(r.stderr == "photicase-render: \(outFolder): is a folder\n", "\(args[0]): \(r.stderr)")
        }
        let input = try Tool.run(["convert", book.base, book.base + "/x.png"])
        #expect(input.status == 1)
        #expect(input.stderr == "photicase-render: \(book.base): is a folder\n", "\(input.stderr)")
    }

    // MARK: - Modes of replaced files

    /// `share -o` and `convert` over an existing private file keep it
    /// private (and a group-writable one group-writable); a new file gets
    /// 0666 less the umask. As root, a file of another user stays theirs.
    @Test(arguments: [false, true]) func aReplacedOutputKeepsItsMode(asNobody: Bool) throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: Self.photoSide)
        let outputs = book.base + "/out"
        try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
        for (name, mode) in [("share.png", 0o600), ("convert.jpg", 0o600), ("group.webp", 0o664)] {
            try Data("old".utf8).write(to: URL(fileURLWithPath: outputs + "/" + name))
            #expect(chmod(outputs + "/" + name, mode_t(mode)) == 0)
        }
        if asNobody { try Tool.giveToNobody(book.base) }
        let run = { (args: [String]) throws -> Tool.Result in
            asNobody ? try Tool.runUnprivileged(args) : try Tool.run(args)
        }
        let photo = book.root + "/a/front.jpg"
        for args in [["share", book.root + "/a", "-o", outputs + "/share.png"],
                     ["convert", photo, outputs + "/convert.jpg"],
                     ["convert", photo, outputs + "/group.webp"],
                     ["convert", photo, outputs + "/new.png"]] {
            let r = try run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
        func mode(_ name: String) throws -> Int {
            try #require(try FileManager.default.attributesOfItem(atPath: outputs + "/" + name)[.posixPermissions] as? Int)
        }
        #expect(try mode("share.png") == 0o600)
        #expect(try mode("convert.jpg") == 0o600)
        #expect(try mode("group.webp") == 0o664)
        // setpriv runs nobody with umask 022 from here; Foundation's test
        // runner keeps the same.
        #expect(try mode("new.png") == 0o644)
        for name in ["share.png", "convert.jpg", "group.webp", "new.png"] {
            #expect(try ImageDecoder.decodeFile(atPath: outputs + "/" + name).raster.width > 0)
        }
        if Tool.isRoot && asNobody {
            let owner = try FileManager.default.attributesOfItem(atPath: outputs + "/share.png")[.ownerAccountName] as? String
            #expect(owner == "nobody")
        }
    }

    /// Root replacing a user's output gives it back to the user: it does
    /// not become root's file in the user's folder.
    @Test func rootReplacingAUsersOutputKeepsItTheirs() throws {
        guard Tool.isRoot else { return }
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: Self.photoSide)
        let out = book.base + "/theirs.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        try Tool.giveToNobody(out)
        #expect(chmod(out, 0o640) == 0)
        let r = try Tool.run(["convert", book.root + "/a/front.jpg", out])
        #expect(r.status == 0, "\(r.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: out)
        #expect(attributes[.ownerAccountName] as? String == "nobody")
        #expect(attributes[.posixPermissions] as? Int == 0o640)
    }

    // MARK: - Inputs no output may replace

    /// `share --year 2022 ENTRIES -o` a photo or entry.json of an entry of
    /// another year (or one left out, or the theme's font) used to replace
    /// it, exit 0: every write checks every input of the command, by device
    /// and inode, and the refusal names both files.
    @Test(arguments: [false, true]) func shareYearNeverReplacesAnyInputUnderEntries(asNobody: Bool) throws {
        let book = try Book()
        try book.add("2022/a", date: "2022-08-27", size: Self.photoSide)
        try book.add("2021/old", date: "2021-05-01", size: Self.photoSide)
        try book.add("2021/broken", date: "2021-05-02", size: Self.photoSide)
        try Data("{".utf8).write(to: URL(fileURLWithPath: book.root + "/2021/broken/entry.json"))
        let font = book.base + "/font.ttf"
        try FileManager.default.copyItem(atPath: Self.font, toPath: font)
        let theme = book.base + "/theme.json"
        try Data(#"{"boldFontFile": "\#(font)"}"#.utf8).write(to: URL(fileURLWithPath: theme))
        #expect(link(book.root + "/2021/old/front.jpg", book.base + "/hard.jpg") == 0)
        if asNobody { try Tool.giveToNobody(book.base) }
        // Another year's photo and entry.json, a left-out entry's
        // entry.json, a hard link to a photo, the theme's font, the theme.
        let victims = [book.root + "/2021/old/front.jpg", book.root + "/2021/old/entry.json",
                       book.root + "/2021/broken/entry.json", book.base + "/hard.jpg", font, theme]
        let before = try victims.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        for victim in victims {
            // A name an image can have: a hard link to the victim when needed.
            let output = victim.hasSuffix(".jpg") ? victim : victim + ".png"
            if output != victim { #expect(link(victim, output) == 0) }
            defer { if output != victim { unlink(output) } }
            let args = ["share", "--year", "2022", book.root, "-o", output, "--scale", "1", "--theme", theme]
            let r = asNobody ? try Tool.runUnprivileged(args) : try Tool.run(args)
            #expect(r.status == 1, "\(victim): \(r.stdout)\(r.stderr)")
            #expect(r.stderr.contains("\(output): is the same file as "), "\(r.stderr)")
            #expect(r.stderr.contains(", an input of this command; refusing to overwrite it"), "\(r.stderr)")
        }
        for (victim, bytes) in zip(victims, before) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == bytes, "\(victim) was replaced")
        }
        // The message names the input by the path it was read by.
        let named = try Tool.run(["share", "--year", "2022", book.root, "-o", book.base + "/hard.jpg", "--scale", "1"])
        // (After the warning that the broken entry is left out.)
        #expect(named.stderr.hasSuffix("\nphoticase-render: \(book.base)/hard.jpg: is the same file as "
                + "\(book.root)/2021/old/front.jpg, an input of this command; refusing to overwrite it\n"), "\(named.stderr)")
    }

    /// `share ENTRY_DIR` protects the theme's font files as well as the
    /// entry's files, the theme and `--font`.
    @Test func shareNeverReplacesTheThemesFonts() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: Self.photoSide)
        let bold = book.base + "/bold.png"
        try FileManager.default.copyItem(atPath: Self.font, toPath: bold)
        let theme = book.base + "/theme.json"
        try Data(#"{"boldFontFile": "\#(bold)"}"#.utf8).write(to: URL(fileURLWithPath: theme))
        let before = try Data(contentsOf: URL(fileURLWithPath: bold))
        let r = try Tool.run(["share", book.root + "/a", "-o", bold, "--theme", theme, "--scale", "1"])
        #expect(r.status == 1)
        #expect(r.stderr == "photicase-render: \(bold): is the same file as \(bold), an input of this command; "
                + "refusing to overwrite it\n", "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: bold)) == before)
    }
}
