import Testing
@testable import PhotiCaseDiary
import PhotiCaseRaster

/// The two crop forms, their options, and what is refused.
struct CropFormTests {
    static let file = "2022-08-27-decision/entry.json"

    /// The front face's crop read from `crop`, the crop object's JSON text.
    func frontCrop(_ crop: String) throws(EntryError) -> EditorState? {
        try parseEntry(entryJSON("\"front\": {\"photo\": \"front.jpg\", \"crop\": \(crop)}")).front?.crop
    }

    @Test func readsScrollViewForm() throws {
        let state = try frontCrop(#"{"frame": [390, 480.5], "zoomScale": 1.75, "contentOffset": [12.5, -3]}"#)
        #expect(state == EditorState(placement: .scrollView(frame: Size(width: 390, height: 480.5), zoomScale: 1.75,
                                                            contentOffset: Point(x: 12.5, y: -3))))
    }

    @Test func readsRectFormWithTurnsAndFlip() throws {
        let state = try frontCrop(#"{"rect": [0.1, 0.2, 0.5, 0.25], "quarterTurns": 3, "flipHorizontal": true}"#)
        #expect(state == EditorState(placement: .normalizedRect(Rect(x: 0.1, y: 0.2, width: 0.5, height: 0.25)),
                                     quarterTurns: 3, flipHorizontal: true))
    }

    @Test func outOfRangeScrollValuesAreKeptForTheResolver() throws {
        let state = try frontCrop(#"{"frame": [100, 100], "zoomScale": 0.2, "contentOffset": [-500, 1e6], "x": 1}"#)
        #expect(state?.placement == .scrollView(frame: Size(width: 100, height: 100), zoomScale: 0.2,
                                                contentOffset: Point(x: -500, y: 1e6)))
        let rect = try frontCrop(#"{"rect": [-1, 2, 0, 7]}"#)
        #expect(rect?.placement == .normalizedRect(Rect(x: -1, y: 2, width: 0, height: 7)))
    }

    @Test func faceWithoutCropHasNoState() throws {
        let entry = try parseEntry(entryJSON(#""back": {"photo": "b.webp"}"#))
        #expect(entry.back == FacePhoto(name: "b.webp", path: "/nonexistent/2022-08-27-decision/b.webp", crop: nil))
    }

    /// A crop that only turns or mirrors the photo (the app writes
    /// `{"flipHorizontal": true}` for a mirrored photo) is the whole photo,
    /// centred and filling the frame as without a crop.
    @Test(arguments: [(#"{"flipHorizontal": true}"#, 0, true), (#"{"quarterTurns": 1}"#, 1, false),
                      (#"{"quarterTurns": 2, "flipHorizontal": false}"#, 2, false)])
    func aCropOfTurnsOrAFlipAloneIsTheWholePhoto(crop: String, turns: Int, flip: Bool) throws {
        let state = try frontCrop(crop)
        #expect(state == EditorState(placement: nil, quarterTurns: turns, flipHorizontal: flip))
        #expect(state?.jsonText == #"{"quarterTurns": \#(turns), "flipHorizontal": \#(flip)}"#)
    }

    static let refused: [(String, String)] = [
        (#"{"frame": [1, 2], "zoomScale": 1, "contentOffset": [0, 0], "rect": [0, 0, 1, 1]}"#,
         "\"front.crop\" must have either \"rect\" or \"frame\", \"zoomScale\" and \"contentOffset\", not both"),
        (#"{"zoomScale": 1, "rect": [0, 0, 1, 1]}"#,
         "\"front.crop\" must have either \"rect\" or \"frame\", \"zoomScale\" and \"contentOffset\", not both"),
        (#"{}"#, "\"front.crop\" needs either \"rect\" or \"frame\", \"zoomScale\" and \"contentOffset\""),
        (#"{"zoomScale": 1, "contentOffset": [0, 0]}"#, "\"front.crop.frame\" is missing"),
        (#"{"frame": [1, 2], "contentOffset": [0, 0]}"#, "\"front.crop.zoomScale\" is missing"),
        (#"{"frame": [1, 2], "zoomScale": 1}"#, "\"front.crop.contentOffset\" is missing"),
        (#"{"frame": [1, 2], "zoomScale": "2", "contentOffset": [0, 0]}"#, "\"front.crop.zoomScale\" must be a number"),
        (#"{"frame": [1, 2, 3], "zoomScale": 1, "contentOffset": [0, 0]}"#,
         "\"front.crop.frame\" must be an array of 2 numbers"),
        (#"{"frame": {"w": 1, "h": 2}, "zoomScale": 1, "contentOffset": [0, 0]}"#,
         "\"front.crop.frame\" must be an array of 2 numbers"),
        (#"{"frame": [0, 480], "zoomScale": 1, "contentOffset": [0, 0]}"#,
         "\"front.crop.frame\": [0, 480] must have a width and height greater than 0"),
        (#"{"frame": [390, -1.5], "zoomScale": 1, "contentOffset": [0, 0]}"#,
         "\"front.crop.frame\": [390, -1.5] must have a width and height greater than 0"),
        (#"{"frame": [1, 2], "zoomScale": 1, "contentOffset": [0, null]}"#,
         "\"front.crop.contentOffset\" must be an array of 2 numbers"),
        (#"{"rect": [0, 0, 1]}"#, "\"front.crop.rect\" must be an array of 4 numbers"),
        (#"{"rect": [0, "0", 1, 1]}"#, "\"front.crop.rect\" must be an array of 4 numbers"),
        (#"{"rect": "0 0 1 1"}"#, "\"front.crop.rect\" must be an array of 4 numbers"),
        (#"{"rect": [0, 0, 1, 1], "quarterTurns": 4}"#, "\"front.crop.quarterTurns\": 4 is outside 0...3"),
        (#"{"rect": [0, 0, 1, 1], "quarterTurns": -1}"#, "\"front.crop.quarterTurns\": -1 is outside 0...3"),
        (#"{"rect": [0, 0, 1, 1], "quarterTurns": 1.5}"#, "\"front.crop.quarterTurns\" must be an integer"),
        (#"{"rect": [0, 0, 1, 1], "quarterTurns": "1"}"#, "\"front.crop.quarterTurns\" must be an integer"),
        (#"{"rect": [0, 0, 1, 1], "flipHorizontal": 1}"#, "\"front.crop.flipHorizontal\" must be true or false"),
    ]

    @Test(arguments: refused)
    func refusesCrop(crop: String, problem: String) throws {
        let error = try #require(throws: EntryError.self) { try frontCrop(crop) }
        #expect(error.description == "\(Self.file): \(problem)")
    }

    @Test func nonFiniteNumbersCannotReachTheState() throws {
        let error = try #require(throws: EntryError.self) {
            try frontCrop(#"{"frame": [1, 2], "zoomScale": 1e999, "contentOffset": [0, 0]}"#)
        }
        guard case .malformed(_, let json) = error else {
            Issue.record("expected a JSON error, got \(error)")
            return
        }
        #expect(json.reason == .numberOutOfRange)
    }

    static let states: [EditorState] = [
        EditorState(placement: .scrollView(frame: Size(width: 390, height: 480), zoomScale: 1.5,
                                           contentOffset: Point(x: 10, y: 20.25))),
        EditorState(placement: .scrollView(frame: Size(width: 0.5, height: 1e-3), zoomScale: 1,
                                           contentOffset: Point(x: -0.0, y: 1e20)), quarterTurns: 2),
        EditorState(placement: .normalizedRect(Rect(x: 0.1, y: 0, width: 0.5, height: 1 / 3)),
                    quarterTurns: 1, flipHorizontal: true),
    ]

    @Test(arguments: states)
    func writtenStateReadsBack(state: EditorState) throws {
        #expect(try frontCrop(state.jsonText) == state)
    }

    @Test func writesCompactText() {
        let state = EditorState(placement: .normalizedRect(Rect(x: 0.1, y: 0, width: 0.5, height: 0.5)),
                                quarterTurns: 1)
        #expect(state.jsonText == #"{"rect": [0.1, 0, 0.5, 0.5], "quarterTurns": 1, "flipHorizontal": false}"#)
        let scroll = EditorState(placement: .scrollView(frame: Size(width: 390, height: 480), zoomScale: 2,
                                                        contentOffset: Point(x: 12.5, y: 0)), flipHorizontal: true)
        #expect(scroll.jsonText
            == #"{"frame": [390, 480], "zoomScale": 2, "contentOffset": [12.5, 0], "quarterTurns": 0, "flipHorizontal": true}"#)
    }
}
