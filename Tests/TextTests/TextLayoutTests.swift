import PhotiCaseRaster
import Testing
import PhotiCaseText

@Suite(.enabled(if: Fonts.haveBoth, "needs DejaVu Sans (fonts-dejavu-core) and NanumGothic (fonts-nanum)"))
struct TextLayoutTests {
    let renderer: TextRenderer
    let latin: TextStyle
    let korean: TextStyle

    init() throws {
        renderer = try TextRenderer()
        latin = TextStyle(pixelSize: 40, fontFile: Fonts.dejaVuSans)
        korean = TextStyle(pixelSize: 32, fontFile: Fonts.nanumGothic)
    }

    /// Lines as text, after checking each is no wider than `width`.
    func lines(_ text: String, _ style: TextStyle, width: Double) throws -> [String] {
        let layout = try renderer.layout(text, style: style, width: width)
        for line in layout.lines { #expect(line.width <= width + 1e-9, "\(line.text) overflows \(width)") }
        return layout.lines.map(\.text)
    }

    /// Greedy keep-all wrapping, checked with measured widths: each line
    /// fits, and the next line's first word would not have.
    func expectGreedyWordWrap(_ text: String, _ style: TextStyle, width: Double) throws {
        let result = try lines(text, style, width: width)
        #expect(result.joined(separator: " ") == text, "words were split or lost: \(result)")
        for (line, next) in zip(result, result.dropFirst()) {
            let firstWord = next.split(separator: " ")[0]
            #expect(try renderer.measure(line + " " + firstWord, style: style).width > width)
        }
    }

    @Test(.enabled(if: PillowReference.available, "needs python3 with Pillow built with Raqm"),
          arguments: ["Everything Everywhere All at Once", "AVATAR: The Way of Water", "Office 2024"])
    func latinWidthMatchesAnIndependentHarfBuzzShaper(_ text: String) throws {
        let path = try #require(Fonts.dejaVuSans)
        let reference = try #require(PillowReference.length(of: text, font: path, pixelSize: 40))
        let measured = try renderer.measure(text, style: latin).width
        #expect(abs(measured - reference) < 0.05, "measured \(measured), Pillow/Raqm \(reference)")
    }

    @Test func kerningNarrowsPairs() throws {
        let pair = try renderer.measure("AV", style: latin).width
        let apart = try renderer.measure("A", style: latin).width + renderer.measure("V", style: latin).width
        #expect(pair < apart - 1)
    }

    // From just wider than the widest word ("Everywhere") up.
    @Test(arguments: [240.0, 300, 420, 560])
    func latinWrapsBetweenWords(width: Double) throws {
        #expect(try renderer.measure("Everywhere", style: latin).width < width)
        try expectGreedyWordWrap("Everything Everywhere All at Once", latin, width: width)
        #expect(try lines("Everything Everywhere All at Once", latin, width: width).count > 1)
    }

    @Test(arguments: [110.0, 150, 200, 260])
    func koreanWrapsOnlyAtSpaces(width: Double) throws {
        try expectGreedyWordWrap("헤어질 결심은 좋은 영화", korean, width: width)
    }

    @Test(arguments: [("Supercalifragilisticexpialidocious", 120.0), ("가나다라마바사아자차카타파하", 100.0)])
    func overlongWordBreaksBetweenCharacters(_ word: String, width: Double) throws {
        let style = word.first == "S" ? latin : korean
        let result = try lines(word, style, width: width)
        #expect(result.count > 1)
        #expect(result.joined() == word)
        for (line, next) in zip(result, result.dropFirst()) {
            #expect(try renderer.measure(line + String(next.first!), style: style).width > width)
        }
    }

    @Test func textThatFitsHasNoEllipsis() throws {
        var style = korean
        style.maxLines = 2
        let layout = try renderer.layout("헤어질 결심", style: style, width: 400)
        #expect(!layout.truncated)
        #expect(layout.lines.map(\.text) == ["헤어질 결심"])
    }

    @Test(arguments: [1, 2, 3])
    func overflowEndsWithAnEllipsisThatFits(maxLines: Int) throws {
        var style = latin
        style.maxLines = maxLines
        let text = "Everything Everywhere All at Once, and then some more words"
        let layout = try renderer.layout(text, style: style, width: 300)
        #expect(layout.truncated)
        #expect(layout.lines.count == maxLines)
        let last = try #require(layout.lines.last)
        #expect(last.text.hasSuffix("…"))
        #expect(last.width <= 300)
        #expect(try renderer.measure(last.text, style: style).width <= 300)
        let kept = layout.lines.dropLast().map(\.text) + [String(last.text.dropLast())]
        #expect(text.hasPrefix(kept.joined(separator: " ")))
    }

    @Test(arguments: TextAlignment.allCases)
    func alignmentPlacesLinesInTheBox(_ alignment: TextAlignment) throws {
        var style = latin
        style.alignment = alignment
        let layout = try renderer.layout("Everything Everywhere All at Once", style: style, width: 500)
        for line in layout.lines {
            let expected = switch alignment {
            case .leading: 0.0
            case .center: (500 - line.width) / 2
            case .trailing: 500 - line.width
            }
            #expect(abs(line.x - expected) < 1e-9)
        }
    }

    @Test func newlinesBreakOnlyWhenKept() throws {
        var style = korean
        #expect(try renderer.layout("첫 줄\n둘째 줄", style: style, width: 1000).lines.map(\.text) == ["첫 줄 둘째 줄"])
        style.preserveNewlines = true
        let layout = try renderer.layout("첫 줄\n둘째 줄", style: style, width: 1000)
        #expect(layout.lines.map(\.text) == ["첫 줄", "둘째 줄"])
        #expect(layout.size.height == 2 * style.lineHeight * style.pixelSize)
        #expect(abs(layout.lines[1].baseline - layout.lines[0].baseline - layout.lineSpacing) < 1e-9)
    }

    @Test func boldIsWider() throws {
        var bold = TextStyle(pixelSize: 40, family: "DejaVu Sans", language: "en")
        let regular = try renderer.measure("Everything Everywhere", style: bold).width
        bold.weight = .bold
        #expect(try renderer.measure("Everything Everywhere", style: bold).width > regular * 1.05)
    }

    @Test func widthsScaleWithPixelSize() throws {
        var style = latin
        let small = try renderer.measure("Decision to Leave", style: style).width
        style.pixelSize = 80
        let large = try renderer.measure("Decision to Leave", style: style).width
        #expect(abs(large / small - 2) < 0.01)
    }

    @Test func unreadableFontFileIsAnError() {
        let style = TextStyle(fontFile: "/nonexistent/font.ttf")
        #expect {
            _ = try renderer.layout("x", style: style, width: 100)
        } throws: { error in
            guard case let .fontUnreadable(path, _) = error as? TextError else { return false }
            return path == "/nonexistent/font.ttf"
        }
    }
}
