import Foundation
import PhotiCaseDocument
import PhotiCaseRaster
import PhotiCaseTestSupport
import Testing

/// What goes wrong while writing is thrown with what was being done, from
/// the next `endPage` or `finish`.
struct PDFWriterErrorTests {
    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    static let dejaVu = PDFFont(path: SampleDocument.fontPaths[0], index: 0)

    /// One page with `body` drawn on it, then finished; the first error.
    func writeOnePage(sink: @escaping (UnsafeRawBufferPointer) throws -> Void = { _ in },
                      _ body: (PDFWriter) -> Void) -> DocumentError? {
        do throws(DocumentError) {
            let writer = try PDFWriter(sink: sink)
            writer.setMetadata(title: "t", author: nil, subject: nil, creator: "c", createDate: "2022-12-31T00:00:00Z")
            writer.beginPage(width: 600, height: 600)
            body(writer)
            try writer.endPage()
            try writer.finish()
            return nil
        } catch {
            return error
        }
    }

    func run(_ text: String, font: PDFFont = dejaVu, clusters: [PDFGlyphRun.Cluster]) -> PDFGlyphRun {
        PDFGlyphRun(font: font, size: 40, color: .black,
                    glyphs: [PDFGlyphRun.Glyph(id: 36, x: 10, y: 100), PDFGlyphRun.Glyph(id: 37, x: 40, y: 100)],
                    text: text, clusters: clusters, backward: false)
    }

    @Test func theSinksErrorIsThrownWithItsMessageAndNothingFollowsIt() {
        var calls = 0
        let error = writeOnePage(sink: { _ in
            calls += 1
            throw DiskFull()
        }) { $0.fill(Rect(x: 0, y: 0, width: 100, height: 100), color: .black) }
        #expect(error == .write("disk full"))
        #expect(calls == 1)
        #expect(error?.description == "the PDF could not be written: disk full")
    }

    @Test(.enabled(if: SampleDocument.fontsInstalled, SampleDocument.fontsMessage))
    func clustersThatDoNotCoverTheRunFailThePage() throws {
        let error = try #require(writeOnePage { $0.draw(run("ab", clusters: [PDFGlyphRun.Cluster(bytes: 1, glyphs: 1)])) })
        guard case let .cairo(message) = error else { Issue.record("\(error)"); return }
        #expect(message.contains("\"ab\"") && message.contains("clusters"))
    }

    @Test func aMissingFontFailsThePageNamingTheFile() throws {
        let font = PDFFont(path: "/nonexistent/NoSuchFont.ttf", index: 0)
        let error = try #require(writeOnePage { $0.draw(run("ab", font: font, clusters: [PDFGlyphRun.Cluster(bytes: 2, glyphs: 2)])) })
        guard case let .cairo(message) = error else { Issue.record("\(error)"); return }
        #expect(message.contains("/nonexistent/NoSuchFont.ttf"))
    }

    @Test func aFileThatIsNoFontFailsThePage() throws {
        let folder = try TemporaryFolder()
        try folder.write("font.ttf", "not a font")
        let font = PDFFont(path: folder.url("font.ttf"), index: 0)
        let error = try #require(writeOnePage { $0.draw(run("ab", font: font, clusters: [PDFGlyphRun.Cluster(bytes: 2, glyphs: 2)])) })
        guard case let .cairo(message) = error else { Issue.record("\(error)"); return }
        #expect(message.contains(folder.url("font.ttf")) && message.contains("not a font"))
    }

    @Test(.enabled(if: SampleDocument.fontsInstalled, SampleDocument.fontsMessage))
    func glyphsWithoutTextAreDrawn() {
        #expect(writeOnePage { $0.draw(run("", clusters: [])) } == nil)
    }

    @Test func anImageTooLargeForCairoFailsThePage() throws {
        let error = try #require(writeOnePage { $0.draw(Raster(width: 40_000, height: 1, fill: .white), in: Rect(x: 0, y: 0, width: 10, height: 10)) })
        guard case let .cairo(message) = error else { Issue.record("\(error)"); return }
        #expect(message.contains("40000x1") && message.contains("32767"))
    }

    /// cairo would silently draw a blank image for a JPEG it cannot read.
    @Test func aJPEGCairoCannotReadFailsThePage() throws {
        let error = try #require(writeOnePage {
            $0.drawJPEG([0xFF, 0xD8, 0xFF, 0xDA, 0, 2], pixelWidth: 10, pixelHeight: 10, uniqueID: "bad", in: Rect(x: 0, y: 0, width: 10, height: 10))
        })
        guard case let .cairo(message) = error else { Issue.record("\(error)"); return }
        #expect(message.contains("JPEG bad") && message.contains("frame header"))
    }

    @Test func aJPEGOfAnotherSizeThanGivenFailsThePage() throws {
        let jpeg = try SampleDocument.makeJPEG()
        let error = try #require(writeOnePage {
            $0.drawJPEG(jpeg, pixelWidth: 400, pixelHeight: 600, uniqueID: "turned", in: Rect(x: 0, y: 0, width: 40, height: 60))
        })
        #expect(error == .cairo("placing the 400x600 JPEG turned: its frame header says 600x400"))
    }

    @Test func aWriterDroppedUnfinishedWritesNothingMore() throws {
        var bytes = 0, afterPage = 0
        do {
            let writer = try PDFWriter { bytes += $0.count }
            writer.setMetadata(title: "t", author: nil, subject: nil, creator: "c", createDate: "2022-12-31T00:00:00Z")
            writer.beginPage(width: 600, height: 600)
            writer.fill(Rect(x: 0, y: 0, width: 100, height: 100), color: .black)
            try writer.endPage()
            afterPage = bytes
        }
        // The page went out; the fonts, /Info and the xref never do.
        #expect(afterPage > 0)
        #expect(bytes == afterPage)
    }
}
