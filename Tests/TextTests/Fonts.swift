import Foundation
import PhotiCaseText

/// Installed fonts the font-dependent tests need, found through fontconfig.
enum Fonts {
    /// DejaVu Sans (fonts-dejavu-core), or nil.
    static let dejaVuSans: String? = file(family: "DejaVu Sans", named: "DejaVuSans.ttf")
    /// NanumGothic (fonts-nanum), or nil.
    static let nanumGothic: String? = file(family: "NanumGothic", named: "NanumGothic.ttf")

    /// NanumSquareRound, the default theme's family, regular and bold
    /// (fonts-nanum-extra), or nil.
    static let nanumSquareRound: String? = file(family: "NanumSquareRound", named: "NanumSquareRoundR.ttf")
    static let nanumSquareRoundBold: String? = FontFace.installed(family: "NanumSquareRound", language: "", weight: .bold)
        .first { ($0.path as NSString).lastPathComponent == "NanumSquareRoundB.ttf" }?.path

    /// Noto Color Emoji (fonts-noto-color-emoji), or nil.
    static let notoColorEmoji: String? = FontFace.installed(family: "Noto Color Emoji", language: "", weight: .regular)
        .first { ($0.path as NSString).lastPathComponent == "NotoColorEmoji.ttf" }?.path
        ?? ["/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"].first { FileManager.default.fileExists(atPath: $0) }

    static var haveLatin: Bool { dejaVuSans != nil }
    static var haveKorean: Bool { nanumGothic != nil }
    static var haveBoth: Bool { haveLatin && haveKorean }
    static var haveThemeFamily: Bool { haveLatin && nanumSquareRound != nil && nanumSquareRoundBold != nil }

    private static func file(family: String, named name: String) -> String? {
        FontFace.installed(family: family, language: "", weight: .regular)
            .first { ($0.path as NSString).lastPathComponent == name }?.path
    }
}
