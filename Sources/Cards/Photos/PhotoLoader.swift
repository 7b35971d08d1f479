import PhotiCaseCodecs
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseConcurrency
import PhotiCaseDiary

/// Loads one face's photo as exactly the picture a region of the card shows.
///
/// The recipe, in order:
/// 1. read the file once and inspect its header (no pixels yet);
/// 2. resolve the editor state on the upright size for the region's aspect;
/// 3. work out how large the whole photo must be decoded so the crop still
///    has at least the region's pixels, and decode at that size
///    (shrink-on-load: JPEG DCT scaling, WebP scaled decoding);
/// 4. map the crop into the decoded pixels; a JPEG decodes only the part
///    the resampling filter reads (`DecodePlan.restricted(to:)`);
/// 5. resample the crop to the region, turning and mirroring as edited.
///
/// The decoded photo lives only inside `load`; what comes back is the
/// region-sized picture. Given a `DecodedPhotoCache`, step 3 takes a
/// decode another region of the run already made by the same plan.
public struct PhotoLoader: Sendable {
    /// Limits applied to every photo file.
    public var limits: DecodeLimits
    /// Resolves editor states (and their largest zoom).
    public var resolver: CropResolver
    /// How the crop is resampled.
    public var resampler: Resampler
    /// Decodes shared with other loaders of the run; nil decodes each time.
    public var decodedPhotos: DecodedPhotoCache?
    /// Decode only the part of the photo the region shows, where the
    /// format allows (JPEG): the same pixels, less work. Off only to
    /// compare against whole decodes.
    public var partialDecode = true
    /// Photos already read, by the path their entry names them with: a
    /// photo found here is decoded from these bytes and its file is not
    /// opened (a service that read them through its own checks, a caller
    /// holding an upload). The same limits apply to them.
    public var photoBytes: [String: [UInt8]] = [:]
    /// Checked before and after each decode and, by the resampler, between
    /// the bands of each resize: raised, the load throws
    /// `CardError.stopped`. Set per render by a caller that may stop it.
    public var stop: StopSignal? {
        didSet { resampler.stop = stop }
    }

    /// A loader; `resampler` defaults to one thread per resize, for callers
    /// that already render several cards in parallel.
    public init(limits: DecodeLimits = DecodeLimits(), resolver: CropResolver = CropResolver(),
                resampler: Resampler = Resampler(parallelism: .single), decodedPhotos: DecodedPhotoCache? = nil) {
        self.limits = limits
        self.resolver = resolver
        self.resampler = resampler
        self.decodedPhotos = decodedPhotos
    }

    /// The picture `photo` shows in a region of `size` pixels, and the
    /// corrections made on the way. `headroom`: shrink-on-load keeps at
    /// least this many times the pixels the region needs, so the Lanczos
    /// resampler does that much of the reduction (see `tileHeadroom`).
    /// Throws `CardError.photo` naming the file.
    public func load(_ photo: FacePhoto, size: PixelSize, headroom: Double = 1) throws(CardError) -> RenderedImage {
        precondition(size.width > 0 && size.height > 0, "photo region \(size) is empty")
        return try load(photo, headroom: headroom, face: size) { _ in size }
    }

    /// The picture `photo` shows in a region of `box` pixels at most: the
    /// region's own size where the crop has the pixels for it, else the
    /// crop's own pixels in the region's shape, never enlarged (a print
    /// book places a photo at 300 ppi where its source allows, and at the
    /// source's own resolution below that). Throws as `load` does.
    public func load(_ photo: FacePhoto, atMost box: PixelSize) throws(CardError) -> RenderedImage {
        precondition(box.width > 0 && box.height > 0, "photo region \(box) is empty")
        return try load(photo, headroom: 1, face: box) { plan in
            // A crop turned a quarter gives its height as the picture's width.
            let turned = plan.quarterTurns % 2 == 1
            let across = turned ? plan.sourceRect.height : plan.sourceRect.width
            let down = turned ? plan.sourceRect.width : plan.sourceRect.height
            let scale = min(1, across / Double(box.width), down / Double(box.height))
            return PixelSize(width: max(1, Int((Double(box.width) * scale).rounded())),
                             height: max(1, Int((Double(box.height) * scale).rounded())))
        }
    }

    /// `load` with the region's size worked out from the resolved crop.
    private func load(_ photo: FacePhoto, headroom: Double, face: PixelSize,
                      size sizeFor: (CropPlan) -> PixelSize) throws(CardError) -> RenderedImage {
        try CardError.check(stop)
        do {
            let bytes = try photoBytes[photo.path].map { given throws(CodecError) in
                guard given.count <= limits.maxFileBytes else {
                    throw CodecError.fileTooLarge(bytes: given.count, limit: limits.maxFileBytes)
                }
                return given
            } ?? FileIO.read(photo.path, limit: limits.maxFileBytes)
            let info = try ImageDecoder.inspect(bytes, limits: limits)
            let upright = info.uprightSize
            // The crop is resolved for the region's shape; the size chosen
            // from it keeps that shape.
            let (plan, cropWarnings) = resolver.resolve(state: photo.crop, photo: upright,
                                                        face: Size(width: Double(face.width), height: Double(face.height)))
            let size = sizeFor(plan)
            let options = DecodeOptions(limits: limits, minimumSize: PhotoLoader.decodeSize(for: plan, upright: upright,
                                                                                             output: size),
                                        shrinkHeadroom: headroom)
            var decodePlan = DecodePlan(info: info, options: options)
            // The crop in the pixels of a decode of `whole`: at the decode's
            // own sampling where it has one (DCT scale, PNG blocks: the
            // sizes' ratio would shift a crop by up to a pixel when a side
            // does not divide, 0.6 pixels at the right of a 4032-pixel PNG
            // in blocks of 5), else per axis from the sizes.
            let uniform = decodePlan.uniformScale
            let crop = { (whole: PixelSize) -> Rect in
                let sx = uniform ?? Double(whole.width) / Double(upright.width)
                let sy = uniform ?? Double(whole.height) / Double(upright.height)
                let r = plan.sourceRect
                return Rect(x: r.x * sx, y: r.y * sy, width: r.width * sx, height: r.height * sy)
            }
            let resampleSize = plan.resampleSize(for: size)
            // Decode only what the filter reads (a JPEG skips the rest of
            // the photo): a landscape photo in a portrait face shows about
            // a third of itself. The pixels are the whole decode's, and the
            // resize worked out for the footprint is the one that runs.
            // Not when another region of the run loads the photo next (a
            // face, then the entry's story and feed images; a photo smaller
            // than both a face and its day tile): the whole decode is shared
            // and serves every load that asks the same plan.
            var resize: ResamplePlan?
            let sharedWhole = decodedPhotos?.isLoadedAgain(photo.path) == true
            if partialDecode && decodePlan.canRestrict && !sharedWhole {
                let whole = decodePlan.uprightDecodedSize
                let planned = resampler.plan(sourceSize: whole, to: resampleSize, from: crop(whole))
                decodePlan = decodePlan.restricted(to: planned.footprint)
                resize = planned
            }
            let decoded = if let decodedPhotos {
                try decodedPhotos.decode(bytes, path: photo.path, plan: decodePlan, limits: limits, stop: stop)
            } else {
                try ImageDecoder.decode(bytes, plan: decodePlan, limits: limits, budget: options.budget, stop: stop)
            }
            try CardError.check(stop)
            let resampled = if let resize {
                resampler.resample(decoded.raster, plan: resize, region: decoded.region)
            } else {
                resampler.resample(decoded.raster, to: resampleSize, from: crop(decoded.raster.size))
            }
            // A resize told to stop leaves its later bands unwritten.
            try CardError.check(stop)
            let picture = resampled.oriented(plan.orientation)
            let warnings = cropWarnings.map { CardWarning.crop(path: photo.path, $0) }
                + decoded.warnings.map { CardWarning.decoder(path: photo.path, message: $0) }
                + PhotoLoader.fitWarnings(photo, plan: plan, upright: upright, output: size)
            return RenderedImage(raster: picture, warnings: warnings)
        } catch let error as CodecError {
            // A decode told to stop part-way: the render stops, the photo
            // is fine.
            if case .stopped(let reason) = error { throw .stopped(reason) }
            throw .photo(ImageFileError(path: photo.path, reason: error))
        } catch let error as CardError {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    /// The headroom of small tiles (day thumbnails, so month cells too):
    /// shrink-on-load's coarse filters (a JPEG's 1/8 DCT decode is the mean
    /// of each 8x8 block; a PNG's block averaging is a box) may do at most
    /// half of the reduction, and Lanczos the rest. With headroom 1 a 12 MP
    /// photo's 256-pixel tile was all box filter: fine stripes (fabric,
    /// screens, fences) came out as moiré, and the tile of the corpus's
    /// 12 MP photo was 41.6 dB from a Lanczos reduction of the full
    /// decode, 52 dB with headroom 2. Faces keep 1: their reduction is
    /// mostly a 1/2 DCT decode (a truncated DCT, not a box) and Lanczos
    /// does the rest, and a face is 9-14 times the pixels of a tile.
    public static let tileHeadroom = 2.0

    /// Enlarging beyond this many times is reported: the photo will look soft.
    public static let upscaleLimit = 2.0
    /// An uncropped photo showing less than this share of itself is reported.
    public static let visibleLimit = 0.25

    /// What a user should hear about how `photo` fits its place: enlarged
    /// more than `upscaleLimit`, or (without a saved crop) a panorama of
    /// which less than `visibleLimit` shows.
    static func fitWarnings(_ photo: FacePhoto, plan: CropPlan, upright: PixelSize, output: PixelSize) -> [CardWarning] {
        var warnings: [CardWarning] = []
        let needed = plan.resampleSize(for: output)
        let factor = max(Double(needed.width) / plan.sourceRect.width, Double(needed.height) / plan.sourceRect.height)
        if factor > upscaleLimit { warnings.append(.upscaled(path: photo.path, factor: factor)) }
        let visible = plan.sourceRect.width * plan.sourceRect.height / Double(upright.width * upright.height)
        if photo.crop == nil, visible < visibleLimit { warnings.append(.mostlyCropped(path: photo.path, visible: visible)) }
        return warnings
    }

    /// The smallest upright size of the whole photo at which the crop of
    /// `plan` still has at least the pixels of `output` (once turned), or
    /// nil when only the full size will do.
    public static func decodeSize(for plan: CropPlan, upright: PixelSize, output: PixelSize) -> PixelSize? {
        let needed = plan.resampleSize(for: output)
        let k = max(Double(needed.width) / plan.sourceRect.width, Double(needed.height) / plan.sourceRect.height)
        guard k < 1 else { return nil }
        return PixelSize(width: max(1, Int((Double(upright.width) * k).rounded(.up))),
                         height: max(1, Int((Double(upright.height) * k).rounded(.up))))
    }
}
