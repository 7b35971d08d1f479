import CFontconfig
import Dispatch
import Imaging

// The only file that calls fontconfig. Fontconfig (2.13 and later) locks its
// own configuration, so these functions may run on any thread.

/// Fontconfig's configuration, loaded when the caller chooses.
public enum FontConfiguration {
    /// Loads fontconfig's configuration and font list now, rather than at
    /// the first text drawn on some worker thread: what fontconfig says
    /// about a user's configuration files (on stderr) is then said at a
    /// moment the caller can catch it. False when it cannot be loaded.
    @discardableResult
    public static func load() -> Bool { FcInit() != 0 }

    /// Starts `load` on another thread, inside `around` (which runs the
    /// body it is given once: a caller catching what fontconfig says), so
    /// that reading its configuration (a few milliseconds) overlaps the
    /// caller's own start; every font lookup waits for it. Called once,
    /// before any font is looked up and before other threads start.
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

/// Font discovery through fontconfig.
enum Fontconfig {
    /// Outline fonts for `family`, `language` and `weight`, best first,
    /// each adding coverage the earlier ones lack (FcFontSort, trimmed).
    static func sortedFonts(family: String, language: String, weight: FontWeight) -> [FontFace] {
        withSortedFonts(family: family, trim: true, configure: { pattern in
            if !language.isEmpty, let languages = FcLangSetCreate() {
                language.withCString { name in
                    name.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) {
                        _ = FcLangSetAdd(languages, $0)
                    }
                }
                _ = FcPatternAddLangSet(pattern, FC_LANG, languages)
                FcLangSetDestroy(languages)
            }
            _ = FcPatternAddInteger(pattern, FC_WEIGHT, weight.fontconfigWeight)
            _ = FcPatternAddBool(pattern, FC_SCALABLE, 1)
        }, body: { fonts in trimmed(fonts, weight: weight) })
    }

    /// The faces of `fonts` in order, upright faces of `weight` first.
    private static func trimmed(_ fonts: [OpaquePointer], weight: FontWeight) -> [FontFace] {
        // Fontconfig orders by coverage first; among the fallbacks, prefer
        // upright faces of the asked-for weight so a missing glyph is not
        // drawn bold or slanted when a plain face has it.
        var faces: [FontFace] = [], offStyle: [FontFace] = []
        for font in fonts {
            guard let face = face(of: font, having: FC_OUTLINE),
                  !faces.contains(face), !offStyle.contains(face) else { continue }
            var slant: Int32 = 0, faceWeight: Int32 = 0
            _ = FcPatternGetInteger(font, FC_SLANT, 0, &slant)
            _ = FcPatternGetInteger(font, FC_WEIGHT, 0, &faceWeight)
            if faces.isEmpty || slant == FC_SLANT_ROMAN && weight.fontconfigRange.contains(faceWeight) {
                faces.append(face)
            } else {
                offStyle.append(face)
            }
        }
        return faces + offStyle
    }
}

extension Fontconfig {
    /// Colour emoji fonts (bitmap or outline), best first: the faces
    /// fontconfig gives for the generic family "emoji" that say they have
    /// colour. Skipped by `sortedFonts`, which keeps outline fonts only.
    static func colorEmojiFonts() -> [FontFace] {
        withSortedFonts(family: "emoji", trim: false, configure: { _ = FcPatternAddBool($0, FC_COLOR, 1) }) { fonts in
            var faces: [FontFace] = []
            for font in fonts {
                if let face = face(of: font, having: FC_COLOR), !faces.contains(face) { faces.append(face) }
            }
            return faces
        }
    }

    /// Runs `body` on the fonts FcFontSort gives for `family` and what
    /// `configure` adds to the pattern; the font patterns live only
    /// during `body`. Empty when fontconfig cannot start.
    private static func withSortedFonts(family: String, trim: Bool, configure: (OpaquePointer) -> Void,
                                        body: ([OpaquePointer]) -> [FontFace]) -> [FontFace] {
        FontConfiguration.ready()
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                _ = FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        configure(pattern)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let set = FcFontSort(nil, pattern, trim ? 1 : 0, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        return body((0..<Int(set.pointee.nfont)).compactMap { set.pointee.fonts[$0] })
    }
}

extension Fontconfig {
    /// The file and index of a sorted font whose boolean `property`
    /// (outline, colour) is true; nil otherwise.
    private static func face(of font: OpaquePointer, having property: UnsafePointer<CChar>) -> FontFace? {
        var flag: FcBool = 0
        guard FcPatternGetBool(font, property, 0, &flag) == FcResultMatch, flag != 0 else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
        return FontFace(path: String(cString: file), index: Int(index))
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
