import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseRaster

/// A layout the renderer draws from its input alone: the Cards side of an
/// output kind. A kind's declaration (in the pipeline) makes the input,
/// keys the output by it, and hands it here to draw.
public protocol CardLayout: LayoutInput {
    /// The images the layout makes, in a fixed order (a ticket makes its
    /// front, back and share image; the others make one).
    func draw(with renderer: CardRenderer, parts: PartSource) throws(CardError) -> [RenderedImage]
}

extension TicketInput: CardLayout {
    /// The front, the back, and the share image composed of the two.
    public func draw(with renderer: CardRenderer, parts: PartSource) throws(CardError) -> [RenderedImage] {
        let s = Double(scale)
        let front = try renderer.renderFront(self.front, scale: s)
        let back = try renderer.renderBack(self.back, scale: s)
        // The share image is made from the two faces just drawn, not drawn again.
        return [front, back, renderer.composeShare([front, back], scale: scale)]
    }
}

extension DayTileInput: CardLayout {
    public func draw(with renderer: CardRenderer, parts: PartSource) throws(CardError) -> [RenderedImage] {
        [try renderer.renderDayThumbnail(self)]
    }
}

extension MonthSheetInput: CardLayout {
    /// Each day's thumbnail decoded from its encoded part at about the
    /// cell's size (JPEG DCT scaling), or, without one, drawn as the day's
    /// own output is and taken through the same encoding.
    public func draw(with renderer: CardRenderer, parts: PartSource) throws(CardError) -> [RenderedImage] {
        let side = renderer.monthThumbnailSide(scale: CardRenderer.pageScale)
        var thumbnails: [Int: Raster] = [:]
        var warnings: [CardWarning] = []
        var provisional = false
        for (day, part) in days {
            let size = PixelSize(width: side, height: side)
            if let bytes = parts(part.reference, part.key), let raster = renderer.decodePart(bytes, size: size) {
                thumbnails[day] = raster
                continue
            }
            let drawn = try renderer.renderDayThumbnail(part.tile)
            thumbnails[day] = renderer.throughEncoding(drawn.raster, part.encoding, size: size)
            warnings += drawn.warnings
            provisional = provisional || drawn.provisional
        }
        var sheet = try renderer.renderMonthSheet(year: month.year, month: month.month, thumbnails: thumbnails,
                                                  today: today, holidays: Set(holidays))
        sheet.warnings = warnings + sheet.warnings
        sheet.provisional = provisional
        return [sheet]
    }
}

extension BookPageInput: CardLayout {
    public func draw(with renderer: CardRenderer, parts: PartSource) throws(CardError) -> [RenderedImage] {
        var faces = renderer.faceRasters(tiles.map(\.face), parts: parts, size: renderer.galleryTileSize())
        let pictures = renderer.tilePictures(tiles, warnings: &faces.warnings)
        let bookTiles = zip(tiles, faces.rasters).enumerated().map { i, pair in
            BookTile(front: pair.0.face.face, memoLine: pair.0.memoLine, face: pair.1, picture: pictures[i])
        }
        let image = switch view {
        case .gallery: try renderer.renderGalleryPage(bookTiles, page: page, pageCount: pageCount, pageSize: pageSize,
                                                      totalCount: total)
        case .list: try renderer.renderListPage(bookTiles, page: page, pageCount: pageCount, pageSize: pageSize,
                                                totalCount: total)
        }
        return [renderer.page(image, madeOf: faces)]
    }
}

extension TimelinePageInput: CardLayout {
    public func draw(with renderer: CardRenderer, parts: PartSource) throws(CardError) -> [RenderedImage] {
        var faces = renderer.faceRasters(sections.flatMap { $0.tiles.map(\.face) }, parts: parts,
                                         size: renderer.galleryTileSize())
        let pictures = renderer.tilePictures(sections.flatMap(\.tiles), warnings: &faces.warnings)
        var next = 0
        let blocks = sections.map { section in
            let tiles = section.tiles.map { tile in
                defer { next += 1 }
                return BookTile(front: tile.face.face, face: faces.rasters[next], picture: pictures[next])
            }
            return TimelineBlock(month: section.month, continued: section.continued, monthCount: section.monthCount,
                                 tiles: tiles)
        }
        let image = try renderer.renderTimelinePage(year: year, blocks: blocks, page: page, pageCount: pageCount)
        return [renderer.page(image, madeOf: faces)]
    }
}

extension YearInput: CardLayout {
    /// The best five are shown larger than gallery tiles: their faces are
    /// decoded at twice the tile's size.
    public func draw(with renderer: CardRenderer, parts: PartSource) throws(CardError) -> [RenderedImage] {
        let tile = renderer.galleryTileSize(scale: Double(scale))
        let faces = renderer.faceRasters(top, parts: parts, size: PixelSize(width: tile.width * 2, height: tile.height * 2))
        let tops = zip(top, faces.rasters).map { BookTile(front: $0.face, face: $1) }
        let image = try renderer.renderYearInReview(self, tops: tops, scale: Double(scale))
        return [renderer.page(image, madeOf: faces)]
    }
}

extension YearPreviewInput: CardLayout {
    /// The best three's faces decoded at about their size in the preview.
    public func draw(with renderer: CardRenderer, parts: PartSource) throws(CardError) -> [RenderedImage] {
        let faces = renderer.faceRasters(figures.top, parts: parts, size: PixelSize(width: 180, height: 288))
        let tops = zip(figures.top, faces.rasters).map { BookTile(front: $0.face, face: $1) }
        return [renderer.page(try renderer.renderYearPreview(figures, tops: tops), madeOf: faces)]
    }
}

extension CardRenderer {
    /// The small pictures of tiles whose entry has only a back photo, at
    /// about a list row's picture size; nil for the others (and for a photo
    /// that cannot be read, with a warning: the row shows the placeholder).
    func tilePictures(_ tiles: [BookTileInput], warnings: inout [CardWarning]) -> [Raster?] {
        let side = Int(ListMetrics.thumbnail * 2)
        return tiles.map { tile in
            guard let photo = tile.photo?.file else { return nil }
            do throws(CardError) {
                let loaded = try loader.load(photo, size: PixelSize(width: side, height: side),
                                             headroom: PhotoLoader.tileHeadroom)
                return loaded.raster
            } catch {
                if case let .photo(failure) = error {
                    warnings.append(.decoder(path: failure.path, message: "\(failure.reason); drawn as a placeholder"))
                }
                return nil
            }
        }
    }

    /// Encoded part bytes decoded at about `size` (shrink-on-load), or nil
    /// when they do not decode (then the part is drawn).
    func decodePart(_ bytes: [UInt8], size: PixelSize) -> Raster? {
        try? ImageDecoder.decode(bytes, options: DecodeOptions(minimumSize: size)).raster
    }

    /// `raster` as a composite would read it from the cache: encoded as
    /// the part is, and decoded at about `size`; the raster itself when
    /// that fails.
    func throughEncoding(_ raster: Raster, _ encoding: EncodeSettings, size: PixelSize) -> Raster {
        guard let bytes = try? ImageEncoder.encode(raster, settings: encoding) else { return raster }
        return decodePart(bytes, size: size) ?? raster
    }

    /// A page drawn from `faces`: their warnings first, then its own, and
    /// provisional when a face was.
    func page(_ image: RenderedImage, madeOf faces: (rasters: [Raster?], warnings: [CardWarning], provisional: Bool))
        -> RenderedImage {
        var page = image
        page.warnings = faces.warnings + image.warnings
        page.provisional = faces.provisional
        return page
    }

    /// Front faces for pages: each part's cached face decoded at about
    /// `size`, or the face drawn and taken through its encoding. A face
    /// whose photo does not decode is nil (the page draws the placeholder
    /// face) with a warning worded as the day thumbnail's for the same
    /// photo, so a run prints it once; how a photo fits its face is the
    /// ticket's to say. A placeholder for a passing cause makes the page
    /// provisional.
    func faceRasters(_ faces: [FacePart], parts: PartSource, size: PixelSize)
        -> (rasters: [Raster?], warnings: [CardWarning], provisional: Bool) {
        var rasters: [Raster?] = []
        var warnings: [CardWarning] = []
        var provisional = false
        var drawn: [String: Raster?] = [:]
        for part in faces {
            if let bytes = parts(part.reference, part.key) {
                if let kept = decodedParts.raster(part.reference, bytes: bytes, size: size) {
                    rasters.append(kept)
                    continue
                }
                if let raster = decodePart(bytes, size: size) {
                    decodedParts.keep(raster, part.reference, bytes: bytes, size: size)
                    rasters.append(raster)
                    continue
                }
            }
            if let known = drawn[part.reference] {
                rasters.append(known)
                continue
            }
            do throws(CardError) {
                let face = try renderFront(part.face, scale: Double(part.scale))
                let raster = throughEncoding(face.raster, part.encoding, size: size)
                warnings += face.warnings.filter { !$0.isAboutFit }
                rasters.append(raster)
                drawn[part.reference] = raster
            } catch {
                let (path, reason): (String, String)
                if case let .photo(failure) = error {
                    (path, reason) = (failure.path, "\(failure.reason)")
                    provisional = provisional || failure.reason.isTransient
                } else {
                    (path, reason) = (part.face.photo?.file.path ?? "", "\(error)")
                }
                warnings.append(.decoder(path: path, message: "\(reason); drawn as a placeholder"))
                rasters.append(nil)
                drawn[part.reference] = .some(nil)
            }
        }
        return (rasters, warnings, provisional)
    }
}
