import Foundation
import Testing
import PhotiCaseCodecs
import PhotiCaseRaster

/// The story and feed images through the built binary: a render leaves
/// each entry a 1080×1920 story and a 1080×1350 feed image whatever
/// `--scale` is, and `share --layout` makes each of the four layouts.
@Suite(.serialized) struct SocialImageCommandTests {
    typealias Book = RenderCommandTests.Book

    static func size(_ path: String) throws -> PixelSize {
        try ImageDecoder.decodeFile(atPath: path).raster.size
    }

    @Test(arguments: [1, 3]) func storyAndFeedKeepTheirFramesAtEveryScale(scale: Int) throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: 1400)
        try book.add("b", date: "2022-08-28", photo: nil)
        let (result, _) = try book.render(["--only", "tickets,shares", "--scale", "\(scale)"])
        #expect(result.status == 0, "\(result.stderr)")
        for id in ["a", "b"] {
            #expect(try Self.size(book.cache + "/tickets/\(id)/story.jpg") == PixelSize(width: 1080, height: 1920))
            #expect(try Self.size(book.cache + "/tickets/\(id)/feed.jpg") == PixelSize(width: 1080, height: 1350))
        }
        // The ticket images follow the scale; the story and feed do not.
        let front = try Self.size(book.cache + "/tickets/a/front.webp")
        #expect(front.width == 300 * scale, "\(front)")
    }

    @Test func shareMakesEachLayout() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-27", size: 1400)
        let sizes = ["story": PixelSize(width: 1080, height: 1920), "feed": PixelSize(width: 1080, height: 1350),
                     "square": PixelSize(width: 1080, height: 1080), "link": PixelSize(width: 1200, height: 630)]
        var made: [String: PixelSize] = [:]
        for layout in ["card", "front", "story", "feed", "square", "link"] {
            let out = book.base + "/\(layout).png"
            let r = try Tool.run(["share", book.root + "/a", "-o", out, "--layout", layout])
            #expect(r.status == 0, "\(layout): \(r.stderr)")
            made[layout] = try Self.size(out)
            if let expected = sizes[layout] { #expect(made[layout] == expected, "\(layout)") }
        }
        // The card holds the front and the back side by side; front alone
        // is what --front-only made, and says the same.
        let card = try #require(made["card"]), front = try #require(made["front"])
        #expect(card.height == front.height && card.width > 2 * front.width - front.width / 2)
        let legacy = book.base + "/legacy.png"
        #expect(try Tool.run(["share", book.root + "/a", "-o", legacy, "--front-only"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: legacy))
                == Data(contentsOf: URL(fileURLWithPath: book.base + "/front.png")))
        let bad = try Tool.run(["share", book.root + "/a", "-o", book.base + "/x.png", "--layout", "poster"])
        #expect(bad.status == 2 && bad.stderr.contains("poster"), "\(bad.stderr)")
        // The names are the library's one list.
        #expect(bad.stderr.contains("card, front, story, feed, square or link"), "\(bad.stderr)")
        let scaled = try Tool.run(["share", book.root + "/a", "-o", book.base + "/x.png", "--layout", "square", "--scale", "3"])
        #expect(scaled.status == 2 && scaled.stderr.contains("a square image is 1080x1080 whatever it is"), "\(scaled.stderr)")
    }
}
