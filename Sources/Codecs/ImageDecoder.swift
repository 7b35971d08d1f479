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
        var info = parsed.info
        let stored = info.storedSize
        // The caller's target is upright; the decoders work on stored axes.
        let needed = options.minimumSize.map { info.orientation.swapsAxes ? $0.transposed : $0 }
        var raster: Raster
        var warnings: [String] = []
        // Reserve the decode's peak memory first, so parallel decodes of
        // huge photos wait for each other instead of adding up.
        let peak = peakBytes(parsed.detail, stored: stored, needed: needed, options: options)
        (raster, warnings) = try options.budget.withReservation(peak, format: info.format) {
            switch parsed.detail {
            case .jpeg:
                let d = ShrinkOnLoad.jpegDenominator(stored: stored, needed: needed, headroom: options.shrinkHeadroom)
                let size = d == 1 ? stored : try JPEGBinding.readHeader(bytes, denominator: d).outputSize
                return try JPEGBinding.decode(bytes, denominator: d, size: size, maxScans: options.limits.maxJPEGScans,
                                              cmykSamples: parsed.color.wantsCMYKSamples)
            case .png(let interlaced):
                let k = ShrinkOnLoad.pngShrink(stored: stored, needed: needed, headroom: options.shrinkHeadroom,
                                               interlaced: interlaced)
                let size = PixelSize(width: (stored.width + k - 1) / k, height: (stored.height + k - 1) / k)
                return try PNGBinding.decode(bytes, shrink: k, size: size)
            case .webp(let header):
                if header.animated { return (try WebPBinding.decodeFirstFrame(bytes, header: header), []) }
                let size = ShrinkOnLoad.webpSize(stored: stored, needed: needed, headroom: options.shrinkHeadroom)
                return (try WebPBinding.decode(bytes, header: header, size: size), [])
            case .heif(let header):
                let thumbnail = ShrinkOnLoad.heifThumbnail(primary: header.size, thumbnails: header.thumbnails,
                                                           needed: needed, headroom: options.shrinkHeadroom)
                return (try HEIFBinding.decode(bytes, format: info.format, thumbnail: thumbnail?.id), [])
            }
        }
        warnings += parsed.color.warnings
        parsed.color.apply(to: &raster)
        let scale = Double(raster.width) / Double(stored.width)
        if options.applyOrientation {
            raster = raster.oriented(info.orientation)
        } else {
            info.orientation = .up
        }
        return DecodedImage(raster: raster, info: info, warnings: warnings, scale: scale)
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
        let full = stored.width * stored.height
        func reduced(_ size: PixelSize) -> Int { size.width * size.height * 4 }
        switch detail {
        case .jpeg(let progressive, let components):
            let d = ShrinkOnLoad.jpegDenominator(stored: stored, needed: needed, headroom: options.shrinkHeadroom)
            let out = reduced(PixelSize(width: (stored.width + d - 1) / d, height: (stored.height + d - 1) / d))
            return out + (progressive ? full * components * 2 : 0)
        case .png(let interlaced):
            let k = ShrinkOnLoad.pngShrink(stored: stored, needed: needed, headroom: options.shrinkHeadroom,
                                           interlaced: interlaced)
            let out = reduced(PixelSize(width: (stored.width + k - 1) / k, height: (stored.height + k - 1) / k))
            return out + (interlaced ? full * 8 : 0)
        case .webp(let header):
            if header.animated { return full * 8 }
            return reduced(ShrinkOnLoad.webpSize(stored: stored, needed: needed, headroom: options.shrinkHeadroom))
        case .heif(let header):
            // libheif holds the decoded planes (up to 16-bit) and our copy:
            // 8 bytes a pixel of the coded image or of the thumbnail used.
            let thumbnail = ShrinkOnLoad.heifThumbnail(primary: header.size, thumbnails: header.thumbnails,
                                                       needed: needed, headroom: options.shrinkHeadroom)
            let coded = thumbnail?.size ?? header.codedSize
            return coded.width * coded.height * 8 + reduced(thumbnail?.size ?? header.size)
        }
    }

    // MARK: - Header

    enum Detail {
        case jpeg(progressive: Bool, components: Int)
        case png(interlaced: Bool)
        case webp(WebPBinding.Header)
        case heif(HEIFBinding.Header)
    }

    private static func header(_ bytes: UnsafeRawBufferPointer,
                               limits: DecodeLimits) throws -> (info: ImageInfo, detail: Detail, color: ColorPlan) {
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
        return (info, detail, color)
    }
}
