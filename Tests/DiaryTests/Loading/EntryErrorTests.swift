import Testing
@testable import PhotiCaseDiary

/// One invalid field at a time, with the exact message each gives.
struct EntryErrorTests {
    typealias Case = MessageCase

    static let file = "2022-08-27-decision/entry.json"

    static func field(_ extra: String, _ problem: String) -> Case {
        Case(text: entryJSON(extra), message: "\(file): \(problem)")
    }

    static let cases: [Case] = [
        Case(text: #"{"date": "2022-08-27", "rating": 4}"#, message: "\(file): \"title\" is missing"),
        Case(text: #"{"title": null, "date": "2022-08-27", "rating": 4}"#, message: "\(file): \"title\" is missing"),
        Case(text: entryJSON(title: "42"), message: "\(file): \"title\" must be a string"),
        Case(text: entryJSON(title: "\" \\t\\n \""), message: "\(file): \"title\" must not be empty"),
        Case(text: entryJSON(title: "\"\""), message: "\(file): \"title\" must not be empty"),
        // Characters, but nothing to show once the search API's markup is
        // removed, as every face and page removes it.
        Case(text: entryJSON(title: #""<b></b>""#),
             message: "\(file): \"title\": \"<b></b>\" has no text once its <b> tags and HTML entities are removed"),
        Case(text: entryJSON(title: #""<B> </b >&nbsp;""#),
             message: "\(file): \"title\": \"<B> </b >&nbsp;\" has no text once its <b> tags and HTML entities are removed"),
        Case(text: entryJSON(title: #"" &#32;&#x3000;\t""#),
             message: "\(file): \"title\": \" &#32;&#x3000;\\t\" has no text once its <b> tags and HTML entities are removed"),
        Case(text: #"{"title": "x", "rating": 4}"#, message: "\(file): \"date\" is missing"),
        Case(text: entryJSON(date: "20220827"), message: "\(file): \"date\" must be a string"),
        Case(text: entryJSON(date: "\"2022-02-30\""),
             message: "\(file): \"date\": \"2022-02-30\" is not a valid YYYY-MM-DD date"),
        Case(text: entryJSON(date: "\"2022-8-27\""),
             message: "\(file): \"date\": \"2022-8-27\" is not a valid YYYY-MM-DD date"),
        Case(text: entryJSON(date: "\"2022-08-27T10:00\""),
             message: "\(file): \"date\": \"2022-08-27T10:00\" is not a valid YYYY-MM-DD date"),
        Case(text: #"{"title": "x", "date": "2022-08-27"}"#, message: "\(file): \"rating\" is missing"),
        Case(text: entryJSON(rating: "\"4.5\""), message: "\(file): \"rating\" must be a number"),
        Case(text: entryJSON(rating: "7"), message: "\(file): \"rating\": 7 is outside 0...5"),
        Case(text: entryJSON(rating: "-0.5"), message: "\(file): \"rating\": -0.5 is outside 0...5"),
        Case(text: entryJSON(rating: "5.5"), message: "\(file): \"rating\": 5.5 is outside 0...5"),
        Case(text: entryJSON(rating: "4.3"), message: "\(file): \"rating\": 4.3 must be in steps of 0.5"),
        Case(text: entryJSON(rating: "0.25"), message: "\(file): \"rating\": 0.25 must be in steps of 0.5"),
        field(#""kind": "film""#, "\"kind\": \"film\" is not one of movie, drama, book, performance, exhibition, concert, other (a theme may add kinds: its \"kinds\")"),
        field(#""kind": "Movie""#, "\"kind\": \"Movie\" is not one of movie, drama, book, performance, exhibition, concert, other (a theme may add kinds: its \"kinds\")"),
        field(#""kind": 1"#, "\"kind\" must be a string"),
        field(#""director": ["a"]"#, "\"director\" must be a string"),
        field(#""year": "2022""#, "\"year\" must be an integer"),
        field(#""year": 2022.5"#, "\"year\" must be an integer"),
        field(#""year": 0"#, "\"year\": 0 is outside 1...9999"),
        field(#""friends": "민수""#, "\"friends\" must be an array of strings"),
        field(#""friends": ["민수", 3]"#, "\"friends[1]\" must be a string"),
        field(#""memo": 12"#, "\"memo\" must be a string"),
        field(#""id": 5"#, "\"id\" must be a string"),
        field(#""id": " ""#, "\"id\" must not be empty"),
        field(#""front": "front.jpg""#, "\"front\" must be an object"),
        field(#""front": {}"#, "\"front.photo\" is missing"),
        field(#""back": {"photo": 1}"#, "\"back.photo\" must be a string"),
        field(#""front": {"photo": "f.jpg", "crop": []}"#, "\"front.crop\" must be an object"),
        // A long value is shortened in the message.
        field("\"kind\": \"\(String(repeating: "x", count: 100))\"",
              "\"kind\": \"\(String(repeating: "x", count: 58))… is not one of movie, drama, book, performance, exhibition, concert, other (a theme may add kinds: its \"kinds\")"),
        // The document itself.
        Case(text: "[1, 2]", message: "\(file): must hold a JSON object, not an array"),
        Case(text: "\"title\"", message: "\(file): must hold a JSON object, not a string"),
        Case(text: "{\n  \"title\": \"x\",\n  \"rating\": 4 \"date\": \"2022-08-27\"\n}",
             message: "\(file): line 3, column 15: expected ',' or '}'"),
        Case(text: "{\"title\": \"x\", \"title\": \"y\"}", message: "\(file): line 1, column 16: duplicate key \"title\""),
    ]

    @Test(arguments: cases)
    func reportsField(_ testCase: Case) throws {
        let error = try #require(throws: EntryError.self) { try parseEntry(testCase.text) }
        #expect(error.description == testCase.message)
        #expect(error.file == Self.file)
    }

    @Test func errorsAreTyped() throws {
        let error = try #require(throws: EntryError.self) { try parseEntry(entryJSON(rating: "7")) }
        #expect(error == .outOfRange(file: Self.file, field: "rating", value: "7", range: "0...5"))
    }

    @Test func invalidUTF8NamesTheFileAndPosition() throws {
        var bytes = Array(entryJSON().utf8)
        let index = try #require(bytes.firstIndex(of: "헤".utf8.first!))
        bytes[index] = 0xFF
        let error = try #require(throws: EntryError.self) {
            try EntryLoader().parse(json: bytes, folder: "/x", defaultID: "x", displayPath: Self.file)
        }
        #expect(error.description == "\(Self.file): line 2, column 13: string is not valid UTF-8")
    }

    @Test func tooLargeBytesAreRefusedBeforeParsing() throws {
        let loader = EntryLoader(limits: JSONParser.Limits(maxBytes: 64))
        let text = entryJSON("\"memo\": \"\(String(repeating: "m", count: 100))\"")
        let error = try #require(throws: EntryError.self) {
            try loader.parse(json: Array(text.utf8), folder: "/x", defaultID: "x", displayPath: Self.file)
        }
        #expect(error == .tooLarge(file: Self.file, size: text.utf8.count, limit: 64))
    }
}
