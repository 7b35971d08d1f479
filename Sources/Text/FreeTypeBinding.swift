import CPhotiCaseFreeType
import PhotiCaseImaging
import PhotiCaseRaster

// The only file that calls FreeType. Neither type is thread-safe: FreeType
// allows one thread per FT_Library and its faces, so each `FontSystem` owns
// its own library.

/// One FreeType library handle; faces keep it alive.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(TextError) {
        var library: FT_Library?
        let code = FT_Init_FreeType(&library)
        guard code == 0, let library else {
            throw .fontEngineUnavailable(reason: FreeTypeLibrary.message(code))
        }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }

    /// FreeType's text for an error code, when it was built with error
    /// strings (Debian's is not); else our words for the codes a wrong
    /// file gives (fterrdef.h), and the number for the rest.
    static func message(_ code: FT_Error) -> String {
        if let text = FT_Error_String(code) { return String(cString: text) }
        switch code {
        case 0x01: return "cannot open the file"
        case 0x02: return "not a font file (unknown file format)"
        case 0x03: return "broken font file (invalid file format)"
        case 0x40: return "out of memory"
        default: return "FreeType error \(code)"
        }
    }
}

/// A rasterized glyph: coverage (or, for a colour glyph, premultiplied
/// pixels) plus the offset of its top-left corner from the pen position on
/// the baseline (y grows downwards).
struct GlyphImage {
    let mask: AlphaMask
    let left: Int
    let top: Int
    /// The glyph's own colours (emoji), already scaled to the text size;
    /// nil for ordinary glyphs, which are painted in the text's colour.
    var color: Raster? = nil
}

/// One opened font face, scaled to one pixel size at a time.
final class FreeTypeFace {
    /// Held so the library outlives the face.
    let library: FreeTypeLibrary
    let handle: FT_Face
    private(set) var pixelSize: Double = 0
    /// True for a colour bitmap font (CBDT/sbix, e.g. Noto Color Emoji):
    /// its glyphs come in fixed sizes and their own colours.
    let isColorBitmap: Bool
    /// Pixels of output per pixel of the selected bitmap strike (1 for
    /// outline fonts): HarfBuzz's advances and the bitmaps are at the
    /// strike's size and are scaled by this to the text size.
    private(set) var bitmapScale: Double = 1

    init(library: FreeTypeLibrary, path: String, index: Int) throws(TextError) {
        var face: FT_Face?
        let code = FT_New_Face(library.handle, path, FT_Long(index), &face)
        guard code == 0, let face else {
            throw .fontUnreadable(path: path, reason: FreeTypeLibrary.message(code))
        }
        let flags = face.pointee.face_flags
        let colorBitmap = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 && flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0
            && face.pointee.num_fixed_sizes > 0
        guard flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 || colorBitmap else {
            FT_Done_Face(face)
            throw .fontUnreadable(path: path, reason: "not a scalable (outline) or colour bitmap font")
        }
        // A colour font with outlines too (COLR) is drawn as outlines.
        isColorBitmap = colorBitmap && flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0
        // Symbol fonts have no Unicode map; they then simply cover nothing.
        _ = FT_Select_Charmap(face, FT_ENCODING_UNICODE)
        self.library = library
        self.handle = face
    }

    deinit { FT_Done_Face(handle) }

    /// The family name the font gives itself ("DejaVu Sans" for its Book,
    /// Bold and Condensed faces alike).
    var familyName: String { handle.pointee.family_name.map { String(cString: $0) } ?? "" }

    /// True for an italic or oblique face.
    var isItalic: Bool { handle.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0 }

    /// The glyph for `scalar`, or nil when the font lacks it.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32? {
        let index = FT_Get_Char_Index(handle, FT_ULong(scalar.value))
        return index == 0 ? nil : UInt32(index)
    }

    /// Scales the face to `size` pixels per em; returns false when it did
    /// not change (so HarfBuzz need not be told).
    func setPixelSize(_ size: Double) -> Bool {
        guard size != pixelSize else { return false }
        pixelSize = size
        if isColorBitmap {
            // Bitmap fonts only come in their strikes' sizes: take the
            // smallest strike at least as large (scaling down keeps detail),
            // else the largest, and scale what it gives.
            let count = Int(handle.pointee.num_fixed_sizes)
            let strikes = (0..<count).map { Double(handle.pointee.available_sizes[$0].y_ppem) / 64 }
            let index = strikes.indices.filter { strikes[$0] >= size }.min { strikes[$0] < strikes[$1] }
                ?? strikes.indices.max { strikes[$0] < strikes[$1] }!
            _ = FT_Select_Size(handle, FT_Int(index))
            bitmapScale = size / strikes[index]
            return true
        }
        let size26Dot6 = FT_F26Dot6((size * 64).rounded())
        _ = FT_Set_Char_Size(handle, 0, size26Dot6, 72, 72)
        return true
    }

    /// Unrounded ascender and descender (both positive) at the current size.
    var verticalMetrics: (ascent: Double, descent: Double) {
        let face = handle.pointee
        let scale = pixelSize / Double(max(1, face.units_per_EM))
        return (Double(face.ascender) * scale, Double(-face.descender) * scale)
    }

    /// Renders `glyph` with 8-bit anti-aliasing (FT_RENDER_MODE_NORMAL),
    /// its outline shifted right by `shift` pixels (0 ..< 1) for subpixel
    /// placement. Nil when FreeType cannot load or render it.
    func render(glyph: UInt32, shift: Double) -> GlyphImage? {
        var delta = FT_Vector(x: FT_Pos((shift * 64).rounded()), y: 0)
        FT_Set_Transform(handle, nil, &delta)
        // Reset at once: HarfBuzz reads advances through the same face.
        defer { FT_Set_Transform(handle, nil, nil) }
        if isColorBitmap { return renderColor(glyph: glyph) }
        // Unhinted, so glyph shapes match the fractional advances HarfBuzz uses.
        let flags = FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(handle, glyph, flags) == 0,
              let slot = handle.pointee.glyph,
              FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var mask = AlphaMask(width: width, height: rows)
        if width > 0, rows > 0, let buffer = bitmap.buffer,
           bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            // With a negative pitch the rows are stored bottom-up, so the top
            // row is the last in memory; adding the pitch always goes down.
            let top = pitch < 0 ? buffer + (rows - 1) * -pitch : buffer
            mask.coverage.withUnsafeMutableBufferPointer { out in
                for y in 0..<rows {
                    let row = top + y * pitch
                    for x in 0..<width { out[y * width + x] = row[x] }
                }
            }
        }
        return GlyphImage(mask: mask, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }

    /// Loads `glyph` from the selected strike in colour (FT_LOAD_COLOR
    /// gives premultiplied BGRA) and scales it to the text size. Subpixel
    /// shifts are not applied: an emoji is a picture, not a stem.
    private func renderColor(glyph: UInt32) -> GlyphImage? {
        guard FT_Load_Glyph(handle, glyph, FT_Int32(FT_LOAD_COLOR)) == 0, let slot = handle.pointee.glyph else {
            return nil
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, rows > 0, let buffer = bitmap.buffer,
              bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return nil }
        let top = pitch < 0 ? buffer + (rows - 1) * -pitch : buffer
        let strike = Raster(width: width, height: rows, alphaMode: .premultiplied, initializingWith: { raw in
            let out = raw.bindMemory(to: UInt8.self)
            for y in 0..<rows {
                let row = top + y * pitch
                for x in 0..<width {
                    let o = (y * width + x) * 4, i = x * 4
                    out[o] = row[i + 2]; out[o + 1] = row[i + 1]; out[o + 2] = row[i]; out[o + 3] = row[i + 3]
                }
            }
        })
        let scale = bitmapScale
        let size = PixelSize(width: max(1, Int((Double(width) * scale).rounded())),
                             height: max(1, Int((Double(rows) * scale).rounded())))
        let picture = size.width == width && size.height == rows ? strike : strike.resized(to: size)
        return GlyphImage(mask: AlphaMask(width: size.width, height: size.height),
                          left: Int((Double(slot.pointee.bitmap_left) * scale).rounded()),
                          top: Int((Double(slot.pointee.bitmap_top) * scale).rounded()), color: picture)
    }
}
