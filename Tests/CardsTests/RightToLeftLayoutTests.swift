@testable import PhotiCaseCards
import PhotiCaseDiary
import PhotiCaseRaster
import Testing

/// Arabic and Hebrew titles and memos start at the right edge of their
/// box on every layout, Latin ones at the left, and centred ones stay
/// centred. Measured by ink, with three texts of one script where each is
/// the start of the next (`first`, `second`, `third`): their renders are
/// alike where they share a start. Against `third`, `first` and `second`
/// differ from where their ink parts from `third`'s to `third`'s far
/// edge. Left-aligned, the shared start is at the left: the two regions
/// end at the same column and begin at different ones. Right-aligned
/// (right to left), the shared start is at the right: they begin at the
/// same column and end at different ones. Centred, every text moves: the
/// regions are one.
@Suite struct RightToLeftLayoutTests {
    enum Layout: String, CaseIterable {
        case front, back, share, story, feed
    }
    enum Field: String { case title, memo }

    /// Each text starts the next; all the texts of a line use the same
    /// fonts, so the lines around them do not move.
    static let texts: [(script: String, rightToLeft: Bool, texts: [String])] = [
        ("Hebrew", true, ["שלום", "שלום עולם", "שלום עולם ומלואו"]),
        ("Arabic", true, ["مرحبا", "مرحبا بالعالم", "مرحبا بالعالم كله"]),
        ("Hebrew with numbers and Latin", true, ["סרט 1939 Oz", "סרט 1939 Oz של", "סרט 1939 Oz של ויקטור"]),
        ("Latin", false, ["Hello", "Hello wide", "Hello wide world"]),
    ]

    func render(_ layout: Layout, _ field: Field, _ text: String, with renderer: CardRenderer) throws -> Raster {
        let entry = field == .title ? testEntry(title: text, memo: "memo") : testEntry(title: "Title", memo: text)
        return switch layout {
        case .front: try renderer.renderFront(entry, scale: 2).raster
        case .back: try renderer.renderBack(entry, scale: 2).raster
        case .share: try renderer.renderShare(entry).raster
        case .story: try renderer.renderSocial(SocialImageInput(entry, format: .story)).raster
        case .feed: try renderer.renderSocial(SocialImageInput(entry, format: .feed)).raster
        }
    }

    /// The columns (from `from` on) where `a` and `b` differ by more than a trace.
    static func differing(_ a: Raster, _ b: Raster, from: Int) -> ClosedRange<Int>? {
        var lo = Int.max, hi = Int.min
        for y in 0..<a.height {
            for x in from..<a.width {
                let p = a[x, y], q = b[x, y]
                if abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)) > 24 {
                    lo = min(lo, x)
                    hi = max(hi, x)
                }
            }
        }
        return lo <= hi ? lo...hi : nil
    }

    /// Every layout's title and the memos the layouts show. The front's
    /// title is centred; the share image shows the front and the back side
    /// by side, and only its right half (the back) is measured.
    static let cases: [(Layout, Field)] = Layout.allCases.map { ($0, .title) } + [(.back, .memo), (.story, .memo), (.feed, .memo)]

    /// Measured on the goldens' fonts: without them every case is skipped
    /// (and counted so), not passed.
    @Test(.enabled(if: Golden.fontsInstalled, "needs NanumSquareRound (fonts-nanum) and DejaVu Sans (fonts-dejavu-core)"),
          arguments: 0..<cases.count)
    func textStartsAtTheEdgeItsDirectionStartsFrom(_ n: Int) throws {
        let (layout, field) = Self.cases[n]
        let centred = layout == .front && field == .title
        let renderer = try CardRenderer()
        for t in Self.texts {
            let images = try t.texts.map { try render(layout, field, $0, with: renderer) }
            let from = layout == .share ? images[0].width / 2 : 0
            let what = "\(layout) \(field), \(t.script)"
            let first = try #require(Self.differing(images[0], images[2], from: from), "\(what): the texts draw alike")
            let second = try #require(Self.differing(images[1], images[2], from: from), "\(what): the texts draw alike")
            let shown = "\(what): first against third differs in \(first), second against third in \(second)"
            if centred {
                #expect(abs(first.lowerBound - second.lowerBound) <= 3 && abs(first.upperBound - second.upperBound) <= 3, "\(shown)")
            } else if t.rightToLeft {
                #expect(abs(first.lowerBound - second.lowerBound) <= 3 && first.upperBound > second.upperBound + 20, "\(shown)")
            } else {
                #expect(abs(first.upperBound - second.upperBound) <= 3 && first.lowerBound < second.lowerBound - 20, "\(shown)")
            }
        }
    }
}
