/// Rasterized glyphs keyed by font slot, glyph, pixel size and subpixel phase.
///
/// Glyphs are small and titles reuse few of them, so the cache simply
/// empties itself when it grows past `capacity`.
final class GlyphCache {
    /// Horizontal subpixel positions a glyph is rendered at (quarter pixels).
    static let phases = 4
    /// Entries kept before the cache starts over.
    static let capacity = 8192

    struct Key: Hashable {
        let slot: Int32
        let glyph: UInt32
        /// The pixel size in 26.6 fixed point.
        let size64: Int32
        let phase: UInt8
    }

    /// nil values record glyphs FreeType could not render.
    private var images: [Key: GlyphImage?] = [:]

    var count: Int { images.count }

    subscript(key: Key) -> GlyphImage?? {
        get { images[key] }
        set {
            if images.count >= GlyphCache.capacity { images.removeAll(keepingCapacity: true) }
            images[key] = newValue
        }
    }
}
