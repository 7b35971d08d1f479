/// An opened face with its HarfBuzz font; `slot` is its small integer name
/// inside one `FontSystem`.
final class LoadedFont {
    let slot: Int
    let face: FontFace
    let freeType: FreeTypeFace
    let harfBuzz: HarfBuzzFont

    init(slot: Int, face: FontFace, freeType: FreeTypeFace) {
        self.slot = slot
        self.face = face
        self.freeType = freeType
        self.harfBuzz = HarfBuzzFont(face: freeType)
    }

    /// Scales FreeType and HarfBuzz to `pixelSize`.
    func use(pixelSize: Double) {
        if freeType.setPixelSize(pixelSize) { harfBuzz.faceSizeChanged() }
    }

    /// True for a colour emoji font.
    var isColor: Bool { freeType.isColorBitmap }

    /// True when the face has a glyph for every scalar of `character` that
    /// must be visible (default-ignorable ones, like ZWJ, need none).
    func covers(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.isDefaultIgnorable || freeType.glyphIndex(for: $0) != nil }
    }
}

/// Loads and caches faces, fallback chains and rasterized glyphs, and
/// reports each warning once.
///
/// Not thread-safe (FreeType faces are not): each thread uses its own
/// `TextRenderer`, which owns one `FontSystem`.
final class FontSystem {
    private struct ChainKey: Hashable {
        let fontFile: String?
        let family: String
        let language: String
        let weight: FontWeight
    }

    private let library: FreeTypeLibrary
    private let discovery: FontDiscovery
    private var fonts: [LoadedFont] = []
    /// nil records a face that failed to load, so it is not tried again.
    private var slots: [FontFace: Int?] = [:]
    private var chains: [ChainKey: [FontFace]] = [:]
    private var reported: Set<TextWarning> = []
    let glyphs = GlyphCache()
    var warningHandler: ((TextWarning) -> Void)?

    init(discovery: FontDiscovery) throws(TextError) {
        library = try FreeTypeLibrary()
        self.discovery = discovery
    }

    /// The faces tried for `style`, in order: its font file, then discovery.
    /// Throws when the style's own font file cannot be used.
    func chain(for style: TextStyle) throws(TextError) -> [LoadedFont] {
        let key = ChainKey(fontFile: style.fontFile, family: style.family,
                           language: style.language, weight: style.weight)
        var faces: [FontFace]
        if let cached = chains[key] {
            faces = cached
        } else {
            faces = []
            if let file = style.fontFile {
                let face = FontFace(path: file)
                guard try load(face, required: true) != nil else { return [] }
                faces.append(face)
            }
            switch discovery {
            case .fontconfig:
                faces += FontSystem.fallbackOrder(
                    Fontconfig.sortedFonts(family: style.family, language: style.language, weight: style.weight),
                    emoji: Fontconfig.colorEmojiFonts(), covers: { face, text in
                        guard let font = try? self.load(face, required: false) else { return false }
                        return text.allSatisfy(font.covers)
                    })
            case let .faces(list):
                faces += list
            }
            chains[key] = faces
        }
        let loaded = faces.compactMap { try? load($0, required: false) }
        if loaded.isEmpty { report(.noFonts(family: style.family)) }
        return loaded
    }

    /// The fallback order: the family's own face (the theme font), the
    /// first face covering Korean, the colour emoji fonts, then every other
    /// face fontconfig suggested, in its order.
    static func fallbackOrder(_ sorted: [FontFace], emoji: [FontFace],
                              covers: (FontFace, String) -> Bool) -> [FontFace] {
        var order = Array(sorted.prefix(1))
        if let korean = sorted.first(where: { covers($0, "가한") }), !order.contains(korean) { order.append(korean) }
        for face in emoji + sorted where !order.contains(face) { order.append(face) }
        return order
    }

    /// The font in slot `slot`.
    func font(slot: Int) -> LoadedFont { fonts[slot] }

    /// The loaded font for `face`, loading it if needed (nil if it fails
    /// and is not `required`).
    func load(_ face: FontFace, required: Bool) throws(TextError) -> LoadedFont? {
        if let known = slots[face], !required || known != nil { return known.map { fonts[$0] } }
        do {
            let font = LoadedFont(slot: fonts.count, face: face,
                                  freeType: try FreeTypeFace(library: library, path: face.path, index: face.index))
            fonts.append(font)
            slots[face] = font.slot
            return font
        } catch {
            slots[face] = .some(nil)
            if required { throw error }
            return nil
        }
    }

    /// Calls the warning handler the first time `warning` happens.
    func report(_ warning: TextWarning) {
        if reported.insert(warning).inserted { warningHandler?(warning) }
    }

    /// The anti-aliased image of `glyph` in `font` at `pixelSize`, its
    /// outline shifted right by `phase` quarter pixels.
    func image(font: LoadedFont, glyph: UInt32, pixelSize: Double, phase: Int) -> GlyphImage? {
        // A colour bitmap is not shifted by subpixels: one image serves all phases.
        let phase = font.isColor ? 0 : phase
        let key = GlyphCache.Key(slot: Int32(font.slot), glyph: glyph,
                                 size64: Int32((pixelSize * 64).rounded()), phase: UInt8(phase))
        if let cached = glyphs[key] { return cached }
        font.use(pixelSize: pixelSize)
        let image = font.freeType.render(glyph: glyph, shift: Double(phase) / Double(GlyphCache.phases))
        glyphs[key] = image
        return image
    }
}

extension Unicode.Scalar {
    /// Scalars a shaper hides rather than draws (joiners, variation
    /// selectors, soft hyphen, byte-order mark).
    var isDefaultIgnorable: Bool { properties.isDefaultIgnorableCodePoint }
}
