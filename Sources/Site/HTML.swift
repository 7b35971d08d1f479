/// Percent-encoding for URLs made outside this module (the cache index's
/// `file:` URI): the same rules the pages' links follow.
public enum PercentEncoding {
    /// `path` with every byte outside `A-Z a-z 0-9 - . _ ~` and `/` as `%XX`.
    public static func path(_ path: String) -> String { HTML.percentEncoded(path: path) }
}

/// Builds an HTML document as text, escaping every string it is given.
///
/// Text and attribute values always pass through `HTML.escape`; there is
/// no way to append unescaped text except `raw`, which only this module
/// uses, for fixed markup written here. Attributes keep the order given,
/// so the same page model always gives the same bytes.
struct HTML {
    private(set) var text = ""

    init(capacity: Int = 4096) { text.reserveCapacity(capacity) }

    /// `<name a="v" ...>`; a nil value leaves the attribute out, an empty
    /// one writes it bare (`<a download>`).
    mutating func open(_ name: String, _ attributes: [(String, String?)] = []) {
        text += "<" + name
        for (key, value) in attributes {
            guard let value else { continue }
            text += value.isEmpty ? " " + key : " " + key + "=\"" + HTML.escape(value) + "\""
        }
        text += ">"
    }

    mutating func close(_ name: String) { text += "</" + name + ">" }

    /// An element without attributes holding only `content` as text.
    mutating func element(_ name: String, _ content: String) { element(name, [], content) }

    /// An element holding only `content` as text.
    mutating func element(_ name: String, _ attributes: [(String, String?)], _ content: String) {
        open(name, attributes)
        self.text += HTML.escape(content)
        close(name)
    }

    /// An element whose content `body` writes.
    mutating func element(_ name: String, _ attributes: [(String, String?)] = [], body: (inout HTML) -> Void) {
        open(name, attributes)
        body(&self)
        close(name)
    }

    mutating func text(_ content: String) { text += HTML.escape(content) }

    /// Fixed markup from this module (never user text).
    mutating func raw(_ markup: StaticString) { text += markup.description }

    mutating func newline() { text += "\n" }

    var bytes: [UInt8] { Array(text.utf8) }

    /// `text` safe in element content and in a double- or single-quoted
    /// attribute value: `& < > " '` become character references, and
    /// characters HTML does not allow in a document (NUL and the other C0
    /// controls but tab, line feed and carriage return; DEL and the C1
    /// controls) become U+FFFD, so no byte of user text can end an element
    /// or an attribute, start a tag, or reach the page as a control code.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsWork) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// True for a UTF-8 byte that may start something `escape` changes
    /// (C1 controls are encoded as 0xC2 0x80...0x9F).
    private static func needsWork(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// One path segment as it goes into a URL: every byte of its UTF-8
    /// outside the unreserved set (`A-Z a-z 0-9 - . _ ~`) as `%XX`. A file
    /// named `2022%2F08` is linked as `2022%252F08`, so a browser or a
    /// static server decodes it back to that name and never to a `/`.
    static func percentEncoded(segment: String) -> String {
        var out = ""
        appendPercentEncoded(segment, keepingSlashes: false, to: &out)
        return out
    }

    /// A path as it goes into a URL (a `file:` URI, say): each segment
    /// encoded as `percentEncoded(segment:)` does, the slashes kept.
    static func percentEncoded(path: String) -> String {
        var out = ""
        appendPercentEncoded(path, keepingSlashes: true, to: &out)
        return out
    }

    private static func appendPercentEncoded(_ text: String, keepingSlashes: Bool, to out: inout String) {
        out.reserveCapacity(out.utf8.count + text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlashes:
                out.unicodeScalars.append("/")
            default:
                out += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 15)]
            }
        }
    }

    private static let hexDigits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]

    /// The link from the page at cache-relative `from` to the file at
    /// cache-relative `to`: up to the cache root, then down, each segment
    /// percent-encoded. Relative, so the pages work from `file://` and
    /// under any path of any static server.
    static func href(from: String, to: String) -> String {
        var out = String(repeating: "../", count: from.utf8.count(where: { $0 == UInt8(ascii: "/") }))
        // Each segment encoded, the slashes between them kept.
        appendPercentEncoded(to, keepingSlashes: true, to: &out)
        return out
    }
}
