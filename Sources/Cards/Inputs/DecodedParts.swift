import PhotiCaseConcurrency
import PhotiCaseRaster

/// Parts already decoded, so a front face shown on the gallery, the list
/// and a timeline page (all at the gallery tile's size) is decoded once,
/// not once a page; shared by a run's renderers (`CardRenderer.share`), so
/// a page drawn on one thread finds the faces another thread's page
/// decoded.
///
/// A hit needs the same reference, the same size and the same bytes,
/// compared in full: equal bytes decoded at an equal size are equal
/// pixels, so a page is what it would be without the memo. Bounded to the
/// most recent `capacity` decodes (a 24-entry page's faces and the next
/// page's), a few megabytes at the gallery tile's size.
public final class DecodedParts: Sendable {
    static let capacity = 48

    private struct Key: Hashable {
        var reference: String
        var size: PixelSize
    }

    private struct State {
        var kept: [Key: (bytes: [UInt8], raster: Raster)] = [:]
        /// Keys from the least to the most recently used.
        var order: [Key] = []

        mutating func touch(_ key: Key) {
            if let i = order.firstIndex(of: key) { order.remove(at: i) }
            order.append(key)
        }
    }

    private let state = Locked(State())

    public init() {}

    /// The raster kept for `bytes` of `reference` at `size`, if any.
    func raster(_ reference: String, bytes: [UInt8], size: PixelSize) -> Raster? {
        let key = Key(reference: reference, size: size)
        return state.withLock { state in
            guard let hit = state.kept[key], hit.bytes == bytes else { return nil }
            state.touch(key)
            return hit.raster
        }
    }

    /// Keeps `raster`, decoded from `bytes` of `reference` at `size`.
    func keep(_ raster: Raster, _ reference: String, bytes: [UInt8], size: PixelSize) {
        let key = Key(reference: reference, size: size)
        state.withLock { state in
            state.kept[key] = (bytes, raster)
            state.touch(key)
            while state.order.count > Self.capacity { state.kept[state.order.removeFirst()] = nil }
        }
    }

    /// Lets go of every part kept (the phase that drew pages has ended).
    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
