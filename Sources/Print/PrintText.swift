import PhotiCaseCards
import PhotiCaseDocument
import PhotiCaseRaster
import PhotiCaseText

// Text on a PDF page: the glyphs HarfBuzz placed, drawn as glyphs of the
// embedded fonts with the text they set (so it can be searched and
// copied), and colour emoji as images at the page's 300 ppi.

extension PrintBookWriter {
    /// Draws `layout` with its box's top-left corner at `origin` (units).
    func draw(_ layout: TextLayout, at origin: Point) {
        for line in layout.lines {
            draw(line, style: layout.style, x: origin.x + line.x, baseline: origin.y + line.baseline,
                 textFont: Self.textFont(of: layout) ?? fallback)
        }
    }

    /// Draws one line with its start at `x` and its baseline at `baseline`.
    func draw(_ line: TextLayout.Line, style: TextStyle, x: Double, baseline: Double, textFont: FontFace?) {
        for run in line.runs {
            let glyphs = run.glyphs.map { PDFGlyphRun.Glyph(id: $0.id, x: x + $0.x, y: baseline + $0.y) }
            guard !run.isColor else {
                drawEmoji(run, glyphs: glyphs, size: style.pixelSize, color: style.color, textFont: textFont)
                continue
            }
            var clusters = run.clusters.map { PDFGlyphRun.Cluster(bytes: $0.utf8Count, glyphs: $0.glyphCount) }
            var pdfRun = PDFGlyphRun(font: PDFFont(path: run.font.path, index: run.font.index), size: style.pixelSize,
                                     color: style.color, glyphs: glyphs, text: run.text, clusters: clusters,
                                     backward: run.rightToLeft)
            // Clusters that do not cover the run (not expected) still keep
            // its text, as one cluster.
            let bytes = clusters.reduce(0) { $0 + $1.bytes }, count = clusters.reduce(0) { $0 + $1.glyphs }
            if bytes != run.text.utf8.count || count != glyphs.count {
                clusters = [PDFGlyphRun.Cluster(bytes: run.text.utf8.count, glyphs: glyphs.count)]
                pdfRun.clusters = clusters
            }
            writer.draw(pdfRun)
        }
    }

    /// An emoji run: each glyph's colour image, scaled by FreeType to the
    /// text's size in units, so placed at 300 ppi. Under it, the text
    /// font's space glyph carries the emoji's text (cairo writes it as the
    /// glyph's ActualText, the glyph having been shown as a space first),
    /// so copying and searching find the emoji; the space draws no ink.
    private func drawEmoji(_ run: TextLayout.Run, glyphs: [PDFGlyphRun.Glyph], size: Double, color: RGBA,
                           textFont: FontFace?) {
        if let textFont, let space = renderer.text.glyph(of: " ", in: textFont), let first = glyphs.first {
            let font = PDFFont(path: textFont.path, index: textFont.index)
            let at = [PDFGlyphRun.Glyph(id: space, x: first.x, y: first.y)]
            writer.draw(PDFGlyphRun(font: font, size: size, color: color, glyphs: at, text: " ",
                                    clusters: [.init(bytes: 1, glyphs: 1)], backward: false))
            writer.draw(PDFGlyphRun(font: font, size: size, color: color, glyphs: at, text: run.text,
                                    clusters: [.init(bytes: run.text.utf8.count, glyphs: 1)], backward: false))
        }
        for glyph in glyphs {
            guard let image = renderer.text.colorGlyph(run.font, glyph: glyph.id, pixelSize: size) else { continue }
            // One emoji at one size is one image in the document.
            writer.draw(image.raster, in: Rect(x: glyph.x + Double(image.left), y: glyph.y - Double(image.top),
                                               width: Double(image.raster.width), height: Double(image.raster.height)),
                        uniqueID: "emoji \(run.font) \(glyph.id) \(image.raster.width)x\(image.raster.height)")
        }
    }

    /// The first outline font a layout sets text in (what an emoji's text
    /// rides on), nil when it has none.
    static func textFont(of layout: TextLayout) -> FontFace? {
        layout.lines.lazy.flatMap(\.runs).first { !$0.isColor }?.font
    }
}
