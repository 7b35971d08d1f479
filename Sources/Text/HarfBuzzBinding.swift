import CPhotiCaseFreeType
import CPhotiCaseHarfBuzz

// The only file that calls HarfBuzz. Like the FreeType face it wraps, a
// `HarfBuzzFont` belongs to one thread.

/// A glyph as HarfBuzz placed it, in pixels; `cluster` indexes the scalar
/// array passed to `shape`.
struct ShapedGlyph {
    let id: UInt32
    let cluster: Int
    let advance: Double
    let offsetX: Double
    let offsetY: Double
}

/// A Unicode script as HarfBuzz names it (an ISO 15924 tag).
struct TextScript: Hashable {
    let tag: UInt32

    /// Common and inherited characters (spaces, punctuation, digits,
    /// combining marks) take the script of their neighbours.
    var isNeutral: Bool {
        let value = hb_script_t(rawValue: tag)
        return value == HB_SCRIPT_COMMON || value == HB_SCRIPT_INHERITED || value == HB_SCRIPT_UNKNOWN
    }

    var isHangul: Bool { hb_script_t(rawValue: tag) == HB_SCRIPT_HANGUL }

    /// True for the scripts whose text breaks between letters (Chinese
    /// and Japanese): Korean's keep-all rule does not join their words.
    var breaksBetweenLetters: Bool {
        let value = hb_script_t(rawValue: tag)
        return value == HB_SCRIPT_HAN || value == HB_SCRIPT_HIRAGANA || value == HB_SCRIPT_KATAKANA
    }

    /// True for a script written right to left (Arabic, Hebrew, Syriac...).
    var isRightToLeft: Bool { hb_script_get_horizontal_direction(hb_script_t(rawValue: tag)) == HB_DIRECTION_RTL }

    static let latin = TextScript(tag: HB_SCRIPT_LATIN.rawValue)
    static let common = TextScript(tag: HB_SCRIPT_COMMON.rawValue)

    /// The script of `scalar` from HarfBuzz's Unicode tables.
    init(of scalar: Unicode.Scalar) {
        tag = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value).rawValue
    }

    private init(tag: UInt32) { self.tag = tag }
}

/// A HarfBuzz font reading glyphs and advances from a FreeType face (hb-ft).
final class HarfBuzzFont {
    /// Held so the face outlives the HarfBuzz font that references it.
    let face: FreeTypeFace
    private let handle: OpaquePointer
    private let buffer: OpaquePointer

    init(face: FreeTypeFace) {
        self.face = face
        handle = hb_ft_font_create_referenced(face.handle)
        buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(handle)
    }

    /// Must be called after the FreeType face changed size.
    func faceSizeChanged() { hb_ft_font_changed(handle) }

    /// Shapes `text[range]`, given in logical order, with default features
    /// (kerning, ligatures); the whole of `text` is context for the shaper.
    /// The glyphs come in visual order: for `rightToLeft`, the last
    /// character's first.
    ///
    /// The direction must be the run's own: told left to right, HarfBuzz
    /// shapes a right-to-left script's graphemes reversed (so Arabic letters
    /// join backwards), and told right to left, it mirrors brackets.
    func shape(_ text: UnsafeBufferPointer<UInt32>, range: Range<Int>,
               script: TextScript, rightToLeft: Bool, language: String) -> [ShapedGlyph] {
        guard let base = text.baseAddress, !range.isEmpty else { return [] }
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(buffer, base, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script.tag))
        hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_shape(handle, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        // hb-ft scales to 26.6 fixed point: 64 units per pixel, of the
        // bitmap strike for a colour bitmap font, which the face rescales.
        let unit = face.bitmapScale / 64
        return (0..<Int(count)).map { i in
            ShapedGlyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster),
                        advance: Double(positions[i].x_advance) * unit,
                        offsetX: Double(positions[i].x_offset) * unit,
                        offsetY: Double(positions[i].y_offset) * unit)
        }
    }
}
