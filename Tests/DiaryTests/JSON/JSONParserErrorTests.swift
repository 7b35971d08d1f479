import Testing
@testable import PhotiCaseDiary

/// Malformed documents: the exact reason, line and column of each.
struct JSONParserErrorTests {
    typealias Case = MessageCase

    static let cases: [Case] = [
        Case(text: "{\n  \"a\": 1,\n  \"b\": 2 \"c\": 3\n}", message: "line 3, column 10: expected ',' or '}'"),
        Case(text: "[1 2]", message: "line 1, column 4: expected ',' or ']'"),
        Case(text: "[1,]", message: "line 1, column 4: expected a value"),
        Case(text: "{\"a\":1,}", message: "line 1, column 8: expected a string key"),
        Case(text: "{a:1}", message: "line 1, column 2: expected a string key"),
        Case(text: "{\"a\" 1}", message: "line 1, column 6: expected ':'"),
        Case(text: "", message: "line 1, column 1: unexpected end of input; expected a value"),
        Case(text: "  \n ", message: "line 2, column 2: unexpected end of input; expected a value"),
        Case(text: "[1,", message: "line 1, column 4: unexpected end of input; expected a value"),
        Case(text: "{\"a\": [1]", message: "line 1, column 10: unexpected end of input; expected ',' or '}'"),
        Case(text: "{\"a\"", message: "line 1, column 5: unexpected end of input; expected ':'"),
        Case(text: "[1] x", message: "line 1, column 5: unexpected characters after the end of the document"),
        Case(text: "{} {}", message: "line 1, column 4: unexpected characters after the end of the document"),
        Case(text: "nul", message: "line 1, column 1: expected 'null'"),
        Case(text: "[tru]", message: "line 1, column 2: expected 'true'"),
        Case(text: "[True]", message: "line 1, column 2: expected a value"),
        Case(text: "this is { not json", message: "line 1, column 1: expected a value"),
        Case(text: "[nothing]", message: "line 1, column 2: expected a value"),
        Case(text: "[fals]", message: "line 1, column 2: expected 'false'"),
        Case(text: "01", message: "line 1, column 1: numbers must not have leading zeros"),
        Case(text: "[-01]", message: "line 1, column 2: numbers must not have leading zeros"),
        Case(text: "-", message: "line 1, column 2: unexpected end of input; expected a digit"),
        Case(text: "[-a]", message: "line 1, column 3: expected a digit"),
        Case(text: "1.", message: "line 1, column 3: unexpected end of input; expected a digit"),
        Case(text: "[1.e5]", message: "line 1, column 4: expected a digit"),
        Case(text: "[1e+]", message: "line 1, column 5: expected a digit"),
        Case(text: "[.5]", message: "line 1, column 2: expected a value"),
        Case(text: "[+1]", message: "line 1, column 2: expected a value"),
        Case(text: "1e309", message: "line 1, column 1: number is too large"),
        Case(text: "[0, -1e400]", message: "line 1, column 5: number is too large"),
        Case(text: "\"abc", message: "line 1, column 1: string is not closed with '\"'"),
        Case(text: "[\"a\nb\"]", message: "line 1, column 4: control character U+000A in a string must be escaped"),
        Case(text: "\"tab\there\"", message: "line 1, column 5: control character U+0009 in a string must be escaped"),
        Case(text: "\"\\x\"", message: "line 1, column 2: invalid escape '\\x'"),
        Case(text: "\"\\u12G4\"", message: "line 1, column 6: expected a hexadecimal digit"),
        Case(text: "\"\\uD83D\"", message: "line 1, column 2: \\u escape U+D83D is a surrogate without its pair"),
        Case(text: "\"\\uD83Dx\"", message: "line 1, column 2: \\u escape U+D83D is a surrogate without its pair"),
        Case(text: "\"\\uD83D\\u0041\"", message: "line 1, column 2: \\u escape U+D83D is a surrogate without its pair"),
        Case(text: "\"\\uDE00\"", message: "line 1, column 2: \\u escape U+DE00 is a surrogate without its pair"),
        Case(text: "{\"a\": 1, \"a\": 2}", message: "line 1, column 10: duplicate key \"a\""),
        // Columns count scalars: 헤 and 😀 are one column each.
        Case(text: "[\"헤😀\" x]", message: "line 1, column 7: expected ',' or ']'"),
        // CR LF is one line break; a lone CR is one too.
        Case(text: "[\r\n1\r\n x]", message: "line 3, column 2: expected ',' or ']'"),
        Case(text: "[\r1\r x]", message: "line 3, column 2: expected ',' or ']'"),
        // The byte order mark is not counted.
        Case(text: "\u{FEFF}[x]", message: "line 1, column 2: expected a value"),
        Case(text: "\u{FEFF}\u{FEFF}[]", message: "line 1, column 1: expected a value"),
    ]

    @Test(arguments: cases)
    func reportsError(_ testCase: Case) throws {
        let error = try #require(throws: JSONError.self) { try JSONParser.parse(testCase.text) }
        #expect(error.description == testCase.message)
    }

    @Test func missingCommaHasTypedPosition() throws {
        let text = "{\n  \"title\": \"x\",\n  \"rating\": 4 \"date\": \"2022-08-27\"\n}"
        let error = try #require(throws: JSONError.self) { try JSONParser.parse(text) }
        #expect(error.reason == .expected(.commaOrObjectEnd))
        #expect(error.line == 3)
        #expect(error.column == 15)
    }

    static let invalidUTF8: [(String, [UInt8], Int)] = [
        ("lone continuation", [0x22, 0x61, 0x80, 0x22], 3),
        ("overlong slash", [0x22, 0xC0, 0xAF, 0x22], 2),
        ("overlong 3-byte", [0x22, 0xE0, 0x80, 0xAF, 0x22], 2),
        ("encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], 2),
        ("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2),
        ("truncated at end", [0x22, 0xEA, 0xB0], 2),
        ("cut by quote", [0x22, 0x20, 0xEA, 0xB0, 0x22], 3),
        ("FF byte", [0x22, 0xFF, 0x22], 2),
    ]

    @Test(arguments: invalidUTF8)
    func refusesInvalidUTF8(name: String, bytes: [UInt8], column: Int) throws {
        let error = try #require(throws: JSONError.self) { try JSONParser.parse(bytes) }
        #expect(error.reason == .invalidUTF8)
        #expect(error.line == 1)
        #expect(error.column == column)
    }

    @Test func deepNestingStopsAtTheLimitQuickly() throws {
        let text = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let clock = ContinuousClock()
        var thrown: JSONError?
        let elapsed = clock.measure {
            do throws(JSONError) { _ = try JSONParser.parse(text) } catch { thrown = error }
        }
        let error = try #require(thrown)
        #expect(error.reason == .tooDeep(limit: 64))
        #expect(error.column == 65)
        #expect(elapsed < .milliseconds(200))
    }

    @Test func deepNestingWithinAHighLimitDoesNotRecurse() throws {
        // A limit far beyond what a recursive parser's stack would survive.
        let depth = 200_000
        let limits = JSONParser.Limits(maxDepth: depth, maxBytes: 1 << 20)
        let open = String(repeating: "[", count: depth)
        let error = try #require(throws: JSONError.self) { try JSONParser.parse(open + "1", limits: limits) }
        #expect(error.reason == .unexpectedEnd(.commaOrArrayEnd))
        #expect(error.column == depth + 2)
        // A finished value this deep would be freed recursively by Swift
        // itself; a moderately deep one checks that closing works.
        let nested = 2_000
        let mixed = String(repeating: "{\"a\":[", count: nested) + "1" + String(repeating: "]}", count: nested)
        var value = try JSONParser.parse(mixed, limits: limits)
        var levels = 0
        while let inner = value["a"]?.arrayValue?.first {
            levels += 1
            value = inner
        }
        #expect(levels == nested)
        #expect(value == 1)
    }

    @Test func inputLargerThanTheLimitIsRefused() throws {
        let limits = JSONParser.Limits(maxBytes: 100)
        let text = "\"" + String(repeating: "a", count: 99) + "\""
        let error = try #require(throws: JSONError.self) { try JSONParser.parse(text, limits: limits) }
        #expect(error.reason == .tooLarge(size: 101, limit: 100))
        #expect(error.description == "input is 101 bytes, more than the limit of 100 bytes")
        #expect(throws: Never.self) { try JSONParser.parse(String(text.dropLast(2)) + "\"", limits: limits) }
    }

    /// A memo of several megabytes parses whole, in time linear in its
    /// size. Checked as a ratio (four times the text may take at most ten
    /// times as long; quadratic work would take sixteen), not against the
    /// clock, so a busy machine slows both alike; best of three each.
    @Test func severalMegabyteMemoParsesInLinearTime() throws {
        // About 3.6 MB of mixed Korean and ASCII, with escapes spread through it.
        let line = "오늘 본 영화는 정말 좋았다. The ending was \\\"perfect\\\".\\n"
        func document(_ bytes: Int) -> (text: String, memo: String) {
            let memo = String(repeating: line, count: bytes / line.utf8.count)
            return ("{\"title\": \"x\", \"memo\": \"\(memo)\"}", memo)
        }
        let (large, memo) = document(3_600_000)
        let (small, _) = document(900_000)
        let clock = ContinuousClock()
        var value: JSONValue = nil
        func best(_ text: String) throws -> Duration {
            var times: [Duration] = []
            for _ in 0..<3 { times.append(try clock.measure { value = try JSONParser.parse(text) }) }
            return times.min()!
        }
        let smallTime = try best(small)
        let largeTime = try best(large)
        let parsed = try #require(value["memo"]?.stringValue)
        #expect(parsed.hasPrefix("오늘 본 영화는 정말 좋았다. The ending was \"perfect\".\n오늘"))
        #expect(parsed.utf8.count == memo.utf8.count - 3 * (memo.utf8.count / line.utf8.count))
        #expect(largeTime < smallTime * 10, "0.9 MB: \(smallTime), 3.6 MB: \(largeTime)")
    }
}
