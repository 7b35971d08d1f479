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

    /// How heavy the face's strokes are: the mean width of the stem of its
    /// "l" over the middle half of the glyph, per em (about 0.09 for
    /// DejaVu Sans Book, 0.15 for its Bold). Nil for a colour font or one
    /// without an "l". Leaves the face at a measuring size: every drawing
    /// and shaping call sets its own size first (`use(pixelSize:)`).
    var stemWeight: Double? {
        guard !isColor, let glyph = freeType.glyphIndex(for: "l") else { return nil }
        let size = 64.0
        use(pixelSize: size)
        guard let mask = freeType.render(glyph: glyph, shift: 0)?.mask, mask.height >= 4 else { return nil }
        let rows = (mask.height / 4)..<(3 * mask.height / 4)
        var ink = 0
        for y in rows { for x in 0..<mask.width { ink += Int(mask[x, y]) } }
        return Double(ink) / 255 / Double(rows.count) / size
    }

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
    /// The project fonts' sorted faces per style, asked once for a primary
    /// and a chain.
    private var sorted: [ChainKey: [FontFace]] = [:]
    /// The colour emoji faces, asked once.
    private lazy var emojiFaces = Fontconfig.colorEmojiFonts()
    private var reported: Set<TextWarning> = []
    let glyphs = GlyphCache()
    var warningHandler: ((TextWarning) -> Void)?

    init(discovery: FontDiscovery) throws(TextError) {
        library = try FreeTypeLibrary()
        self.discovery = discovery
        // The fonts every text's fallback needs, or a clear error naming
        // the package to install.
        if case .fontconfig = discovery { try Fontconfig.requireFallbacks() }
    }

    /// The faces to set `text` in `style` with: the whole `chain(for:)`,
    /// or only its first face when that face has every character of `text`
    /// and none of them asks for emoji presentation. The rest of the chain
    /// would then never be asked for a glyph, and finding and ordering it
    /// (every fallback face opened and its strokes measured, the emoji
    /// fonts sorted) costs more than most short texts' whole layout.
    /// Throws when the style's own font file cannot be used, or its family
    /// is none of the project's (or is not installed).
    func faces(for style: TextStyle, setting text: some Sequence<Character>) throws(TextError) -> [LoadedFont] {
        let key = ChainKey(fontFile: style.fontFile, family: style.family,
                           language: style.language, weight: style.weight)
        if let first = try primary(for: style, key: key),
           text.allSatisfy({ !ParagraphShaper.wantsEmoji($0) && first.covers($0) }) {
            return [first]
        }
        return try chain(for: style)
    }

    /// The chain's first face, found without the rest: the style's font
    /// file, else discovery's first face. Nil when that face does not load
    /// (the chain then starts with a later one).
    private func primary(for style: TextStyle, key: ChainKey) throws(TextError) -> LoadedFont? {
        // The family is checked even behind a font file: its fallbacks
        // are asked for as soon as a character is missing.
        let sorted: [FontFace]? = if case .fontconfig = discovery { try sortedFaces(for: key) } else { nil }
        if let file = style.fontFile { return try load(FontFace(path: file), required: true) }
        let first: FontFace?
        switch discovery {
        case .fontconfig: first = sorted?.first
        case let .faces(list): first = list.first
        }
        guard let first else { return nil }
        return try load(first, required: false)
    }

    /// The project fonts' sorted faces for `key`'s family, language and weight.
    private func sortedFaces(for key: ChainKey) throws(TextError) -> [FontFace] {
        if let known = sorted[key] { return known }
        let faces = try Fontconfig.sortedFonts(family: key.family, language: key.language, weight: key.weight)
        sorted[key] = faces
        return faces
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
                // Fallbacks of the weight the primary face looks, not the
                // weight asked for; the style's own font file, when given,
                // is the primary, else the family's own face.
                let sorted = try sortedFaces(for: key)
                let own = faces.first
                let fallbacks = FontSystem.matchingStrokes(sorted, primary: own ?? sorted.first, keep: own == nil ? 1 : 0,
                                                           look: look)
                faces += FontSystem.fallbackOrder(fallbacks, emoji: emojiFaces, covers: { face, text in
                    guard let font = try? self.load(face, required: false) else { return false }
                    return text.allSatisfy(font.covers)
                })
            case let .faces(list):
                let own = faces.first
                faces += FontSystem.matchingStrokes(list, primary: own ?? list.first, keep: own == nil ? 1 : 0, look: look)
            }
            chains[key] = faces
        }
        let loaded = faces.compactMap { try? load($0, required: false) }
        if loaded.isEmpty { report(.noFonts(family: style.family)) }
        return loaded
    }

    /// The fallback order: the family's own face (the theme font), the
    /// first face covering Korean, the colour emoji fonts, then every other
    /// face of the sorted fonts, in their order.
    static func fallbackOrder(_ sorted: [FontFace], emoji: [FontFace],
                              covers: (FontFace, String) -> Bool) -> [FontFace] {
        var order = Array(sorted.prefix(1))
        if let korean = sorted.first(where: { covers($0, "가한") }), !order.contains(korean) { order.append(korean) }
        for face in emoji + sorted where !order.contains(face) { order.append(face) }
        return order
    }

    /// How far a fallback's stroke weight may be from the primary face's,
    /// as a ratio, and still count as matching. DejaVu Sans Bold's strokes
    /// are 1.77 times NanumSquareRound Bold's (an "é" in a title looked
    /// bolder than its word); DejaVu Sans Book's are 0.91 times.
    static let strokeTolerance = 1.35

    /// What `matchingStrokes` knows of a face.
    struct Look: Equatable {
        var family: String
        var italic: Bool
        /// `LoadedFont.stemWeight`; nil when it cannot be measured.
        var stem: Double?
    }

    /// `order` with each face after its first `keep` (the family's own
    /// face, which sets the look) whose stroke weight is more than
    /// `strokeTolerance` from `primary`'s replaced by the first face of its
    /// family (same family name, upright like it) whose weight matches;
    /// the faces replaced go to the end, so what only they cover is still
    /// drawn. A glyph the primary lacks then comes from the family
    /// fontconfig ranked first for it, in the weight the primary looks:
    /// fontconfig's "bold" is a name, and families differ in what they
    /// call bold. Faces that cannot be measured (colour, no "l") stay.
    static func matchingStrokes(_ order: [FontFace], primary: FontFace?, keep: Int,
                                look: (FontFace) -> Look?) -> [FontFace] {
        guard let primary, let reference = look(primary)?.stem, reference > 0, order.count > keep else { return order }
        let rest = Array(order.dropFirst(keep))
        let looks = rest.map(look)
        func matches(_ i: Int) -> Bool {
            guard let stem = looks[i]?.stem, stem > 0 else { return true }
            return max(stem / reference, reference / stem) <= strokeTolerance
        }
        var result = Array(order.prefix(keep)), replaced: [FontFace] = []
        var used = Set<Int>()
        for i in rest.indices where !used.contains(i) {
            if matches(i) {
                result.append(rest[i])
                used.insert(i)
                continue
            }
            replaced.append(rest[i])
            used.insert(i)
            if let own = looks[i], let sibling = rest.indices.first(where: { j in
                !used.contains(j) && looks[j].map { $0.family == own.family && $0.italic == own.italic } == true && matches(j)
            }) {
                result.append(rest[sibling])
                used.insert(sibling)
            }
        }
        return result + replaced
    }

    /// What `matchingStrokes` compares of `face` (nil when it cannot be loaded).
    private func look(_ face: FontFace) -> Look? {
        (try? load(face, required: false)).map {
            Look(family: $0.freeType.familyName, italic: $0.freeType.isItalic, stem: $0.stemWeight)
        }
    }

    /// How many faces have been opened.
    var openedFaceCount: Int { fonts.count }

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
