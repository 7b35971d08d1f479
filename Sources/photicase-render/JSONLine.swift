import PhotiCaseDiary

/// Builds one JSON object with keys in insertion order, for line-oriented
/// output that scripts parse and people read.
struct JSONLine {
    private var parts: [String] = []

    mutating func add(_ key: String, _ value: String) {
        parts.append("\(JSONWriter.quoted(key)):\(JSONWriter.quoted(value))")
    }
    /// Writes `null` for nil.
    mutating func add(_ key: String, _ value: String?) {
        parts.append("\(JSONWriter.quoted(key)):\(value.map(JSONWriter.quoted) ?? "null")")
    }
    mutating func add(_ key: String, _ value: Int) {
        parts.append("\(JSONWriter.quoted(key)):\(value)")
    }
    mutating func add(_ key: String, _ value: Bool) {
        parts.append("\(JSONWriter.quoted(key)):\(value)")
    }

    var text: String { "{" + parts.joined(separator: ",") + "}" }
}
