import PhotiCaseDiary
import PhotiCaseRaster

/// A year's entries as the search page reads them: a script
/// (`site/search/<YYYY>.js`) that adds them to `window.photicaseIndex`.
/// A script and not a JSON file, so the page works from `file://`, where
/// a page may load scripts but fetch nothing.
///
/// One file per year: an edit rewrites the one file of its entry's year
/// (a tenth or less of the index in a diary of ten years), the file is
/// owned and held with its year like the year's page (an entry that
/// cannot be read holds its year's index as it was), and the search page
/// loads a handful of files, not one per month or per entry.
///
/// Each entry is one array, shortest first where it can be:
/// `[name, title, date, rating, kind, credit, friends, memo, face]`:
/// `name` the entry page's file name as a link spells it, `title` as
/// shown, `date` `YYYY-MM-DD`, `kind` its raw value, `credit` the director
/// or author ("" without), `memo` its paragraphs joined by line feeds (its first
/// `memoLimit` characters, and the first `friendsLimit` friends), and
/// `face` 1 when the front face's link is the file's `face` template with
/// the name between (its two halves, as seen from the search page), 0
/// without a face photo to show, or the link itself.
struct SearchIndex: Sendable {
    var year: Int
    /// The year's entries, in diary order.
    var entries: [Entry]
    /// The results' card image's size (`SitePlacement.Slot.entryCard`).
    var cardSize: PixelSize

    func render(links: SiteLinks, kinds: SiteKinds) -> [UInt8] {
        // Links as the search page, which shows them, makes them.
        let page = PageWriter(.search, links: links, kinds: kinds)
        var rows: [String] = []
        rows.reserveCapacity(entries.count)
        var template: (String, String)?
        for entry in entries {
            let name = HTML.percentEncoded(segment: links.entryName(entry.id))
            var face = "0"
            if entry.frontName != nil, let href = page.placed(.entryCard, .entry(id: entry.id)).first?.href {
                if template == nil, let split = Self.split(href, around: name) { template = split }
                face = template.map { $0.0 + name + $0.1 == href } == true ? "1" : JSString.literal(href)
            } else if entry.frontName == nil, entry.backName != nil,
                      let photo = page.placed(.entryPhoto, .entry(id: entry.id)).first {
                // Only a back photo: the feed image, its size with it.
                let size = photo.placement.size.map { ",\($0.width),\($0.height)" } ?? ""
                face = "[" + JSString.literal(photo.href) + size + "]"
            }
            let friends = SiteText.friends(entry).prefix(Self.friendsLimit).map(JSString.literal)
                .joined(separator: ",")
            let fields = [JSString.literal(name), JSString.literal(page.strings.title(entry)),
                          JSString.literal(entry.date.description), SiteText.rating(entry.rating),
                          JSString.literal(entry.kind.rawValue), JSString.literal(kinds.credit(entry).flatMap { $0.known ? $0.name : nil } ?? ""),
                          "[" + friends + "]", JSString.literal(Self.memo(entry)), face]
            rows.append("[" + fields.joined(separator: ",") + "]")
        }
        var out = "// " + page.strings.indexHeading(year) + "\n"
        out += "(window.photicaseIndex = window.photicaseIndex || []).push({\"year\":\(year),"
        out += "\"face\":" + (template.map { "[" + JSString.literal($0.0) + "," + JSString.literal($0.1) + "]" } ?? "null")
        out += ",\"size\":[\(cardSize.width),\(cardSize.height)],\"entries\":[\n"
        out += rows.joined(separator: ",\n")
        out += "\n]});\n"
        return Array(out.utf8)
    }

    /// The companions and the memo's characters an entry is found by: a
    /// memo pasted from a long document or thousands of names would make
    /// the index, which every search page loads, megabytes long.
    static let friendsLimit = 100
    static let memoLimit = 4_096

    /// The memo's first `memoLimit` characters, paragraphs joined by line feeds.
    static func memo(_ entry: Entry) -> String {
        TextCleaner.paragraphs(String((entry.memo ?? "").prefix(memoLimit)), preserveNewlines: true)
            .joined(separator: "\n")
    }

    /// `href` as the text before and after its one `name`, nil when
    /// `name` is not in it exactly once.
    static func split(_ href: String, around name: String) -> (String, String)? {
        guard let first = href.firstRange(of: name), href[first.upperBound...].firstRange(of: name) == nil else { return nil }
        return (String(href[..<first.lowerBound]), String(href[first.upperBound...]))
    }
}

/// JavaScript string literals for text from entries.
enum JSString {
    /// `text` in double quotes, every character that could end the
    /// literal or the line escaped: `"` and `\` by a backslash, controls,
    /// U+2028 and U+2029 (line ends to older engines) and `<` (so no
    /// `</script>` can appear, should the text ever be inlined) as a `\u`
    /// escape of four hex digits.
    static func literal(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "<":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
