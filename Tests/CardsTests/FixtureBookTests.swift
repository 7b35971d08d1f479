import PhotiCaseCards
import Foundation
import Testing
import PhotiCaseImaging
import PhotiCaseDiary

/// The sample ticket book holds what the README and the brief promise.
@Suite struct FixtureBookTests {
    @Test func everyEntryLoadsAndTheBookCoversTheCases() throws {
        let entries = try FixtureBook.entries()
        #expect(entries.count >= 12)
        #expect(Set(entries.map(\.kind)) == Set(EntryKind.allCases))
        #expect(entries.map(\.rating).min() == 0.5 && entries.map(\.rating).max() == 5)
        #expect(Set(entries.map(\.date.monthKey)) == ["2022-08", "2022-09"])
        #expect(Dictionary(grouping: entries, by: \.date).values.contains { $0.count == 5 })
        #expect(entries.contains { $0.front == nil && $0.back == nil })
        #expect(entries.contains { $0.front != nil && $0.back == nil })
        #expect(entries.contains { $0.front == nil && $0.back != nil })
        #expect(entries.contains { $0.title.contains("<b>") && $0.title.contains("&amp;") })
        #expect(entries.contains { ($0.memo?.count ?? 0) > 300 })
        let crops = entries.flatMap { [$0.front?.crop, $0.back?.crop] }.compactMap { $0 }
        #expect(crops.contains { $0.quarterTurns % 2 == 1 })
        #expect(crops.contains { $0.flipHorizontal })
        #expect(crops.contains { $0.placement == nil && $0.flipHorizontal })
        #expect(entries.contains { $0.frontText == .below })
        #expect(crops.contains { if case .normalizedRect = $0.placement { true } else { false } })
        #expect(crops.contains { if case .scrollView(_, let zoom, _) = $0.placement { zoom > CropResolver.defaultMaxZoom } else { false } })
    }

    @Test(.enabled(if: FixtureBook.hasPhotos, "run `fixture-maker --book fixtures/book` first"))
    func everyEntryRenders() throws {
        let renderer = try CardRenderer()
        var clamped = 0
        for entry in try FixtureBook.entries() {
            let faces = [try renderer.renderFront(entry, scale: 0.5), try renderer.renderBack(entry, scale: 0.5)]
            clamped += faces.flatMap(\.warnings).filter { if case .crop = $0 { true } else { false } }.count
        }
        #expect(clamped >= 2)
    }
}
