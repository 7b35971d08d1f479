import Foundation
import PhotiCaseCodecs
import PhotiCaseDocument
import PhotiCaseRaster
import PhotiCaseTestSupport
import Testing

/// The finisher's errors, and where /Info ends up in a large finished file.
struct PDFFinisherTests {
    @Test func aFileThatIsNotAPDFIsReportedWithItsName() throws {
        let folder = try TemporaryFolder()
        try folder.write("in.pdf", "hello, not a PDF")
        #expect {
            try PDFFinisher.finish(input: folder.url("in.pdf"), output: folder.url("out.pdf"), boxes: PDFPageBoxes(bleed: 36),
                                   outputIntentProfile: [1, 2, 3])
        } throws: { error in
            guard case let .qpdf(message) = error as? DocumentError else { return false }
            return message.contains(folder.url("in.pdf"))
        }
    }

    @Test func aMissingInputIsReportedWithItsName() throws {
        let folder = try TemporaryFolder()
        #expect {
            try PDFFinisher.finish(input: folder.url("missing.pdf"), output: folder.url("out.pdf"), boxes: PDFPageBoxes(bleed: 36),
                                   outputIntentProfile: [1, 2, 3])
        } throws: { error in
            guard case let .qpdf(message) = error as? DocumentError else { return false }
            return message.contains(folder.url("missing.pdf"))
        }
    }

    @Test func aBleedThatLeavesNothingOfThePageIsAnError() throws {
        let folder = try TemporaryFolder()
        try Self.writePDF(to: folder.url("in.pdf"), pages: 1, jpegs: [])
        #expect(throws: DocumentError.self) {
            try PDFFinisher.finish(input: folder.url("in.pdf"), output: folder.url("out.pdf"), boxes: PDFPageBoxes(bleed: 1000),
                                   outputIntentProfile: [1, 2, 3])
        }
    }

    /// The cache finds its owner mark (/Creator in /Info) with a byte search
    /// of the file's first 64 KB: qpdf writes /Info right after the catalog,
    /// however many megabytes of photos follow; cairo had written it near
    /// the end.
    @Test func theCreatorIsInTheFirst64KBOfALargeFinishedFile() throws {
        let folder = try TemporaryFolder()
        let jpegs = try (1...3).map { try ImageEncoder.encode(Self.noise(width: 1600, height: 1200, seed: UInt64($0)), settings: .jpeg(quality: 92)) }
        try Self.writePDF(to: folder.url("in.pdf"), pages: 4, jpegs: jpegs)
        try PDFFinisher.finish(input: folder.url("in.pdf"), output: folder.url("out.pdf"), boxes: PDFPageBoxes(bleed: 36),
                               outputIntentProfile: SampleDocument.iccProfile)
        let mark = Data("/Creator (\(SampleDocument.creator))".utf8)
        let raw = try #require(FileManager.default.contents(atPath: folder.url("in.pdf")))
        let finished = try #require(FileManager.default.contents(atPath: folder.url("out.pdf")))
        #expect(finished.count > 4_000_000, "a few megabytes of photos")
        let inRaw = try #require(raw.range(of: mark))
        #expect(raw.count - inRaw.lowerBound < 65_536, "cairo writes /Info just before its xref")
        let inFinished = try #require(finished.range(of: mark))
        #expect(inFinished.lowerBound < 65_536)
        // Each photo once: the fourth page repeats the first.
        #expect(finished.ranges(of: Data("/DCTDecode".utf8)).count == 3)
    }

    /// `pages` pages, page n showing `jpegs[n % count]` 1600 units wide.
    static func writePDF(to path: String, pages: Int, jpegs: [[UInt8]]) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        let writer = try PDFWriter { file.write(Data($0)) }
        writer.setMetadata(title: "Photos", author: nil, subject: nil, creator: SampleDocument.creator, createDate: SampleDocument.createDate)
        for page in 0..<pages {
            writer.beginPage(width: 1800, height: 1500)
            writer.fill(Rect(x: 0, y: 0, width: 1800, height: 1500), color: .white)
            if !jpegs.isEmpty {
                writer.drawJPEG(jpegs[page % jpegs.count], pixelWidth: 1600, pixelHeight: 1200, uniqueID: "photo-\(page % jpegs.count)",
                                in: Rect(x: 100, y: 150, width: 1600, height: 1200))
            }
            try writer.endPage()
        }
        try writer.finish()
    }

    /// Pixels that do not compress: a photo's worth of JPEG bytes.
    static func noise(width: Int, height: Int, seed: UInt64) -> Raster {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        return Raster(width: width, height: height, writingEveryByte: { bytes in
            for i in stride(from: 0, to: bytes.count, by: 4) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[i] = UInt8(truncatingIfNeeded: state >> 33)
                bytes[i + 1] = UInt8(truncatingIfNeeded: state >> 41)
                bytes[i + 2] = UInt8(truncatingIfNeeded: state >> 49)
                bytes[i + 3] = 255
            }
        })
    }
}
