import Foundation
import Testing
import PhotiCaseCodecs
import PhotiCaseRaster

/// The narrowest card a theme allows, through the built binary: on the back
/// of an English "Exhibition" entry 200 points wide the kind badge and the
/// date do not meet (the date moves below the badge), and the run says so.
@Suite(.serialized) struct NarrowCardCommandTests {
    typealias Book = RenderCommandTests.Book

    /// Writes an exhibition entry `a` and a theme with `locale` and a card
    /// `width` points wide; returns the theme's path.
    static func exhibition(in book: Book, locale: String, width: Int) throws -> String {
        let dir = book.root + "/a"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let json = #"{"title": "Monet to Warhol", "date": "2022-09-07", "rating": 4, "kind": "exhibition"}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: dir + "/entry.json"))
        let theme = book.base + "/theme.json"
        try Data(#"{"locale": "\#(locale)", "cardSize": [\#(width), 480]}"#.utf8).write(to: URL(fileURLWithPath: theme))
        return theme
    }

    /// Rows and columns of the back's header ink, measured in the PNG: the
    /// badge's teal (#1B756A, green well above red) and the date's grey
    /// (darker than the card, not teal), above the title's first dark row.
    static func headerInk(_ path: String) throws -> (badge: ClosedRange<Int>, badgeRight: Int,
                                                      date: ClosedRange<Int>, dateLeft: Int) {
        let face = try ImageDecoder.decodeFile(atPath: path).raster
        func sum(_ p: RGBA) -> Int { Int(p.r) + Int(p.g) + Int(p.b) }
        let titleTop = (0..<face.height).first { y in
            (0..<face.width).contains { x in face[x, y].a == 255 && sum(face[x, y]) < 150 }
        } ?? face.height
        var badge: (rows: [Int], right: Int) = ([], 0), date: (rows: [Int], left: Int) = ([], face.width)
        for y in 0..<titleTop {
            for x in 0..<face.width where face[x, y].a == 255 {
                let p = face[x, y]
                if Int(p.g) - Int(p.r) > 40 {
                    badge.rows.append(y)
                    badge.right = max(badge.right, x)
                } else if sum(p) < 3 * 0xF0 - 60, Int(p.g) - Int(p.r) <= 10 {
                    date.rows.append(y)
                    date.left = min(date.left, x)
                }
            }
        }
        guard let b0 = badge.rows.min(), let b1 = badge.rows.max(), let d0 = date.rows.min(), let d1 = date.rows.max()
        else { throw CocoaError(.fileReadCorruptFile) }
        return (b0...b1, badge.right, d0...d1, date.left)
    }

    @Test func anEnglishExhibitionOnTheNarrowestCardMovesTheDateAndSaysSo() throws {
        let book = try Book()
        let theme = try Self.exhibition(in: book, locale: "en", width: 200)
        let (r, events) = try book.render(["--only", "tickets", "--format", "png", "--theme", theme])
        #expect(r.status == 0, "\(r.stderr)")
        let said = "/a/entry.json: the date is moved below the kind badge: no room for the kind badge beside the date "
            + "on the back of a card 200 points wide"
        let warnings = events.filter { $0["event"] as? String == "entry" }.flatMap { $0["warnings"] as? [String] ?? [] }
        #expect(warnings.contains { $0.hasSuffix(said) }, "\(r.stderr)")
        let ink = try Self.headerInk(book.cache + "/tickets/a/back.png")
        #expect(ink.date.lowerBound > ink.badge.upperBound, "badge rows \(ink.badge), date rows \(ink.date)")
        // `share` says it too, as a plain warning.
        let share = try Tool.run(["share", book.root + "/a", "-o", book.base + "/card.png", "--theme", theme])
        #expect(share.status == 0 && share.stderr.contains("warning: ") && share.stderr.contains(said), "\(share.stderr)")
    }

    /// On the default 300-point card the badge and the date share their row,
    /// apart, and nothing is said.
    @Test func theDefaultCardKeepsBothOnOneRowAndSaysNothing() throws {
        let book = try Book()
        let theme = try Self.exhibition(in: book, locale: "en", width: 300)
        let (r, _) = try book.render(["--only", "tickets", "--format", "png", "--theme", theme])
        #expect(r.status == 0 && !r.stderr.contains("kind badge"), "\(r.stderr)")
        let ink = try Self.headerInk(book.cache + "/tickets/a/back.png")
        #expect(ink.date.overlaps(ink.badge), "badge rows \(ink.badge), date rows \(ink.date)")
        #expect(ink.dateLeft - ink.badgeRight > 8 * 2, "\(ink.dateLeft - ink.badgeRight) pixels apart")
    }
}
