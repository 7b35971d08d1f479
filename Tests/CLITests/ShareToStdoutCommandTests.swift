import Foundation
import Testing

/// `share -o -` writes the image to standard output, its format from
/// `--format`, the same bytes as a file of that format; a format that is
/// missing or disagrees with a file's name is a usage error.
@Suite struct ShareToStdoutCommandTests {
    @Test(arguments: [("png", "png"), ("jpg", "jpg"), ("webp", "webp")])
    func standardOutputGetsTheFilesBytes(format: String, ext: String) throws {
        let book = try RenderCommandTests.Book()
        try book.add("a", date: "2022-08-27")
        let file = book.base + "/a.\(ext)", piped = book.base + "/piped.bin"
        let direct = try Tool.run(["share", book.root + "/a", "-o", file, "--layout", "feed"])
        #expect(direct.status == 0, "\(direct.stderr)")
        // Through a shell, as a pipe would take it (bytes, not text).
        let quoted = [Tool.path, "share", book.root + "/a", "-o", "-", "--format", format, "--layout", "feed"]
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let r = try Tool.run(["-c", quoted + " > '\(piped)'"], executable: "/bin/sh")
        #expect(r.status == 0, "\(r.stderr)")
        let a = FileManager.default.contents(atPath: file), b = FileManager.default.contents(atPath: piped)
        #expect(a != nil && a == b, "\(format): \(a?.count ?? -1) bytes to the file, \(b?.count ?? -1) to standard output")
        #expect(!FileManager.default.fileExists(atPath: book.root + "/a/-"))
    }

    @Test(arguments: [
        (["-o", "-"], "say its format with --format"),
        (["-o", "-", "--format", "gif"], "--format must be png, jpg or webp, not 'gif'"),
        (["-o", "/tmp/pr-unused/x.png", "--format", "jpg"], "does not agree with /tmp/pr-unused/x.png"),
    ])
    func aFormatMissingOrAtOddsIsAUsageError(extra: [String], message: String) throws {
        let book = try RenderCommandTests.Book()
        try book.add("a", date: "2022-08-27")
        let r = try Tool.run(["share", book.root + "/a"] + extra)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }
}
