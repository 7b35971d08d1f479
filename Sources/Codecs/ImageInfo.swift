import PhotiCaseRaster
/// What a file's header says, before any pixels are decoded.
public struct ImageInfo: Sendable, Hashable {
    /// How the samples are coded in the file.
    public enum ColorSpace: String, Sendable, Hashable {
        case rgb, gray, cmyk, ycck, palette
    }

    public var format: ImageFormat
    /// Size as stored, before orientation (for HEIF and AVIF, which libheif
    /// turns upright while decoding, the upright size; orientation is .up).
    public var width: Int
    public var height: Int
    /// The EXIF orientation that will be applied (`.up` when absent or invalid).
    public var orientation: Orientation
    public var hasAlpha: Bool
    /// Bits per sample as stored.
    public var bitDepth: Int
    public var colorSpace: ColorSpace
    /// Frames in the file (animations, APNG); only the first is decoded.
    public var frames: Int
    /// The embedded colour profile's description ("Display P3", "sRGB",
    /// "nclx: P3 D65 / sRGB transfer"), nil when the file has none.
    public var profile: String?
    /// What the decoder may reduce this file to (read with the header;
    /// `DecodePlan` chooses from it).
    var reducible: DecodePlan.Reducible = .unknown

    public init(format: ImageFormat, width: Int, height: Int, orientation: Orientation, hasAlpha: Bool,
                bitDepth: Int, colorSpace: ColorSpace, frames: Int, profile: String? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.hasAlpha = hasAlpha
        self.bitDepth = bitDepth
        self.colorSpace = colorSpace
        self.frames = frames
        self.profile = profile
    }

    /// Size as stored.
    public var storedSize: PixelSize { PixelSize(width: width, height: height) }
    /// Size once turned upright.
    public var uprightSize: PixelSize { orientation.uprightSize(of: storedSize) }
}

/// A decoded image: upright (unless asked otherwise), straight alpha.
public struct DecodedImage: Sendable {
    /// The pixels, upright, straight alpha.
    public var raster: Raster
    /// The header facts of the file.
    public var info: ImageInfo
    /// Recoverable problems the library reported (the image still decoded).
    public var warnings: [String]
    /// Decoded size over stored size on each axis (1 without shrink-on-load).
    public var scale: Double
    /// Where `raster` lies in the whole decoded image (upright, at the
    /// reduced size) when the plan asked for a part
    /// (`DecodePlan.restricted(to:)`); nil when it is the whole image.
    public var region: PixelRect?

    public init(raster: Raster, info: ImageInfo, warnings: [String], scale: Double, region: PixelRect? = nil) {
        self.raster = raster
        self.info = info
        self.warnings = warnings
        self.scale = scale
        self.region = region
    }
}
