import Foundation
import Testing

/// Text a user can paste, at the size entry.json allows (4 MiB), through
/// the built binary: a one-word title, a memo of one word and of short
/// words, 200,000 friends. Each renders in full (every kind, the site
/// included) and shares, says what it left out, and its pages stay the
/// size of what they show.
@Suite(.serialized) struct LongTextCommandTests {
    typealias Book = RenderCommandTests.Book

    static let room = 4 * 1024 * 1024 - 4096

    /// entry.json of `fields` (JSON members) in the entry `name` of `book`.
    static func write(_ book: Book, _ name: String, _ fields: [String: Any]) throws {
        var entry: [String: Any] = ["title": name, "date": "2022-08-02", "rating": 4,
                                    "front": ["photo": "front.jpg"]]
        entry.merge(fields) { _, new in new }
        let data = try JSONSerialization.data(withJSONObject: entry)
        #expect(data.count <= 4 * 1024 * 1024)
        try data.write(to: URL(fileURLWithPath: book.root + "/" + name + "/entry.json"))
    }

    /// The entry's name, its long field and what the warning says is left out.
    static func longCase(_ index: Int) -> (String, [String: Any], String) {
        switch index {
        case 0: ("title", ["title": String(repeating: "가", count: room / 3)], "the end of the title")
        case 1: ("word", ["memo": String(repeating: "나", count: room / 3)], "the end of the memo")
        case 2: ("words", ["memo": String(repeating: "ab ", count: room / 3)], "the end of the memo")
        default: ("friends", ["friends": (0..<200_000).map { "친구\($0)" }], "some friends")
        }
    }

    @Test(arguments: 0..<4) func aFourMegabyteTextRendersAndSaysWhatIsLeftOut(_ index: Int) throws {
        let (name, fields, leftOut) = Self.longCase(index)
        let book = try Book()
        try book.add(name, date: "2022-08-02", size: 1400)
        try Self.write(book, name, fields)
        // A deadline far above the seconds it takes: the quadratic layout
        // this replaces took minutes.
        let run = try Tool.start(["render", book.root, "--cache", book.cache, "--progress", "none",
                                  "--today", "2022-08-30"]).wait(deadline: 120)
        #expect(!run.killedAtDeadline)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stderr.contains("\(name)/entry.json: \(leftOut)"), "\(run.result.stderr)")
        // The site's pages show what a page can: the list's memo line and
        // the search index stay small; the entry's page has the whole memo.
        let list = try Data(contentsOf: URL(fileURLWithPath: book.cache + "/site/book/list-001.html"))
        #expect(list.count < 64 * 1024, "list page of \(list.count) bytes")
        let index = try Data(contentsOf: URL(fileURLWithPath: book.cache + "/site/search/2022.js"))
        #expect(index.count < 64 * 1024, "search index of \(index.count) bytes")
        let share = try Tool.start(["share", book.root + "/" + name, "-o", book.base + "/share.png"]).wait(deadline: 60)
        #expect(!share.killedAtDeadline)
        #expect(share.result.status == 0, "\(share.result.stderr)")
        #expect(share.result.stderr.contains(leftOut), "\(share.result.stderr)")
    }

    /// Names past the first thousand are counted on the entry's page.
    @Test func theFriendsPastTheFirstThousandAreCounted() throws {
        let book = try Book()
        try book.add("friends", date: "2022-08-02", size: 1400)
        try Self.write(book, "friends", ["friends": (0..<1_500).map { "친구\($0)" }])
        let r = try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "none", "--today", "2022-08-30"])
        #expect(r.status == 0, "\(r.stderr)")
        let page = try String(contentsOfFile: book.cache + "/site/entries/friends.html", encoding: .utf8)
        #expect(page.contains("친구999<"))
        #expect(!page.contains("친구1000<"))
        #expect(page.contains("외 500명"))
    }
}
