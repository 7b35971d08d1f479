import Foundation
import PhotiCaseHashing
import Testing
import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseText
@testable import PhotiCasePipeline
import PhotiCaseRaster

/// Cache keys are only honest if `CardsBackend.rendererVersion` changes
/// whenever the drawing does. A reference render's pixel hash is recorded
/// per version in Golden/renderer.txt; a change to the drawing that keeps
/// the version fails here. Record a new version's hash with
/// `PHOTICASE_UPDATE_GOLDEN=1 swift test --filter RendererVersionTests`.
@Suite struct RendererVersionTests {
    static let goldenFile: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Golden/renderer.txt").path
    }()

    /// DejaVu Sans Bold before Book, as fontconfig orders them for bold
    /// text: the title's "é" shows which one the weight matching takes.
    static let fonts = ["/usr/share/fonts/truetype/nanum/NanumSquareRoundR.ttf",
                        "/usr/share/fonts/truetype/nanum/NanumSquareRoundB.ttf",
                        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]

    /// True when every font of `fonts` is installed: the reference render
    /// is drawn with exactly these files, so without them the tests that
    /// draw it are skipped (and counted so), not passed.
    static let fontsInstalled: Bool = fonts.allSatisfy(FileManager.default.fileExists)
    static let fontsMessage: Comment = "needs NanumSquareRound (fonts-nanum) and DejaVu Sans (fonts-dejavu-core)"

    /// SHA-256 over the pixels of every output kind of one fixed entry.
    static func referenceHash() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pr-ref-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var photo = Raster(width: 480, height: 360, fill: RGBA(40, 90, 160))
        for y in 0..<360 { for x in 0..<480 where (x / 40 + y / 40) % 2 == 0 { photo[x, y] = RGBA(230, UInt8(y * 255 / 359), 60) } }
        try Data(try ImageEncoder.encode(photo, settings: .png())).write(to: URL(fileURLWithPath: folder + "/front.png"))
        var entry = Entry(id: "ref", folder: folder, title: "헤어질 결심 Décision", date: CalendarDate("2022-08-27")!,
                          rating: 4.5, memo: "산에서 만나요.\nSee you on the mountain.")
        entry.director = "박찬욱"
        entry.year = 2022
        entry.friends = ["민수"]
        entry.front = FacePhoto(name: "front.png", path: folder + "/front.png")
        let backend = CardsBackend(theme: Theme(), fonts: .faces(fonts.map { FontFace(path: $0) }), scale: 1,
                                   thumbnailSide: 128)
        var worker = backend.makeWorker()
        func run(_ e: Entry) -> RunEntry { RunEntry(entry: e, canonicalFolder: folder, jsonHash: Digest.of([])) }
        let none: PartSource = { _, _ in nil }
        var images = try backend.render(TicketsKind.input(run(entry), scale: 1), encodings: [.png(), .png(), .png()],
                                        parts: none, worker: &worker).value
        let tile = DaysKind.input([run(entry)], side: 128)
        let day = try backend.render(tile, encodings: [.jpeg()], parts: none, worker: &worker).value[0]
        images.append(day)
        // As a run makes it: composed from the day thumbnail just written.
        let month = MonthSheetInput(month: MonthKey(entry.date), today: entry.date,
                                    days: [(27, DayPart(key: "day", reference: "day", encoding: .jpeg(), tile: tile))])
        images += try backend.render(month, encodings: [.png()], parts: { ref, _ in ref == "day" ? day : nil },
                                     worker: &worker).value
        // The edges of the layout: a theme's narrowest and shortest card
        // (the stub's date set smaller, the back's details and memo fitted
        // above the perforation) and a companion's name too long for the
        // year's line (cut, the count kept).
        var narrow = Theme()
        narrow.cardSize = Size(width: 200, height: 300)
        let edges = CardsBackend(theme: narrow, fonts: backend.fonts, scale: 1, thumbnailSide: 128)
        var long = entry
        long.title = "The Lord of the Rings: The Return of the King (Extended Edition)"
        long.friends = ["Maximilian Alexander von Hohenzollern-Sigmaringen", "سارة"]
        var edgeWorker = edges.makeWorker()
        images += try edges.render(TicketsKind.input(run(long), scale: 1), encodings: [.png(), .png(), .png()],
                                   parts: none, worker: &edgeWorker).value
        // The back's kind badge beside the date on that card: "Exhibition"
        // in English has no room there, so the date is on a row of its own.
        var english = narrow
        english.locale = .en
        let englishEdges = CardsBackend(theme: english, fonts: backend.fonts, scale: 1, thumbnailSide: 128)
        var exhibition = entry
        exhibition.kind = .exhibition
        var englishWorker = englishEdges.makeWorker()
        images += try englishEdges.render(TicketsKind.input(run(exhibition), scale: 1), encodings: [.png(), .png(), .png()],
                                          parts: none, worker: &englishWorker).value
        // The story and feed images, of a title long enough for the story's
        // third line; a front with its text on a band below the photo; a
        // long back whose title and friends wrap.
        var posted = entry
        posted.title = "파묘 — 오컬트 미스터리의 새로운 정점을 보여준 장재현 감독의 세 번째 장편 영화, 극장에서 두 번 봄"
        images += try backend.render(SocialPairInput(posted), encodings: [.png(), .png()], parts: none, worker: &worker).value
        // An entry without a photo: the gradient, its letter centred by its
        // ink, the badge darkened to stand out from it, and its day tile.
        var bare = entry
        bare.front = nil
        images += try backend.render(SocialPairInput(bare), encodings: [.png(), .png()], parts: none, worker: &worker).value
        images += try backend.render(DaysKind.input([run(bare)], side: 128), encodings: [.png()], parts: none,
                                     worker: &worker).value
        var banded = entry
        banded.frontText = .below
        images += try backend.render(TicketsKind.input(run(banded), scale: 1), encodings: [.png(), .png(), .png()],
                                     parts: none, worker: &worker).value.prefix(1)
        let face = FacePart(key: "", reference: "", encoding: .png(), scale: 1, face: FrontFaceInput(long))
        images += try backend.render(YearInput(YearSummary(year: 2022, entries: [long]), top: [face], scale: 1),
                                     encodings: [.png()], parts: none, worker: &worker).value
        // Right to left: a Hebrew title with a year in it and an Arabic
        // memo mixed with Latin, each from the right edge; and its story.
        var hebrew = entry
        hebrew.title = "הקוסם מארץ עוץ 1939"
        hebrew.memo = "فيلم رائع مع Judy Garland"
        images += try backend.render(TicketsKind.input(run(hebrew), scale: 1), encodings: [.png(), .png(), .png()],
                                     parts: none, worker: &worker).value
        images += try backend.render(SocialPairInput(hebrew), encodings: [.png(), .png()], parts: none, worker: &worker).value
        var hash = SHA256()
        for bytes in images {
            let raster = try ImageDecoder.decode(bytes).raster
            hash.update("\(raster.width)x\(raster.height):")
            raster.withUnsafeBytes { hash.update(Array($0)) }
        }
        return SHA256.hexString(hash.finalize())
    }

    static func recorded() -> [(version: String, hash: String)] {
        let text = (try? String(contentsOfFile: goldenFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let parts = line.split(separator: " ")
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    @Test(.enabled(if: fontsInstalled, fontsMessage))
    func drawingChangesBumpTheRendererVersion() throws {
        let version = CardsBackend.rendererVersion
        let hash = try Self.referenceHash()
        var lines = Self.recorded()
        if ProcessInfo.processInfo.environment["PHOTICASE_UPDATE_GOLDEN"] == "1" {
            lines.removeAll { $0.version == version }
            lines.append((version, hash))
            let text = "# rendererVersion and the SHA-256 of its reference render's pixels\n"
                + lines.map { "\($0.version) \($0.hash)" }.joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: Self.goldenFile))
            return
        }
        let golden = try #require(lines.first { $0.version == version },
                                  "no reference hash for \(version): record it with PHOTICASE_UPDATE_GOLDEN=1")
        #expect(golden.hash == hash,
                "rendering changed but CardsBackend.rendererVersion is still \(version): bump it and record the new hash")
        // Two versions with one picture would mean a bump was recorded without a change: harmless, but a sign the
        // hash is not what was rendered.
        #expect(Set(lines.map(\.hash)).count == lines.count)
    }

    @Test(.enabled(if: fontsInstalled, fontsMessage))
    func renderingIsDeterministic() throws {
        #expect(try Self.referenceHash() == Self.referenceHash())
    }

    @Test func themeFingerprintCoversEveryProperty() {
        #expect(Mirror(reflecting: Theme()).children.count == Theme.canonicalFieldCount,
                "Theme gained a property: add it to Theme.canonicalJSON")
        var changed = Theme()
        changed.backPhotoDim = 0.5
        #expect(changed.canonicalJSON != Theme().canonicalJSON)
        #expect(Theme().canonicalJSON.contains(##""brandColor": "#FF5A5FFF""##))
    }

    @Test func backendFingerprintNamesFontsAndVersion() {
        let faces = Self.fonts.map { FontFace(path: $0) }
        let backend = CardsBackend(theme: Theme(), fonts: .faces(faces), scale: 2, thumbnailSide: 256)
        #expect(backend.fingerprint.contains("renderer:\(CardsBackend.rendererVersion)"))
        #expect(Set(backend.inputFiles) == Set(Self.fonts))
        var themed = Theme()
        themed.fontFile = "/x/custom.ttf"
        #expect(CardsBackend(theme: themed, fonts: .faces(faces)).inputFiles.contains("/x/custom.ttf"))
    }
}
