/// Reads typed fields of one JSON object of entry.json, turning every
/// mismatch into an `EntryError` that names the file and the field's path.
///
/// A member whose value is `null` counts as absent: optional fields may be
/// written as null, required ones are then reported missing.
struct FieldReader {
    /// The entry.json path for messages.
    let file: String
    let object: JSONObject
    /// The path of this object in the document, ending in "." (or empty at the top).
    let prefix: String

    init(file: String, object: JSONObject, prefix: String = "") {
        self.file = file
        self.object = object
        self.prefix = prefix
    }

    /// The field's path in the document: `front.crop.zoomScale`.
    func path(_ key: String) -> String { prefix + key }

    /// Whether the field is present and not null.
    func has(_ key: String) -> Bool { value(key) != nil }

    /// The field's value; nil when absent or null.
    func value(_ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    func required(_ key: String) throws(EntryError) -> JSONValue {
        guard let value = value(key) else { throw .missingField(file: file, field: path(key)) }
        return value
    }

    func wrongType(_ key: String, _ expected: String) -> EntryError {
        .wrongType(file: file, field: path(key), expected: expected)
    }

    /// The value as messages quote it: JSON text, shortened past 60 characters.
    static func quote(_ value: JSONValue) -> String {
        let text = JSONWriter.text(of: value)
        return text.count > 60 ? text.prefix(59) + "…" : text
    }

    func string(_ key: String) throws(EntryError) -> String? {
        guard let value = value(key) else { return nil }
        guard let string = value.stringValue else { throw wrongType(key, "a string") }
        return string
    }

    /// A string with at least one character that is not whitespace.
    func nonEmptyString(_ key: String) throws(EntryError) -> String? {
        guard let string = try string(key) else { return nil }
        guard string.contains(where: { !$0.isWhitespace }) else { throw .emptyField(file: file, field: path(key)) }
        return string
    }

    func number(_ key: String) throws(EntryError) -> JSONNumber? {
        guard let value = value(key) else { return nil }
        guard let number = value.numberValue else { throw wrongType(key, "a number") }
        return number
    }

    /// A whole number (`3` or `3.0`) within `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(EntryError) -> Int? {
        guard let value = value(key) else { return nil }
        guard let integer = value.numberValue?.integerValue else { throw wrongType(key, "an integer") }
        guard range.contains(integer) else {
            throw .outOfRange(file: file, field: path(key), value: Self.quote(value),
                              range: "\(range.lowerBound)...\(range.upperBound)")
        }
        return integer
    }

    func bool(_ key: String) throws(EntryError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let flag = value.boolValue else { throw wrongType(key, "true or false") }
        return flag
    }

    /// An array of exactly `count` numbers.
    func numbers(_ key: String, count: Int) throws(EntryError) -> [Double]? {
        guard let value = value(key) else { return nil }
        guard let elements = value.arrayValue, elements.count == count else {
            throw wrongType(key, "an array of \(count) numbers")
        }
        var numbers: [Double] = []
        for element in elements {
            guard let number = element.doubleValue else { throw wrongType(key, "an array of \(count) numbers") }
            numbers.append(number)
        }
        return numbers
    }

    /// An array of strings; a wrong element is named by its index.
    func strings(_ key: String) throws(EntryError) -> [String]? {
        guard let value = value(key) else { return nil }
        guard let elements = value.arrayValue else { throw wrongType(key, "an array of strings") }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            guard let string = element.stringValue else { throw wrongType("\(key)[\(index)]", "a string") }
            strings.append(string)
        }
        return strings
    }

    /// A nested object, read with its own path prefix.
    func object(_ key: String) throws(EntryError) -> FieldReader? {
        guard let value = value(key) else { return nil }
        guard let nested = value.objectValue else { throw wrongType(key, "an object") }
        return FieldReader(file: file, object: nested, prefix: path(key) + ".")
    }
}
