/// The text of an answer's body, made safe to show: a client's path, an
/// entry.json's field names and a file's name may hold control characters
/// (an escape sequence a terminal runs, a line break that forges a log
/// line), and none reaches a body as it is.
enum PlainText {
    /// C0 controls, DEL and the C1 controls (U+0080-U+009F).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` with each control character but line breaks written as
    /// `\u{XX}`.
    static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) && scalar != "\n" {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

extension HTTPResponse {
    /// A plain-text answer whose text is `shown` safe.
    static func said(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        .text(status, PlainText.shown(text), headers: headers)
    }

    /// 503 with `Retry-After`, as every 503 of this service is: a client
    /// or a CDN knows when to ask again instead of hammering.
    static func unavailable(_ text: String, retryAfter seconds: Int = 1) -> HTTPResponse {
        said(503, text, headers: [("Retry-After", "\(seconds)")])
    }
}
