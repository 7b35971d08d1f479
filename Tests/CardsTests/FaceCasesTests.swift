import PhotiCaseCards
import PhotiCaseCodecs
import Foundation
import Testing
import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseDiary

/// The inputs a diary really has: transparent photos, crowded days, every
/// kind's credits, tiny and panoramic photos, busy photos under text.
@Suite struct FaceCasesTests {
    let photos = TestPhotos()

    func photoEntry(_ id: String, _ raster: Raster, rating: Double = 4.5, kind: EntryKind = .movie,
                    back: Bool = false, crop: EditorState? = nil, title: String = "헤어질 결심") throws -> Entry {
        let path = try photos.write(raster, "\(id).png")
        let face = FacePhoto(name: "\(id).png", path: path, crop: crop)
        return testEntry(id: id, title: title, rating: rating, kind: kind, front: face, back: back ? face : nil)
    }

    /// The ticket outline's coverage at scale 1, to tell inside from outside.
    func outline(_ renderer: CardRenderer) -> Raster {
        // A face without a photo is opaque exactly inside the outline.
        try! renderer.renderFront(testEntry(), scale: 1).raster
    }

    // MARK: transparent photos

    @Test func transparentFrontShowsTheCardInsideItsOutline() throws {
        let renderer = try CardRenderer()
        let entry = try photoEntry("sticker", TestPhotos.sticker(width: 300, height: 480, color: RGBA(0x20, 0x90, 0x40)))
        let face = try renderer.renderFront(entry, scale: 1).raster
        let shape = outline(renderer)
        for y in 0..<face.height {
            for x in 0..<face.width {
                #expect(face[x, y].a == shape[x, y].a, "alpha at \(x),\(y)")
                if face[x, y].a != shape[x, y].a { return }
            }
        }
        // Beside the sticker, above the scrims: the card's own background.
        #expect(face[150, 110] == renderer.theme.backgroundColor)
        #expect(face[150, 200] == RGBA(0x20, 0x90, 0x40))
    }

    @Test func transparentBackShowsTheCardNotTheBackdrop() throws {
        let renderer = try CardRenderer()
        let entry = try photoEntry("sticker", TestPhotos.sticker(width: 300, height: 480, color: RGBA(0x20, 0x90, 0x40)),
                                   back: true)
        let face = try renderer.renderBack(entry, scale: 1).raster
        let shape = outline(renderer)
        #expect((0..<face.height).allSatisfy { y in (0..<face.width).allSatisfy { face[$0, y].a == shape[$0, y].a } })
        // A corner of the photo is transparent: the dimmed card background shows.
        let corner = face[30, 420]
        #expect(corner.a == 255 && corner.r > 40 && corner.r < 130, "dimmed background, got \(corner)")
    }

    @Test func shareShadowFollowsTheCardNotThePhoto() throws {
        let renderer = try CardRenderer()
        let clear = try photoEntry("clear", Raster(width: 300, height: 480, fill: .clear))
        let solid = try photoEntry("solid", TestPhotos.flat(RGBA(0x20, 0x90, 0x40), width: 300, height: 480))
        let a = try renderer.renderShare(clear, options: ShareOptions(scale: 1, frontOnly: true)).raster
        let b = try renderer.renderShare(solid, options: ShareOptions(scale: 1, frontOnly: true)).raster
        // Below and beside the card, only the shadow is drawn: the same for both.
        for (x, y) in [(178, 512), (178, 520), (20, 300), (340, 300)] {
            #expect(a[x, y] == b[x, y], "shadow at \(x),\(y): \(a[x, y]) vs \(b[x, y])")
        }
        #expect(a[178, 512] != renderer.theme.shareBackgroundColor, "a shadow under the card")
    }

    // MARK: crowded days

    /// Five entries, each a flat colour, in an order that is neither by id
    /// nor by rating.
    func ratedDay(_ count: Int) throws -> [Entry] {
        try (0..<count).map { i in
            let rating = Double((i * 7) % 11) / 2
            let color = RGBA(UInt8(40 + (i * 53) % 200), UInt8(30 + (i * 97) % 200), UInt8(60 + (i * 31) % 180))
            return try photoEntry(String(format: "e%02d", i), TestPhotos.flat(color), rating: rating, title: "T\(i)")
        }
    }

    @Test(arguments: [5, 40])
    func firstTileIsTheBestRated(count: Int) throws {
        let renderer = try CardRenderer()
        let entries = try ratedDay(count)
        let best = try #require(EntryOrder.sorted(entries).first)
        #expect(best.rating == entries.map(\.rating).max())
        let day = try renderer.renderDayThumbnail(entries.shuffled(), side: 128).raster
        let expected = try ImageDecoder.decodeFile(atPath: best.front!.path).raster[0, 0]
        #expect(day[10, 10] == expected)
    }

    @Test func orderIsRatingThenDateThenTitle() {
        let a = testEntry(id: "z", title: "B", day: 3, rating: 5)
        let b = testEntry(id: "y", title: "A", day: 3, rating: 4)
        let c = testEntry(id: "x", title: "C", day: 1, rating: 4)
        let d = testEntry(id: "w", title: "B", day: 1, rating: 4)
        #expect(EntryOrder.sorted([b, c, a, d]).map(\.id) == ["z", "w", "x", "y"])
    }

    /// The "+N" text reaches 4.5:1 over the brightest pixel of its cell at
    /// every thumbnail size, down to 64 pixels.
    @Test(arguments: [64, 96, 256])
    func moreBadgeIsLegible(side: Int) throws {
        let white = try ratedDay(40).map { entry in
            var e = entry
            e.front = FacePhoto(name: "w.png", path: try photos.write(TestPhotos.flat(.white), "w.png"))
            return e
        }
        // The same day with invisible ink: what lies under the text.
        let hidden = try CardRenderer(theme: Theme(inverseTextColor: RGBA(255, 255, 255, 0)))
        let under = try hidden.renderDayThumbnail(white, side: side).raster
        let shown = try CardRenderer().renderDayThumbnail(white, side: side).raster
        let cell = DayLayout(count: 40, side: side, gap: DayLayout.defaultGap(side: side)).cells[3]
        var brightest = 0.0, inked = 0
        for y in cell.y..<cell.maxY {
            for x in cell.x..<cell.maxX {
                brightest = max(brightest, Luminance.of(under[x, y]))
                if shown[x, y] != under[x, y] { inked += 1 }
            }
        }
        let ratio = 1.05 / (brightest + 0.05)
        #expect(ratio >= 4.5, "+N contrast \(ratio) at \(side)")
        #expect(inked > cell.width * cell.height / 40, "the +N text is drawn large enough to see")
    }

    // MARK: credits

    @Test func creditsFollowTheKind() {
        let ko = CardStrings(.ko), en = CardStrings(.en)
        func entry(_ kind: EntryKind, director: String? = nil, author: String? = nil, year: Int? = 2022) -> Entry {
            var e = Entry(id: "c", folder: "/tmp", title: "t", date: CalendarDate(year: 2022, month: 8, day: 1)!,
                          rating: 4, kind: kind, director: director, year: year)
            e.author = author
            return e
        }
        #expect(ko.credit(for: entry(.movie)) == "감독 미상 · 2022")
        #expect(ko.credit(for: entry(.drama, director: "  ", year: nil)) == "감독 미상")
        #expect(ko.credit(for: entry(.movie, director: "박찬욱")) == "박찬욱 · 2022")
        #expect(ko.credit(for: entry(.book)) == "저자 미상 · 2022")
        #expect(ko.credit(for: entry(.book, director: "이민진")) == "이민진 · 2022")
        #expect(ko.credit(for: entry(.book, director: "옛 필드", author: "이민진")) == "이민진 · 2022")
        #expect(ko.credit(for: entry(.performance)) == "2022")
        #expect(ko.credit(for: entry(.performance, director: "아이유")) == "아이유 · 2022")
        #expect(ko.credit(for: entry(.other, year: nil)) == nil)
        #expect(en.credit(for: entry(.book, year: nil)) == "Unknown author")
        #expect(en.credit(for: entry(.movie, year: nil)) == "Unknown director")
    }

    // MARK: contrast over busy photos

    /// The brightest pixel of `rect` in a face drawn with invisible ink,
    /// against the theme's ink: the contrast the text has at its worst.
    func worstContrast(_ render: (CardRenderer) throws -> Raster, rect: PixelRect, inkOpacity: Double) throws -> Double {
        let hidden = try CardRenderer(theme: Theme(inverseTextColor: RGBA(255, 255, 255, 0)))
        let under = try render(hidden)
        var worst = Double.infinity
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where under[x, y].a == 255 {
                let bg = under[x, y]
                let a = inkOpacity
                let ink = RGBA(UInt8((255 * a + Double(bg.r) * (1 - a)).rounded()),
                               UInt8((255 * a + Double(bg.g) * (1 - a)).rounded()),
                               UInt8((255 * a + Double(bg.b) * (1 - a)).rounded()))
                worst = min(worst, (Luminance.of(ink) + 0.05) / (Luminance.of(bg) + 0.05))
            }
        }
        return worst
    }

    @Test func frontCaptionReachesContrastOnABusyPhoto() throws {
        let entry = try photoEntry("busy", TestPhotos.busy(width: 300, height: 480), title: "헤어질 결심: 두 줄이 되는 긴 제목")
        // The title sits above the stub (at 388); two lines of 23 pt take about 56 px.
        let ratio = try worstContrast({ try $0.renderFront(entry, scale: 1).raster },
                                      rect: PixelRect(x: 22, y: 318, width: 256, height: 54), inkOpacity: 1)
        print("front caption over a busy photo: worst contrast \(ratio):1")
        #expect(ratio >= 4.5)
    }

    @Test func backTextReachesContrastOnABusyPhoto() throws {
        let entry = try photoEntry("busy", TestPhotos.busy(width: 300, height: 480), back: true)
        // The memo area, where the lightest ink (78 %) also sets the date and credit.
        let ratio = try worstContrast({ try $0.renderBack(entry, scale: 1).raster },
                                      rect: PixelRect(x: 22, y: 260, width: 256, height: 110), inkOpacity: 0.78)
        print("back text over a busy photo: worst contrast \(ratio):1 for the 78 % ink")
        #expect(ratio >= 4.5)
    }

    // MARK: extreme photos

    @Test func tinyPhotoIsReportedAsEnlarged() throws {
        let entry = try photoEntry("tiny", TestPhotos.flat(RGBA(200, 100, 50), width: 50, height: 50))
        let face = try CardRenderer().renderFront(entry, scale: 1)
        let factor = face.warnings.compactMap { w -> Double? in
            if case let .upscaled(_, factor) = w { return factor } else { return nil }
        }.first
        #expect(factor.map { abs($0 - 9.6) < 0.01 } == true, "warnings: \(face.warnings)")
        let fine = try photoEntry("fine", TestPhotos.flat(RGBA(200, 100, 50), width: 300, height: 480))
        #expect(try CardRenderer().renderFront(fine, scale: 1).warnings.isEmpty)
    }

    @Test func uncroppedPanoramaSaysHowMuchShows() throws {
        let entry = try photoEntry("pano", TestPhotos.scene(width: 2000, height: 100, hue: 1))
        let face = try CardRenderer().renderFront(entry, scale: 1)
        let visible = face.warnings.compactMap { w -> Double? in
            if case let .mostlyCropped(_, visible) = w { return visible } else { return nil }
        }.first
        // A 20:1 strip in a 300:480 card: 62.5 of its 2000 columns show.
        #expect(visible.map { abs($0 - 62.5 / 2000) < 0.001 } == true, "warnings: \(face.warnings)")
        #expect(face.warnings.contains { $0.description.contains("3%") })
    }

    @Test func placeholderInitialSkipsEntitiesAndPunctuation() {
        #expect(CardRenderer.initial(of: SearchTitle.clean("&lt;기생충&gt;")) == "기")
        #expect(CardRenderer.initial(of: SearchTitle.clean("&quot;dune&quot;")) == "D")
        #expect(CardRenderer.initial(of: "「007」") == "0")
        #expect(CardRenderer.initial(of: "🎬 영화") == "🎬")
        #expect(CardRenderer.initial(of: "...!") == nil)
    }

    // MARK: month sheets

    @Test func monthSheetHeightFollowsItsWeeks() throws {
        let renderer = try CardRenderer()
        // February 2015 starts on a Sunday: four weeks; August 2022 five; October 2022 six.
        let heights = try [(2015, 2), (2022, 8), (2022, 10)].map {
            try renderer.renderMonthSheet(year: $0.0, month: $0.1, entries: [], scale: 1).raster.height
        }
        #expect(heights[1] - heights[0] == 70 && heights[2] - heights[1] == 70, "\(heights)")
        // The last row ends the sheet: its cell and the padding, nothing more.
        #expect(heights[1] == 96 + 5 * 70 + 18)
    }
}

/// WCAG relative luminance, worked out independently of the renderer's.
enum Luminance {
    static func of(_ c: RGBA) -> Double {
        func lin(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
    }
}

private let nanumBold = "/usr/share/fonts/truetype/nanum/NanumSquareRoundB.ttf"

/// A title no installed font can draw is not left blank in silence.
@Test(.enabled(if: FileManager.default.fileExists(atPath: nanumBold), "needs fonts-nanum"))
func uncoveredTitleSaysWhichCharacters() throws {
    let nanum = nanumBold
    // Only a Korean font: emoji have nowhere to come from.
    let renderer = try CardRenderer(fonts: .faces([FontFace(path: nanum)]))
    for _ in 0..<2 {
        let face = try renderer.renderFront(testEntry(title: "🎬🍿"), scale: 1)
        let said = face.warnings.map(\.description).filter { $0.contains("U+1F3AC") && $0.contains("U+1F37F") }
        #expect(said.count >= 1, "every render says so: \(face.warnings)")
    }
}

/// `author` in entry.json reaches a book's credit line.
@Test func authorFieldIsReadAndCredited() throws {
    let photos = TestPhotos()
    let folder = photos.folder + "/pachinko"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(#"{"title": "파친코", "date": "2022-08-14", "rating": 4, "kind": "book", "author": "이민진", "year": 2017}"#
        .utf8).write(to: URL(fileURLWithPath: folder + "/entry.json"))
    let entry = try EntryLoader().load(folder: folder, defaultID: "pachinko").entry
    #expect(entry.author == "이민진")
    #expect(CardStrings(.ko).credit(for: entry) == "이민진 · 2017")
}

/// A day tile does not repeat what the face says about a photo's fit.
@Test func dayTilesLeaveFitWarningsToTheFaces() throws {
    let photos = TestPhotos()
    let path = try photos.write(TestPhotos.flat(RGBA(200, 100, 50), width: 20, height: 20), "tiny.png")
    let entry = testEntry(front: FacePhoto(name: "tiny.png", path: path))
    let renderer = try CardRenderer()
    #expect(try renderer.renderFront(entry, scale: 1).warnings.contains { $0.description.contains("enlarged") })
    #expect(try renderer.renderDayThumbnail([entry], side: 256).warnings.isEmpty)
}

/// The placeholder's rings drawn on the card show no seam: inside a
/// ring's band, away from every ring's edges, no pixel stands out from the
/// ones above and below it (the gradient under the rings is smooth).
@Test(arguments: [1.0, 2.0, 3.0])
func placeholderRingsHaveNoSeams(scale: Double) throws {
    let face = try CardRenderer().renderFront(testEntry(title: " "), scale: scale).raster
    let w = Double(face.width), h = Double(face.height), thickness = 14 * scale
    // The rings as FrontFace draws them: centre and outer radius.
    let rings = [(0.95, 0.08, 0.55), (0.05, 0.62, 0.38), (0.8, 0.7, 0.22)].map { (w * $0.0, h * $0.1, w * $0.2) }
    var standing = 0, checked = 0
    for y in 1..<(face.height - Int(92 * scale)) {
        for x in 0..<face.width {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let distances = rings.map { ((px - $0.0) * (px - $0.0) + (py - $0.1) * (py - $0.1)).squareRoot() - $0.2 }
            // Clear of every edge (outer at 0, inner at -thickness) by 3 pixels, inside some band.
            guard distances.allSatisfy({ abs($0) > 3 && abs($0 + thickness) > 3 }),
                  distances.contains(where: { $0 < 0 && $0 > -thickness }) else { continue }
            let (a, b, c) = (face[x, y - 1], face[x, y], face[x, y + 1])
            // Not the perforation's holes.
            guard a.a == 255, b.a == 255, c.a == 255 else { continue }
            func curve(_ above: UInt8, _ here: UInt8, _ below: UInt8) -> Int {
                2 * Int(here) - Int(above) - Int(below)
            }
            let bump = [curve(a.r, b.r, c.r), curve(a.g, b.g, c.g), curve(a.b, b.b, c.b)]
            checked += 1
            if bump.contains(where: { abs($0) >= 3 }) { standing += 1 }
        }
    }
    #expect(checked > 1000)
    #expect(standing == 0, "\(standing) of \(checked) pixels inside the rings stand out from their column at scale \(scale)")
}
