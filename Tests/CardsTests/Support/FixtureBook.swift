import PhotiCaseCards
import Foundation
import PhotiCaseDiary

/// The sample ticket book in fixtures/book, read with the product's loader.
enum FixtureBook {
    /// fixtures/book in this checkout.
    static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("fixtures/book").path
    }()

    /// True when `fixture-maker --book` has written the book's photos.
    static var hasPhotos: Bool {
        FileManager.default.fileExists(atPath: folder + "/2022-08-27-decision/front.jpg")
    }

    /// The entry folders, sorted by name.
    static func folders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            .filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)/entry.json") }
    }

    /// Every entry, sorted by folder name.
    static func entries() throws -> [Entry] {
        try folders().map { try EntryLoader().load(folder: "\(folder)/\($0)", defaultID: $0).entry }
    }
}
