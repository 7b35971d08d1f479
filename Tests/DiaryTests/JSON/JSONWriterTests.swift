import Testing
@testable import PhotiCaseDiary

struct JSONWriterTests {
    static let texts: [(JSONValue, String)] = [
        (["a": 1, "b": [true, false, nil], "c": "x"], #"{"a": 1, "b": [true, false, null], "c": "x"}"#),
        ([], "[]"),
        ([:], "{}"),
        (1.5, "1.5"),
        (2.0, "2.0"),
        (-0.0, "-0.0"),
        (1e-7, "1e-07"),
        (.string("q\"b\\s\n\t\u{01}\u{1F}é😀"), #""q\"b\\s\n\t\u0001\u001Fé😀""#),
    ]

    @Test(arguments: texts)
    func writesText(value: JSONValue, expected: String) {
        #expect(JSONWriter.text(of: value) == expected)
    }

    static let roundTrips: [JSONValue] = [
        ["title": "<b>헤어질</b> 결심", "rating": 4.5, "friends": ["민수", "지영"], "year": 2022, "memo": nil],
        [0.1, 1e308, -1e-300, 123456.789, 5e20, 0, -0.0],
        [.number(JSONNumber(value: 1e20, isIntegerLiteral: true, exactInteger: nil)), .string("\u{0}\u{7F}\u{FFFF}")],
        [[["deep": [[1]]]]],
    ]

    @Test(arguments: roundTrips)
    func parsesBackToTheSameValue(value: JSONValue) throws {
        let text = JSONWriter.text(of: value)
        #expect(try JSONParser.parse(text) == value)
    }

    @Test func largeIntegerLiteralStaysAnInteger() throws {
        let text = "123456789012345678901234567890"
        let value = try JSONParser.parse(text)
        let written = JSONWriter.text(of: value)
        #expect(written == "123456789012345680000000000000")
        #expect(try JSONParser.parse(written) == value)
    }
}
