@testable import PhotiCaseText
import Testing
import PhotiCaseDiary

/// The order faces are tried in: theme font, Korean font, emoji, the rest.
@Test func fallbackOrderPutsKoreanThenEmojiAfterTheThemeFont() {
    let theme = FontFace(path: "/f/Theme.ttf"), latin = FontFace(path: "/f/Latin.ttf")
    let korean = FontFace(path: "/f/Korean.ttf"), emoji = FontFace(path: "/f/Emoji.ttf")
    let order = FontSystem.fallbackOrder([theme, latin, korean], emoji: [emoji]) { face, _ in face == korean }
    #expect(order == [theme, korean, emoji, latin])
    // A theme font that covers Korean itself is not tried twice.
    let own = FontSystem.fallbackOrder([theme, latin], emoji: [emoji]) { face, _ in face == theme }
    #expect(own == [theme, emoji, latin])
}

/// A fallback whose strokes are far heavier (or lighter) than the theme
/// font's gives its place to its own family's face of a matching weight,
/// and goes to the end; faces that match, or cannot be measured, stay.
@Test func fallbacksTakeTheFaceOfTheirFamilyThatMatchesTheStrokes() {
    let theme = FontFace(path: "/f/Theme-Bold.ttf"), sansBold = FontFace(path: "/f/Sans-Bold.ttf")
    let gothic = FontFace(path: "/f/Gothic-Bold.ttf"), sans = FontFace(path: "/f/Sans.ttf")
    let sansItalic = FontFace(path: "/f/Sans-Oblique.ttf"), heavy = FontFace(path: "/f/Heavy.ttf")
    let emoji = FontFace(path: "/f/Emoji.ttf")
    let looks: [FontFace: FontSystem.Look] = [
        theme: .init(family: "Theme", italic: false, stem: 0.10),
        sansBold: .init(family: "Sans", italic: false, stem: 0.175),
        gothic: .init(family: "Gothic", italic: false, stem: 0.108),
        sansItalic: .init(family: "Sans", italic: true, stem: 0.09),
        sans: .init(family: "Sans", italic: false, stem: 0.09),
        heavy: .init(family: "Heavy", italic: false, stem: 0.2),
        emoji: .init(family: "Emoji", italic: false, stem: nil),
    ]
    let order = [theme, sansBold, gothic, sansItalic, emoji, heavy, sans]
    let matched = FontSystem.matchingStrokes(order, primary: theme, keep: 1) { looks[$0] }
    // Sans takes Sans Bold's place (not the oblique face); Heavy has no
    // lighter sibling and goes to the end with Sans Bold.
    #expect(matched == [theme, sans, gothic, sansItalic, emoji, sansBold, heavy])
    // Nothing moves when the theme font cannot be measured.
    #expect(FontSystem.matchingStrokes(order, primary: emoji, keep: 1) { looks[$0] } == order)
}
