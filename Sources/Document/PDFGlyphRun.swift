import PhotiCaseRaster

/// A font face as a file and a face index inside it: what the Text
/// module's `FontFace` holds (Document does not import Text).
public struct PDFFont: Hashable, Sendable {
    /// The font file.
    public var path: String
    /// The face's index inside the file (0 for single-face files).
    public var index: Int

    public init(path: String, index: Int) {
        self.path = path
        self.index = index
    }
}

/// A run of shaped glyphs in one font, with the text they stand for, so
/// that the PDF's text can be searched and copied.
public struct PDFGlyphRun: Sendable {
    /// One glyph: its id in the font (HarfBuzz's ids are the font's glyph
    /// indices, which cairo takes as they are) and its origin, absolute,
    /// in the page's units (`PDFWriter.unitsPerInch`), y growing down.
    public struct Glyph: Sendable, Hashable {
        public var id: UInt32
        public var x: Double
        public var y: Double

        public init(id: UInt32, x: Double, y: Double) {
            self.id = id
            self.x = x
            self.y = y
        }
    }

    /// Consecutive UTF-8 bytes of `text` that consecutive glyphs stand
    /// for. Either count may be 0, not both.
    public struct Cluster: Sendable, Hashable {
        /// UTF-8 bytes of the cluster.
        public var bytes: Int
        /// Glyphs of the cluster.
        public var glyphs: Int

        public init(bytes: Int, glyphs: Int) {
            self.bytes = bytes
            self.glyphs = glyphs
        }
    }

    public var font: PDFFont
    /// The em size in page units.
    public var size: Double
    public var color: RGBA
    /// The glyphs in visual order, left to right.
    public var glyphs: [Glyph]
    /// The text in logical (reading) order. Empty, with no clusters, to
    /// draw the glyphs alone (their text is then read from the font's
    /// character map, which cannot undo a ligature).
    public var text: String
    /// Clusters in logical order, covering every byte of `text` and every
    /// glyph. One cluster of all bytes and all glyphs is allowed.
    public var clusters: [Cluster]
    /// A right-to-left run: the first cluster covers the *last* glyphs.
    public var backward: Bool

    public init(font: PDFFont, size: Double, color: RGBA, glyphs: [Glyph], text: String, clusters: [Cluster],
                backward: Bool) {
        self.font = font
        self.size = size
        self.color = color
        self.glyphs = glyphs
        self.text = text
        self.clusters = clusters
        self.backward = backward
    }

    /// True when the clusters cover every byte of `text` and every glyph,
    /// none of them empty, as cairo requires.
    var clustersCoverRun: Bool {
        var bytes = 0, glyphCount = 0
        for cluster in clusters {
            guard cluster.bytes >= 0, cluster.glyphs >= 0, cluster.bytes + cluster.glyphs > 0 else { return false }
            bytes += cluster.bytes
            glyphCount += cluster.glyphs
        }
        return bytes == text.utf8.count && glyphCount == glyphs.count
    }
}
