@testable import Text
import Testing

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
