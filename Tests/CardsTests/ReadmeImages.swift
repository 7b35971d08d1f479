import Cards
import Codecs
import Foundation
import Testing

/// Renders the README's pictures from the sample ticket book into
/// $PHOTICASE_README_IMAGES (scripts/readme-images.sh sets it); skipped otherwise.
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
    try write(try renderer.renderDayThumbnail(entries.filter { $0.date == CalendarDate(year: 2022, month: 8, day: 20) }),
              "day-2022-08-20")
    try write(try renderer.renderMonthSheet(year: 2022, month: 8, entries: entries,
                                            today: CalendarDate(year: 2022, month: 8, day: 27), scale: 1.5),
              "month-2022-08")
}
