import PhotiCaseRaster
import PhotiCaseConcurrency
/// Decodes JPEG, PNG, WebP, HEIF and AVIF bytes into upright sRGB rasters.
///
/// Every decode runs the same steps in this order: check the file size,
/// sniff the format from the bytes, read the header, check the pixel limit
/// (before any pixel buffer exists), choose a shrink-on-load scale, decode,
/// convert to sRGB through the embedded profile (on the reduced pixels,
/// before any resampling), and turn the result upright.
public enum ImageDecoder {
    /// Reads the header of `bytes` without decoding pixels.
    public static func inspect(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits = DecodeLimits()) throws -> ImageInfo {
        try header(bytes, limits: limits).info
    }

    /// Decodes `bytes`. Throws `CodecError`.
    public static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        let parsed = try header(bytes, limits: options.limits)
        return try decode(bytes, parsed, plan: DecodePlan(info: parsed.info, options: options), limits: options.limits,
                          budget: options.budget)
    }

    /// Decodes `bytes` by `plan`, made from these bytes' `ImageInfo`: the
    /// same raster as the `decode(_:options:)` call whose options gave the
    /// plan. Throws `CodecError`. A raised `stop` ends a JPEG or PNG decode
    /// within a few rows (`CodecError.stopped`); a WebP, HEIF or AVIF
    /// decode runs to its end (their libraries take no such signal).
    public static func decode(_ bytes: UnsafeRawBufferPointer, plan: DecodePlan, limits: DecodeLimits = DecodeLimits(),
                              budget: MemoryBudget = .shared, stop: StopSignal? = nil) throws -> DecodedImage {
        let parsed = try header(bytes, limits: limits)
        precondition(parsed.info.format == plan.format && parsed.info.storedSize == plan.storedSize
                     && plan.orientation == (plan.applyOrientation ? parsed.info.orientation : .up),
                     "decode plan \(plan) was made for other bytes")
        return try decode(bytes, parsed, plan: plan, limits: limits, budget: budget, stop: stop)
    }

    /// Convenience for arrays.
    public static func decode(_ bytes: [UInt8], plan: DecodePlan, limits: DecodeLimits = DecodeLimits(),
                              budget: MemoryBudget = .shared, stop: StopSignal? = nil) throws -> DecodedImage {
        try bytes.withUnsafeBytes { try decode($0, plan: plan, limits: limits, budget: budget, stop: stop) }
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, _ parsed: Parsed, plan: DecodePlan, limits: DecodeLimits,
                               budget: MemoryBudget, stop: StopSignal? = nil) throws -> DecodedImage {
        var info = parsed.info
        let stored = info.storedSize
        var raster: Raster
        var warnings: [String] = []
        // Reserve the decode's peak memory first, so parallel decodes of
        // huge photos wait for each other instead of adding up.
        let peak = peakBytes(parsed.detail, stored: stored, reduction: plan.reduction, region: plan.region)
        (raster, warnings) = try budget.withReservation(peak, format: info.format) {
            switch (parsed.detail, plan.reduction) {
            case (.jpeg, _) where plan.storedRegion != nil:
                let d = if case .jpegScale(let d) = plan.reduction { d } else { 1 }
                return try JPEGBinding.decode(bytes, denominator: d, region: plan.storedRegion!,
                                              maxScans: limits.maxJPEGScans,
                                              cmykSamples: parsed.color.wantsCMYKSamples, stop: stop)
            case (.jpeg, .none):
                return try JPEGBinding.decode(bytes, denominator: 1, size: stored, maxScans: limits.maxJPEGScans,
                                              cmykSamples: parsed.color.wantsCMYKSamples, stop: stop)
            case (.jpeg, .jpegScale(let d)):
                let size = try JPEGBinding.readHeader(bytes, denominator: d).outputSize
                return try JPEGBinding.decode(bytes, denominator: d, size: size, maxScans: limits.maxJPEGScans,
                                              cmykSamples: parsed.color.wantsCMYKSamples, stop: stop)
            case (.png, .none):
                return try PNGBinding.decode(bytes, shrink: 1, size: stored, stop: stop)
            case (.png, .pngBlocks(let k)):
                return try PNGBinding.decode(bytes, shrink: k, size: plan.decodedSize, stop: stop)
            case (.webp(let header), .none):
                if header.animated { return (try WebPBinding.decodeFirstFrame(bytes, header: header), []) }
                return (try WebPBinding.decode(bytes, header: header, size: stored), [])
            case (.webp(let header), .webpScale(let size)):
                return (try WebPBinding.decode(bytes, header: header, size: size), [])
            case (.heif, .none):
                return try HEIFBinding.decode(bytes, format: info.format, thumbnail: nil)
            case (.heif, .heifThumbnail(let id, _)):
                return try HEIFBinding.decode(bytes, format: info.format, thumbnail: id)
            default:
                preconditionFailure("decode plan \(plan) does not fit a \(info.format.displayName) file")
            }
        }
        warnings += parsed.color.warnings
        parsed.color.apply(to: &raster)
        let scale = Double(plan.region == nil ? raster.width : plan.decodedSize.width) / Double(stored.width)
        if plan.applyOrientation {
            raster = raster.oriented(info.orientation)
        } else {
            info.orientation = .up
        }
        return DecodedImage(raster: raster, info: info, warnings: warnings, scale: scale, region: plan.region)
    }

    /// Convenience for arrays.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        try bytes.withUnsafeBytes { try decode($0, options: options) }
    }

    /// Convenience for arrays.
    public static func inspect(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws -> ImageInfo {
        try bytes.withUnsafeBytes { try inspect($0, limits: limits) }
    }

    /// Reads and decodes the file at `path`. Throws `ImageFileError`
    /// naming the path.
    public static func decodeFile(atPath path: String, options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        do {
            let bytes = try FileIO.read(path, limit: options.limits.maxFileBytes)
            return try decode(bytes, options: options)
        } catch let error as CodecError {
            throw ImageFileError(path: path, reason: error)
        }
    }

    /// Reads the header of the file at `path`. Throws `ImageFileError`.
    public static func inspectFile(atPath path: String, limits: DecodeLimits = DecodeLimits()) throws -> ImageInfo {
        do {
            // Headers sit at the front, but EXIF and chunk walks may need
            // more; files are small enough to read whole.
            let bytes = try FileIO.read(path, limit: limits.maxFileBytes)
            return try inspect(bytes, limits: limits)
        } catch let error as CodecError {
            throw ImageFileError(path: path, reason: error)
        }
    }

    /// The most memory a decode holds at once, from the header alone: the
    /// output raster (4 bytes a pixel at the reduced size), plus libjpeg's
    /// whole-image coefficients for a progressive JPEG (2 bytes a sample
    /// per component at full size, whatever the scaling), plus the whole
    /// stored image for an interlaced PNG (up to 8 bytes a pixel) or an
    /// animated WebP's canvas, or libheif's planes for a HEIF.
    static func peakBytes(_ detail: Detail, stored: PixelSize, needed: PixelSize?, options: DecodeOptions) -> Int {
        peakBytes(detail, stored: stored, reduction: DecodePlan.reduction(detail.reducible, stored: stored, needed: needed,
                                                                         headroom: options.shrinkHeadroom))
    }

    /// As above, for a decode limited to `region` (which holds only the
    /// region's pixels, plus libjpeg's few rows of the crop's width).
    static func peakBytes(_ detail: Detail, stored: PixelSize, reduction: DecodePlan.Reduction,
                          region: PixelRect? = nil) -> Int {
        let full = stored.width * stored.height
        let size = region.map { PixelSize(width: $0.width, height: $0.height) } ?? reduction.outputSize(stored: stored)
        let out = size.width * size.height * 4
        switch detail {
        case .jpeg(let progressive, let components):
            return out + (progressive ? full * components * 2 : 0)
        case .png(let interlaced):
            return out + (interlaced ? full * 8 : 0)
        case .webp(let header):
            return header.animated ? full * 8 : out
        case .heif(let header):
            // libheif holds the decoded planes (up to 16-bit) and our copy:
            // 8 bytes a pixel of the coded image or of the thumbnail used.
            let coded = if case .heifThumbnail(_, let size) = reduction { size } else { header.codedSize }
            return coded.width * coded.height * 8 + out
        }
    }

    // MARK: - Header

    enum Detail {
        case jpeg(progressive: Bool, components: Int)
        case png(interlaced: Bool)
        case webp(WebPBinding.Header)
        case heif(HEIFBinding.Header)

        /// What a decode of this file may reduce to.
        var reducible: DecodePlan.Reducible {
            switch self {
            case .jpeg: .jpegDCT
            case .png(let interlaced): .pngBlocks(interlaced: interlaced)
            case .webp(let header): .webpScaler(animated: header.animated)
            case .heif(let header): .heifThumbnails(header.thumbnails)
            }
        }
    }

    typealias Parsed = (info: ImageInfo, detail: Detail, color: ColorPlan)

    private static func header(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws -> Parsed {
        guard !bytes.isEmpty else { throw CodecError.empty }
        guard bytes.count <= limits.maxFileBytes else {
            throw CodecError.fileTooLarge(bytes: bytes.count, limit: limits.maxFileBytes)
        }
        guard let format = ImageFormat.sniff(bytes) else { throw CodecError.unknownFormat }
        var info: ImageInfo
        let detail: Detail
        var source = ColorSource.untagged, imageSpace = ImageSpace.rgb, profileWarnings: [String] = []
        switch format {
        case .jpeg:
            let h = try JPEGBinding.readHeader(bytes, denominator: 1)
            (source, profileWarnings) = JPEGBinding.readProfile(bytes)
            imageSpace = h.colorSpace == .cmyk || h.colorSpace == .ycck ? .cmyk(inverted: h.adobeMarker)
                : h.colorSpace == .gray ? .gray : .rgb
            let markers = JPEGMarkers(bytes)
            info = ImageInfo(format: .jpeg, width: h.width, height: h.height,
                             orientation: markers.exif.flatMap(EXIFOrientation.parse) ?? .up,
                             hasAlpha: false, bitDepth: h.precision, colorSpace: h.colorSpace,
                             frames: markers.pictures)
            detail = .jpeg(progressive: h.progressive, components: h.components)
        case .png:
            let h = try PNGBinding.readHeader(bytes)
            let chunks = PNGChunks(bytes)
            (source, profileWarnings) = PNGBinding.readProfile(bytes, hasICCP: chunks.hasICCP)
            let space: ImageInfo.ColorSpace = switch h.colorType {
            case 0, 4: .gray
            case 3: .palette
            default: .rgb
            }
            info = ImageInfo(format: .png, width: h.width, height: h.height,
                             orientation: chunks.exif.flatMap(EXIFOrientation.parse) ?? .up,
                             hasAlpha: h.colorType & 4 != 0 || h.hasTransparency, bitDepth: h.bitDepth,
                             colorSpace: space, frames: chunks.frames)
            detail = .png(interlaced: h.interlaced)
            imageSpace = space == .gray ? .gray : .rgb
        case .webp:
            let h = try WebPBinding.readHeader(bytes)
            info = ImageInfo(format: .webp, width: h.width, height: h.height,
                             orientation: h.exif.flatMap(EXIFOrientation.parse) ?? .up,
                             hasAlpha: h.hasAlpha, bitDepth: 8, colorSpace: .rgb, frames: h.frames)
            detail = .webp(h)
            source = h.icc.map(ColorSource.icc) ?? .untagged
        case .heif, .avif:
            let h = try HEIFBinding.readHeader(bytes, format: format)
            // The coded (ispe) size sets libheif's buffers; it can exceed
            // the upright size when clap crops.
            let coded = h.codedSize
            let (codedPixels, codedOverflow) = coded.width.multipliedReportingOverflow(by: coded.height)
            guard !codedOverflow, codedPixels <= limits.maxPixels else {
                throw CodecError.tooManyPixels(width: coded.width, height: coded.height, limit: limits.maxPixels)
            }
            // Orientation .up: libheif already applied irot/imir.
            info = ImageInfo(format: format, width: h.size.width, height: h.size.height, orientation: .up,
                             hasAlpha: h.hasAlpha, bitDepth: h.bitDepth, colorSpace: .rgb, frames: 1)
            detail = .heif(h)
            (source, profileWarnings) = (h.color, h.colorWarnings)
        }
        guard info.width > 0, info.height > 0 else { throw CodecError.corrupt(format, "image has no pixels") }
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        guard !overflow, pixels <= limits.maxPixels, Raster.byteCount(width: info.width, height: info.height) != nil else {
            throw CodecError.tooManyPixels(width: info.width, height: info.height, limit: limits.maxPixels)
        }
        var color = ColorConverter.plan(source, space: imageSpace)
        color.warnings = profileWarnings + color.warnings
        info.profile = color.description
        info.reducible = detail.reducible
        return (info, detail, color)
    }
}
