import PhotiCaseRaster
import Foundation
import Testing
@testable import PhotiCaseText
import PhotiCaseDiary

/// Text of any length is laid out from a bounded window of it: what the
/// lines can show plus a look-ahead. The cut is said (`truncated`) and
/// the last line ends in "…".
@Suite(.enabled(if: Fonts.haveBoth, "needs DejaVu Sans (fonts-dejavu-core) and NanumGothic (fonts-nanum)"))
struct BoundedLayoutTests {
    let renderer: TextRenderer
    let style: TextStyle

    init() throws {
        renderer = try TextRenderer()
        style = TextStyle(pixelSize: 20, fontFile: Fonts.nanumGothic)
    }

    static let megabyte = 1 << 20

    @Test func aFourMegabyteWordFillsItsLinesAndSaysItIsCut() throws {
        var bounded = style
        bounded.maxLines = 3
        let word = String(repeating: "가", count: 4 * Self.megabyte / 3)
        let layout = try renderer.layout(word, style: bounded, width: 300)
        #expect(layout.lines.count == 3)
        #expect(layout.truncated)
        #expect(layout.lines.last?.text.hasSuffix("…") == true)
        for line in layout.lines { #expect(line.width <= 300 + 1e-9) }
        // Each line is full: the word was split between graphemes.
        #expect(layout.lines[0].width > 280)
    }

    @Test func aMemoOfShortWordsWithoutALimitStopsAtTheLinesALayoutCanHold() throws {
        let memo = String(repeating: "ab ", count: 4 * Self.megabyte / 3)
        let layout = try renderer.layout(memo, style: style, width: 200)
        #expect(layout.lines.count == TextBudget.linesWithoutLimit)
        #expect(layout.truncated)
    }

    @Test func anUnboundedWidthReadsABoundedLine() throws {
        let word = String(repeating: "x", count: Self.megabyte)
        let layout = try renderer.layout(word, style: style, width: .infinity)
        #expect(layout.lines.count == 1)
        #expect(layout.truncated, "a megabyte on one line was read whole")
        let shown = layout.lines.first?.text.count ?? 0
        #expect(shown <= TextBudget(style: style, width: .infinity).scalars + 1, "\(shown) graphemes on the line")
    }

    @Test func aLetterUnderAHundredThousandMarksKeepsThirty() throws {
        let text = "a" + String(repeating: "\u{0301}", count: 100_000)
        let layout = try renderer.layout(text, style: style, width: 300)
        #expect(layout.truncated)
        let glyphs = layout.lines.flatMap(\.runs).flatMap(\.glyphs).count
        #expect(glyphs <= TextCleaner.scalarsPerGraphemeLimit + 1)
    }

    @Test func textThatFitsIsReadWholeAndNotCut() throws {
        var bounded = style
        bounded.maxLines = 2
        let layout = try renderer.layout("헤어질 결심", style: bounded, width: 300)
        #expect(!layout.truncated)
        #expect(layout.lines.map(\.text) == ["헤어질 결심"])
    }

    @Test func theWindowEndsBetweenGraphemes() {
        // A family emoji is seven scalars: a cut by scalars falls inside one.
        let family = "👨‍👩‍👧‍👦"
        let text = String(repeating: family, count: 10_000)
        let budget = TextBudget(style: style, width: 100)
        let window = budget.window(of: text)
        #expect(window.clipped)
        #expect(window.text.unicodeScalars.count <= budget.scalars)
        #expect(window.text.allSatisfy { $0 == Character(family) })
        #expect(text.hasPrefix(window.text))
    }

    @Test func aShortTextIsNotCopiedOrClipped() {
        let window = TextBudget(style: style, width: 100).window(of: "Everything Everywhere All at Once")
        #expect(!window.clipped)
        #expect(window.text == "Everything Everywhere All at Once")
    }
}

/// A layout holds its working memory in the budget `--memory-limit` sets.
@Suite(.enabled(if: Fonts.haveBoth, "needs DejaVu Sans (fonts-dejavu-core) and NanumGothic (fonts-nanum)"))
struct LayoutMemoryTests {
    @Test func aLayoutWaitsForItsMemory() throws {
        let renderer = try TextRenderer()
        let budget = MemoryBudget(limit: 4 << 20)
        renderer.memory = budget
        let style = TextStyle(pixelSize: 20, maxLines: 3, fontFile: Fonts.nanumGothic)
        let released = LockedFlag()
        let holding = DispatchSemaphore(value: 0)
        // Another holder takes the whole budget for a while.
        Thread.detachNewThread {
            try? budget.withReservation(4 << 20) {
                holding.signal()
                Thread.sleep(forTimeInterval: 0.3)
                released.set()
            }
        }
        holding.wait()
        _ = try renderer.layout(String(repeating: "가", count: 100_000), style: style, width: 300)
        #expect(released.value, "the layout ran while the budget was full")
        #expect(budget.inUse == 0)
    }

    @Test func aLayoutLargerThanTheBudgetRunsAlone() throws {
        let renderer = try TextRenderer()
        renderer.memory = MemoryBudget(limit: 1 << 20)
        let style = TextStyle(pixelSize: 20, fontFile: Fonts.nanumGothic)
        let layout = try renderer.layout(String(repeating: "ab ", count: 1 << 20), style: style, width: 2000)
        #expect(layout.truncated)
        #expect(renderer.memory.inUse == 0)
    }
}

final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var value: Bool { lock.withLock { flag } }
}
