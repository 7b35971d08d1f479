import Testing
import PhotiCaseDiary

/// An id is spelled composed (NFC) where it is formed: from the `id`
/// field and from the folder's path, however either is spelled.
@Suite struct EntryIDSpellingTests {
    static let composed = "\u{CE74}\u{D398} caf\u{E9}/\u{D5E4}\u{C5B4}\u{C9C8} \u{1E69}"
    static let decomposed = "\u{110F}\u{1161}\u{1111}\u{1166} cafe\u{301}/\u{1112}\u{1166}\u{110B}\u{1165}\u{110C}\u{1175}\u{11AF} s\u{323}\u{307}"

    @Test(arguments: [composed, decomposed, "\u{110F}\u{1161}\u{1111}\u{1166} caf\u{E9}/\u{D5E4}\u{C5B4}\u{C9C8} s\u{307}\u{323}"])
    func everySpellingGivesTheComposedBytes(_ id: String) {
        #expect(Array(Entry.spelling(ofID: id).utf8) == Array(Self.composed.utf8))
    }

    @Test(arguments: ["2022/08/decision", "", "a b", "\u{1F3AC} film", "\u{C601}\u{D654}"])
    func aComposedIDIsKeptAsItIs(_ id: String) {
        #expect(Array(Entry.spelling(ofID: id).utf8) == Array(id.utf8))
    }

    @Test(arguments: [composed, decomposed])
    func theIDFieldIsComposed(_ id: String) throws {
        let json = #"{"id": "\#(id)", "title": "t", "date": "2022-08-27", "rating": 3}"#
        let entry = try EntryLoader().parse(json: Array(json.utf8), folder: "/x", defaultID: "x", displayPath: "/x/entry.json")
        #expect(Array(entry.id.utf8) == Array(Self.composed.utf8))
    }

    @Test(arguments: [composed, decomposed])
    func theDefaultIDIsComposed(_ id: String) throws {
        let json = #"{"title": "t", "date": "2022-08-27", "rating": 3}"#
        let entry = try EntryLoader().parse(json: Array(json.utf8), folder: "/x", defaultID: id, displayPath: "/x/entry.json")
        #expect(Array(entry.id.utf8) == Array(Self.composed.utf8))
    }
}
