import Cards
import Codecs
import Diary
import Site
import Text
import Raster

/// The production backend: the Cards layer draws, Codecs encodes.
public struct CardsBackend: RenderBackend {
    /// Bumped whenever a change to the drawing code changes output pixels,
    /// so existing caches render again. `RendererVersionTests` fails when
    /// a reference render changes while this stays the same.
    public static let rendererVersion = "photicase-render/cards-7"

    public var theme: Theme
    public var fonts: FontDiscovery
    /// Pixels per card point for ticket images (1, 2 or 3).
    public var scale: Int
    /// Day thumbnail side in pixels.
    public var thumbnailSide: Int
    /// The formats the run writes ticket images and day thumbnails in
    /// (`RenderOptions.formats`' defaults unless set): a month sheet or a
    /// book page whose day or face is not cached (another shard has not
    /// written it yet, or it failed) goes through the same encoding, so the
    /// sheet's bytes do not depend on which ran first.
    public var ticketFormat: ImageFormatName = .webp
    public var dayFormat: ImageFormatName = .jpg
    /// Full-size photo decodes shared by all workers (a HEIC front photo is
    /// decoded once for its ticket and its day, not twice); nil decodes
    /// every time. Same pixels either way.
    public var decodedPhotos: DecodedPhotoCache? = DecodedPhotoCache()
    /// One quality, 1...100, for every lossy output (WebP and JPEG), as
    /// `render --quality` sets it; nil keeps each output's own default,
    /// chosen for 40 dB (`ticketWebP`). PNG outputs ignore it.
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
            return Worker(renderer: .success(try CardRenderer(theme: theme, fonts: fonts,
                                                              loader: PhotoLoader(decodedPhotos: decodedPhotos))))
        } catch {
            return Worker(renderer: .failure(error))
        }
    }

    public func renderTickets(_ entry: Entry, faces: [TicketFace], format: ImageFormatName,
                              worker: inout Worker) throws -> Rendered<[TicketFace: [UInt8]]> {
        let r = try worker.renderer.get()
        let s = Double(scale)
        // The share image is made from the two faces just drawn, not drawn again.
        let front = try r.renderFront(entry, scale: s)
        let back = try r.renderBack(entry, scale: s)
        let ticket = r.composeShare([front, back], scale: scale)
        var out: [TicketFace: [UInt8]] = [:]
        for face in faces {
            let image = switch face {
            case .front: front
            case .back: back
            case .ticket: ticket
            }
            let webp = CardsBackend.ticketWebP(face)
            out[face] = try encode(image.raster, format, webpQuality: webp.quality, webpMethod: webp.method)
        }
        return Rendered(out, warnings: CardsBackend.unique(front.warnings + back.warnings))
    }

    public func renderDay(_ date: CalendarDate, entries: [Entry], format: ImageFormatName,
                          worker: inout Worker) throws -> Rendered<[UInt8]> {
        let image = try worker.renderer.get().renderDayThumbnail(entries, side: thumbnailSide)
        return Rendered(try encode(image.raster, format), warnings: CardsBackend.unique(image.warnings))
    }

    public func renderMonth(_ month: MonthKey, entriesByDay: [Int: [Entry]], dayThumbnails: [Int: [UInt8]],
                            today: CalendarDate, format: ImageFormatName,
                            worker: inout Worker) throws -> Rendered<[UInt8]> {
        let renderer = try worker.renderer.get()
        let side = renderer.monthThumbnailSide(scale: 2)
        var thumbnails: [Int: Raster] = [:]
        var warnings: [CardWarning] = []
        for (day, entries) in entriesByDay {
            // Decode the day's thumbnail at about the cell's size (JPEG DCT
            // scaling); draw the day only when there is none to reuse.
            // When there is none, draw it as the day's own output would be
            // and take it through the same encoding and decoding.
            let options = DecodeOptions(minimumSize: PixelSize(width: side, height: side))
            if let bytes = dayThumbnails[day], let decoded = try? ImageDecoder.decode(bytes, options: options) {
                thumbnails[day] = decoded.raster
            } else {
                let drawn = try renderer.renderDayThumbnail(entries, side: thumbnailSide)
                thumbnails[day] = (try? ImageDecoder.decode(encode(drawn.raster, dayFormat), options: options).raster)
                    ?? drawn.raster
                warnings += drawn.warnings
            }
        }
        let image = try renderer.renderMonthSheet(year: month.year, month: month.month, thumbnails: thumbnails,
                                                  today: today)
        return Rendered(try encode(image.raster, format), warnings: CardsBackend.unique(warnings + image.warnings))
    }

    public func renderBookPage(_ view: BookPageView, entries: [Entry], page: Int, pageCount: Int, pageSize: Int,
                               total: Int, faces: [String: [UInt8]], format: ImageFormatName,
                               worker: inout Worker) throws -> Rendered<[UInt8]> {
        let renderer = try worker.renderer.get()
        var warnings: [CardWarning] = []
        let rasters = faceRasters(entries, faces, renderer, size: renderer.galleryTileSize(), warnings: &warnings)
        let tiles = entries.map { BookTile(entry: $0, face: rasters[$0.id]) }
        let image = switch view {
        case .gallery: try renderer.renderGalleryPage(tiles, page: page, pageCount: pageCount, pageSize: pageSize,
                                                      totalCount: total)
        case .list: try renderer.renderListPage(tiles, page: page, pageCount: pageCount, pageSize: pageSize,
                                                totalCount: total)
        }
        return Rendered(try encode(image.raster, format, webpQuality: 92, jpegQuality: 90, fullChroma: true),
                        warnings: CardsBackend.unique(warnings + image.warnings))
    }

    public func renderTimeline(year: Int, sections: [TimelineSection], page: Int, pageCount: Int,
                               faces: [String: [UInt8]], format: ImageFormatName,
                               worker: inout Worker) throws -> Rendered<[UInt8]> {
        let renderer = try worker.renderer.get()
        var warnings: [CardWarning] = []
        let rasters = faceRasters(sections.flatMap(\.entries), faces, renderer, size: renderer.galleryTileSize(),
                                      warnings: &warnings)
        let image = try renderer.renderTimelinePage(year: year, sections: sections, faces: rasters, page: page,
                                                    pageCount: pageCount)
        return Rendered(try encode(image.raster, format, webpQuality: 92, jpegQuality: 90, fullChroma: true),
                        warnings: CardsBackend.unique(warnings + image.warnings))
    }

    public func renderYear(_ year: Int, entries: [Entry], faces: [String: [UInt8]], format: ImageFormatName,
                           worker: inout Worker) throws -> Rendered<[UInt8]> {
        let renderer = try worker.renderer.get()
        let summary = YearSummary(year: year, entries: entries)
        var warnings: [CardWarning] = []
        // The top five are shown larger than gallery tiles: decode the
        // cached faces at twice the tile size.
        let tile = renderer.galleryTileSize()
        let rasters = faceRasters(summary.top, faces, renderer,
                                      size: PixelSize(width: tile.width * 2, height: tile.height * 2), warnings: &warnings)
        let image = try renderer.renderYearInReview(summary, topFaces: summary.top.map { rasters[$0.id] }, scale: Double(scale))
        return Rendered(try encode(image.raster, format, webpQuality: 92, jpegQuality: 90, fullChroma: true),
                        warnings: CardsBackend.unique(warnings + image.warnings))
    }

    /// Front faces of `entries` for pages: the cached face decoded at about
    /// `size` (shrink-on-load), or, for an entry without one, the face drawn
    /// and encoded as its ticket image would be, then decoded the same way
    /// (a page's bytes do not depend on whether the face was cached yet).
    private func faceRasters(_ entries: [Entry], _ faces: [String: [UInt8]], _ renderer: CardRenderer, size: PixelSize,
                             warnings: inout [CardWarning]) -> [String: Raster] {
        var rasters: [String: Raster] = [:]
        for entry in entries where rasters[entry.id] == nil {
            let options = DecodeOptions(minimumSize: size)
            if let bytes = faces[entry.id], let decoded = try? ImageDecoder.decode(bytes, options: options) {
                rasters[entry.id] = decoded.raster
            } else {
                // A photo that does not decode failed its ticket already and
                // said why; the page shows the placeholder face instead of
                // failing for it (a fixed photo changes the page's key).
                do throws(CardError) {
                    let drawn = try renderer.renderFront(entry, scale: Double(scale))
                    let webp = CardsBackend.ticketWebP(.front)
                    rasters[entry.id] = (try? ImageDecoder.decode(encode(drawn.raster, ticketFormat, webpQuality: webp.quality,
                                                                         webpMethod: webp.method),
                                                                  options: options).raster) ?? drawn.raster
                    // How the photo fits its face is the ticket's to say.
                    warnings += drawn.warnings.filter { !$0.isAboutFit }
                } catch {
                    // Worded as the day thumbnail's warning for the same
                    // photo, so a run prints it once.
                    let (path, reason): (String, String) = if case let .photo(failure) = error {
                        (failure.path, "\(failure.reason)")
                    } else {
                        (entry.front?.path ?? entry.folder, "\(error)")
                    }
                    warnings.append(.decoder(path: path, message: "\(reason); drawn as a placeholder"))
                }
            }
        }
        return rasters
    }

    public func siteLook() -> (theme: Theme, sizes: SiteImageSizes) {
        // Sizes follow from the theme and scale alone; a renderer whose
        // fonts fail leaves the defaults (every image fails then anyway).
        guard case let .success(r) = makeWorker().renderer else { return (theme, .standard) }
        return (theme, SiteImageSizes(face: r.cardPixelSize(scale: Double(scale)),
                                      ticket: r.shareImageSize(faceCount: 2, scale: scale),
                                      day: PixelSize(width: thumbnailSide, height: thumbnailSide),
                                      year: r.yearInReviewSize(scale: Double(scale))))
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

    /// libwebp's quality and method for a ticket image, chosen on three
    /// books (docs/PERFORMANCE.md, "Ticket image formats"): method 1 makes
    /// files as small as method 3 a quality step lower, with 41% fewer
    /// encoder instructions. The front face needs quality 93 for 40 dB on
    /// every book; the back keeps 40.5 dB at 92; the share image, half backdrop and shadow, keeps 40 dB at 89,
    /// which pays for the faces' bytes: 389, 369 and 322 KB an entry at
    /// 40.6, 40.3 and 40.7 dB worst, against 412, 386 and 334 KB at faces
    /// q92 method 3 and share q92 method 2.
    static func ticketWebP(_ face: TicketFace) -> (quality: Int, method: Int) {
        switch face {
        case .front: (93, 1)
        case .back: (92, 1)
        case .ticket: (89, 1)
        }
    }

    /// `webpQuality` and `webpMethod`: for tickets, `ticketWebP`. `quality`,
    /// when set, replaces both qualities.
    private func encode(_ raster: Raster, _ format: ImageFormatName, webpQuality: Int = 85, webpMethod: Int = 3,
                        jpegQuality: Int = 88, fullChroma: Bool = false) throws -> [UInt8] {
        let webpQuality = quality ?? webpQuality, jpegQuality = quality ?? jpegQuality
        let settings: EncodeSettings = switch format {
        // zlib level 1 with the Paeth filter: PNG encoding is most of a
        // ticket's cost. Measured on 8 entries with a 12 MP photo, one core:
        // 4.9 s at level 6 (1.72 MB a ticket set), 2.9 s at level 3
        // (1.89 MB), 2.2 s at level 1 (1.99 MB). `share` keeps level 6
        // for the single image people send.
        case .png: .png(compressionLevel: 1)
        case .jpg: .jpeg(quality: jpegQuality, chroma: fullChroma ? .s444 : .s420)
        case .webp: .webp(quality: webpQuality, method: webpMethod)
        }
        return try ImageEncoder.encode(raster, settings: settings)
    }
}
