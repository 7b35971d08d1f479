import Foundation
import Testing

/// An image the run cannot write (a read-only or immutable folder, as a
/// full disk or a quota would refuse it) never leaves a page linking a
/// missing file: the page as it was stays, or a new page waits; the run
/// says which and exits 1; the next run with room converges to a fresh
/// render, byte for byte.
@Suite(.serialized) struct UnwritableImageCommandTests {
    typealias Book = RenderCommandTests.Book

    static func renderArgs(_ book: Book, cache: String? = nil) -> [String] {
        ["render", book.root, "--cache", cache ?? book.cache, "--progress", "none", "--today", "2022-08-30"]
    }

    /// Makes `folder` unwritable for the run: read-only for `nobody`,
    /// immutable (`chattr +i`) for root, whom modes do not stop. Nil when
    /// the file system has no immutable flag.
    static func block(_ folder: String, asNobody: Bool) throws -> Bool {
        if asNobody || !Tool.isRoot {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
            return true
        }
        return try Tool.run(["+i", folder], executable: "/usr/bin/chattr").status == 0
    }

    /// True when `block` can make a folder unwritable for the tests' own
    /// user: always by its mode for a user; for root only where the file
    /// system has the immutable flag, tried once (`chattr +i`, then `-i`)
    /// on an empty temporary folder.
    static let canBlockForThisUser: Bool = {
        guard Tool.isRoot else { return true }
        guard let dir = try? Tool.temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard (try? Tool.run(["+i", dir], executable: "/usr/bin/chattr"))?.status == 0 else { return false }
        return (try? Tool.run(["-i", dir], executable: "/usr/bin/chattr"))?.status == 0
    }()

    static func unblock(_ folder: String, asNobody: Bool) throws {
        if asNobody || !Tool.isRoot {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        } else {
            _ = try Tool.run(["-i", folder], executable: "/usr/bin/chattr")
        }
    }

    /// The cache's files (the run's log, index and lock aside) and their bytes.
    static func contents(_ cache: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: cache)
        while let relative = walker?.nextObject() as? String {
            let path = cache + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  !relative.hasPrefix("render.log"), !relative.hasPrefix("index.sqlite"), relative != ".lock" else { continue }
            files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return files
    }

    /// Every local `src` and `href` of every page of the site names a file
    /// the cache holds; the links that do not, as "page -> link".
    static func brokenLinks(_ cache: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: ##"(?:src|href)="([^"#?]+)"##)
        var broken: [String] = []
        for (relative, data) in try contents(cache) where relative.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            let folder = URL(fileURLWithPath: cache + "/" + relative).deletingLastPathComponent()
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                guard let range = Range(match.range(at: 1), in: html) else { continue }
                let link = String(html[range])
                if link.contains(":") || link.hasSuffix("/") { continue }
                let target = folder.appendingPathComponent(link.removingPercentEncoding ?? link).standardized.path
                if !FileManager.default.fileExists(atPath: target) { broken.append("\(relative) -> \(link)") }
            }
        }
        return broken
    }

    /// The run as the tests' user: skipped (and counted so) when that is
    /// root and the file system has no immutable flag (chattr +i).
    @Test(.enabled(if: canBlockForThisUser, "the cache cannot be made immutable on this file system (chattr +i)"))
    func aPageNeverLinksAnImageThatCouldNotBeWritten() throws {
        try Self.checkNoPageLinksAnUnwrittenImage(asNobody: false)
    }

    /// The run as nobody (when root; as the user otherwise), stopped by the folder's mode.
    @Test func aPageNeverLinksAnImageThatCouldNotBeWrittenAsNobody() throws {
        try Self.checkNoPageLinksAnUnwrittenImage(asNobody: true)
    }

    static func checkNoPageLinksAnUnwrittenImage(asNobody: Bool) throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01", size: 1400)
        #expect(try Tool.run(Self.renderArgs(book)).status == 0)
        let dayPage = "site/days/2022-08-01.html"
        let before = try Self.contents(book.cache)
        #expect(before[dayPage] != nil)

        // A second entry on the same day: its images cannot be written.
        try book.add("b", date: "2022-08-01", size: 1400)
        if asNobody { try Tool.giveToNobody(book.base) }
        let tickets = book.cache + "/tickets"
        try #require(try Self.block(tickets, asNobody: asNobody), "\(tickets) cannot be made unwritable")
        let r: Tool.Result
        do {
            defer { try? Self.unblock(tickets, asNobody: asNobody) }
            r = asNobody ? try Tool.runUnprivileged(Self.renderArgs(book)) : try Tool.run(Self.renderArgs(book))
        }
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("site/entries/b.html: the page is not written yet: it would link tickets/b/"),
                "\(r.stderr)")
        // Entry a's page names b's, which is not there: it stays as it was.
        #expect(r.stderr.contains("site/entries/a.html: the page as it was is kept: it would link site/entries/b.html"),
                "\(r.stderr)")
        #expect(r.stderr.contains("\(dayPage): the page as it was is kept: it would link tickets/b/front"),
                "\(r.stderr)")
        let during = try Self.contents(book.cache)
        #expect(during["site/entries/b.html"] == nil)
        #expect(during[dayPage] == before[dayPage])
        #expect(try Self.brokenLinks(book.cache) == [])

        // With room again, the next run converges to a fresh render.
        let again = asNobody ? try Tool.runUnprivileged(Self.renderArgs(book)) : try Tool.run(Self.renderArgs(book))
        #expect(again.status == 0, "\(again.stderr)")
        let fresh = book.base + "/fresh"
        #expect(try Tool.run(Self.renderArgs(book, cache: fresh)).status == 0)
        let (converged, expected) = (try Self.contents(book.cache), try Self.contents(fresh))
        #expect(converged.keys.sorted() == expected.keys.sorted())
        for (path, bytes) in expected where converged[path] != bytes { Issue.record("\(path) differs from a fresh render") }
        let broken = try Self.brokenLinks(book.cache)
        #expect(broken == [], "\(broken)")
    }
}
