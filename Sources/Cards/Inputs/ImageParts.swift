import PhotiCaseCodecs
import PhotiCaseDiary

/// Where a composed layout finds the encoded images it is made of: the
/// pipeline hands the bytes of each part the cache holds under the part's
/// key (found by its `reference`), nil for one it does not.
public typealias PartSource = (_ reference: String, _ key: String) -> [UInt8]?

/// A day thumbnail as a part of a month sheet: its cache key (which changes
/// whenever the thumbnail would), where to find its bytes, and how it is
/// encoded. A sheet reads the encoded thumbnail, so a day drawn anew for a
/// missing part goes through the same encoding: the sheet's bytes never
/// depend on whether the part was in the cache.
public struct DayPart: Sendable, Hashable, LayoutInput {
    /// The thumbnail's own cache key.
    public var key: String
    /// How the pipeline finds its bytes (a cache path); not keyed.
    public var reference: String
    public var encoding: EncodeSettings
    /// What to draw when its bytes cannot be had.
    public var tile: DayTileInput

    public init(key: String, reference: String, encoding: EncodeSettings, tile: DayTileInput) {
        self.key = key
        self.reference = reference
        self.encoding = encoding
        self.tile = tile
    }

    public func write(to key: inout LayoutKey) {
        // A part without a cache key (nothing caches it) is keyed by what it draws.
        if self.key.isEmpty { key.add(tile); key.add("\(encoding)") } else { key.add(self.key) }
    }
}

/// A ticket's front face as a part of a book page or a year image (see
/// `DayPart`): pages never open photos, they read the encoded faces.
public struct FacePart: Sendable, Hashable, LayoutInput {
    /// The face's own cache key.
    public var key: String
    /// How the pipeline finds its bytes (a cache path); not keyed.
    public var reference: String
    public var encoding: EncodeSettings
    /// The scale the face is drawn at, as its ticket.
    public var scale: Int
    /// What to draw when its bytes cannot be had.
    public var face: FrontFaceInput

    public init(key: String, reference: String, encoding: EncodeSettings, scale: Int, face: FrontFaceInput) {
        self.key = key
        self.reference = reference
        self.encoding = encoding
        self.scale = scale
        self.face = face
    }

    public func write(to key: inout LayoutKey) {
        if self.key.isEmpty {
            key.add(face)
            key.add("\(encoding)")
            key.add(scale)
        } else {
            key.add(self.key)
        }
    }
}
