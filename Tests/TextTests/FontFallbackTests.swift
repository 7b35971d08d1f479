import PhotiCaseRaster
import Testing
@testable import PhotiCaseText

/// A renderer and the warnings it has given.
final class WatchedRenderer {
    let renderer: TextRenderer
    private(set) var warnings: [TextWarning] = []

    /// Sees only `faces` when given, else what fontconfig finds.
    init(only faces: [String]? = nil) throws {
        renderer = try TextRenderer(discovery: faces.map { .faces($0.map { FontFace(path: $0) }) } ?? .fontconfig)
        renderer.warningHandler = { [unowned self] in warnings.append($0) }
    }
}

struct FontFallbackTests {
    @Test(.enabled(if: Fonts.haveBoth, "needs DejaVu Sans (fonts-dejavu-core) and NanumGothic (fonts-nanum)"))
    func hangulMissingFromThePrimaryFontComesFromAFallback() throws {
        let dejaVu = try #require(Fonts.dejaVuSans)
        let watched = try WatchedRenderer()
        let renderer = watched.renderer
        let layout = try renderer.layout("Hello 안녕", style: TextStyle(pixelSize: 40, fontFile: dejaVu), width: 400)

        #expect(layout.missingCharacters.isEmpty)
        #expect(watched.warnings.isEmpty)
        let line = try #require(layout.lines.first)
        #expect(line.runs.count == 2)
        #expect(line.runs.first?.font == FontFace(path: dejaVu))
        let hangulRun = try #require(line.runs.last)
        #expect(hangulRun.font.path != dejaVu)
        #expect(hangulRun.glyphs.count == 2)

        var raster = Raster(width: 420, height: Int(layout.size.height), fill: .white)
        renderer.draw(layout, into: &raster, at: Point(x: 0, y: 0))
        let split = Int(hangulRun.glyphs[0].x)
        #expect(Ink(raster, background: .white, columns: split..<raster.width).count > 200)
        #expect(Ink(raster, background: .white, columns: 0..<split).count > 200)
    }

    @Test(.enabled(if: Fonts.haveLatin, "needs DejaVu Sans (fonts-dejavu-core)"))
    func missingHangulFontIsReportedOnceAndNothingIsDrawnForIt() throws {
        let dejaVu = try #require(Fonts.dejaVuSans)
        // Only a font without Hangul: as on a machine without Korean fonts.
        let watched = try WatchedRenderer(only: [dejaVu])
        let style = TextStyle(pixelSize: 30)

        let first = try watched.renderer.layout("Hello 안녕 세상", style: style, width: 400)
        let second = try watched.renderer.layout("결심 Decision", style: style, width: 400)

        #expect(watched.warnings == [.noHangulFont])
        #expect(first.missingCharacters == ["안", "녕", "세", "상"])
        #expect(second.missingCharacters == ["결", "심"])
        #expect(first.lines.map(\.text) == ["Hello"])
        #expect(second.lines.map(\.text) == ["Decision"])
        // The layout only holds DejaVu glyphs, so no box can be drawn.
        let all = (first.lines + second.lines).flatMap(\.runs)
        #expect(all.allSatisfy { $0.font.path == dejaVu })
        #expect(all.flatMap(\.glyphs).count == "Hello".count + "Decision".count)
    }

    @Test(.enabled(if: Fonts.haveLatin, "needs DejaVu Sans (fonts-dejavu-core)"))
    func otherUncoveredCharactersAreReportedEachOnce() throws {
        let dejaVu = try #require(Fonts.dejaVuSans)
        let watched = try WatchedRenderer(only: [dejaVu])
        let layout = try watched.renderer.layout("Good 漢 film 漢 ꯀ", style: TextStyle(pixelSize: 20), width: 400)
        _ = try watched.renderer.layout("漢", style: TextStyle(pixelSize: 20), width: 400)
        #expect(layout.missingCharacters == ["漢", "ꯀ"])
        #expect(watched.warnings == [.noFontFor("漢"), .noFontFor("ꯀ")])
        #expect(layout.lines.map(\.text) == ["Good film"])
    }

    @Test func noFontsAtAllIsReported() throws {
        let watched = try WatchedRenderer(only: ["/nonexistent/font.ttf"])
        let layout = try watched.renderer.layout("Hello", style: TextStyle(family: "Nothing"), width: 100)
        _ = try watched.renderer.layout("World", style: TextStyle(family: "Nothing"), width: 100)
        // One warning for the lack of fonts, none for each character.
        #expect(watched.warnings == [.noFonts(family: "Nothing")])
        #expect(layout.missingCharacters == ["H", "e", "l", "o"])
        #expect(layout.lines.allSatisfy { $0.runs.isEmpty })
    }

    @Test func warningsReadClearly() {
        #expect(TextWarning.noHangulFont.description.contains("Hangul"))
        #expect(TextWarning.noFontFor("😀").description.contains("U+1F600"))
    }
}

@Suite(.enabled(if: Fonts.haveLatin, "needs DejaVu Sans (fonts-dejavu-core)"))
struct FontDiscoveryTests {
    func position(_ name: String, in faces: [FontFace]) -> Int? {
        faces.firstIndex { $0.path.hasSuffix("/" + name) }
    }

    @Test func fallbacksPreferTheAskedForWeight() throws {
        let regular = FontFace.installed(family: "DejaVu Sans", language: "en", weight: .regular)
        let bold = FontFace.installed(family: "DejaVu Sans", language: "en", weight: .bold)
        #expect(regular.first.map { $0.path.hasSuffix("/DejaVuSans.ttf") } == true)
        #expect(bold.first.map { $0.path.hasSuffix("/DejaVuSans-Bold.ttf") } == true)
        if let plain = position("DejaVuSans.ttf", in: regular), let heavy = position("DejaVuSans-Bold.ttf", in: regular) {
            #expect(plain < heavy)
        }
        if let slanted = position("DejaVuSans-Oblique.ttf", in: regular), let mono = position("DejaVuSansMono.ttf", in: regular) {
            #expect(mono < slanted)
        }
    }
}

/// A character the theme font lacks comes from a fallback of the text's
/// weight, and the text goes back to the theme font right after it.
@Suite(.enabled(if: Fonts.haveThemeFamily, "needs NanumSquareRound (fonts-nanum-extra) and DejaVu Sans"))
struct FallbackReturnTests {
    func runs(_ text: String, weight: FontWeight) throws -> [(font: String, glyphs: Int)] {
        let renderer = try TextRenderer()
        let style = TextStyle(pixelSize: 40, weight: weight, family: "NanumSquareRound", language: "ko")
        let layout = try renderer.layout(text, style: style, width: .infinity)
        #expect(layout.missingCharacters.isEmpty)
        return try #require(layout.lines.first).runs.map { ($0.font.path, $0.glyphs.count) }
    }

    @Test(arguments: FontWeight.allCases)
    func digitsAndSpacesAfterAnAccentGoBackToTheThemeFont(weight: FontWeight) throws {
        let primary = try #require(weight == .bold ? Fonts.nanumSquareRoundBold : Fonts.nanumSquareRound)
        // NanumSquareRound has no é or ë (nor U+0301, so NFC or NFD alike
        // fall back): only those two come from another font.
        let runs = try runs("Café Zoë 2023", weight: weight)
        #expect(runs.map(\.font.isEmpty) == [false, false, false, false, false])
        #expect(runs.map(\.font) == [primary, runs[1].font, primary, runs[1].font, primary])
        #expect(runs.map(\.glyphs) == [3, 1, 3, 1, 5])
        #expect(runs[1].font != primary)
    }

    /// The fallback's strokes are about as heavy as the theme font's, at
    /// each weight: fontconfig's bold fallback (DejaVu Sans Bold) has
    /// strokes 1.77 times NanumSquareRound Bold's, and an "é" in a bold
    /// title stood out of its word; DejaVu Sans Book's are 0.91 times.
    @Test(arguments: FontWeight.allCases)
    func theFallbackLooksAsHeavyAsTheThemeFont(weight: FontWeight) throws {
        let fallback = try #require(runs("é", weight: weight).first?.font)
        let primary = try #require(weight == .bold ? Fonts.nanumSquareRoundBold : Fonts.nanumSquareRound)
        #expect(fallback != primary)
        let library = try FreeTypeLibrary()
        func stem(_ path: String) throws -> Double {
            let font = LoadedFont(slot: 0, face: FontFace(path: path),
                                  freeType: try FreeTypeFace(library: library, path: path, index: 0))
            return try #require(font.stemWeight)
        }
        let ratio = try stem(fallback) / stem(primary)
        #expect(max(ratio, 1 / ratio) <= FontSystem.strokeTolerance, "\(fallback): strokes \(ratio) times the theme font's")
        #expect(fallback.hasSuffix("/DejaVuSans.ttf"), "fell back to \(fallback)")
    }

    @Test func aLetterAndItsCombiningMarkStayTogether() throws {
        // e + U+0301: NanumSquareRound lacks the mark, so the whole cluster
        // is the fallback's, and the digits after it the theme font's.
        let runs = try runs("Cafe\u{301} 12", weight: .regular)
        #expect(runs.count == 3)
        #expect(runs[0].font == runs[2].font)
        #expect(runs[1].glyphs >= 1)
        #expect(runs[2].glyphs == 3)
    }
}
