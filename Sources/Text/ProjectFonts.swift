import Glibc
/// The fonts text is set in: named files of the packages scripts/setup.sh
/// installs, in a fixed fallback order. Nothing else installed on the
/// machine (another package's fonts, a user's ~/.fonts, fontconfig's
/// aliases and preferences in /etc/fonts or ~/.config/fontconfig,
/// FONTCONFIG_FILE) changes which font draws a character, so every machine
/// with these packages draws the same pixels. A theme's own font files
/// (`fontFile`, `boldFontFile`, `--font`) still go first.
enum ProjectFonts {
    /// One font file the renderer draws with, and the Debian package
    /// (Ubuntu's too) that installs it.
    struct Named: Hashable, Sendable {
        /// The file's path.
        var path: String
        /// Its family, as fontconfig names it.
        var family: String
        var package: String

        /// The file's name without its folder.
        var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
    }

    /// Where Debian and Ubuntu put these packages' files.
    static let debianRoot = "/usr/share/fonts/truetype"

    /// The folder the files are looked for in: `PHOTICASE_FONT_ROOT` when
    /// set (a machine that keeps these packages' folders, `dejavu/`,
    /// `nanum/` and `noto/`, elsewhere), else Debian's.
    static var root: String {
        if let given = getenv("PHOTICASE_FONT_ROOT"), given.pointee != 0 { return String(cString: given) }
        return debianRoot
    }

    /// The files, by package. The fallback order is `fallbackFamilies`'.
    static func named(root: String = root) -> [Named] {
        let dejaVu = [("DejaVuSans.ttf", "DejaVu Sans"), ("DejaVuSans-Bold.ttf", "DejaVu Sans"),
                      ("DejaVuSansMono.ttf", "DejaVu Sans Mono"), ("DejaVuSansMono-Bold.ttf", "DejaVu Sans Mono"),
                      ("DejaVuSerif.ttf", "DejaVu Serif"), ("DejaVuSerif-Bold.ttf", "DejaVu Serif")]
        let nanum = [("NanumGothic.ttf", "NanumGothic"), ("NanumGothicBold.ttf", "NanumGothic"),
                     ("NanumSquareRoundR.ttf", "NanumSquareRound"), ("NanumSquareRoundB.ttf", "NanumSquareRound"),
                     ("NanumSquareR.ttf", "NanumSquare"), ("NanumSquareB.ttf", "NanumSquare"),
                     ("NanumBarunGothic.ttf", "NanumBarunGothic"), ("NanumBarunGothicBold.ttf", "NanumBarunGothic"),
                     ("NanumMyeongjo.ttf", "NanumMyeongjo"), ("NanumMyeongjoBold.ttf", "NanumMyeongjo"),
                     ("NanumGothicCoding.ttf", "NanumGothicCoding"), ("NanumGothicCodingBold.ttf", "NanumGothicCoding")]
        return dejaVu.map { Named(path: "\(root)/dejavu/\($0.0)", family: $0.1, package: "fonts-dejavu-core") }
            + nanum.map { Named(path: "\(root)/nanum/\($0.0)", family: $0.1, package: "fonts-nanum") }
            + [Named(path: "\(root)/noto/NotoColorEmoji.ttf", family: emojiFamily, package: "fonts-noto-color-emoji")]
    }

    /// The order a character the text's own family lacks is looked for in,
    /// after that family: Latin and most other scripts in DejaVu Sans,
    /// Korean in NanumGothic, then the rest. (The order fontconfig gave
    /// these families on a Debian machine for the default theme, so the
    /// same faces draw the same characters as before.)
    static let fallbackFamilies = ["DejaVu Sans", "NanumGothic", "DejaVu Sans Mono", "DejaVu Serif", "NanumMyeongjo",
                                   "NanumBarunGothic", "NanumSquare", "NanumSquareRound", "NanumGothicCoding"]

    /// The colour emoji family, drawn for emoji presentation.
    static let emojiFamily = "Noto Color Emoji"

    /// The files of every text's fallback; `TextRenderer` does not start
    /// without them.
    static let requiredFiles: Set<String> = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "NanumGothic.ttf",
                                              "NanumGothicBold.ttf", "NotoColorEmoji.ttf"]

    /// The family a generic name stands for, by the text's language (as
    /// Debian's fontconfig configuration had it): Korean text in a Korean
    /// family, other text in DejaVu.
    static func generic(_ family: String, language: String) -> String? {
        let language = language.lowercased()
        let korean = language == "ko" || language.hasPrefix("ko-") || language.hasPrefix("ko_")
        switch normalized(family) {
        case "sans-serif", "sans", "system-ui": return korean ? "NanumGothic" : "DejaVu Sans"
        case "serif": return korean ? "NanumMyeongjo" : "DejaVu Serif"
        case "monospace", "mono": return korean ? "NanumGothicCoding" : "DejaVu Sans Mono"
        case "emoji": return emojiFamily
        default: return nil
        }
    }

    /// A family name as fontconfig compares them: case and blanks ignored.
    static func normalized(_ family: String) -> String {
        String(family.lowercased().filter { $0 != " " })
    }

    /// The project families a theme may name, for messages.
    static var families: [String] {
        var seen = Set<String>()
        return named().map(\.family).filter { seen.insert($0).inserted }
    }
}

/// One face of a project font, as fontconfig read it.
struct ProjectFace: @unchecked Sendable {
    // Sendable: `charset` is read only, owned by a configuration never let go.
    var face: FontFace
    var named: ProjectFonts.Named
    /// Every family name the face gives (in any language), normalized.
    var families: [String]
    /// Fontconfig's weight and slant.
    var weight: Int32
    var slant: Int32
    var outline: Bool
    var color: Bool
    /// Fontconfig's character set of the face: its coverage. Owned by the
    /// set's configuration, which is never let go.
    var charset: OpaquePointer?
}

/// The project's fonts found on this machine, read once.
struct ProjectFontSet: @unchecked Sendable {
    // Sendable: made once (a lazy global) and read only after.
    /// The faces of the named files present, in `ProjectFonts.named` order.
    var faces: [ProjectFace]
    /// Named files that are not there.
    var missing: [ProjectFonts.Named]

    /// Throws `TextError.fontMissing` for the first required file missing.
    func requireFallbacks() throws(TextError) {
        if let file = missing.first(where: { ProjectFonts.requiredFiles.contains($0.fileName) }) {
            throw .fontMissing(path: file.path, package: file.package)
        }
    }

    /// Outline faces for `family` (a project family or a generic name) in
    /// `language` and `weight`, best first: the family's own faces, then
    /// `ProjectFonts.fallbackFamilies`' in that order, each family's face
    /// nearest the weight first; a face adding no coverage to those before
    /// it is left out (as fontconfig's trimmed sort does). Throws when the
    /// family is none of the project's, or its files are missing.
    func sortedFonts(family: String, language: String, weight: FontWeight) throws(TextError) -> [ProjectFace] {
        let own = try resolve(family, language: language)
        let target = weight.fontconfigWeight
        var order: [ProjectFace] = []
        var seen = Set<String>()
        for name in [own] + ProjectFonts.fallbackFamilies where seen.insert(name).inserted {
            let members = faces.enumerated().filter { $0.element.outline && $0.element.named.family == name }
            // Nearest the weight first, then upright, then the table's order.
            order += members.sorted { a, b in
                let da = abs(a.element.weight - target), db = abs(b.element.weight - target)
                if da != db { return da < db }
                if (a.element.slant == 0) != (b.element.slant == 0) { return a.element.slant == 0 }
                return a.offset < b.offset
            }.map(\.element)
        }
        return Fontconfig.trimmedByCoverage(order)
    }

    /// Colour emoji faces, in table order.
    var colorEmoji: [ProjectFace] { faces.filter(\.color) }

    /// The project family `family` names: itself (by any of its names,
    /// case and blanks ignored), or the family a generic name stands for.
    /// Throws when it is none of the project's families, or when its
    /// files are missing (naming the package to install).
    func resolve(_ family: String, language: String) throws(TextError) -> String {
        let asked = ProjectFonts.generic(family, language: language) ?? family
        let key = ProjectFonts.normalized(asked)
        // NanumSquareRound is also 나눔스퀘어라운드.
        if let face = faces.first(where: { $0.families.contains(key) }) { return face.named.family }
        if let file = missing.first(where: { ProjectFonts.normalized($0.family) == key }) {
            throw .fontMissing(path: file.path, package: file.package)
        }
        throw .familyNotProvided(family: family, available: ProjectFonts.families)
    }
}
