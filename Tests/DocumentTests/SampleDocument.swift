import Foundation
import PhotiCaseCodecs
import PhotiCaseDocument
import PhotiCaseRaster
import PhotiCaseText
import Testing

/// The document the tests write and read back: three pages with a Korean,
/// a Latin and a Hebrew line shaped by the Text module, one JPEG placed on
/// two pages under one unique id, one raster with alpha, and shapes.
struct SampleDocument: Sendable {
    static let korean = "안녕하세요, 사진 일기"
    static let latin = "Photo diary, 31 December 2022"
    static let hebrew = "שלום עולם"
    static let title = "Sample book"
    /// An owner mark as the cache writes it: printable ASCII, no parentheses.
    static let creator = "photicase-render owner=year:2022"
    static let createDate = "2022-12-31T00:00:00Z"

    /// 6 × 8.5 inches, bleed included; the last page is landscape.
    static let pages: [Size] = [Size(width: 1800, height: 2550), Size(width: 1800, height: 2550), Size(width: 2550, height: 1800)]
    /// 0.12 inch: 8.64 points.
    static let bleed = 36.0

    static let jpegSize = PixelSize(width: 600, height: 400)
    static let jpegID = "sample-photo"
    /// Page 1: the JPEG pixel for unit, 300 ppi.
    static let jpegOnPage1 = Rect(x: 150, y: 1000, width: 600, height: 400)
    /// Page 2: twice as large, 150 ppi.
    static let jpegOnPage2 = Rect(x: 150, y: 150, width: 1200, height: 800)
    static let rasterRect = Rect(x: 900, y: 1000, width: 256, height: 256)

    static let fontPaths = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"]
    static let fontsInstalled = fontPaths.allSatisfy { FileManager.default.fileExists(atPath: $0) }
    static let fontsMessage: Testing.Comment = "needs DejaVu Sans (fonts-dejavu-core) and NanumGothic (fonts-nanum)"

    let jpeg: [UInt8]
    let raster: Raster
    let koreanRuns: [PDFGlyphRun]
    let latinRuns: [PDFGlyphRun]
    let hebrewRuns: [PDFGlyphRun]

    /// Made once per process: the same inputs for every writer.
    static let shared: Result<SampleDocument, any Error> = Result { try SampleDocument() }

    private init() throws {
        jpeg = try Self.makeJPEG()
        raster = Self.disc(side: 64)
        let renderer = try TextRenderer(discovery: .faces(Self.fontPaths.map { FontFace(path: $0) }))
        koreanRuns = try Self.runs(Self.korean, at: Point(x: 150, y: 300), renderer: renderer, language: "ko")
        latinRuns = try Self.runs(Self.latin, at: Point(x: 150, y: 450), renderer: renderer, language: "en")
        hebrewRuns = try Self.runs(Self.hebrew, at: Point(x: 150, y: 600), renderer: renderer, language: "he")
    }

    /// Draws the three pages on `writer` and finishes it.
    func write(to writer: PDFWriter) throws {
        writer.setMetadata(title: Self.title, author: "Tester", subject: nil, creator: Self.creator, createDate: Self.createDate)

        writer.beginPage(width: Self.pages[0].width, height: Self.pages[0].height)
        writer.fill(Rect(x: 0, y: 0, width: Self.pages[0].width, height: Self.pages[0].height), color: RGBA(250, 246, 238))
        for run in koreanRuns + latinRuns + hebrewRuns { writer.draw(run) }
        writer.drawJPEG(jpeg, pixelWidth: Self.jpegSize.width, pixelHeight: Self.jpegSize.height, uniqueID: Self.jpegID,
                        in: Self.jpegOnPage1)
        writer.draw(raster, in: Self.rasterRect)
        try writer.endPage()

        writer.beginPage(width: Self.pages[1].width, height: Self.pages[1].height)
        writer.withClip(Rect(x: 150, y: 150, width: 1000, height: 700)) {
            writer.drawJPEG(jpeg, pixelWidth: Self.jpegSize.width, pixelHeight: Self.jpegSize.height, uniqueID: Self.jpegID,
                            in: Self.jpegOnPage2)
        }
        writer.fill(polygon: Self.star(center: Point(x: 900, y: 1500), radius: 200), color: RGBA(230, 180, 40))
        try writer.endPage()

        writer.beginPage(width: Self.pages[2].width, height: Self.pages[2].height)
        writer.fillRoundedRect(Rect(x: 200, y: 200, width: 800, height: 500), radius: 60, color: RGBA(40, 90, 160, 200))
        writer.strokeLine(from: Point(x: 200, y: 900), to: Point(x: 2300, y: 900), width: 4, color: .black, dash: [20, 10])
        writer.strokeLine(from: Point(x: 200, y: 1000), to: Point(x: 2300, y: 1000), width: 2, color: RGBA(120, 120, 120))
        for run in latinRuns { writer.draw(run) }
        try writer.endPage()
        try writer.finish()
    }

    /// cairo's bytes for the document, collected in memory.
    func cairoBytes() throws -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = try PDFWriter { bytes.append(contentsOf: $0) }
        try write(to: writer)
        return bytes
    }

    /// Writes cairo's PDF to `folder`/`name`.cairo.pdf and the finished one
    /// to `folder`/`name`.pdf; the finished one's path.
    func writeFinished(in folder: String, name: String = "sample") throws -> String {
        let raw = folder + "/" + name + ".cairo.pdf", finished = folder + "/" + name + ".pdf"
        try Data(cairoBytes()).write(to: URL(fileURLWithPath: raw))
        try PDFFinisher.finish(input: raw, output: finished, boxes: PDFPageBoxes(bleed: Self.bleed),
                               outputIntentProfile: Self.iccProfile)
        return finished
    }

    /// The sample's JPEG, `jpegSize`, which needs no font.
    static func makeJPEG() throws -> [UInt8] {
        try ImageEncoder.encode(gradient(jpegSize), settings: .jpeg(quality: 90))
    }

    /// Any RGB profile will do (qpdf does not read it): ghostscript's when
    /// installed, else bytes that only look like a profile's header.
    static let iccProfile: [UInt8] = {
        if let data = FileManager.default.contents(atPath: "/usr/share/color/icc/ghostscript/default_rgb.icc") { return [UInt8](data) }
        return Array("not really an ICC profile, mntrRGB XYZ ".utf8) + [UInt8](repeating: 0, count: 88)
    }()

    /// The runs of `text` laid out on one line whose left end of the
    /// baseline is at `origin`, in page units.
    private static func runs(_ text: String, at origin: Point, renderer: TextRenderer, language: String) throws -> [PDFGlyphRun] {
        let style = TextStyle(pixelSize: 60, color: RGBA(30, 30, 30), language: language)
        let layout = try renderer.layout(text, style: style, width: .infinity)
        return layout.lines.flatMap { line in
            line.runs.map { run in
                PDFGlyphRun(font: PDFFont(path: run.font.path, index: run.font.index), size: style.pixelSize, color: style.color,
                            glyphs: run.glyphs.map { PDFGlyphRun.Glyph(id: $0.id, x: origin.x + line.x + $0.x, y: origin.y + $0.y) },
                            text: run.text, clusters: run.clusters.map { PDFGlyphRun.Cluster(bytes: $0.utf8Count, glyphs: $0.glyphCount) },
                            backward: run.rightToLeft)
            }
        }
    }

    private static func gradient(_ size: PixelSize) -> Raster {
        var raster = Raster(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                raster[x, y] = RGBA(UInt8(x * 255 / size.width), UInt8(y * 255 / size.height), UInt8((x ^ y) & 0xFF))
            }
        }
        return raster
    }

    /// A red disc with a soft edge on transparency, straight alpha.
    private static func disc(side: Int) -> Raster {
        var raster = Raster(width: side, height: side)
        let c = Double(side) / 2
        for y in 0..<side {
            for x in 0..<side {
                let d = ((Double(x) + 0.5 - c) * (Double(x) + 0.5 - c) + (Double(y) + 0.5 - c) * (Double(y) + 0.5 - c)).squareRoot()
                let alpha = max(0, min(1, c - 2 - d))
                raster[x, y] = RGBA(220, 40, 60, UInt8((alpha * 255).rounded()))
            }
        }
        return raster
    }

    private static func star(center: Point, radius: Double) -> [Point] {
        (0..<10).map { i in
            let r = i % 2 == 0 ? radius : radius * 0.4
            let angle = Double(i) * .pi / 5 - .pi / 2
            return Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
        }
    }
}
