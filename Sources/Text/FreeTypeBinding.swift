import CFreeType
import Raster

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

    /// FreeType's text for an error code, when it was built with error strings.
    static func message(_ code: FT_Error) -> String {
        if let text = FT_Error_String(code) { return String(cString: text) }
        return "FreeType error \(code)"
    }
}

/// A rasterized glyph: coverage plus the offset of its top-left corner from
/// the pen position on the baseline (y grows downwards).
struct GlyphImage {
    let mask: AlphaMask
    let left: Int
    let top: Int
}

/// One opened font face, scaled to one pixel size at a time.
final class FreeTypeFace {
    /// Held so the library outlives the face.
    let library: FreeTypeLibrary
    let handle: FT_Face
    private(set) var pixelSize: Double = 0

    init(library: FreeTypeLibrary, path: String, index: Int) throws(TextError) {
        var face: FT_Face?
        let code = FT_New_Face(library.handle, path, FT_Long(index), &face)
        guard code == 0, let face else {
            throw .fontUnreadable(path: path, reason: FreeTypeLibrary.message(code))
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            throw .fontUnreadable(path: path, reason: "not a scalable (outline) font")
        }
        // Symbol fonts have no Unicode map; they then simply cover nothing.
        _ = FT_Select_Charmap(face, FT_ENCODING_UNICODE)
        self.library = library
        self.handle = face
    }

    deinit { FT_Done_Face(handle) }

    /// The glyph for `scalar`, or nil when the font lacks it.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32? {
        let index = FT_Get_Char_Index(handle, FT_ULong(scalar.value))
        return index == 0 ? nil : UInt32(index)
    }

    /// Scales the face to `size` pixels per em; returns false when it did
    /// not change (so HarfBuzz need not be told).
    func setPixelSize(_ size: Double) -> Bool {
        guard size != pixelSize else { return false }
        let size26Dot6 = FT_F26Dot6((size * 64).rounded())
        _ = FT_Set_Char_Size(handle, 0, size26Dot6, 72, 72)
        pixelSize = size
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
}
