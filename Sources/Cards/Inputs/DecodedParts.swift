import Raster

/// Parts already decoded by one renderer, so a front face shown on the
/// gallery, the list and a timeline page (all at the gallery tile's size)
/// is decoded once, not once a page.
///
/// A hit needs the same reference, the same size and the same bytes,
/// compared in full: equal bytes decoded at an equal size are equal
/// pixels, so a page is what it would be without the memo. Bounded to the
/// most recent `capacity` decodes (a 24-entry page's faces and the next
/// page's), a few megabytes at the gallery tile's size.
struct DecodedParts {
    static let capacity = 48

    private struct Key: Hashable {
        var reference: String
        var size: PixelSize
    }

    private var kept: [Key: (bytes: [UInt8], raster: Raster)] = [:]
    /// Keys from the least to the most recently used.
    private var order: [Key] = []

    /// The raster kept for `bytes` of `reference` at `size`, if any.
    mutating func raster(_ reference: String, bytes: [UInt8], size: PixelSize) -> Raster? {
        let key = Key(reference: reference, size: size)
        guard let hit = kept[key], hit.bytes == bytes else { return nil }
        touch(key)
        return hit.raster
    }

    /// Keeps `raster`, decoded from `bytes` of `reference` at `size`.
    mutating func keep(_ raster: Raster, _ reference: String, bytes: [UInt8], size: PixelSize) {
        let key = Key(reference: reference, size: size)
        kept[key] = (bytes, raster)
        touch(key)
        while order.count > Self.capacity { kept[order.removeFirst()] = nil }
    }

    private mutating func touch(_ key: Key) {
        if let i = order.firstIndex(of: key) { order.remove(at: i) }
        order.append(key)
    }
}
