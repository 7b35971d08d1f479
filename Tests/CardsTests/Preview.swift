import Cards
import Codecs
import Foundation
import Testing

/// Writes renders of the sample book to $PHOTICASE_PREVIEW_DIR for looking at.
@Test(.enabled(if: ProcessInfo.processInfo.environment["PHOTICASE_PREVIEW_DIR"] != nil && FixtureBook.hasPhotos))
func preview() throws {
    let dir = ProcessInfo.processInfo.environment["PHOTICASE_PREVIEW_DIR"]!
    let renderer = try CardRenderer()
    let entries = try FixtureBook.entries()
    for entry in entries {
        let share = try renderer.renderShare(entry, options: ShareOptions(scale: 1))
        for w in share.warnings { print("\(entry.id): \(w)") }
        try FileIO.writeAtomically(try ImageEncoder.encode(share.raster, settings: .png()),
                                   to: "\(dir)/\((entry.folder as NSString).lastPathComponent).png")
    }
    for month in [8, 9] {
        let sheet = try renderer.renderMonthSheet(year: 2022, month: month, entries: entries,
                                                  today: CalendarDate(year: 2022, month: 8, day: 27), scale: 2)
        try FileIO.writeAtomically(try ImageEncoder.encode(sheet.raster, settings: .png()), to: "\(dir)/month-\(month).png")
    }
    let day = try renderer.renderDayThumbnail(entries.filter { $0.date.day == 20 })
    try FileIO.writeAtomically(try ImageEncoder.encode(day.raster, settings: .png()), to: "\(dir)/day-20.png")
}
