import Foundation
import Text

/// Installed fonts the font-dependent tests need, found through fontconfig.
enum Fonts {
    /// DejaVu Sans (fonts-dejavu-core), or nil.
    static let dejaVuSans: String? = file(family: "DejaVu Sans", named: "DejaVuSans.ttf")
    /// NanumGothic (fonts-nanum), or nil.
    static let nanumGothic: String? = file(family: "NanumGothic", named: "NanumGothic.ttf")

    static var haveLatin: Bool { dejaVuSans != nil }
    static var haveKorean: Bool { nanumGothic != nil }
    static var haveBoth: Bool { haveLatin && haveKorean }

    private static func file(family: String, named name: String) -> String? {
        FontFace.installed(family: family, language: "", weight: .regular)
            .first { ($0.path as NSString).lastPathComponent == name }?.path
    }
}
