/// Strings, numbers and the literals `true`, `false`, `null`.
extension JSONScanner {
    /// Reads a value that is not a container, at `offset`.
    mutating func readScalar() throws(JSONFailure) -> JSONValue {
        switch input[offset] {
        case ASCII.quote: return .string(try readString())
        case ASCII.minus, ASCII.zero...ASCII.nine: return .number(try readNumber())
        case ASCII.lowerT: try readLiteral("true"); return .bool(true)
        case ASCII.lowerF: try readLiteral("false"); return .bool(false)
        case ASCII.lowerN: try readLiteral("null"); return .null
        default: throw JSONFailure(reason: .expected(.value), offset: offset)
        }
    }

    private mutating func readLiteral(_ word: StaticString) throws(JSONFailure) {
        let start = offset
        let count = word.utf8CodeUnitCount
        guard input.count - offset >= count,
              (0..<count).allSatisfy({ input[start + $0] == word.utf8Start[$0] }) else {
            // Only a word that starts like the literal was meant to be it:
            // `this is not JSON` is missing a value, not a misspelt `true`.
            let matched = (0..<min(count, input.count - start)).prefix { input[start + $0] == word.utf8Start[$0] }.count
            let expected: JSONError.Expectation = matched >= 2 ? .literal(word.description) : .value
            throw JSONFailure(reason: .expected(expected), offset: start)
        }
        offset += count
    }

    /// Reads a string starting at its opening quote.
    mutating func readString() throws(JSONFailure) -> String {
        let quote = offset
        offset += 1
        var runStart = offset
        // Only strings with escapes need a buffer; the rest are decoded
        // straight from the input.
        var unescaped: [UInt8] = []
        var hasEscapes = false
        while offset < input.count {
            let byte = input[offset]
            if byte == ASCII.quote {
                let run = UnsafeBufferPointer(rebasing: input[runStart..<offset])
                offset += 1
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                unescaped.append(contentsOf: run)
                return String(decoding: unescaped, as: UTF8.self)
            } else if byte == ASCII.backslash {
                hasEscapes = true
                unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<offset]))
                try readEscape(into: &unescaped, quote: quote)
                runStart = offset
            } else if byte < ASCII.space {
                throw JSONFailure(reason: .unescapedControlCharacter(byte), offset: offset)
            } else if byte < 0x80 {
                offset += 1
            } else {
                guard let length = utf8SequenceLength(at: offset) else {
                    throw JSONFailure(reason: .invalidUTF8, offset: offset)
                }
                offset += length
            }
        }
        throw JSONFailure(reason: .unterminatedString, offset: quote)
    }

    /// Reads one escape at the backslash and appends its UTF-8 to `bytes`.
    private mutating func readEscape(into bytes: inout [UInt8], quote: Int) throws(JSONFailure) {
        let start = offset
        offset += 1
        guard offset < input.count else { throw JSONFailure(reason: .unterminatedString, offset: quote) }
        let simple: UInt8
        switch input[offset] {
        case ASCII.quote: simple = ASCII.quote
        case ASCII.backslash: simple = ASCII.backslash
        case ASCII.slash: simple = ASCII.slash
        case 0x62: simple = 0x08 // \b
        case ASCII.lowerF: simple = 0x0C
        case ASCII.lowerN: simple = ASCII.lineFeed
        case 0x72: simple = ASCII.carriageReturn // \r
        case ASCII.lowerT: simple = ASCII.tab
        case ASCII.lowerU:
            offset += 1
            let unit = try readHex4(quote: quote)
            let scalar: UInt32
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed at once by `\u` and a low one.
                guard input.count - offset >= 2, input[offset] == ASCII.backslash, input[offset + 1] == ASCII.lowerU
                else { throw JSONFailure(reason: .unpairedSurrogate(unit), offset: start) }
                offset += 2
                let low = try readHex4(quote: quote)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONFailure(reason: .unpairedSurrogate(unit), offset: start)
                }
                scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONFailure(reason: .unpairedSurrogate(unit), offset: start)
            } else {
                scalar = UInt32(unit)
            }
            bytes.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
            return
        default:
            let character = Character(Unicode.Scalar(input[offset]))
            throw JSONFailure(reason: .invalidEscape(input[offset] < 0x80 ? character : "\u{FFFD}"), offset: start)
        }
        bytes.append(simple)
        offset += 1
    }

    private mutating func readHex4(quote: Int) throws(JSONFailure) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard offset < input.count else { throw JSONFailure(reason: .unterminatedString, offset: quote) }
            let byte = input[offset]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw JSONFailure(reason: .expected(.hexDigit), offset: offset)
            }
            unit = unit << 4 | UInt16(digit)
            offset += 1
        }
        return unit
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629:
    /// no overlong forms, no surrogates, nothing above U+10FFFF), or nil.
    private func utf8SequenceLength(at index: Int) -> Int? {
        let length: Int
        let second: ClosedRange<UInt8>
        switch input[index] {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard input.count - index >= length, second.contains(input[index + 1]) else { return nil }
        for k in 2..<length where input[index + k] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// Reads `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    mutating func readNumber() throws(JSONFailure) -> JSONNumber {
        let start = offset
        if input[offset] == ASCII.minus { offset += 1 }
        guard offset < input.count else { throw JSONFailure(reason: .unexpectedEnd(.digit), offset: offset) }
        if input[offset] == ASCII.zero {
            offset += 1
            if offset < input.count, isDigit(input[offset]) {
                throw JSONFailure(reason: .leadingZero, offset: start)
            }
        } else {
            try readDigits()
        }
        var isInteger = true
        if offset < input.count, input[offset] == ASCII.period {
            isInteger = false
            offset += 1
            try readDigits()
        }
        if offset < input.count, input[offset] == ASCII.lowerE || input[offset] == ASCII.upperE {
            isInteger = false
            offset += 1
            if offset < input.count, input[offset] == ASCII.plus || input[offset] == ASCII.minus { offset += 1 }
            try readDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<offset]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONFailure(reason: .numberOutOfRange, offset: start)
        }
        return JSONNumber(value: value, isIntegerLiteral: isInteger, exactInteger: isInteger ? Int(text) : nil)
    }

    /// Reads one or more digits.
    private mutating func readDigits() throws(JSONFailure) {
        guard offset < input.count else { throw JSONFailure(reason: .unexpectedEnd(.digit), offset: offset) }
        guard isDigit(input[offset]) else { throw JSONFailure(reason: .expected(.digit), offset: offset) }
        while offset < input.count, isDigit(input[offset]) { offset += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= ASCII.zero && byte <= ASCII.nine }
}
