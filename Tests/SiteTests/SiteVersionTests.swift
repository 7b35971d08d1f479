import Foundation
import Testing
import PhotiCaseDiary
@testable import PhotiCaseSite

/// Cached pages are trusted by their key, which names `SitePage.version`
/// rather than the templates, so the version must change whenever the
/// HTML, CSS or script does. Golden/site.txt records, per version, the
/// SHA-256 of every page of a reference book; a template change that keeps
/// the version fails here. Record a new version's hash with
/// `PHOTICASE_UPDATE_GOLDEN=1 swift test --filter SiteVersionTests`.
@Suite struct SiteVersionTests {
    static let goldenFile: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Golden/site.txt").path
    }()

    static func referenceHash() -> String {
        var text = ""
        for (path, page) in SitePagesTests.rendered().sorted(by: { $0.key < $1.key }) {
            text += "\(path)\u{0}\(page.utf8.count)\u{0}\(page)"
        }
        // FNV-1a, 64 bits, twice with different offsets: a pin, not a
        // security hash (the Site tests link no hash library).
        var h1: UInt64 = 0xcbf29ce484222325, h2: UInt64 = 0x84222325cbf29ce4
        for byte in text.utf8 {
            h1 = (h1 ^ UInt64(byte)) &* 0x100000001b3
            h2 = (h2 ^ UInt64(byte)) &* 0x100000001b3
        }
        return String(h1, radix: 16) + String(h2, radix: 16)
    }

    @Test func templateChangesBumpTheSiteVersion() throws {
        let hash = Self.referenceHash()
        let text = (try? String(contentsOfFile: Self.goldenFile, encoding: .utf8)) ?? ""
        var lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line -> (String, String)? in
            let parts = line.split(separator: " ")
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
        if ProcessInfo.processInfo.environment["PHOTICASE_UPDATE_GOLDEN"] == "1" {
            lines.removeAll { $0.0 == SitePage.version }
            lines.append((SitePage.version, hash))
            let out = "# SitePage.version and the SHA-256 of its reference pages\n"
                + lines.map { "\($0.0) \($0.1)" }.joined(separator: "\n") + "\n"
            try Data(out.utf8).write(to: URL(fileURLWithPath: Self.goldenFile))
            return
        }
        let golden = try #require(lines.first { $0.0 == SitePage.version },
                                  "no reference hash for \(SitePage.version): record it with PHOTICASE_UPDATE_GOLDEN=1")
        #expect(golden.1 == hash, "the pages changed but SitePage.version is still \(SitePage.version): bump it")
    }

    @Test func theKeyFollowsWhatAPageShows() throws {
        let entries = SitePagesTests.entries()
        let pages = Site(SitePagesTests.input(entries)).pages()
        func keys(_ entryKey: (Entry) -> String) -> [String: String] {
            var out: [String: String] = [:]
            for page in pages { out[page.path.relative] = page.key(entryKey: entryKey) }
            return out
        }
        let before = keys { $0.id + "|1" }
        #expect(before.values.count > 5)
        #expect(before["site/entries/b.html"] != nil)
        // One entry's bytes change: the pages that show it change key, the
        // others keep theirs.
        let target = try #require(entries.first { $0.id == "b" })
        let after = keys { $0.id == target.id ? $0.id + "|2" : $0.id + "|1" }
        #expect(after["site/entries/b.html"] != before["site/entries/b.html"])
        let day = "site/days/\(target.date).html"
        #expect(after[day] != before[day])
        let unrelated = before.keys.filter { !$0.contains("entries/") && !$0.contains("days/") && !$0.contains("months/")
                                             && !$0.contains("book/") && !$0.hasPrefix("index") && !$0.contains("search/") }
        for path in unrelated { #expect(after[path] == before[path], "\(path)") }
        // The search index of b's year changes, the other year's does not:
        // an edit rewrites one index file.
        #expect(after["site/search/2022.js"] != before["site/search/2022.js"])
        #expect(after["site/search/2023.js"] == before["site/search/2023.js"])
        #expect(before["site/search/2023.js"] != nil)
    }
}
