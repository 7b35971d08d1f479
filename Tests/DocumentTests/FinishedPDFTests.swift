import Foundation
import PhotiCaseDocument
import PhotiCaseTestSupport
import Testing

/// The sample document, written by cairo and finished by qpdf, read back by
/// poppler and qpdf: text as text, fonts embedded, the JPEG as it was and
/// stored once, the print boxes, the output intents and /Info.
@Suite(.enabled(if: PDFTools.available, PDFTools.skipMessage),
       .enabled(if: SampleDocument.fontsInstalled, SampleDocument.fontsMessage))
struct FinishedPDFTests {
    let folder: TemporaryFolder
    let sample: SampleDocument
    let pdf: String

    init() throws {
        folder = try TemporaryFolder()
        sample = try SampleDocument.shared.get()
        pdf = try sample.writeFinished(in: folder.path)
    }

    @Test func qpdfFindsNoErrors() throws {
        let report = try PDFTools.run("qpdf", ["--check", pdf])
        #expect(report.contains("No syntax or stream encoding errors found"))
    }

    @Test func everyFontIsEmbeddedAndNoneIsType3() throws {
        // name, type (one or more words), encoding, emb, sub, uni, object, ID.
        let rows = try PDFTools.run("pdffonts", [pdf]).split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }
        #expect(rows.count >= 2, "NanumGothic and DejaVu Sans, at least")
        for row in rows {
            #expect(row.count >= 7 && row[row.count - 5] == "yes", "not embedded: \(row)")
            #expect(!row.joined(separator: " ").contains("Type 3"), "a Type 3 font: \(row)")
        }
        let names = rows.map { String($0[0]) }
        #expect(names.contains { $0.hasSuffix("+NanumGothic") } && names.contains { $0.hasSuffix("+DejaVuSans") })
    }

    @Test func theKoreanAndLatinLinesAreText() throws {
        let text = try PDFTools.run("pdftotext", [pdf, "-"])
        #expect(text.contains(SampleDocument.korean))
        #expect(text.contains(SampleDocument.latin))
    }

    /// poppler 22.12 gives the Hebrew line in reading order, between the
    /// bidi marks RLE and PDF (U+202B, U+202C); with -raw, one letter a
    /// line (each between the marks), still in reading order, the space
    /// lost.
    @Test func theHebrewLineReadsInReadingOrder() throws {
        let marks: Set<Character> = ["\u{202B}", "\u{202C}"]
        let text = try PDFTools.run("pdftotext", [pdf, "-"])
        #expect(String(text.filter { !marks.contains($0) }).contains(SampleDocument.hebrew))
        let raw = try PDFTools.run("pdftotext", ["-raw", pdf, "-"])
        let letters = String(SampleDocument.hebrew.filter { $0 != " " })
        #expect(String(raw.filter { !marks.contains($0) && !$0.isWhitespace }).contains(letters))
    }

    @Test func theJPEGIsPlacedAsItIsAndStoredOnce() throws {
        let rows = try imageRows()
        let jpegs = rows.filter { $0.encoding == "jpeg" }
        // Page 1 pixel for unit (300 ppi), page 2 twice as large (150 ppi).
        #expect(jpegs.map(\.page) == [1, 2])
        #expect(jpegs.map(\.ppi) == [300, 150])
        #expect(jpegs.allSatisfy { $0.width == SampleDocument.jpegSize.width && $0.height == SampleDocument.jpegSize.height })
        #expect(Set(jpegs.map(\.object)).count == 1, "one image object for one unique id")
        // The raster: pixels with a soft mask for its alpha.
        #expect(rows.contains { $0.type == "image" && $0.encoding == "image" && $0.width == 64 })
        #expect(rows.contains { $0.type == "smask" && $0.width == 64 })

        let prefix = folder.url("extracted")
        try PDFTools.run("pdfimages", ["-j", pdf, prefix])
        let extracted = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("extracted") && $0.hasSuffix(".jpg") }
        #expect(extracted.count == 2)
        for name in extracted {
            #expect(FileManager.default.contents(atPath: folder.url(name)).map { [UInt8]($0) } == sample.jpeg, "\(name) differs from the JPEG drawn")
        }
    }

    @Test func trimBoxIsInsetByTheBleedAndBleedBoxIsTheMediaBox() throws {
        let lines = try PDFTools.run("pdfinfo", ["-box", "-f", "1", "-l", "3", pdf]).split(separator: "\n")
        func box(_ page: Int, _ name: String) throws -> [Double] {
            let line = try #require(lines.first { $0.hasPrefix("Page") && $0.split(separator: " ").prefix(3) == ["Page", "\(page)", "\(name):"] })
            return line.split(separator: " ").dropFirst(3).compactMap { Double($0) }
        }
        let bleed = SampleDocument.bleed * 72 / PDFWriter.unitsPerInch
        for (index, size) in SampleDocument.pages.enumerated() {
            let media = try box(index + 1, "MediaBox")
            let points = [0, 0, size.width * 72 / PDFWriter.unitsPerInch, size.height * 72 / PDFWriter.unitsPerInch]
            #expect(zip(media, points).allSatisfy { abs($0 - $1) < 0.006 }, "page \(index + 1): \(media), not \(points)")
            #expect(try box(index + 1, "BleedBox") == media)
            let trim = try box(index + 1, "TrimBox")
            let expected = [bleed, bleed, media[2] - bleed, media[3] - bleed]
            #expect(zip(trim, expected).allSatisfy { abs($0 - $1) < 0.006 }, "page \(index + 1): \(trim), not \(expected)")
        }
    }

    @Test func theCatalogHasTheOutputIntents() throws {
        let objects = try qpdfObjects()
        let trailer = try #require(objects["trailer"]?["value"] as? [String: Any])
        let root = try #require(objects["obj:" + (trailer["/Root"] as? String ?? "")]?["value"] as? [String: Any])
        let intents = try #require(root["/OutputIntents"] as? [String]).compactMap { objects["obj:" + $0]?["value"] as? [String: Any] }
        #expect(intents.compactMap { $0["/S"] as? String }.sorted() == ["/GTS_PDFA1", "/GTS_PDFX"])
        for intent in intents {
            #expect(intent["/Type"] as? String == "/OutputIntent")
            #expect(intent["/OutputConditionIdentifier"] as? String == "u:sRGB IEC61966-2.1")
            #expect(intent["/RegistryName"] as? String == "u:http://www.color.org")
        }
        let profiles = Set(intents.compactMap { $0["/DestOutputProfile"] as? String })
        #expect(profiles.count == 1, "both intents share one profile")
        let profile = try #require(profiles.first)
        let dict = try #require((objects["obj:" + profile]?["stream"] as? [String: Any])?["dict"] as? [String: Any])
        #expect(dict["/N"] as? Int == 3)
        #expect(dict["/Alternate"] as? String == "/DeviceRGB")
        let id = try #require(profile.split(separator: " ").first)
        let data = try PDFTools.output("qpdf", ["--show-object=\(id)", "--raw-stream-data", pdf])
        #expect([UInt8](data) == SampleDocument.iccProfile)
    }

    @Test func infoHasTheCreatorAndTheGivenDate() throws {
        let info = try PDFTools.run("pdfinfo", ["-isodates", pdf])
        func field(_ name: String) -> String? {
            info.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
        }
        #expect(field("Creator") == SampleDocument.creator)
        #expect(field("CreationDate") == SampleDocument.createDate)
        #expect(field("Title") == SampleDocument.title)
        #expect(field("Pages") == "3")
        #expect(field("Producer")?.hasPrefix(PDFWriter.libraryIdentity) == true)
        #expect(field("ModDate") == nil)
        // A literal string a byte search finds, as the cache's owner mark.
        let bytes = try #require(FileManager.default.contents(atPath: pdf))
        #expect(bytes.range(of: Data("/Creator (\(SampleDocument.creator))".utf8)) != nil)
    }

    @Test func theLibrariesNameTheirVersions() {
        #expect(PDFWriter.libraryIdentity.hasPrefix("cairo 1."))
        #expect(PDFFinisher.libraryIdentity.hasPrefix("qpdf 11."))
    }

    /// `pdfimages -list` rows.
    struct ImageRow {
        var page: Int, type: String, width: Int, height: Int, encoding: String, object: Int, ppi: Int
    }

    private func imageRows() throws -> [ImageRow] {
        // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
        try PDFTools.run("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2).map { line in
            let f = line.split(separator: " ").map(String.init)
            return ImageRow(page: try #require(Int(f[0])), type: f[2], width: try #require(Int(f[3])), height: try #require(Int(f[4])),
                            encoding: f[8], object: try #require(Int(f[10])), ppi: try #require(Int(f[12])))
        }
    }

    /// qpdf's JSON of every object, by "obj:N 0 R" and "trailer".
    private func qpdfObjects() throws -> [String: [String: Any]] {
        let json = try PDFTools.output("qpdf", ["--json=2", "--json-key=qpdf", pdf])
        let top = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let parts = try #require(top["qpdf"] as? [Any])
        return try #require(parts.last as? [String: [String: Any]])
    }
}
