import PhotiCaseConcurrency
import CPhotiCaseFontconfig
import Dispatch
import Glibc
import PhotiCaseImaging

// The only file that calls fontconfig. It reads the project's own font
// files (`ProjectFonts`) into a configuration of its own: never the
// machine's (no FcInit, no /etc/fonts, no ~/.config/fontconfig, no
// FONTCONFIG_FILE), so what else is installed chooses no font. The
// configuration is only read once made, from any thread.

/// The project's font configuration, loaded when the caller chooses.
public enum FontConfiguration {
    /// Reads the project's font files now (about 2 ms; their character
    /// sets and names), rather than at the first text drawn on some worker
    /// thread. False when none of them is there.
    @discardableResult
    public static func load() -> Bool { !Fontconfig.projectFonts.faces.isEmpty }

    /// Starts `load` on another thread, inside `around` (which runs the
    /// body it is given once: a caller catching what fontconfig says), so
    /// that reading the fonts overlaps the caller's own start; every font
    /// lookup waits for it. Called once, before any font is looked up and
    /// before other threads start.
    public static func startLoading(around: @escaping @Sendable (() -> Void) -> Void) {
        let done = Promise<Void>()
        loading = done
        DispatchQueue.global(qos: .userInitiated).async {
            around { _ = load() }
            done.fulfill(())
        }
    }

    /// Waits for `startLoading`'s load, when there is one: before a font
    /// is looked up, and before the process exits (a thread left inside
    /// fontconfig as the process ends crashed it).
    public static func ready() { loading?.wait() }

    /// Set once by `startLoading`, before other threads start; read only.
    nonisolated(unsafe) private static var loading: Promise<Void>?
}

/// Font discovery among the project's fonts, read by fontconfig.
enum Fontconfig {
    /// The project's fonts on this machine, read once (Swift's lazy
    /// globals are thread-safe).
    static let projectFonts: ProjectFontSet = read(ProjectFonts.named())

    /// Reads `named` into a fontconfig configuration of their own (each
    /// file named, no folder scanned, no cache written), kept for the
    /// process: the faces' character sets live in it.
    static func read(_ named: [ProjectFonts.Named]) -> ProjectFontSet {
        var present: [ProjectFonts.Named] = [], missing: [ProjectFonts.Named] = []
        for font in named {
            if access(font.path, R_OK) == 0 { present.append(font) } else { missing.append(font) }
        }
        guard !present.isEmpty, let config = FcConfigCreate() else { return ProjectFontSet(faces: [], missing: named) }
        var found: [String: [ProjectFace]] = [:]
        for font in present {
            _ = font.path.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: font.path.utf8.count + 1) {
                    FcConfigAppFontAddFile(config, $0)
                }
            }
        }
        let byPath = Dictionary(present.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        if let set = FcConfigGetFonts(config, FcSetApplication) {
            for i in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[i], let face = projectFace(pattern, byPath: byPath) else { continue }
                found[face.named.path, default: []].append(face)
            }
        }
        var faces: [ProjectFace] = []
        for font in present {
            guard let list = found[font.path], !list.isEmpty else { missing.append(font); continue }
            faces += list.sorted { $0.face.index < $1.face.index }
        }
        let order = Dictionary(named.enumerated().map { ($0.element.path, $0.offset) }, uniquingKeysWith: { a, _ in a })
        return ProjectFontSet(faces: faces, missing: missing.sorted { order[$0.path, default: 0] < order[$1.path, default: 0] })
    }

    /// What `read` keeps of one scanned face; nil for a file not asked for.
    private static func projectFace(_ pattern: OpaquePointer, byPath: [String: ProjectFonts.Named]) -> ProjectFace? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
              let named = byPath[String(cString: file)] else { return nil }
        var families: [String] = []
        var n: Int32 = 0
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, n, &name) == FcResultMatch, let value = name {
            families.append(ProjectFonts.normalized(String(cString: value)))
            n += 1
        }
        var index: Int32 = 0, weight = Int32(FC_WEIGHT_REGULAR), slant = Int32(FC_SLANT_ROMAN)
        var outline: FcBool = 0, color: FcBool = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        _ = FcPatternGetInteger(pattern, FC_WEIGHT, 0, &weight)
        _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        _ = FcPatternGetBool(pattern, FC_OUTLINE, 0, &outline)
        _ = FcPatternGetBool(pattern, FC_COLOR, 0, &color)
        var charset: OpaquePointer?
        _ = FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset)
        return ProjectFace(face: FontFace(path: named.path, index: Int(index)), named: named, families: families,
                           weight: weight, slant: slant, outline: outline != 0, color: color != 0,
                           charset: charset)
    }

    /// Throws `TextError.fontMissing` when a file every text's fallback
    /// needs is not installed.
    static func requireFallbacks() throws(TextError) {
        FontConfiguration.ready()
        try projectFonts.requireFallbacks()
    }

    /// Outline fonts for `family`, `language` and `weight`, best first
    /// (`ProjectFontSet.sortedFonts`), upright faces of the weight before
    /// the others.
    static func sortedFonts(family: String, language: String, weight: FontWeight) throws(TextError) -> [FontFace] {
        FontConfiguration.ready()
        return trimmed(try projectFonts.sortedFonts(family: family, language: language, weight: weight), weight: weight)
    }

    /// The faces of `fonts` in order, upright faces of `weight` first.
    private static func trimmed(_ fonts: [ProjectFace], weight: FontWeight) -> [FontFace] {
        // Among the fallbacks, prefer upright faces of the asked-for
        // weight so a missing glyph is not drawn bold or slanted when a
        // plain face has it.
        var faces: [FontFace] = [], offStyle: [FontFace] = []
        for font in fonts where !faces.contains(font.face) && !offStyle.contains(font.face) {
            if faces.isEmpty || font.slant == FC_SLANT_ROMAN && weight.fontconfigRange.contains(font.weight) {
                faces.append(font.face)
            } else {
                offStyle.append(font.face)
            }
        }
        return faces + offStyle
    }

    /// `order` less each face whose characters the faces kept before it
    /// all have (fontconfig's trimmed sort): such a face would never be
    /// the first to have a character.
    static func trimmedByCoverage(_ order: [ProjectFace]) -> [ProjectFace] {
        guard var covered = FcCharSetCreate() else { return order }
        defer { FcCharSetDestroy(covered) }
        var kept: [ProjectFace] = []
        for font in order {
            guard let charset = font.charset else {
                kept.append(font)
                continue
            }
            guard kept.isEmpty || FcCharSetIsSubset(charset, covered) == 0 else { continue }
            kept.append(font)
            if let union = FcCharSetUnion(covered, charset) {
                FcCharSetDestroy(covered)
                covered = union
            }
        }
        return kept
    }

    /// Colour emoji fonts (bitmap or outline), best first: the project's
    /// faces that say they have colour. Skipped by `sortedFonts`, which
    /// keeps outline fonts only.
    static func colorEmojiFonts() -> [FontFace] {
        FontConfiguration.ready()
        return projectFonts.colorEmoji.map(\.face)
    }
}

extension FontWeight {
    var fontconfigWeight: Int32 {
        switch self {
        case .regular: Int32(FC_WEIGHT_REGULAR)
        case .bold: Int32(FC_WEIGHT_BOLD)
        }
    }

    /// Fontconfig weights that pass for this weight.
    var fontconfigRange: ClosedRange<Int32> {
        switch self {
        case .regular: Int32(FC_WEIGHT_BOOK)...Int32(FC_WEIGHT_MEDIUM)
        case .bold: Int32(FC_WEIGHT_DEMIBOLD)...Int32(FC_WEIGHT_EXTRABOLD)
        }
    }
}
