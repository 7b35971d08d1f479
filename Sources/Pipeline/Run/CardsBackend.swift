import PhotiCaseConcurrency
import PhotiCaseCards
import PhotiCasePrint
import PhotiCaseCodecs
import PhotiCaseImaging
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseSite
import PhotiCaseText
import PhotiCaseRaster

/// The production backend: the Cards layer draws, Codecs encodes.
public struct CardsBackend: RenderBackend {
    /// The drawing code's version (`RendererVersion.cards`, where it is
    /// bumped), in every output's fingerprint.
    public static let rendererVersion = RendererVersion.cards

    public var theme: Theme
    public var fonts: FontDiscovery
    /// Pixels per card point for ticket images (1, 2 or 3).
    public var scale: Int
    /// Day thumbnail side in pixels.
    public var thumbnailSide: Int
    /// Full-size photo decodes shared by all workers (a HEIC front photo is
    /// decoded once for its ticket and its day, not twice); nil decodes
    /// every time. Same pixels either way.
    public var decodedPhotos: DecodedPhotoCache? = DecodedPhotoCache()
    /// Faces decoded for book pages and years, shared by all workers (a
    /// face a page on one thread decoded is found by a page on another);
    /// let go at each phase's end. Same pixels either way.
    public let decodedParts = DecodedParts()
    /// One quality, 1...100, for every lossy output (WebP and JPEG), as
    /// `render --quality` sets it (`RenderOptions.quality`); nil keeps each
    /// output's own default. Only in the fingerprint: the kinds encode.
    public var quality: Int?

    public init(theme: Theme, fonts: FontDiscovery = .fontconfig, scale: Int = 2,
                thumbnailSide: Int = CardRenderer.defaultThumbnailSide) {
        self.theme = theme
        self.fonts = fonts
        self.scale = scale
        self.thumbnailSide = thumbnailSide
    }

    /// Canonical text: the renderer version, the theme as sorted JSON,
    /// the font files in the order they are tried, scale and side. The
    /// fonts' contents are hashed by the run (`inputFiles`).
    public var fingerprint: String {
        "renderer:\(CardsBackend.rendererVersion)\ntheme:\(theme.canonicalJSON)\nfonts:"
            + fontFaces.map(\.description).joined(separator: ",") + "\nscale:\(scale)\nside:\(thumbnailSide)"
            + "\nencoders:\(CardsBackend.encoderIdentity)\ndecoders:\(CardsBackend.decoderIdentity)"
            // Only when set: a cache made without --quality stays current.
            + (quality.map { "\nquality:\($0)" } ?? "")
    }

    public var inputFiles: [String] { Array(Set(fontFaces.map(\.path))) }

    /// Every face text may be set in: the theme's files, then what
    /// discovery gives for both weights and the colour emoji fonts
    /// (fontconfig's answer changes when fonts are installed or removed,
    /// and so does this list).
    var fontFaces: [FontFace] {
        var faces = [theme.fontFile, theme.boldFontFile].compactMap { $0 }.map { FontFace(path: $0) }
        switch fonts {
        case .fontconfig:
            for weight in FontWeight.allCases {
                faces += FontFace.installed(family: theme.fontFamily, language: theme.locale.rawValue, weight: weight)
            }
            faces += FontFace.installedColorEmoji()
        case let .faces(list):
            faces += list
        }
        var seen = Set<FontFace>()
        return faces.filter { seen.insert($0).inserted }
    }

    /// A worker is a renderer, or the error that kept it from being made
    /// (reported by every item that worker takes).
    public struct Worker {
        var renderer: Result<CardRenderer, CardError>
    }

    public func expectPhotoLoads(_ loads: [String: Int]) {
        decodedPhotos?.expect(loads: loads)
    }

    public func makeWorker() -> Worker {
        do throws(CardError) {
            let renderer = try CardRenderer(theme: theme, fonts: fonts, loader: PhotoLoader(decodedPhotos: decodedPhotos))
            renderer.share(decodedParts)
            return Worker(renderer: .success(renderer))
        } catch {
            return Worker(renderer: .failure(error))
        }
    }

    public func render(_ layout: some CardLayout, encodings: [EncodeSettings], parts: @escaping PartSource,
                       spare: SpareThreads, worker: inout Worker) throws -> Rendered<[[UInt8]]> {
        let images = try layout.draw(with: worker.renderer.get(), parts: parts)
        precondition(images.count == encodings.count, "\(images.count) images, \(encodings.count) encodings")
        // Largest first: a thread that runs out of items takes the next
        // one still waiting (`SpareThreads`); the bytes are the same.
        let order = images.indices.sorted { images[$0].raster.width * images[$0].raster.height > images[$1].raster.width * images[$1].raster.height }
        let rasters = images.map(\.raster)
        // With more than one thread, libwebp encodes a face's alpha beside
        // its colour (the same bytes): a core left idle at a phase's end
        // takes it.
        let threads = spare.threads > 1 ? 2 : 1
        let encoded = spare.map(order.count) { k -> Result<[UInt8], any Error> in
            let i = order[k]
            return Result { try ImageEncoder.encode(rasters[i], settings: encodings[i], threads: threads) }
        }
        var bytes = [[UInt8]](repeating: [], count: images.count)
        for (k, i) in order.enumerated() { bytes[i] = try encoded[k].get() }
        return Rendered(bytes, warnings: CardsBackend.unique(images.flatMap(\.warnings)),
                        provisional: images.contains(where: \.provisional))
    }

    public func renderDocument(_ layout: some DocumentLayout, metadata: DocumentMetadata, draft: StagedFile,
                               final: StagedFile, spare: SpareThreads, stop: @escaping @Sendable () -> Bool,
                               worker: inout Worker) throws -> Rendered<DocumentSummary> {
        let report = try worker.renderer.get().writeDocument(layout, metadata: metadata, draft: draft, final: final,
                                                             spare: spare, stop: stop)
        return Rendered(DocumentSummary(pages: report.pages), warnings: CardsBackend.unique(report.warnings),
                        provisional: report.provisional)
    }

    public func endPhase(_ worker: inout Worker) {
        if case let .success(renderer) = worker.renderer { renderer.dropKeptImages() }
    }

    public func phaseEnded() {
        decodedParts.removeAll()
    }

    public func siteLook() -> (theme: Theme, sizes: SiteImageSizes) {
        // Sizes follow from the theme and scale alone: no renderer (and its
        // fonts) is made for them on the way to the first item.
        (theme, SiteImageSizes(face: CardRenderer.cardPixelSize(theme, scale: Double(scale)),
                               ticket: CardRenderer.shareImageSize(theme, faceCount: 2, scale: scale),
                               day: PixelSize(width: thumbnailSide, height: thumbnailSide),
                               year: CardRenderer.yearInReviewSize(scale: Double(scale))))
    }

    /// Warning texts in first-seen order, each once.
    static func unique(_ warnings: [CardWarning]) -> [String] {
        var seen = Set<String>()
        return warnings.map(\.description).filter { seen.insert($0).inserted }
    }

    /// How photos become pixels, beyond their bytes: colour management to
    /// sRGB through embedded profiles (a P3 photo cached before it drew
    /// dull colours), HEIF support, damaged data failing.
    static let decoderIdentity = "srgb-from-icc-lcms2-bpc,heif-libheif,jpeg-damage-fails"

    /// The encoder settings below, in words: changing one renders again.
    /// "png-zlib1-paeth" names PNG's level and filter; since the deflate of
    /// levels 1-3 moved from zlib to libdeflate (same pixels, other bytes)
    /// the name stays, so a `--format png` cache is not rendered again for it.
    static let encoderIdentity = "png-zlib1-paeth,jpeg-q88-420,webp-q85-m3,tickets-webp-m1-front-q93-back-q92-share-q89,"
        + "books-years-jpeg-q90-444,webp-fitted-yuv"
}

