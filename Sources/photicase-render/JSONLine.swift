/// Builds one JSON object with keys in insertion order, for line-oriented
/// output that scripts parse and people read.
struct JSONLine {
    private var parts: [String] = []

    mutating func add(_ key: String, _ value: String) {
        parts.append("\(JSONLine.quote(key)):\(JSONLine.quote(value))")
    }
    mutating func add(_ key: String, _ value: Int) {
        parts.append("\(JSONLine.quote(key)):\(value)")
    }
    mutating func add(_ key: String, _ value: Bool) {
        parts.append("\(JSONLine.quote(key)):\(value)")
    }

    var text: String { "{" + parts.joined(separator: ",") + "}" }

    /// A JSON string literal; control characters are escaped so a hostile
    /// file name cannot break the line.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
