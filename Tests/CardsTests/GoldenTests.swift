import PhotiCaseCards
import PhotiCaseCodecs
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// Each face and calendar layout against its golden image. Text is part of
/// the picture, so these need the fonts the goldens were made with.
@Suite(.enabled(if: Golden.fontsInstalled, "needs NanumSquareRound (fonts-nanum) and DejaVu Sans (fonts-dejavu-core)"))
struct GoldenTests {
    let photos = TestPhotos()

    /// An entry with a front photo (scroll-view crop) and, optionally, a
    /// back photo (rect crop).
    func photoEntry(id: String, hue: Int, withBack: Bool = true, title: String = "헤어질 결심") throws -> Entry {
        let front = try photos.write(TestPhotos.scene(width: 320, height: 240, hue: hue), "\(id)-front.png")
        let back = try photos.write(TestPhotos.scene(width: 240, height: 300, hue: hue + 3), "\(id)-back.png")
        return testEntry(id: id, title: title,
                         front: FacePhoto(name: "front.png", path: front, crop: EditorState(
                            placement: .scrollView(frame: Size(width: 300, height: 480), zoomScale: 1.3,
                                                   contentOffset: Point(x: 60, y: 20)))),
                         back: withBack ? FacePhoto(name: "back.png", path: back,
                                                    crop: EditorState(placement: .normalizedRect(Rect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))))
                             : nil,
                         memo: "마침내. 안개 낀 바다와 산의 장면이 오래 남는다. 두 번 보니 처음엔 보이지 않던 것들이 보였다. "
                             + String(repeating: "다시 보고 싶은 영화. ", count: 20))
    }

    @Test func frontFace() throws {
        try Golden.check(try CardRenderer().renderFront(try photoEntry(id: "a", hue: 0), scale: 1).raster, "front", tolerance: .rounding)
    }

    @Test func backFaceWithPhoto() throws {
        try Golden.check(try CardRenderer().renderBack(try photoEntry(id: "a", hue: 0), scale: 1).raster, "back-photo", tolerance: .rounding)
    }

    @Test func backFaceOnThemeBackground() throws {
        let entry = try photoEntry(id: "b", hue: 1, withBack: false, title: "<b>Tom</b> &amp; <b>Jerry</b>")
        try Golden.check(try CardRenderer().renderBack(entry, scale: 1).raster, "back-plain", tolerance: .rounding)
    }

    @Test func placeholderFrontWithoutPhoto() throws {
        let face = try CardRenderer().renderFront(testEntry(title: "파친코", kind: .book), scale: 1)
        try Golden.check(face.raster, "front-placeholder", tolerance: .rounding)
    }

    @Test func englishShareFrontOnly() throws {
        let renderer = try CardRenderer(theme: Theme(locale: .en))
        let share = try renderer.renderShare(try photoEntry(id: "c", hue: 2, title: "Bullet Train"),
                                             options: ShareOptions(scale: 1, frontOnly: true))
        #expect(share.raster.size == PixelSize(width: 300 + 56, height: 480 + 56))
        try Golden.check(share.raster, "share-front-en", tolerance: .rounding)
    }

    @Test(arguments: 1...6)
    func dayThumbnail(count: Int) throws {
        var entries: [Entry] = []
        for i in 0..<count {
            // Every third entry has no photo: a placeholder tile.
            entries.append(i % 3 == 2 ? testEntry(id: "e\(i)", title: "Dune", kind: .book)
                                      : try photoEntry(id: "e\(i)", hue: i, withBack: false))
        }
        let thumbnail = try CardRenderer().renderDayThumbnail(entries.reversed(), side: 128)
        #expect(thumbnail.raster.size == PixelSize(width: 128, height: 128))
        try Golden.check(thumbnail.raster, "day-\(count)", tolerance: .rounding)
    }

    @Test func monthSheet() throws {
        let renderer = try CardRenderer()
        let side = renderer.monthThumbnailSide(scale: 1)
        let thumbnails = [3: try renderer.renderDayThumbnail([try photoEntry(id: "m1", hue: 1)], side: side).raster,
                          20: try renderer.renderDayThumbnail((0..<5).map { testEntry(id: "m\($0)", title: "\($0)") },
                                                              side: side).raster]
        let sheet = try renderer.renderMonthSheet(year: 2022, month: 8, thumbnails: thumbnails,
                                                  today: CalendarDate(year: 2022, month: 8, day: 27), scale: 1)
        try Golden.check(sheet.raster, "month-2022-08", tolerance: .rounding)
    }

    @Test func englishMondayFirstMonthSheet() throws {
        let renderer = try CardRenderer(theme: Theme(locale: .en, firstWeekday: .monday))
        let sheet = try renderer.renderMonthSheet(year: 2022, month: 9, entries: [], today: nil, scale: 1)
        try Golden.check(sheet.raster, "month-2022-09-en-monday", tolerance: .rounding)
    }

    // Issue 12: the inputs a diary really has.

    @Test func transparentPoster() throws {
        let renderer = try CardRenderer()
        let path = try photos.write(TestPhotos.sticker(width: 300, height: 480, color: RGBA(0x20, 0x90, 0x40)), "poster.png")
        let poster = FacePhoto(name: "poster.png", path: path)
        let entry = testEntry(id: "t", title: "투명한 포스터", front: poster, back: poster)
        try Golden.check(try renderer.renderFront(entry, scale: 1).raster, "front-transparent", tolerance: .rounding)
        try Golden.check(try renderer.renderBack(entry, scale: 1).raster, "back-transparent", tolerance: .rounding)
        try Golden.check(try renderer.renderShare(entry, options: ShareOptions(scale: 1)).raster, "share-transparent", tolerance: .rounding)
        let day = try renderer.renderDayThumbnail([entry], side: 128).raster
        #expect(day.isOpaque, "a transparent photo's tile shows the card's background")
        try Golden.check(day, "day-transparent", tolerance: .rounding)
    }

    @Test(arguments: [(5, 128), (40, 128), (40, 64)])
    func crowdedDayInRatingOrder(count: Int, side: Int) throws {
        let entries = try (0..<count).map { i in
            var entry = try photoEntry(id: "r\(i)", hue: i % 7, withBack: false, title: "T\(i)")
            entry.rating = Double((i * 7) % 11) / 2
            return entry
        }
        let day = try CardRenderer().renderDayThumbnail(entries, side: side)
        try Golden.check(day.raster, "day-\(count)-rated-\(side)", tolerance: .rounding)
    }

    @Test(arguments: [EntryKind.book, .performance, .other])
    func creditsOfEachKind(kind: EntryKind) throws {
        var entry = testEntry(id: "k", title: "파친코", kind: kind)
        entry.director = nil
        try Golden.check(try CardRenderer().renderBack(entry, scale: 1).raster, "back-\(kind.rawValue)", tolerance: .rounding)
    }

    @Test func busyPhotoUnderText() throws {
        let path = try photos.write(TestPhotos.busy(width: 300, height: 480), "busy.png")
        let entry = testEntry(id: "busy", title: "헤어질 결심", front: FacePhoto(name: "busy.png", path: path),
                              back: FacePhoto(name: "busy.png", path: path))
        try Golden.check(try CardRenderer().renderFront(entry, scale: 1).raster, "front-busy", tolerance: .rounding)
        try Golden.check(try CardRenderer().renderBack(entry, scale: 1).raster, "back-busy", tolerance: .rounding)
    }

    @Test(.enabled(if: Golden.emojiFontInstalled, "needs Noto Color Emoji (fonts-noto-color-emoji)"))
    func emojiTitle() throws {
        let renderer = try CardRenderer()
        let entry = testEntry(id: "emoji", title: "🎬🍿", memo: "최고의 하루 😂❤️ 또 보고 싶다 👍🏽")
        let front = try renderer.renderFront(entry, scale: 1)
        #expect(front.warnings.isEmpty, "\(front.warnings)")
        try Golden.check(front.raster, "front-emoji", tolerance: .rounding)
        try Golden.check(try renderer.renderBack(entry, scale: 1).raster, "back-emoji", tolerance: .rounding)
        try Golden.check(try renderer.renderDayThumbnail([entry], side: 128).raster, "day-emoji", tolerance: .rounding)
    }
}
