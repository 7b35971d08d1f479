import PhotiCaseCards
import PhotiCaseCodecs
import Foundation
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// Renders the README's ticket book pictures (a gallery page, a list page,
/// a timeline page and the year in review) from the sample ticket book into
/// $PHOTICASE_README_IMAGES, as scripts/readme-images.sh asks with the
/// filter `CardsTests.readmeImages`; skipped otherwise. Faces are drawn
/// once and shared by every page, as the batch does.
@Test(.enabled(if: ProcessInfo.processInfo.environment["PHOTICASE_README_IMAGES"] != nil && FixtureBook.hasPhotos))
func readmeImagesBook() throws {
    let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["PHOTICASE_README_IMAGES"]!)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let save = { (image: RenderedImage, name: String) throws in
        let png = try ImageEncoder.encode(image.raster, settings: .png(compressionLevel: 9))
        try FileIO.writeAtomically(png, to: folder.appendingPathComponent("book-\(name).png").path)
    }
    let renderer = try CardRenderer()
    let entries = try FixtureBook.entries()
    var faces: [String: Raster] = [:]
    for entry in entries { faces[entry.id] = try renderer.renderFront(entry, scale: 1).raster }
    let tiles = BookOrder.sorted(entries).map { BookTile(entry: $0, face: faces[$0.id]) }
    let pageSize = 9
    let pages = BookOrder.pages(of: tiles, pageSize: pageSize)
    try save(try renderer.renderGalleryPage(pages[0], page: 1, pageCount: pages.count, pageSize: pageSize,
                                            totalCount: entries.count, scale: 1), "gallery")
    try save(try renderer.renderListPage(Array(pages[0].prefix(6)), page: 1, pageCount: BookOrder.pageCount(entries.count, pageSize: 6),
                                         pageSize: 6, totalCount: entries.count, scale: 1), "list")
    let year = try #require(BookOrder.timeline(entries).first)
    let timeline = BookOrder.timelinePages(year.months)
    try save(try renderer.renderTimelinePage(year: year.year, sections: timeline[0], faces: faces,
                                             pageCount: timeline.count, scale: 1), "timeline")
    let summary = YearSummary(year: year.year, entries: entries)
    try save(try renderer.renderYearInReview(summary, topFaces: summary.top.map { faces[$0.id] }, scale: 1), "year")
}
