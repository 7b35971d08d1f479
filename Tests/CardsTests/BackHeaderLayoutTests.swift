@testable import PhotiCaseCards
import Testing
import PhotiCaseRaster
import PhotiCaseText
import PhotiCaseDiary

/// The back's first row at every card width a theme allows: the kind badge
/// never runs into the date. Measured twice: the laid-out boxes
/// (`BackHeader`), and the ink of the rendered face.
@Suite struct BackHeaderLayoutTests {
    /// Every width a theme allows, in steps of 10 points: 200, 210, … 1000.
    static let widths = Array(stride(from: Theme.cardWidths.lowerBound, through: Theme.cardWidths.upperBound, by: 10))

    /// Labels a theme may give (`labelLimit`, 12 characters): the widest
    /// Latin capitals, a plain word, twelve Hangul syllables, the issue's
    /// five.
    static let themeLabels = ["WWWWWWWWWWWW", "Performances", "국립현대미술관특별기획전", "미술전시회"]
    /// A label no card holds at the floor: what a kind a caller's own entry
    /// names without declaring it shows (its key), or twelve clusters wider
    /// than they count (emoji joined by ZWJ that no font has as one).
    static let tooWide = "an-exhibition-of-contemporary-korean-art-and-design"

    func renderer(width: Double, height: Double = 480, locale: CardLocale, labels: [String] = [],
                  colours: Bool = false) throws -> CardRenderer {
        var theme = Theme(locale: locale)
        theme.cardSize = Size(width: width, height: height)
        for (i, label) in labels.enumerated() {
            theme.kinds.append(KindStyle(kind: EntryKind(rawValue: "themed-\(i)"), korean: label, english: label,
                                         credit: .names))
        }
        if colours {
            // Inks that tell the parts apart: a green pill, a blue date,
            // black text on white below.
            theme.backgroundColor = RGBA(255, 255, 255)
            theme.textColor = RGBA(0, 0, 0)
            theme.secondaryTextColor = RGBA(0, 0, 255)
            theme.inverseTextColor = RGBA(255, 255, 255)
            theme.kinds = theme.kinds.map { var k = $0; k.badgeColor = RGBA(0, 160, 0); return k }
        }
        return try CardRenderer(theme: theme)
    }

    /// The widest date of a week (2022-08-21 … 27) in `renderer`'s locale:
    /// the weekday's name is what differs.
    func widestDate(_ renderer: CardRenderer) throws -> CalendarDate {
        var widest = (date: CalendarDate(year: 2022, month: 8, day: 21)!, width: 0.0)
        for day in 21...27 {
            let date = CalendarDate(year: 2022, month: 8, day: day)!
            let width = try renderer.layout(renderer.strings.date(date),
                                            renderer.theme.textStyle(points: 12.5, scale: 2, weight: .bold,
                                                                     color: .black, lineHeight: 1.2),
                                            width: .infinity).size.width
            if width > widest.width { widest = (date, width) }
        }
        return widest.date
    }

    /// The badge and the date of `kind` on `renderer`'s card at `scale`
    /// checked as boxes: both inside the padding, the label inside its
    /// pill, and apart: a gap of `badgeGap` on one row, or rows apart.
    /// Returns the header for further checks.
    @discardableResult
    func checkBoxes(_ renderer: CardRenderer, _ kind: EntryKind, date: CalendarDate, scale: Double,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> BackHeader {
        let pad = CardMetrics.padding * scale
        let header = try renderer.backHeader(label: renderer.strings.kind(kind), date: renderer.strings.date(date),
                                             top: pad, scale: scale, dateColor: .black, badgeTextColor: .white)
        let card = Double(renderer.cardPixelSize(scale: scale).width)
        let badge = header.badgeBox, date = header.dateBox
        let what = "\(kind.rawValue) \"\(renderer.strings.kind(kind))\" at \(renderer.theme.cardSize.width) points"
        #expect(badge.x >= pad - 0.5 && badge.x + badge.width <= card - pad + 0.5,
                "\(what): the badge \(badge) leaves the content width \(pad)...\(card - pad)", sourceLocation: sourceLocation)
        #expect(date.x >= pad - 0.5 && date.x + date.width <= card - pad + 0.5,
                "\(what): the date \(date) leaves the content width", sourceLocation: sourceLocation)
        #expect(header.badge.line.size.width + 2 * header.badge.padding <= badge.width + 0.5,
                "\(what): the label is wider than its pill", sourceLocation: sourceLocation)
        if header.stacked {
            #expect(date.y >= badge.y + badge.height, "\(what): the date's row starts inside the badge's",
                    sourceLocation: sourceLocation)
        } else {
            #expect(date.x - (badge.x + badge.width) >= CardMetrics.badgeGap * scale - 1,
                    "\(what): \(date.x - badge.x - badge.width) pixels between the badge and the date",
                    sourceLocation: sourceLocation)
        }
        #expect(header.badge.points >= CardMetrics.smallestBadgePoints, sourceLocation: sourceLocation)
        // What was changed is said; nothing is, when nothing was.
        let changed = header.stacked || header.badge.points < 11 || header.badge.cut
        #expect(changed == !(header.changes.isEmpty && header.leftOut.isEmpty),
                "\(what): \(header.changes) \(header.leftOut)", sourceLocation: sourceLocation)
        return header
    }

    /// Every built-in label, in both locales, at every allowed width (and
    /// at scales 1, 2 and 3 on the narrowest), against the widest date:
    /// apart, never cut; and on the default 300-point card, beside the
    /// date at its own size as designed.
    @Test(arguments: CardLocale.allCases)
    func everyBuiltInBadgeKeepsClearOfTheDateAtEveryWidth(locale: CardLocale) throws {
        for width in Self.widths {
            let renderer = try renderer(width: width, locale: locale)
            let date = try widestDate(renderer)
            for kind in renderer.theme.kindKeys {
                for scale in width == 200 ? [1.0, 2, 3] : [2.0] {
                    let header = try checkBoxes(renderer, kind, date: date, scale: scale)
                    #expect(!header.badge.cut && header.leftOut.isEmpty, "\(kind) at \(width): \(header.leftOut)")
                    if width >= 300 {
                        #expect(header.changes.isEmpty && !header.stacked && header.badge.points == 11,
                                "\(kind) at \(width): \(header.changes)")
                    }
                }
            }
        }
    }

    /// The case: "Exhibition" in English. On the narrowest card
    /// not even 9 points fits beside the date (156 points less the date's
    /// 105 and the gap leave 43; the badge needs 58 at 9 points), so the
    /// date moves below it, and that is said; a little wider, the badge is
    /// set smaller beside the date; from 300 points nothing changes.
    @Test func englishExhibitionOnNarrowCardsMovesTheDateOrIsSetSmallerAndSaysSo() throws {
        let narrowest = try renderer(width: 200, locale: .en)
        let header = try checkBoxes(narrowest, .exhibition, date: try widestDate(narrowest), scale: 2)
        #expect(header.stacked && header.badge.points == 11 && header.changes == ["the date is moved below the kind badge"],
                "\(header.badge.points) \(header.changes)")
        let back = try narrowest.renderBack(testEntry(day: 24, kind: .exhibition), scale: 2)
        #expect(back.warnings.map(\.description).contains(
            "/tmp/entry.json: the date is moved below the kind badge: no room for the kind badge beside the date "
                + "on the back of a card 200 points wide"), "\(back.warnings)")
        // Somewhere between 200 and 300 points the badge fits beside the date only smaller.
        var smaller: [Double] = []
        for width in stride(from: 210.0, through: 290, by: 10) {
            let renderer = try renderer(width: width, locale: .en)
            let header = try checkBoxes(renderer, .exhibition, date: try widestDate(renderer), scale: 2)
            if !header.stacked && header.badge.points < 11 {
                smaller.append(width)
                let said = try renderer.renderBack(testEntry(day: 24, kind: .exhibition), scale: 2).warnings.map(\.description)
                #expect(said.contains("/tmp/entry.json: the kind badge is set smaller: no room for the kind badge "
                                      + "beside the date on the back of a card \(Int(width)) points wide"), "\(said)")
            }
        }
        #expect(!smaller.isEmpty)
        let usual = try renderer(width: 300, locale: .en).renderBack(testEntry(kind: .exhibition), scale: 2)
        #expect(!usual.warnings.contains { if case .rearranged = $0 { true } else { false } }, "\(usual.warnings)")
    }

    /// Theme labels of the most characters allowed, Latin and Korean, and a
    /// five-syllable Korean one, at every width: apart, and never cut; the
    /// twelve Hangul syllables on the narrowest card move the date below.
    @Test(arguments: CardLocale.allCases)
    func longThemeLabelsKeepClearOfTheDateAtEveryWidth(locale: CardLocale) throws {
        for width in Self.widths {
            let renderer = try renderer(width: width, locale: locale, labels: Self.themeLabels)
            let date = try widestDate(renderer)
            for i in Self.themeLabels.indices {
                let header = try checkBoxes(renderer, EntryKind(rawValue: "themed-\(i)"), date: date, scale: 2)
                #expect(!header.badge.cut, "\(Self.themeLabels[i]) at \(width) is cut")
            }
        }
        let narrow = try renderer(width: 200, locale: locale, labels: Self.themeLabels)
        let korean = try checkBoxes(narrow, EntryKind(rawValue: "themed-2"), date: try widestDate(narrow), scale: 2)
        #expect(korean.stacked && korean.changes.first == "the date is moved below the kind badge", "\(korean.changes)")
        var entry = testEntry()
        entry.kind = EntryKind(rawValue: "themed-2")
        let back = try narrow.renderBack(entry, scale: 2)
        #expect(back.warnings.map(\.description).contains(
            "/tmp/entry.json: the date is moved below the kind badge: no room for the kind badge beside the date "
                + "on the back of a card 200 points wide"), "\(back.warnings)")
    }

    /// Twelve clusters wider than the card holds at the floor: the badge is
    /// cut with "…" inside the card, below it the date, and both are said.
    @Test func aLabelWiderThanTheCardIsCutAndSaid() throws {
        let renderer = try renderer(width: 200, locale: .ko, labels: [Self.tooWide])
        let header = try checkBoxes(renderer, EntryKind(rawValue: "themed-0"), date: try widestDate(renderer), scale: 2)
        #expect(header.badge.cut && header.stacked && header.badge.points == CardMetrics.smallestBadgePoints)
        #expect(header.badge.line.lines.first?.text.hasSuffix("\u{2026}") == true)
        var entry = testEntry()
        entry.kind = EntryKind(rawValue: "themed-0")
        let said = try renderer.renderBack(entry, scale: 2).warnings.map(\.description)
        #expect(said.contains("/tmp/entry.json: the end of the kind badge is left out: no room on the back of a card 200 points wide"),
                "\(said)")
        #expect(said.contains { $0.hasPrefix("/tmp/entry.json: the date is moved below the kind badge") }, "\(said)")
    }

    /// The front's badge has its row to itself: on the narrowest card every
    /// built-in and twelve-character label fits at its own size, with
    /// nothing said; one wider than the card is cut inside it, and said.
    @Test(arguments: CardLocale.allCases)
    func theFrontsBadgeFitsTheNarrowestCardOrIsCutAndSaid(locale: CardLocale) throws {
        let renderer = try renderer(width: 200, locale: locale, labels: Self.themeLabels + [Self.tooWide])
        for kind in renderer.theme.kindKeys {
            let said = try renderer.renderFront(testEntry(kind: kind), scale: 2).warnings.map(\.description)
            let badge = said.filter { $0.contains("kind badge") }
            if renderer.strings.kind(kind) == Self.tooWide {
                #expect(badge == ["/tmp/entry.json: the end of the kind badge is left out: "
                                  + "no room on the front of a card 200 points wide"], "\(said)")
            } else {
                #expect(badge.isEmpty, "\(kind): \(said)")
            }
        }
    }

    /// The ink of the rendered backs: in the rows above the title, the
    /// pill's green and the date's blue never share a pixel column on a
    /// shared row, keep the gap between them, and stay inside the padding;
    /// every built-in label in both locales, and the theme labels, at every
    /// width in steps of 40 points and every 10 up to 300, 480 points tall;
    /// and the four corners of the sizes allowed (the header does not
    /// depend on the height, the rest of the face does).
    @Test(arguments: CardLocale.allCases)
    func theRenderedBadgeAndDateInkNeverMeet(locale: CardLocale) throws {
        let (w, h) = (Theme.cardWidths, Theme.cardHeights)
        let sizes = Self.widths.filter { $0 <= 300 || Int($0) % 40 == 0 }.map { ($0, 480.0) }
            + [(w.lowerBound, h.lowerBound), (w.lowerBound, h.upperBound), (w.upperBound, h.lowerBound),
               (w.upperBound, h.upperBound)]
        var narrowestGap = Int.max
        for (width, height) in sizes {
            let renderer = try renderer(width: width, height: height, locale: locale, labels: Self.themeLabels,
                                        colours: true)
            let date = try widestDate(renderer)
            for kind in renderer.theme.kindKeys {
                var entry = testEntry(title: "Title", kind: kind, memo: nil)
                entry.date = date
                entry.director = nil
                entry.year = nil
                entry.friends = []
                let face = try renderer.renderBack(entry, scale: 1).raster
                let ink = Ink(face)
                let what = "\(kind.rawValue) at \(width)x\(height) (\(locale))"
                let badge = try #require(ink.box(of: Ink.green, above: ink.titleTop), "\(what): no badge ink")
                let date = try #require(ink.box(of: Ink.blue, above: ink.titleTop), "\(what): no date ink")
                let pad = Int(CardMetrics.padding)
                #expect(badge.minX >= pad - 1 && badge.maxX < face.width - pad + 1, "\(what): badge \(badge)")
                #expect(date.minX >= pad - 1 && date.maxX < face.width - pad + 1, "\(what): date \(date)")
                if badge.minY <= date.maxY && date.minY <= badge.maxY {
                    let gap = date.minX - badge.maxX - 1
                    narrowestGap = min(narrowestGap, gap)
                    #expect(gap >= Int(CardMetrics.badgeGap) - 1, "\(what): \(gap) pixels between badge and date ink")
                }
            }
        }
        print("narrowest gap between badge and date ink on one row (\(locale)): \(narrowestGap) px at scale 1")
    }
}

/// Bounding boxes of pixels of one ink on a rendered face.
private struct Ink {
    struct Box: CustomStringConvertible {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
        var description: String { "x \(minX)...\(maxX), y \(minY)...\(maxY)" }
    }

    let raster: Raster
    init(_ raster: Raster) { self.raster = raster }

    /// The pill: green well above red and blue (its anti-aliased edge too).
    static func green(_ p: RGBA) -> Bool { Int(p.g) - max(Int(p.r), Int(p.b)) > 40 }
    /// The date: blue well above red and green.
    static func blue(_ p: RGBA) -> Bool { Int(p.b) - max(Int(p.r), Int(p.g)) > 40 }

    /// The first row with the title's black ink.
    var titleTop: Int {
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let p = raster[x, y]
                if p.a == 255, p.r < 90, p.g < 90, p.b < 90 { return y }
            }
        }
        return raster.height
    }

    func box(of matches: (RGBA) -> Bool, above bottom: Int) -> Box? {
        var box: Box?
        for y in 0..<bottom {
            for x in 0..<raster.width where raster[x, y].a == 255 && matches(raster[x, y]) {
                box = Box(minX: min(box?.minX ?? x, x), minY: min(box?.minY ?? y, y),
                          maxX: max(box?.maxX ?? x, x), maxY: max(box?.maxY ?? y, y))
            }
        }
        return box
    }
}

