/// A parse failure at a byte offset; `JSONParser` turns the offset into a
/// line and column once, when it reports.
struct JSONFailure: Error {
    var reason: JSONError.Reason
    var offset: Int
}

/// The parser's state over one input buffer.
///
/// Containers are kept on explicit stacks instead of the call stack: an open
/// container is a `Frame`, its finished elements wait on `values` (and an
/// object's keys on `keys`) until the closing bracket gathers them. Each
/// value is therefore moved once into its container, which keeps the time
/// linear.
struct JSONScanner {
    /// One open array or object.
    private struct Frame {
        var isObject: Bool
        /// Where this container's elements start in `values`.
        var valueStart: Int
        /// Where this object's keys start in `keys`.
        var keyStart: Int
    }

    let input: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    /// The first byte after a byte order mark, if there was one.
    let contentStart: Int
    var offset: Int

    private var frames: [Frame] = []
    private var values: [JSONValue] = []
    private var keys: [String] = []
    /// The keys of each open object, to find duplicates.
    private var keySets: [Set<String>] = []

    init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.input = input
        self.maxDepth = maxDepth
        let hasBOM = input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF
        contentStart = hasBOM ? 3 : 0
        offset = contentStart
    }

    /// Reads the one value of the document and checks that nothing follows.
    mutating func parseDocument() throws(JSONFailure) -> JSONValue {
        readValue: while true {
            skipWhitespace()
            guard offset < input.count else { throw JSONFailure(reason: .unexpectedEnd(.value), offset: offset) }
            var value: JSONValue
            switch input[offset] {
            case ASCII.openBracket:
                guard try open(isObject: false, closer: ASCII.closeBracket) else { continue readValue }
                value = .array([])
            case ASCII.openBrace:
                guard try open(isObject: true, closer: ASCII.closeBrace) else { continue readValue }
                value = .object(JSONObject())
            default:
                value = try readScalar()
            }
            // A value is complete: hand it to the open containers, closing
            // each one whose closing bracket follows.
            while let frame = frames.last {
                values.append(value)
                skipWhitespace()
                let closer = frame.isObject ? ASCII.closeBrace : ASCII.closeBracket
                let expectation: JSONError.Expectation = frame.isObject ? .commaOrObjectEnd : .commaOrArrayEnd
                guard offset < input.count else { throw JSONFailure(reason: .unexpectedEnd(expectation), offset: offset) }
                switch input[offset] {
                case ASCII.comma:
                    offset += 1
                    if frame.isObject { try readKey() }
                    continue readValue
                case closer:
                    offset += 1
                    value = close(frame)
                default:
                    throw JSONFailure(reason: .expected(expectation), offset: offset)
                }
            }
            skipWhitespace()
            guard offset == input.count else { throw JSONFailure(reason: .trailingCharacters, offset: offset) }
            return value
        }
    }

    /// Steps over an opening bracket. Returns true when the container is
    /// empty (and already closed); otherwise opens a frame, reads an
    /// object's first key, and returns false.
    private mutating func open(isObject: Bool, closer: UInt8) throws(JSONFailure) -> Bool {
        guard frames.count < maxDepth else { throw JSONFailure(reason: .tooDeep(limit: maxDepth), offset: offset) }
        offset += 1
        skipWhitespace()
        if offset < input.count && input[offset] == closer {
            offset += 1
            return true
        }
        frames.append(Frame(isObject: isObject, valueStart: values.count, keyStart: keys.count))
        if isObject {
            keySets.append([])
            try readKey()
        }
        return false
    }

    /// Reads `"key" :` inside the innermost object.
    private mutating func readKey() throws(JSONFailure) {
        skipWhitespace()
        guard offset < input.count else { throw JSONFailure(reason: .unexpectedEnd(.key), offset: offset) }
        guard input[offset] == ASCII.quote else { throw JSONFailure(reason: .expected(.key), offset: offset) }
        let keyOffset = offset
        let key = try readString()
        guard keySets[keySets.count - 1].insert(key).inserted else {
            throw JSONFailure(reason: .duplicateKey(key), offset: keyOffset)
        }
        keys.append(key)
        skipWhitespace()
        guard offset < input.count else { throw JSONFailure(reason: .unexpectedEnd(.colon), offset: offset) }
        guard input[offset] == ASCII.colon else { throw JSONFailure(reason: .expected(.colon), offset: offset) }
        offset += 1
    }

    /// Gathers the innermost container's elements into its value.
    private mutating func close(_ frame: Frame) -> JSONValue {
        frames.removeLast()
        let elements = Array(values[frame.valueStart...])
        values.removeSubrange(frame.valueStart...)
        guard frame.isObject else { return .array(elements) }
        keySets.removeLast()
        var members: [JSONMember] = []
        members.reserveCapacity(elements.count)
        for (key, value) in zip(keys[frame.keyStart...], elements) {
            members.append(JSONMember(key: key, value: value))
        }
        keys.removeSubrange(frame.keyStart...)
        return .object(JSONObject(members))
    }

    mutating func skipWhitespace() {
        while offset < input.count {
            switch input[offset] {
            case ASCII.space, ASCII.tab, ASCII.lineFeed, ASCII.carriageReturn: offset += 1
            default: return
            }
        }
    }
}
