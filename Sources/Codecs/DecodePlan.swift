import PhotiCaseRaster
/// What a decode will produce, known from the header before any pixel is
/// decoded: the format, the stored size, how the decoder reduces the image
/// while loading (shrink-on-load) and whether it is turned upright.
///
/// A plan fixes every choice a decode makes from the caller's options; the
/// rest follows from the bytes (colour profile, orientation, coding), and
/// the decoders are deterministic. So two decodes of equal bytes by equal
/// plans give identical rasters, and a caller can tell, before decoding,
/// that a decode it needs is one it already has: a 12 MP HEIC wanted by a
/// ticket face and by a day thumbnail is the same full-size decode, while a
/// JPEG's face (1/2 DCT scale) and tile (1/8) are two different ones.
///
/// Make one with `init(info:options:)` from an `ImageInfo` that
/// `ImageDecoder.inspect` returned, and decode by it with
/// `ImageDecoder.decode(_:plan:limits:budget:)`.
public struct DecodePlan: Sendable, Hashable, CustomStringConvertible {
    /// How the decoder reduces the image while loading.
    public enum Reduction: Sendable, Hashable {
        /// The whole image at its stored size (an animated WebP's first
        /// frame): the same decode whatever size the caller needs.
        case none
        /// libjpeg's DCT scaling by 1/`denominator` (2, 4 or 8).
        case jpegScale(denominator: Int)
        /// PNG rows averaged in blocks of `side` x `side` pixels (2...8).
        case pngBlocks(side: Int)
        /// libwebp's scaler, to `size` (stored axes).
        case webpScale(to: PixelSize)
        /// An embedded HEIF/AVIF thumbnail (item `id`, `size` pixels)
        /// instead of the primary image.
        case heifThumbnail(id: UInt32, size: PixelSize)

        /// The decoder's output size for an image stored at `stored`
        /// (libjpeg and the PNG block reader round each side up).
        func outputSize(stored: PixelSize) -> PixelSize {
            func divided(_ d: Int) -> PixelSize {
                PixelSize(width: (stored.width + d - 1) / d, height: (stored.height + d - 1) / d)
            }
            switch self {
            case .none: return stored
            case .jpegScale(let d): return divided(d)
            case .pngBlocks(let k): return divided(k)
            case .webpScale(let size), .heifThumbnail(_, let size): return size
            }
        }
    }

    /// The file's format.
    public let format: ImageFormat
    /// The image's size as stored (HEIF and AVIF: upright).
    public let storedSize: PixelSize
    /// The reduction the decoder applies while loading.
    public let reduction: Reduction
    /// Whether the raster is turned upright by the EXIF orientation.
    public let applyOrientation: Bool
    /// How the decoded pixels are turned upright: the file's orientation,
    /// or `.up` when `applyOrientation` is false.
    public let orientation: Orientation
    /// The part of the decoded image (upright, at the reduced size) that
    /// the raster holds, or nil for all of it. Set by `restricted(to:)`.
    public let region: PixelRect?

    /// The plan `ImageDecoder.decode(_:options:)` follows for a file whose
    /// header `info` describes (as `ImageDecoder.inspect` returns it).
    public init(info: ImageInfo, options: DecodeOptions) {
        let stored = info.storedSize
        // The caller's target is upright; the decoders work on stored axes.
        let needed = options.minimumSize.map { info.orientation.swapsAxes ? $0.transposed : $0 }
        self.init(format: info.format, storedSize: stored,
                  reduction: DecodePlan.reduction(info.reducible, stored: stored, needed: needed,
                                                  headroom: options.shrinkHeadroom),
                  applyOrientation: options.applyOrientation,
                  orientation: options.applyOrientation ? info.orientation : .up)
    }

    init(format: ImageFormat, storedSize: PixelSize, reduction: Reduction, applyOrientation: Bool,
         orientation: Orientation = .up, region: PixelRect? = nil) {
        self.format = format
        self.storedSize = storedSize
        self.reduction = reduction
        self.applyOrientation = applyOrientation
        self.orientation = orientation
        self.region = region
    }

    /// True when the decode is the whole image at full size: the same for
    /// every size a caller could need, so worth sharing between callers.
    public var isFullSize: Bool { reduction == .none && region == nil }

    /// The whole decoded image's size before it is turned upright.
    public var decodedSize: PixelSize { reduction.outputSize(stored: storedSize) }

    /// How decoded pixels map to stored ones, where that is one factor on
    /// both axes: a JPEG's DCT scale 1/d and a PNG's blocks of k sample the
    /// photo at exactly 1/d and 1/k (pixel i is block i), whatever the
    /// rounding up of the last, partial block makes of the sizes (4284
    /// rows at 1/8 decode to 536, not 535.5). Nil where the decoder scales
    /// to a size (WebP, HEIF thumbnails): the sizes' ratio is the mapping.
    public var uniformScale: Double? {
        switch reduction {
        case .none: 1
        case .jpegScale(let d): 1 / Double(d)
        case .pngBlocks(let k): 1 / Double(k)
        case .webpScale, .heifThumbnail: nil
        }
    }

    /// The whole decoded image's size once upright: the space `region`
    /// and `restricted(to:)` speak of.
    public var uprightDecodedSize: PixelSize { orientation.uprightSize(of: decodedSize) }

    /// This plan with the raster limited to `rect` of the upright decoded
    /// image (`uprightDecodedSize`), where that saves work: a JPEG then
    /// inverse-transforms and converts only the iMCU columns around the
    /// rect (every row is still decoded, so damage anywhere is found), and
    /// holds only the rect's pixels, which are the whole decode's pixels
    /// there, bit for bit. Other formats decode
    /// whole images (libwebp and libpng must decode every row above a
    /// crop anyway, and HEIF tiles are not exposed), so their plans and a
    /// rect covering the whole image come back unchanged.
    ///
    /// A restricted plan can be restricted further, to a rect inside its
    /// region.
    ///
    /// - Precondition: `rect` is not empty and lies inside `uprightDecodedSize`,
    ///   and inside `region` when there is one.
    public func restricted(to rect: PixelRect) -> DecodePlan {
        let whole = PixelRect(x: 0, y: 0, width: uprightDecodedSize.width, height: uprightDecodedSize.height)
        let within = region ?? whole
        precondition(!rect.isEmpty && rect.intersection(within) == rect,
                     "region \(rect) outside \(within) of \(whole.width)x\(whole.height)")
        guard canRestrict, rect != whole else { return self }
        return DecodePlan(format: format, storedSize: storedSize, reduction: reduction,
                          applyOrientation: applyOrientation, orientation: orientation, region: rect)
    }

    /// Whether `restricted(to:)` can limit the decode: a JPEG plan. A
    /// caller can skip working out a part when it cannot.
    public var canRestrict: Bool { format == .jpeg }

    /// `region` on the stored axes of the decoded image, for the decoder.
    var storedRegion: PixelRect? {
        region.map { orientation.storedRect(ofUpright: $0, stored: decodedSize) }
    }

    public var description: String {
        let how = switch reduction {
        case .none: "full size"
        case .jpegScale(let d): "DCT 1/\(d)"
        case .pngBlocks(let k): "blocks of \(k)"
        case .webpScale(let size): "scaled to \(size.width)x\(size.height)"
        case .heifThumbnail(let id, let size): "thumbnail \(id) (\(size.width)x\(size.height))"
        }
        return "\(format.displayName) \(storedSize.width)x\(storedSize.height), \(how)"
            + (region.map { ", region \($0)" } ?? "") + (applyOrientation ? "" : ", as stored")
    }

    /// What a file's format lets a decode reduce to, read from its header.
    enum Reducible: Sendable, Hashable {
        /// An `ImageInfo` made by hand: nothing is known, the whole image.
        case unknown
        case jpegDCT
        case pngBlocks(interlaced: Bool)
        case webpScaler(animated: Bool)
        case heifThumbnails([HEIFBinding.Thumbnail])
    }

    /// The one place the shrink-on-load choice is made (by `ShrinkOnLoad`'s
    /// rules); reductions that change nothing are `.none`, so that equal
    /// pixels always come from equal plans.
    static func reduction(_ reducible: Reducible, stored: PixelSize, needed: PixelSize?, headroom: Double) -> Reduction {
        switch reducible {
        case .unknown:
            return .none
        case .jpegDCT:
            let d = ShrinkOnLoad.jpegDenominator(stored: stored, needed: needed, headroom: headroom)
            return d == 1 ? .none : .jpegScale(denominator: d)
        case .pngBlocks(let interlaced):
            let k = ShrinkOnLoad.pngShrink(stored: stored, needed: needed, headroom: headroom, interlaced: interlaced)
            return k == 1 ? .none : .pngBlocks(side: k)
        case .webpScaler(let animated):
            if animated { return .none }
            let size = ShrinkOnLoad.webpSize(stored: stored, needed: needed, headroom: headroom)
            return size == stored ? .none : .webpScale(to: size)
        case .heifThumbnails(let thumbnails):
            guard let t = ShrinkOnLoad.heifThumbnail(primary: stored, thumbnails: thumbnails, needed: needed,
                                                     headroom: headroom) else { return .none }
            return .heifThumbnail(id: t.id, size: t.size)
        }
    }
}
