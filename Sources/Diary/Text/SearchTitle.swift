/// Titles as a movie search API returns them: `<b>` highlight tags around
/// the matched words and HTML entities in the text.
public enum SearchTitle {
    /// The plain title: `<b>` and `</b>` removed (any case), the entities
    /// `&amp; &lt; &gt; &quot; &apos; &#39; &nbsp;` and numeric `&#NNN;` /
    /// `&#xHH;` decoded, whitespace trimmed and collapsed. Unknown or
    /// malformed entities are kept as written.
    ///
    /// Tags are removed before entities are decoded, so an escaped
    /// `&lt;b&gt;` stays in the title as the text "<b>".
    public static func clean(_ raw: String) -> String {
        // Without a '<' or '&' there is no tag or entity: both passes
        // would give `raw` back (a large book's run cleans every title
        // for each order it sorts).
        if !raw.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) {
            return TextCleaner.collapsingWhitespace(raw)
        }
        return TextCleaner.collapsingWhitespace(decodingEntities(removingBoldTags(raw)))
    }

    /// The title as faces, pages and orders show it: `clean`, reading no
    /// further than its first `4 × limit` characters (markup, entities and
    /// runs of spaces shrink as they are cleaned) and keeping `limit`, each
    /// with at most 30 combining marks (`TextCleaner.streamSafe`). A
    /// title pasted from a document costs what is shown of it; every
    /// layout that sets it cuts far sooner, and says so.
    public static func shown(_ raw: String, limit: Int = shownLimit) -> String {
        // Fewer bytes than the limit: fewer characters too.
        guard raw.utf8.count > limit else { return clean(raw) }
        // Scalars first, which costs no grapheme breaking: a grapheme may
        // be a letter under 100,000 marks. Each keeps 30 of them.
        let scalars = raw.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: 16 * limit, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let head = TextCleaner.streamSafe(String(scalars[..<end])).text
        return String(clean(String(head.prefix(4 * limit))).prefix(limit))
    }

    /// The characters of a title that `shown` keeps: more than any face,
    /// row or page sets on its lines.
    public static let shownLimit = 1_000

    static func removingBoldTags(_ text: String) -> String {
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            let tail = rest[open...]
            if let tag = boldTagLength(tail) {
                rest = tail.dropFirst(tag)
            } else {
                out.append("<")
                rest = tail.dropFirst()
            }
        }
        return out + rest
    }

    /// The length of a `<b>`, `</b>` or `<b >` tag at the start of `text`.
    private static func boldTagLength(_ text: Substring) -> Int? {
        // The longest tag is 5 characters: only they are lowered, so a
        // title of many '<' costs its length, not its square.
        let head = text.prefix(5).lowercased()
        for tag in ["<b>", "</b>", "<b >", "</b >"] where head.hasPrefix(tag) {
            return tag.count
        }
        return nil
    }

    static func decodingEntities(_ text: String) -> String {
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[amp...]
            // Entities are short; a ';' further away is not the end of one.
            if let semicolon = tail.prefix(12).firstIndex(of: ";"),
               let decoded = entity(tail[tail.index(after: amp)..<semicolon]) {
                out.append(decoded)
                rest = tail[tail.index(after: semicolon)...]
            } else {
                out.append("&")
                rest = tail.dropFirst()
            }
        }
        return out + rest
    }

    private static let named: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    ]

    /// The character for an entity name without `&` and `;`.
    private static func entity(_ name: Substring) -> Character? {
        if let character = named[name] { return character }
        guard name.first == "#" else { return nil }
        let number = name.dropFirst()
        let hex = number.first == "x" || number.first == "X"
        let digits = hex ? number.dropFirst() : number
        // UInt32(_:radix:) would also take a sign.
        guard !digits.isEmpty, digits.allSatisfy({ hex ? $0.isHexDigit : $0.isWholeNumber && $0.isASCII }) else {
            return nil
        }
        let value = UInt32(digits, radix: hex ? 16 : 10)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return Character(scalar)
    }
}
