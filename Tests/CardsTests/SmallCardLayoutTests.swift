@testable import PhotiCaseCards
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// Layout at the edges of what a theme allows (`cardSize` down to 200 x 300
/// points) and with long names: nothing drawn over anything else, and what
/// a line is for kept when it must be cut.
@Suite struct SmallCardLayoutTests {
    static let longTitle = "The Lord of the Rings: The Return of the King (Extended Edition) 반지의 제왕 왕의 귀환 확장판"

    func renderer(width: Double, height: Double) throws -> CardRenderer {
        var theme = Theme()
        theme.cardSize = Size(width: width, height: height)
        return try CardRenderer(theme: theme)
    }

    /// The star colour, give or take the stars' anti-aliased edges.
    static func isStar(_ p: RGBA, _ star: RGBA) -> Bool {
        abs(Int(p.r) - Int(star.r)) < 24 && abs(Int(p.g) - Int(star.g)) < 24 && abs(Int(p.b) - Int(star.b)) < 24
    }

    /// On the front's stub, the date's ink (near white) ends left of the
    /// first star, at every allowed width down to 200 points.
    @Test(arguments: [200.0, 210.0, 220.0, 300.0])
    func theFrontStubsDateKeepsClearOfTheStars(width: Double) throws {
        let renderer = try renderer(width: width, height: 480)
        let face = try renderer.renderFront(testEntry(title: Self.longTitle, rating: 5), scale: 2).raster
        let stubTop = face.height - 92 * 2
        var lastText = -1, firstStar = face.width
        for y in stubTop..<face.height {
            for x in 0..<face.width {
                let p = face[x, y]
                guard p.a == 255 else { continue }
                if Self.isStar(p, renderer.theme.starColor) { firstStar = min(firstStar, x) }
                if p.r > 215 && p.g > 215 && p.b > 215 { lastText = max(lastText, x) }
            }
        }
        #expect(lastText > 0 && firstStar < face.width, "no date or no stars found")
        // A date cut short (only on the narrowest cards) is said; one that fits is not.
        let front = try renderer.renderFront(testEntry(title: Self.longTitle, rating: 5), scale: 2)
        let dateCut = front.warnings.contains { $0.description.contains("the end of the date is left out") }
        #expect(dateCut == (width < 210), "\(front.warnings)")
        #expect(lastText < firstStar, "the date's ink reaches x \(lastText), the first star starts at \(firstStar)")
    }

    /// On the shortest card the back's hairline stays above the perforation
    /// (no row between them is inked across), and a memo with no room is
    /// said to be left out rather than dropped silently.
    @Test func aShortCardsBackKeepsItsRuleAboveThePerforationAndSaysTheMemoIsLeftOut() throws {
        let renderer = try renderer(width: 400, height: 300)
        var entry = testEntry(title: Self.longTitle, rating: 5, memo: "오래 남는 장면.")
        entry.friends = ["Maximilian Alexander von Hohenzollern-Sigmaringen"]
        let back = try renderer.renderBack(entry, scale: 2)
        let face = back.raster
        // The perforation's dots sit on the stub's top edge; the rule is a
        // row inked across the content width. None may lie within 6 points
        // of the perforation.
        let perforation = face.height - 92 * 2
        let background = face[face.width / 2, perforation - 40 * 2]
        func inkedAcross(_ y: Int) -> Bool {
            (44..<(face.width - 44)).allSatisfy { x in
                let p = face[x, y]
                return abs(Int(p.r) - Int(background.r)) + abs(Int(p.g) - Int(background.g)) + abs(Int(p.b) - Int(background.b)) > 30
            }
        }
        for y in (perforation - 12)...(perforation + 12) {
            #expect(!inkedAcross(y), "row \(y) is inked across, \(y - perforation) from the perforation")
        }
        let leftOut = back.warnings.first { if case .leftOut = $0 { true } else { false } }
        // The details come before the memo; the title gets its share, smaller.
        #expect(leftOut?.description
                == "/tmp/entry.json: the end of the title, some friends and the memo are left out: no room on a card 300 points tall",
                "\(back.warnings)")
        // On the default card the memo is drawn and nothing is left out.
        let usual = try CardRenderer().renderBack(entry, scale: 1)
        #expect(!usual.warnings.contains { if case .leftOut = $0 { true } else { false } })
    }

    /// The back of the default card uses its room: a long concert title,
    /// three companions (one an emoji, one a long Latin name) and a memo are
    /// drawn whole; a memo longer than the card runs down to the
    /// perforation, and only its end is said to be left out.
    @Test func theDefaultBackDrawsALongTitleEveryCompanionAndRunsTheMemoToThePerforation() throws {
        let renderer = try CardRenderer()
        var entry = testEntry(title: "NCT 127 콘서트 NEO CITY – THE LINK", rating: 5,
                              memo: "응원봉 바다가 끝없이 이어졌다. 앵콜까지 목이 쉬도록 따라 불렀다.")
        entry.friends = ["😀 민지", "Jennifer Lawrence-Kim", "서연"]
        func leftOut(_ image: RenderedImage) -> [String] {
            image.warnings.flatMap { warning -> [String] in
                if case let .leftOut(_, what, _) = warning { return what } else { return [] }
            }
        }
        let usual = try renderer.renderBack(entry, scale: 2)
        #expect(leftOut(usual).isEmpty, "\(usual.warnings)")

        entry.memo = String(repeating: "응원봉 바다가 끝없이 이어졌고 앵콜까지 목이 쉬도록 따라 불렀다. ", count: 30)
        let long = try renderer.renderBack(entry, scale: 2)
        #expect(leftOut(long) == ["the end of the memo"], "\(long.warnings)")
        // The lowest inked row of the memo's column, above the stub: within
        // 15% of the perforation, not half way down as it once ended.
        let face = long.raster
        let perforation = face.height - 92 * 2
        let background = face[face.width / 2, 4]
        let pad = Int(CardMetrics.padding * 2)
        var lowest = 0
        for y in 0..<(perforation - 12) where (pad..<(face.width - pad)).contains(where: { x in
            let p = face[x, y]
            return abs(Int(p.r) - Int(background.r)) + abs(Int(p.g) - Int(background.g))
                + abs(Int(p.b) - Int(background.b)) > 60
        }) { lowest = y }
        #expect(Double(lowest) > 0.85 * Double(perforation),
                "the memo's ink ends at row \(lowest); the perforation is at \(perforation)")
    }

    /// The year's companion line names up to three of a tie and how many
    /// more; fewer when they do not fit, and a single long name is cut,
    /// never the count of the others.
    @Test func companionsAreNamedUpToThreeAndTheRestCounted() throws {
        let renderer = try CardRenderer()
        let style = renderer.theme.textStyle(points: 24, scale: 1, weight: .bold, color: .white, lineHeight: 1.2,
                                             maxLines: 1)
        func text(_ names: [String], width: Double) throws -> String {
            let line = try renderer.companionLine(names, style: style, width: width)
            #expect(line.lines.count == 1 && line.lines[0].width <= width)
            // The isolates around each name draw nothing; compared without them.
            return (line.lines.first?.text ?? "").filter { $0 != "\u{2068}" && $0 != "\u{2069}" }
        }
        #expect(try text(["민수"], width: 300) == "민수")
        #expect(try text(["민수", "서연", "준호", "하은"], width: 400) == "민수, 서연, 준호 외 1명")
        #expect(try text(["민수", "서연", "준호", "하은"], width: 150) == "민수 외 3명")
        let long = try text(["Maximilian Alexander von Hohenzollern-Sigmaringen", "민수"], width: 300)
        #expect(long.hasPrefix("Maximilian") && long.hasSuffix("… 외 1명"), "\(long)")
        // An Arabic name keeps the list in its order.
        #expect(try text(["سارة", "민수"], width: 400) == "سارة, 민수")
    }
}
