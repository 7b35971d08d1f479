import CPhotiCaseCairo
import CPhotiCaseFontconfig
import Glibc
import PhotiCaseRaster

// The only file that calls cairo (docs/print-book-design.md §2.2, §3.2).

/// Writes a PDF with cairo's PDF surface, page by page, streaming the
/// bytes to a sink as cairo produces them (each page's content and images
/// at `endPage`; fonts, the page tree, /Info and the xref at `finish`).
///
/// Drawing calls take units of 1/300 inch (`unitsPerInch`), so a photo
/// 1417 units wide is 1417 pixels at 300 ppi; y grows downwards. The same
/// calls give the same bytes in any process: cairo writes no /ID, and the
/// creation date is the one given to `setMetadata`.
///
/// One thread at a time may use a writer; writers on different threads
/// are independent (each has its own surface; cairo-ft opens font files
/// under its own locks).
public final class PDFWriter {
    /// Drawing units per inch.
    public static let unitsPerInch = 300.0
    /// The cairo library the bytes depend on, e.g. "cairo 1.16.0".
    public static var libraryIdentity: String { "cairo " + String(cString: cairo_version_string()) }

    private static let pointsPerUnit = 72 / unitsPerInch

    private let sink: PDFStreamSink
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    /// cairo-ft faces by font, made on first use, destroyed with the writer.
    private var fonts: [PDFFont: OpaquePointer] = [:]
    /// The page's image surfaces, destroyed once the page is shown: cairo
    /// keeps a snapshot of each until then, and destroying a surface under
    /// its snapshot makes cairo copy every pixel of it.
    private var pageImages: [OpaquePointer] = []
    private var pageCount = 0
    private var inPage = false
    private var finished = false
    /// The first drawing call that failed, with cairo's reason; drawing
    /// calls do not throw, so `endPage` and `finish` report it.
    private var failure: String?

    /// Starts a document whose bytes go to `sink`, in order. When `sink`
    /// throws, the document stops, and this initializer or the next
    /// `endPage` or `finish` throws `DocumentError.write` with its message.
    public init(sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws(DocumentError) {
        let output = PDFStreamSink(sink)
        // The surface holds the sink unretained; `deinit` destroys the
        // surface (whose last bytes may come through it) before the sink.
        let closure = Unmanaged.passUnretained(output).toOpaque()
        // 1×1 pt until `beginPage` sets each page's size.
        let surface: OpaquePointer = cairo_pdf_surface_create_for_stream({ closure, data, length in
            let sink = Unmanaged<PDFStreamSink>.fromOpaque(closure!).takeUnretainedValue()
            return sink.write(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
        }, closure, 1, 1)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            if let error = output.error { throw .write(String(describing: error)) }
            throw .cairo("creating the PDF surface: " + PDFWriter.text(status))
        }
        // Kept at PDF 1.5, cairo's default: below it cairo writes no
        // ActualText, which keeps ligatures and right-to-left text copyable.
        self.sink = output
        self.surface = surface
        self.cr = cairo_create(surface)
    }

    deinit {
        if !finished { sink.closed = true }
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        for image in pageImages { cairo_surface_destroy(image) }
        for face in fonts.values { cairo_font_face_destroy(face) }
    }

    /// Sets the document information (/Info). `creator` must be printable
    /// ASCII without parentheses or backslashes to be stored as a literal
    /// string a byte search finds (other text becomes UTF-16). `createDate`
    /// is ISO 8601, e.g. "2022-12-31T00:00:00Z"; cairo otherwise stamps the
    /// clock, so it is always set.
    public func setMetadata(title: String, author: String?, subject: String?, creator: String, createDate: String) {
        // cairo silently drops a date with other characters.
        precondition(!createDate.isEmpty && createDate.allSatisfy { "0123456789-T:Z+".contains($0) },
                     "creation date \(createDate) is not ISO 8601 (YYYY-MM-DDThh:mm:ssZ)")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        if let author { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, author) }
        if let subject { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, creator)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, createDate)
        note("setting the document information")
    }

    /// Starts a page `width`×`height` units (the media box, bleed included).
    public func beginPage(width: Double, height: Double) {
        precondition(!finished && !inPage, "beginPage after finish, or before endPage")
        precondition(width > 0 && height > 0 && width.isFinite && height.isFinite, "page \(width)x\(height) is empty")
        cairo_pdf_surface_set_size(surface, width * PDFWriter.pointsPerUnit, height * PDFWriter.pointsPerUnit)
        // The state carries over cairo_show_page: start each page afresh.
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        cairo_new_path(cr)
        cairo_scale(cr, PDFWriter.pointsPerUnit, PDFWriter.pointsPerUnit)
        inPage = true
        pageCount += 1
    }

    /// Ends the page: cairo writes its content and its images to the sink.
    public func endPage() throws(DocumentError) {
        precondition(inPage, "endPage without beginPage")
        inPage = false
        cairo_show_page(cr)
        for image in pageImages { cairo_surface_destroy(image) }
        pageImages.removeAll(keepingCapacity: true)
        try check("writing page \(pageCount)")
    }

    /// Fills `rect` with `color`.
    public func fill(_ rect: Rect, color: RGBA) {
        requirePage()
        setColor(color)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
        note("filling \(rect)")
    }

    /// Fills `rect` with its corners rounded to `radius` (at most half the
    /// shorter side).
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBA) {
        requirePage()
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else { return fill(rect, color: color) }
        setColor(color)
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
        cairo_fill(cr)
        note("filling a rounded \(rect)")
    }

    /// Fills the closed polygon through `polygon` (non-zero winding, so a
    /// five-pointed star drawn as one path is filled whole).
    public func fill(polygon: [Point], color: RGBA) {
        requirePage()
        guard let first = polygon.first, polygon.count >= 3 else { return }
        setColor(color)
        cairo_move_to(cr, first.x, first.y)
        for point in polygon.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        cairo_close_path(cr)
        cairo_fill(cr)
        note("filling a polygon of \(polygon.count) points")
    }

    /// Strokes a line `width` units wide, dashed by `dash` (on and off
    /// lengths in units) when given.
    public func strokeLine(from start: Point, to end: Point, width: Double, color: RGBA, dash: [Double]? = nil) {
        requirePage()
        cairo_save(cr)
        setColor(color)
        cairo_set_line_width(cr, width)
        if let dash, !dash.isEmpty { cairo_set_dash(cr, dash, Int32(dash.count), 0) }
        cairo_move_to(cr, start.x, start.y)
        cairo_line_to(cr, end.x, end.y)
        cairo_stroke(cr)
        cairo_restore(cr)
        note("stroking a line")
    }

    /// Draws `body` clipped to `rect`.
    public func withClip(_ rect: Rect, _ body: () throws -> Void) rethrows {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        try body()
    }

    /// Draws `run` as text: its glyphs in its font (embedded as a subset),
    /// mapped to its text through its clusters, so the PDF's text reads
    /// as the run's text even for ligatures and right-to-left runs.
    public func draw(_ run: PDFGlyphRun) {
        requirePage()
        guard !run.glyphs.isEmpty || !run.text.isEmpty else { return }
        guard run.clustersCoverRun || (run.text.isEmpty && run.clusters.isEmpty) else {
            return fail("drawing text \"\(run.text)\": its clusters do not cover its \(run.text.utf8.count) bytes and \(run.glyphs.count) glyphs")
        }
        guard let face = fontFace(run.font) else { return }
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, run.size)
        setColor(run.color)
        let glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.id), x: $0.x, y: $0.y) }
        let clusters = run.clusters.map { cairo_text_cluster_t(num_bytes: Int32($0.bytes), num_glyphs: Int32($0.glyphs)) }
        let flags = run.backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(rawValue: 0)
        // A run without text (none given) draws its glyphs alone; cairo
        // then maps them to text through the font's cmap.
        guard !run.text.isEmpty || !run.clusters.isEmpty else {
            cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
            return note("drawing glyphs in \(run.font.path)#\(run.font.index)")
        }
        var text = run.text
        text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                cairo_show_text_glyphs(cr, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count),
                                       clusters, Int32(clusters.count), flags)
            }
        }
        note("drawing text \"\(run.text)\" in \(run.font.path)#\(run.font.index)")
    }

    /// Places a JPEG file's bytes as they are (no decoding, no re-encoding),
    /// scaled to fill `rect` exactly; the caller crops. `pixelWidth` and
    /// `pixelHeight` are the JPEG's. Images with the same `uniqueID` are
    /// stored once in the document, however often they are drawn.
    public func drawJPEG(_ bytes: [UInt8], pixelWidth: Int, pixelHeight: Int, uniqueID: String, in rect: Rect) {
        precondition(!bytes.isEmpty && !uniqueID.isEmpty, "a JPEG needs bytes and a unique id")
        requirePage()
        let doing = "placing the \(pixelWidth)x\(pixelHeight) JPEG \(uniqueID)"
        // cairo draws the (blank) surface instead of a JPEG it cannot read.
        guard let frame = JPEGFrameHeader(bytes), [1, 3, 4].contains(frame.components) else {
            return fail(doing + ": no JPEG frame header of 1, 3 or 4 components")
        }
        guard frame.width == pixelWidth, frame.height == pixelHeight else {
            return fail(doing + ": its frame header says \(frame.width)x\(frame.height)")
        }
        // cairo wants an image surface under the JPEG but never reads its
        // pixels when it has the JPEG's bytes: memory mapped and never
        // touched costs no resident memory, however large the photo.
        guard let image = makeImage(format: CAIRO_FORMAT_RGB24, width: pixelWidth, height: pixelHeight,
                                    untouched: true, doing: doing) else { return }
        guard attach(CAIRO_MIME_TYPE_JPEG, bytes, to: image),
              attach(CAIRO_MIME_TYPE_UNIQUE_ID, Array(uniqueID.utf8), to: image) else {
            return fail(doing + ": " + PDFWriter.text(cairo_surface_status(image)))
        }
        paint(image, width: pixelWidth, height: pixelHeight, in: rect)
        note(doing)
    }

    /// Draws `raster` (either alpha mode) scaled to `rect`: for colour
    /// emoji, which cairo 1.16 cannot embed as font glyphs. Rasters with
    /// the same `uniqueID` (an emoji at one size) are stored once in the
    /// document, however often they are drawn.
    public func draw(_ raster: Raster, in rect: Rect, uniqueID: String? = nil) {
        requirePage()
        let doing = "drawing a \(raster.width)x\(raster.height) image"
        // An opaque raster needs no soft mask in the PDF.
        let opaque = raster.isOpaque
        guard let image = makeImage(format: opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                    width: raster.width, height: raster.height, untouched: false, doing: doing) else { return }
        cairo_surface_flush(image)
        let stride = Int(cairo_image_surface_get_stride(image))
        let target = UnsafeMutableRawPointer(cairo_image_surface_get_data(image)!)
        CairoPixels.write(raster, to: target, stride: stride)
        cairo_surface_mark_dirty(image)
        if let uniqueID, !attach(CAIRO_MIME_TYPE_UNIQUE_ID, Array(uniqueID.utf8), to: image) {
            return fail(doing + ": " + PDFWriter.text(cairo_surface_status(image)))
        }
        paint(image, width: raster.width, height: raster.height, in: rect)
        note(doing)
    }

    /// Ends the document: cairo writes the fonts, the page tree, /Info and
    /// the cross-reference table, and the sink has every byte.
    public func finish() throws(DocumentError) {
        precondition(!finished && !inPage, "finish twice, or with a page open")
        finished = true
        cairo_surface_finish(surface)
        try check("finishing the document")
    }

    // MARK: cairo

    private func requirePage() {
        precondition(inPage, "drawing outside beginPage/endPage")
    }

    private func setColor(_ c: RGBA) {
        cairo_set_source_rgba(cr, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255)
    }

    /// The cairo-ft face of `font`, made once from a fontconfig pattern
    /// holding only the file and the face index: cairo then opens the file
    /// itself, keyed by name and index (never by an FT_Face address, which
    /// would change the bytes from run to run), without asking the
    /// machine's fontconfig configuration anything. Nil, with the failure
    /// recorded, when the file is not a font cairo can open.
    private func fontFace(_ font: PDFFont) -> OpaquePointer? {
        if let face = fonts[font] { return face }
        let pattern = FcPatternCreate()
        font.path.withCString { path in
            path.withMemoryRebound(to: FcChar8.self, capacity: font.path.utf8.count + 1) {
                _ = FcPatternAddString(pattern, FC_FILE, $0)
            }
        }
        _ = FcPatternAddInteger(pattern, FC_INDEX, Int32(font.index))
        // cairo reads what it needs from the pattern; it keeps no reference.
        let face: OpaquePointer = cairo_ft_font_face_create_for_pattern(pattern)
        FcPatternDestroy(pattern)
        // cairo opens the file only when a size of the face is made; made
        // here, a file that is missing or no font is reported as such, not
        // as the "out of memory" cairo-ft says for it while drawing.
        var matrix = cairo_matrix_t()
        cairo_matrix_init_identity(&matrix)
        let options = cairo_font_options_create()
        let probe = cairo_scaled_font_create(face, &matrix, &matrix, options)
        let status = cairo_scaled_font_status(probe)
        cairo_scaled_font_destroy(probe)
        cairo_font_options_destroy(options)
        guard cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS, status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            fail("opening the font \(font.path) (face \(font.index)): it is missing or not a font cairo can read")
            return nil
        }
        fonts[font] = face
        return face
    }

    /// A `width`×`height` image surface, kept until the page is shown.
    /// `untouched`: over an anonymous mapping of its own (unmapped with the
    /// surface), for pixels nobody reads; otherwise cairo's own memory.
    private func makeImage(format: cairo_format_t, width: Int, height: Int, untouched: Bool, doing: String) -> OpaquePointer? {
        // cairo's image surfaces are at most 32767 pixels a side.
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            fail(doing + ": an image must be 1 to 32767 pixels a side")
            return nil
        }
        let image: OpaquePointer
        if untouched {
            let stride = Int(cairo_format_stride_for_width(format, Int32(width)))
            guard let mapping = AnonymousMapping(byteCount: stride * height) else {
                fail(doing + ": no address space for its \(stride * height) bytes")
                return nil
            }
            image = cairo_image_surface_create_for_data(mapping.address.assumingMemoryBound(to: UInt8.self), format,
                                                        Int32(width), Int32(height), Int32(stride))
            let retained = Unmanaged.passRetained(mapping)
            if cairo_surface_set_user_data(image, PDFWriter.mappingKey, retained.toOpaque(), {
                Unmanaged<AnonymousMapping>.fromOpaque($0!).release()
            }) != CAIRO_STATUS_SUCCESS {
                // Not attached (the surface is in error, reported below):
                // unmapped once the surface is gone.
                cairo_surface_destroy(image)
                retained.release()
                fail(doing + ": " + PDFWriter.text(CAIRO_STATUS_NO_MEMORY))
                return nil
            }
        } else {
            image = cairo_image_surface_create(format, Int32(width), Int32(height))
        }
        let status = cairo_surface_status(image)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(image)
            fail(doing + ": " + PDFWriter.text(status))
            return nil
        }
        pageImages.append(image)
        return image
    }

    /// The key of an image's mapping in its user data: only its address
    /// matters, and nothing ever writes to it.
    nonisolated(unsafe) private static let mappingKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// Attaches a copy of `bytes` to `image` as its `mime` data; cairo frees
    /// the copy when it is done with the surface (after the page is shown).
    private func attach(_ mime: String, _ bytes: [UInt8], to image: OpaquePointer) -> Bool {
        guard let copy = malloc(bytes.count) else { return false }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        let status = cairo_surface_set_mime_data(image, mime, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
                                                 { free($0) }, copy)
        // On failure cairo does not call the destroy function.
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
        return status == CAIRO_STATUS_SUCCESS
    }

    /// Paints `image` scaled to `rect`. The pattern keeps cairo's default
    /// EXTEND_NONE: EXTEND_PAD makes cairo copy the image into a padded one
    /// and lose its JPEG data. The clip keeps the edges exactly on `rect`.
    private func paint(_ image: OpaquePointer, width: Int, height: Int, in rect: Rect) {
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / Double(width), rect.height / Double(height))
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Records the first failure of a drawing call, if cairo reports one.
    private func note(_ doing: @autoclosure () -> String) {
        guard failure == nil else { return }
        let status = cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS { failure = doing() + ": " + PDFWriter.text(status) }
    }

    private func fail(_ message: String) {
        if failure == nil { failure = message }
    }

    /// Throws the sink's error, the first drawing failure, or cairo's
    /// status, in that order: a sink's error also puts cairo in error.
    private func check(_ doing: String) throws(DocumentError) {
        if let error = sink.error { throw .write(String(describing: error)) }
        if let failure { throw .cairo(failure) }
        for status in [cairo_status(cr), cairo_surface_status(surface)] where status != CAIRO_STATUS_SUCCESS {
            throw .cairo(doing + ": " + PDFWriter.text(status))
        }
    }

    private static func text(_ status: cairo_status_t) -> String {
        String(cString: cairo_status_to_string(status))
    }
}
