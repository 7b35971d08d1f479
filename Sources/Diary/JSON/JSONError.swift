/// Why a JSON document could not be read, and where.
///
/// Positions are 1-based. A line ends at LF, CR LF or a lone CR. Columns
/// count Unicode scalars from the start of the line (a tab counts as one;
/// a leading byte order mark is not counted), so they match what an editor
/// shows for the UTF-8 text.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What a parser looked for at the point of failure.
    public enum Expectation: Sendable, Hashable {
        case value
        case key
        case colon
        case commaOrObjectEnd
        case commaOrArrayEnd
        case digit
        case hexDigit
        /// The rest of `true`, `false` or `null`.
        case literal(String)
    }

    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// Something else stood where the expectation was.
        case expected(Expectation)
        /// The input ended where the expectation was.
        case unexpectedEnd(Expectation)
        /// A string had no closing quote (the position is its opening quote).
        case unterminatedString
        /// A raw control character (below U+0020) inside a string.
        case unescapedControlCharacter(UInt8)
        /// A backslash followed by something other than `"\/bfnrtu`.
        case invalidEscape(Character)
        /// A `\u` escape of a surrogate with no partner.
        case unpairedSurrogate(UInt16)
        /// Bytes that are not UTF-8 inside a string.
        case invalidUTF8
        /// A number with a leading zero, like `012`.
        case leadingZero
        /// A number too large for a `Double` (like `1e309`).
        case numberOutOfRange
        /// Something after the complete document.
        case trailingCharacters
        /// The same key twice in one object.
        case duplicateKey(String)
        /// Arrays and objects nested deeper than the limit.
        case tooDeep(limit: Int)
        /// The input is larger than the limit (the position is 1, 1).
        case tooLarge(size: Int, limit: Int)
    }

    public var reason: Reason
    /// 1-based line of the failure.
    public var line: Int
    /// 1-based column (in Unicode scalars) of the failure.
    public var column: Int

    public init(_ reason: Reason, line: Int, column: Int) {
        self.reason = reason
        self.line = line
        self.column = column
    }

    /// `line 3, column 14: expected ',' or '}'`; size errors have no position.
    public var description: String {
        if case .tooLarge = reason { return reasonText }
        return "line \(line), column \(column): \(reasonText)"
    }

    /// The reason alone, in words.
    public var reasonText: String {
        switch reason {
        case .expected(let what):
            "expected \(what.text)"
        case .unexpectedEnd(let what):
            "unexpected end of input; expected \(what.text)"
        case .unterminatedString:
            "string is not closed with '\"'"
        case .unescapedControlCharacter(let byte):
            "control character \(Self.scalarName(UInt32(byte))) in a string must be escaped"
        case .invalidEscape(let character):
            "invalid escape '\\\(character)'"
        case .unpairedSurrogate(let unit):
            "\\u escape \(Self.scalarName(UInt32(unit))) is a surrogate without its pair"
        case .invalidUTF8:
            "string is not valid UTF-8"
        case .leadingZero:
            "numbers must not have leading zeros"
        case .numberOutOfRange:
            "number is too large"
        case .trailingCharacters:
            "unexpected characters after the end of the document"
        case .duplicateKey(let key):
            "duplicate key \(JSONWriter.text(of: .string(key)))"
        case .tooDeep(let limit):
            "arrays and objects are nested more than \(limit) deep"
        case .tooLarge(let size, let limit):
            "input is \(size) bytes, more than the limit of \(limit) bytes"
        }
    }

    private static func scalarName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension JSONError.Expectation {
    var text: String {
        switch self {
        case .value: "a value"
        case .key: "a string key"
        case .colon: "':'"
        case .commaOrObjectEnd: "',' or '}'"
        case .commaOrArrayEnd: "',' or ']'"
        case .digit: "a digit"
        case .hexDigit: "a hexadecimal digit"
        case .literal(let word): "'\(word)'"
        }
    }
}
