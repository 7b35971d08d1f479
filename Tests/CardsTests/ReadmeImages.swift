import PhotiCaseCards
import PhotiCaseCodecs
import Foundation
import PhotiCaseImaging
import PhotiCaseRaster
import Testing
import PhotiCaseDiary

/// Renders the README's pictures (a front and a back face, a share image, a
/// story and a feed image, a crowded day, a month sheet) from the sample
/// ticket book into $PHOTICASE_README_IMAGES (scripts/readme-images.sh
/// sets it); skipped otherwise.
@Test(.enabled(if: ProcessInfo.processInfo.environment["PHOTICASE_README_IMAGES"] != nil && FixtureBook.hasPhotos))
func readmeImages() throws {
    let dir = ProcessInfo.processInfo.environment["PHOTICASE_README_IMAGES"]!
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    func write(_ image: RenderedImage, _ name: String) throws {
        try FileIO.writeAtomically(try ImageEncoder.encode(image.raster, settings: .png(compressionLevel: 9)),
                                   to: "\(dir)/\(name).png")
    }
    let renderer = try CardRenderer()
    let entries = try FixtureBook.entries()
    let decision = try #require(entries.first { $0.id == "2022-08-27-decision" })
    try write(try renderer.renderFront(decision, scale: 1), "front")
    try write(try renderer.renderBack(decision, scale: 1), "back")
    try write(try renderer.renderShare(decision, options: ShareOptions(scale: 1)), "share")
    // The entry's story and feed images (the `shares` kind), at half their
    // 1080-pixel width: a README shows them beside the ticket.
    for format in SocialFormat.allCases {
        let image = try renderer.renderSocial(SocialImageInput(decision, format: format))
        let half = PixelSize(width: format.size.width / 2, height: format.size.height / 2)
        try write(RenderedImage(raster: image.raster.resized(to: half), warnings: image.warnings), format.rawValue)
    }
    try write(try renderer.renderDayThumbnail(entries.filter { $0.date == CalendarDate(year: 2022, month: 8, day: 20) }),
              "day-2022-08-20")
    try write(try renderer.renderMonthSheet(year: 2022, month: 8, entries: entries,
                                            today: CalendarDate(year: 2022, month: 8, day: 27), scale: 1.5),
              "month-2022-08")
    // Issue 12's cases: a title of emoji, and a transparent cut-out poster
    // (made by `fixture-maker --poster`) on both faces.
    var emoji = Entry(id: "emoji", folder: FixtureBook.folder, title: "🎬🍿 영화의 밤",
                      date: CalendarDate(year: 2022, month: 8, day: 13)!, rating: 4.5, kind: .other,
                      friends: ["민수"], memo: "친구들이랑 집에서 영화 세 편 😂 팝콘은 역시 캐러멜 🍿❤️")
    try write(try renderer.renderShare(emoji, options: ShareOptions(scale: 1)), "share-emoji")
    if let poster = ProcessInfo.processInfo.environment["PHOTICASE_README_POSTER"] {
        let photo = FacePhoto(name: "poster.png", path: poster)
        emoji = Entry(id: "poster", folder: FixtureBook.folder, title: "스즈메의 문단속",
                      date: CalendarDate(year: 2023, month: 3, day: 8)!, rating: 4, kind: .movie,
                      director: "신카이 마코토", year: 2022, memo: "투명한 포스터도 카드 배경 위에 그려진다.",
                      front: photo, back: photo)
        try write(try renderer.renderShare(emoji, options: ShareOptions(scale: 1)), "share-poster")
    }
}

/// Prints how long a share image of the sample book's first entry takes at
/// scale 2; run in release with PHOTICASE_TIMING=1.
@Test(.enabled(if: ProcessInfo.processInfo.environment["PHOTICASE_TIMING"] != nil && FixtureBook.hasPhotos))
func shareTiming() throws {
    let renderer = try CardRenderer()
    let entry = try #require(try FixtureBook.entries().first { $0.id == "2022-08-27-decision" })
    _ = try renderer.renderShare(entry, options: ShareOptions(scale: 2))
    let clock = ContinuousClock()
    let runs = 5
    let elapsed = try clock.measure {
        for _ in 0..<runs { _ = try renderer.renderShare(entry, options: ShareOptions(scale: 2)) }
    }
    let day = try clock.measure {
        _ = try renderer.renderDayThumbnail(try FixtureBook.entries().filter { $0.date.day == 20 })
    }
    print("share image at scale 2: \(elapsed / runs) per image; day thumbnail of five: \(day)")
}
