/// `If-None-Match` as RFC 9110 §13.1.2 reads it: `*`, or a list of entity
/// tags, each perhaps weak (`W/"…"`), compared weakly (the opaque parts
/// alone). A list that cannot be read matches nothing: the image is sent.
enum EntityTag {
    /// Whether `header` matches the current representation's tag
    /// `current` (its quoted form, `"abc"`).
    static func noneMatch(_ header: String?, current: String) -> Bool {
        guard let header else { return false }
        let trimmed = header.trimmingWhitespace
        if trimmed == "*" { return true }
        let opaque = current.utf8.first == UInt8(ascii: "\"") ? Substring(current).dropFirst().dropLast() : Substring(current)
        return tags(in: trimmed)?.contains { $0 == opaque } ?? false
    }

    /// The opaque parts (between the quotes) of a comma-separated list of
    /// entity tags, nil when it is not one.
    static func tags(in list: String) -> [Substring]? {
        var found: [Substring] = []
        var rest = Substring(list)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            if rest.isEmpty { return found }
            if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
            guard rest.first == "\"" else { return nil }
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: "\"") else { return nil }
            found.append(rest[..<close])
            rest = rest[rest.index(after: close)...]
            // Between tags only whitespace and a comma.
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.isEmpty || rest.first == "," else { return nil }
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
