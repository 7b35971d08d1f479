/// Writes a `JSONValue` as JSON text on one line, with `", "` and `": "`
/// between items: compact, yet readable in fixtures and messages.
///
/// Integer literals are written as integers, other numbers in the shortest
/// form that reads back to the same `Double` (`0.1`, `1e-07`, `2.0`), so
/// `JSONParser.parse(JSONWriter.text(of: v)) == v` for every value.
/// Strings escape `"`, `\` and control characters; other characters are
/// written as they are.
public enum JSONWriter {
    /// The JSON text of `value`.
    public static func text(of value: JSONValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    private static func write(_ value: JSONValue, to output: inout String) {
        switch value {
        case .object(let object):
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += ", " }
                writeString(member.key, to: &output)
                output += ": "
                write(member.value, to: &output)
            }
            output += "}"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += ", " }
                write(element, to: &output)
            }
            output += "]"
        case .string(let string):
            writeString(string, to: &output)
        case .number(let number):
            output += numberText(number)
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    /// `7`, `4.5`, `-0.0`: an integer literal as an integer, anything else
    /// in Swift's shortest round-trip form (always valid JSON for finite values).
    static func numberText(_ number: JSONNumber) -> String {
        if number.isIntegerLiteral, let integer = number.exactInteger { return String(integer) }
        if number.isIntegerLiteral { return integerDigits(number.value) }
        return number.value.description
    }

    /// An integral `Double` beyond `Int` as plain digits: the shortest
    /// round-trip digits followed by zeros, which read back to the same value
    /// and stay an integer literal (`1e+20` becomes `100000000000000000000`).
    private static func integerDigits(_ value: Double) -> String {
        let sign = value.sign == .minus ? "-" : ""
        let text = value.magnitude.description
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else {
            return sign + (text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
        }
        let mantissa = text[..<e]
        let fraction = mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
        let digits = mantissa.filter { $0 != "." }
        return sign + digits + String(repeating: "0", count: max(0, exponent - fraction))
    }

    /// `string` as a JSON string literal, quotes included. Control
    /// characters and DEL are escaped, so a hostile file name cannot break
    /// a JSON line or a terminal.
    public static func quoted(_ string: String) -> String {
        var out = ""
        writeString(string, to: &out)
        return out
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
