import Testing
@testable import PhotiCaseDiary

/// Well-formed documents and the values they read as.
struct JSONParserTests {
    static let documents: [(String, JSONValue)] = [
        ("null", nil),
        ("true", true),
        (" false ", false),
        ("0", 0),
        ("-12", -12),
        ("1.5", 1.5),
        ("\"\"", ""),
        ("[]", []),
        ("{}", [:]),
        ("[1, [2, [3, []]], {}]", [1, [2, [3, []]], [:]]),
        ("{\"b\": 1, \"a\": [true, null]}", ["b": 1, "a": [true, nil]]),
        ("\t\r\n{ \"k\" :\n\"v\" }\r\n", ["k": "v"]),
        ("{\"title\": \"헤어질 결심\", \"rating\": 4.5}", ["title": "헤어질 결심", "rating": 4.5]),
        ("\u{FEFF}[1]", [1]),
    ]

    @Test(arguments: documents)
    func parsesDocument(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    @Test func objectKeepsMemberOrder() throws {
        let object = try #require(try JSONParser.parse("{\"z\": 1, \"a\": 2, \"m\": 3}").objectValue)
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["a"] == 2)
        #expect(object["missing"] == nil)
        #expect(object.contains("m"))
    }

    static let escapes: [(String, String)] = [
        (#""\"\\\/""#, "\"\\/"),
        (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
        (#""\u0041\u00e9\uAC00""#, "Aé가"),
        (#""\u0000""#, "\u{0}"),
        (#""\uD83D\uDE00""#, "😀"),
        (#""a\uD834\uDD1Eb""#, "a𝄞b"),
        (#""<b>헤어질</b> &amp; 결심""#, "<b>헤어질</b> &amp; 결심"),
        ("\"raw 😀 é\"", "raw 😀 é"),
    ]

    @Test(arguments: escapes)
    func decodesEscapes(text: String, expected: String) throws {
        #expect(try JSONParser.parse(text) == .string(expected))
    }

    @Test func integerLiteralsKeepExactValues() throws {
        let big = try #require(try JSONParser.parse("9007199254740993").numberValue)
        #expect(big.isIntegerLiteral)
        #expect(big.exactInteger == 9_007_199_254_740_993)
        let huge = try #require(try JSONParser.parse("123456789012345678901234567890").numberValue)
        #expect(huge.isIntegerLiteral)
        #expect(huge.exactInteger == nil)
        #expect(huge.value == 1.2345678901234568e29)
    }

    static let numbers: [(String, Double, Bool)] = [
        ("-0", -0.0, true),
        ("0.25", 0.25, false),
        ("1e308", 1e308, false),
        ("-1.7976931348623157e308", -1.7976931348623157e308, false),
        ("2E-3", 0.002, false),
        ("5e+2", 500, false),
        ("1.0", 1, false),
        ("1e-400", 0, false),
    ]

    @Test(arguments: numbers)
    func readsNumber(text: String, value: Double, isInteger: Bool) throws {
        let number = try #require(try JSONParser.parse(text).numberValue)
        #expect(number.value == value)
        #expect(number.value.sign == value.sign)
        #expect(number.isIntegerLiteral == isInteger)
    }

    @Test func integerValueAcceptsWholeFloats() {
        #expect(JSONNumber(3.0).integerValue == 3)
        #expect(JSONNumber(3.5).integerValue == nil)
        #expect(JSONNumber(integer: -7).integerValue == -7)
        #expect(JSONNumber(1e300).integerValue == nil)
    }

    @Test func depthUpToTheLimitIsAccepted() throws {
        let limits = JSONParser.Limits(maxDepth: 64)
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        var value = try JSONParser.parse(text, limits: limits)
        var depth = 0
        while let inner = value.arrayValue {
            depth += 1
            value = inner.first ?? .null
        }
        #expect(depth == 64)
    }

    @Test func largeArraysAndObjects() throws {
        let count = 20_000
        let array = "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
        let elements = try #require(try JSONParser.parse(array).arrayValue)
        #expect(elements.count == count)
        #expect(elements.last == .number(JSONNumber(integer: count - 1)))
        let object = "{" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
        let members = try #require(try JSONParser.parse(object).objectValue)
        #expect(members.members.count == count)
        #expect(members["k19999"] == 19_999)
    }
}
