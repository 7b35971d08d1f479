/// One JSON value, as `JSONParser` reads it.
///
/// Objects keep their members in document order; numbers keep whether they
/// were written as integer literals. The literal conformances make values
/// easy to write in code and tests: `["a": 1, "b": [true, nil]]`.
public enum JSONValue: Sendable, Hashable {
    case object(JSONObject)
    case array([JSONValue])
    case string(String)
    case number(JSONNumber)
    case bool(Bool)
    case null

    /// The object, or nil for any other value.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { object } else { nil }
    }

    /// The elements, or nil for any other value.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The string, or nil for any other value.
    public var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The number, or nil for any other value.
    public var numberValue: JSONNumber? {
        if case .number(let number) = self { number } else { nil }
    }

    /// The number as a `Double`, or nil for any other value.
    public var doubleValue: Double? { numberValue?.value }

    /// The Boolean, or nil for any other value.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The member named `key` when this is an object; nil otherwise.
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// What kind of value this is, for messages: "an object", "a string", ...
    public var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a Boolean"
        case .null: "null"
        }
    }
}

/// A JSON number: its value and how it was written.
public struct JSONNumber: Sendable, Hashable {
    /// The value, rounded to the nearest `Double`; always finite.
    public var value: Double
    /// Whether the literal had neither a fraction nor an exponent (`12`, `-0`).
    public var isIntegerLiteral: Bool
    /// The exact value of an integer literal that fits in `Int`; nil for
    /// other literals and for integers too large for `Int`.
    public var exactInteger: Int?

    /// A number written as a float literal (`1.5`, or `2.0`).
    public init(_ value: Double) {
        precondition(value.isFinite, "JSON numbers are finite; got \(value)")
        self.value = value
        self.isIntegerLiteral = false
        self.exactInteger = nil
    }

    /// A number written as an integer literal.
    public init(integer: Int) {
        self.value = Double(integer)
        self.isIntegerLiteral = true
        self.exactInteger = integer
    }

    /// A number as the parser read it.
    init(value: Double, isIntegerLiteral: Bool, exactInteger: Int?) {
        self.value = value
        self.isIntegerLiteral = isIntegerLiteral
        self.exactInteger = exactInteger
    }

    /// The value as an `Int` when it is a whole number that `Int` holds
    /// exactly, however it was written (`3` and `3.0` both give 3).
    public var integerValue: Int? {
        if let exactInteger { return exactInteger }
        guard value.rounded() == value, abs(value) < 0x1p63 else { return nil }
        return Int(value)
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON object: members in document order, keys unique (the parser
/// refuses duplicate keys).
public struct JSONObject: Sendable, Hashable {
    /// The members in document order.
    public var members: [JSONMember]

    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// The value of the member named `key`, or nil when there is none.
    /// A linear search: objects in our files are small.
    public subscript(key: String) -> JSONValue? {
        members.first(where: { $0.key == key })?.value
    }

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }

    /// Whether a member named `key` exists (even when its value is null).
    public func contains(_ key: String) -> Bool {
        members.contains(where: { $0.key == key })
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(integer: value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}
