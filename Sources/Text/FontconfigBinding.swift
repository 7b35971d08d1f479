import CFontconfig

// The only file that calls fontconfig. Fontconfig (2.13 and later) locks its
// own configuration, so these functions may run on any thread.

/// Font discovery through fontconfig.
enum Fontconfig {
    /// Outline fonts for `family`, `language` and `weight`, best first,
    /// each adding coverage the earlier ones lack (FcFontSort, trimmed).
    static func sortedFonts(family: String, language: String, weight: FontWeight) -> [FontFace] {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                _ = FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
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
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)

        var result = FcResultMatch
        guard let set = FcFontSort(nil, pattern, 1, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        // Fontconfig orders by coverage first; among the fallbacks, prefer
        // upright faces of the asked-for weight so a missing glyph is not
        // drawn bold or slanted when a plain face has it.
        var faces: [FontFace] = [], offStyle: [FontFace] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var outline: FcBool = 0
            guard FcPatternGetBool(font, FC_OUTLINE, 0, &outline) == FcResultMatch, outline != 0 else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            let path = String(cString: file)
            let face = FontFace(path: path, index: Int(index))
            guard !faces.contains(face), !offStyle.contains(face) else { continue }
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
