import Foundation
import Testing

/// What entry.json says, as a user meets it through the built binary: a
/// title with nothing to show, and photo names in another Unicode
/// normalization than the disk's.
@Suite(.serialized) struct EntryTextCommandTests {
    typealias Book = RenderCommandTests.Book

    /// Photos large enough that no face enlarges them (no warning line).
    static let photoSide = 1400

    /// A title that is only `<b>` markup and entities shows nothing on any
    /// face or page: it is an error naming entry.json and the field, for
    /// `render` (that entry fails alone) and `share`.
    @Test func aTitleWithNoTextOnceMarkupIsRemovedIsAnError() throws {
        let book = try Book()
        try book.add("good", date: "2022-08-01", size: Self.photoSide)
        try book.add("blank", date: "2022-08-02", size: Self.photoSide)
        let json = book.root + "/blank/entry.json"
        try Data(#"{"title": "<b></b>&nbsp;", "date": "2022-08-02", "rating": 3, "front": {"photo": "front.jpg"}}"#.utf8)
            .write(to: URL(fileURLWithPath: json))
        let expected = "\(json): \"title\": \"<b></b>&nbsp;\" has no text once its <b> tags and HTML entities are removed"
        let (r, events) = try book.render()
        #expect(r.status == 1, "\(r.stderr)")
        #expect(RenderCommandTests.ids(events, "failed") == ["blank"])
        #expect(RenderCommandTests.ids(events, "rendered").contains("good"))
        #expect(events.contains { ($0["error"] as? String) == expected }, "\(r.stderr)")
        let share = try Tool.run(["share", book.root + "/blank", "-o", book.base + "/blank.png"])
        #expect(share.status == 1)
        #expect(share.stderr == "photicase-render: \(expected)\n", "\(share.stderr)")
    }

    /// entry.json names its photo composed (NFC) while the disk holds it
    /// decomposed (NFD), as a copy from macOS or iCloud leaves it, or the
    /// other way round: `render` and `share` find it, and a rerun finds
    /// the book unchanged.
    @Test(arguments: [true, false]) func aPhotoNamedInAnotherNormalizationIsFound(entryComposed: Bool) throws {
        let book = try Book()
        let composed = "\u{C55E}\u{BA74} caf\u{E9}.jpg"
        let decomposed = "\u{110B}\u{1161}\u{11C1}\u{1106}\u{1167}\u{11AB} cafe\u{301}.jpg"
        let (written, onDisk) = entryComposed ? (composed, decomposed) : (decomposed, composed)
        try book.add("a", date: "2022-08-27", photo: "front.jpg", size: Self.photoSide,
                     frontJSON: #"{"photo": "\#(written)"}"#)
        #expect(rename(book.root + "/a/front.jpg", book.root + "/a/" + onDisk) == 0)
        let (first, events) = try book.render()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(RenderCommandTests.ids(events, "rendered").contains("a"))
        let (second, again) = try book.render()
        #expect(second.status == 0)
        #expect(RenderCommandTests.ids(again, "rendered").isEmpty, "\(second.stderr)")
        let share = try Tool.run(["share", book.root + "/a", "-o", book.base + "/a.png"])
        #expect(share.status == 0, "\(share.stderr)")
        #expect(share.stderr.isEmpty, "\(share.stderr)")
    }
}
