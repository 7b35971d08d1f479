import PhotiCaseRaster
/// Limits that keep hostile files cheap. All are checked from the header,
/// before any pixel buffer exists.
public struct DecodeLimits: Sendable, Hashable {
    /// Largest accepted width x height, as stored. Default 100 megapixels.
    public var maxPixels: Int
    /// Largest accepted file, in bytes. Default 256 MiB.
    public var maxFileBytes: Int
    /// Most progressive JPEG scans accepted. Ordinary files have about 10.
    public var maxJPEGScans: Int

    public init(maxPixels: Int = 100_000_000, maxFileBytes: Int = 256 << 20, maxJPEGScans: Int = 256) {
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
        self.maxJPEGScans = maxJPEGScans
    }
}

/// How to decode one image.
public struct DecodeOptions: Sendable, Hashable {
    public var limits: DecodeLimits
    /// The smallest upright size the caller needs of the whole image. When
    /// set, JPEG, WebP and non-interlaced PNG decode at a reduced size that still keeps
    /// `shrinkHeadroom` times this many pixels on each axis, and HEIF/AVIF
    /// decode an embedded thumbnail that keeps at least 3 times it; the
    /// caller resamples the rest of the way. Nil decodes at full size.
    public var minimumSize: PixelSize?
    /// How much larger than `minimumSize` a reduced decode must stay.
    /// 1 (as Pillow's draft mode) already keeps a 256-pixel thumbnail of a
    /// 12-megapixel photo at 46 dB PSNR from a full decode; 2 (as libvips)
    /// gives 56 dB at twice the decode cost. See docs/decoding.md, "Shrink-on-load".
    public var shrinkHeadroom: Double
    /// Turn the image upright using its EXIF orientation.
    public var applyOrientation: Bool
    /// The memory every decode reserves its peak from (see `MemoryBudget`).
    public var budget: MemoryBudget

    public init(limits: DecodeLimits = DecodeLimits(), minimumSize: PixelSize? = nil,
                shrinkHeadroom: Double = 1, applyOrientation: Bool = true, budget: MemoryBudget = .shared) {
        self.limits = limits
        self.budget = budget
        self.minimumSize = minimumSize
        self.shrinkHeadroom = shrinkHeadroom
        self.applyOrientation = applyOrientation
    }
}
