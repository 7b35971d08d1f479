/// Reads JSON text (RFC 8259) into a `JSONValue`.
///
/// - Any value may stand at the top level; whitespace around it is allowed,
///   anything else after it is an error. A leading UTF-8 byte order mark is
///   skipped.
/// - Duplicate keys in one object are an error (`duplicateKey`): in a
///   hand-edited file the second one is almost always a mistake, and "last
///   wins" would hide it.
/// - Numbers must fit in a `Double` (`1e309` is an error); integer literals
///   keep their exact value when it fits in `Int`.
/// - Strings must be UTF-8; `\u` escapes must pair surrogates.
/// - The parser keeps its own stack instead of recursing, so deep nesting
///   cannot overflow the call stack; `Limits.maxDepth` stops it early.
/// - Time is linear in the input size.
public enum JSONParser {
    /// How much input the parser accepts.
    public struct Limits: Sendable, Hashable {
        /// The deepest nesting of arrays and objects (`[[1]]` is 2 deep).
        public var maxDepth: Int
        /// The largest input, in bytes.
        public var maxBytes: Int

        public init(maxDepth: Int = 64, maxBytes: Int = 4 << 20) {
            precondition(maxDepth >= 1 && maxBytes >= 0, "JSON limits must be positive")
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
        }
    }

    /// Parses UTF-8 `bytes`.
    public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(JSONError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw JSONError(.tooLarge(size: bytes.count, limit: limits.maxBytes), line: 1, column: 1)
        }
        let result = bytes.withUnsafeBufferPointer { input -> Result<JSONValue, JSONError> in
            var scanner = JSONScanner(input: input, maxDepth: limits.maxDepth)
            do throws(JSONFailure) {
                return .success(try scanner.parseDocument())
            } catch {
                let (line, column) = position(of: error.offset, in: input, from: scanner.contentStart)
                return .failure(JSONError(error.reason, line: line, column: column))
            }
        }
        return try result.get()
    }

    /// Parses `text`.
    public static func parse(_ text: String, limits: Limits = Limits()) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8), limits: limits)
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`,
    /// counting from `start` (after a byte order mark).
    static func position(of offset: Int, in input: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        var index = start
        while index < offset {
            let byte = input[index]
            if byte == ASCII.lineFeed || (byte == ASCII.carriageReturn
                && (index + 1 >= input.count || input[index + 1] != ASCII.lineFeed)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes belong to the scalar their lead byte counted.
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}

/// Byte values the parser looks for.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let upperE: UInt8 = 0x45
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let lowerE: UInt8 = 0x65
    static let lowerF: UInt8 = 0x66
    static let lowerN: UInt8 = 0x6E
    static let lowerT: UInt8 = 0x74
    static let lowerU: UInt8 = 0x75
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
}
