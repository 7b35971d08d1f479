import Testing
@testable import PhotiCaseText

/// A text its first face covers is set without finding the fallbacks
/// (opening every one and measuring its strokes); a text that needs them
/// gets the whole chain, and both set the same as with the chain at once.
struct LazyFallbackTests {
    /// Latin first, then Korean: two faces to open.
    private var faces: [String]? {
        guard let dejaVu = Fonts.dejaVuSans, let nanum = Fonts.nanumGothic else { return nil }
        return [dejaVu, nanum]
    }

    @Test(.enabled(if: Fonts.haveBoth, "needs DejaVu Sans (fonts-dejavu-core) and NanumGothic (fonts-nanum)"))
    func aTextTheFirstFaceCoversOpensNoOtherFace() throws {
        let list = try #require(faces)
        let renderer = try WatchedRenderer(only: list).renderer
        _ = try renderer.layout("Hello, world 2024", style: TextStyle(pixelSize: 30, maxLines: 1), width: 80)
        #expect(renderer.openedFaceCount == 1)
        // Korean is not in DejaVu Sans: now the fallbacks are found.
        _ = try renderer.layout("Hello 안녕", style: TextStyle(pixelSize: 30), width: 400)
        #expect(renderer.openedFaceCount > 1)
    }

    @Test(.enabled(if: Fonts.haveBoth, "needs DejaVu Sans (fonts-dejavu-core) and NanumGothic (fonts-nanum)"),
          arguments: ["Hello, world", "A long line that is cut short at the end of the box", "Hello 안녕", "😀 ok"])
    func theFirstFaceAloneSetsAsTheWholeChain(text: String) throws {
        let faces = try #require(faces)
        let style = TextStyle(pixelSize: 24, maxLines: 1)
        // One renderer has found the whole chain first (with a Korean
        // text); the other sets `text` first.
        let warm = try WatchedRenderer(only: faces).renderer
        _ = try warm.layout("안녕", style: style, width: 200)
        let cold = try WatchedRenderer(only: faces).renderer
        let a = try cold.layout(text, style: style, width: 200), b = try warm.layout(text, style: style, width: 200)
        #expect(a.lines.map(\.text) == b.lines.map(\.text))
        #expect(a.lines.map(\.runs) == b.lines.map(\.runs))
        #expect(a.size == b.size && a.truncated == b.truncated && a.missingCharacters == b.missingCharacters)
    }
}
