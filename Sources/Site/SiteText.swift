import PhotiCaseDiary
import PhotiCaseRaster

/// What the site makes of an entry's own text, and the numbers it writes,
/// alike in every language; the words around them are `SiteStrings`'.
enum SiteText {
    /// Ratings and averages are written alike in both languages.
    private static let numbers = CardStrings(.ko)

    /// The title as shown: search-API `<b>` tags removed, entities decoded,
    /// whitespace collapsed (escaped for HTML later, like any text); empty
    /// when there is none (pages then say `SiteStrings.untitled`).
    /// A title longer than `titleLimit` characters (a pasted document) is
    /// cut there with "…": only its beginning is read.
    static func title(_ entry: Entry) -> String {
        let clean = SearchTitle.shown(entry.title, limit: titleLimit + 1)
        return clean.count > titleLimit ? String(clean.prefix(titleLimit)) + "…" : clean
    }

    /// The characters of a title the site shows: more than any real title.
    static let titleLimit = 300

    /// `2022.08.27`: a compact date for rows.
    static func dotted(_ d: CalendarDate) -> String { String(d.description.map { $0 == "-" ? "." : $0 }) }

    /// The rating as read aloud and printed: `4.5`.
    static func rating(_ value: Double) -> String { numbers.rating(value) }

    /// A mean rating to one decimal: `4.3`.
    static func average(_ value: Double) -> String { numbers.average(value) }

    /// Friends as written, cleaned, empty names left out.
    static func friends(_ entry: Entry) -> [String] {
        entry.friends.map { TextCleaner.collapsingWhitespace($0) }.filter { !$0.isEmpty }
    }

    /// The memo's paragraphs, line breaks kept (blank runs become one gap).
    static func memo(_ entry: Entry) -> [String] {
        TextCleaner.paragraphs(entry.memo ?? "", preserveNewlines: true)
    }

    /// The memo's first line, for rows and previews, cut where no row
    /// shows more (`TextCleaner.firstLine`).
    static func memoLine(_ entry: Entry) -> String? {
        TextCleaner.firstLine(entry.memo)
    }

    /// The file name a download of `entry`'s image suggests (`헤어질 결심
    /// 스토리.jpg`): the title with the characters file systems refuse (and
    /// controls) as spaces, cut to 60 characters, then `label` and `ext`.
    static func downloadName(_ title: String, _ label: String, ext: String) -> String {
        let refused: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        // Only the beginning can be part of the name.
        let cleaned = String(title.prefix(4 * 60).map { refused.contains($0) || $0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ? " " : $0 })
        // No hidden file: leading dots (and the spaces between them) go.
        var name = Substring(TextCleaner.collapsingWhitespace(cleaned))
        while let first = name.first, first == "." || first == " " { name.removeFirst() }
        name = name.prefix(60)
        let trimmed = TextCleaner.collapsingWhitespace(name)
        return (trimmed.isEmpty ? "" : trimmed + " ") + label + "." + ext
    }

    /// An image format as people name it, from its file extension: `JPEG`, `WebP`, `PNG`.
    static func formatName(_ ext: String) -> String {
        switch ext.lowercased() {
        case "jpg", "jpeg": "JPEG"
        case "webp": "WebP"
        default: ext.uppercased()
        }
    }

    /// `1080×1920`.
    static func size(_ size: PixelSize) -> String { "\(size.width)×\(size.height)" }

    /// The memo's first line, cut to about `limit` characters with `…`.
    static func summary(_ entry: Entry, limit: Int) -> String? {
        guard let line = memoLine(entry) else { return nil }
        return line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
    }
}

extension HTML {
    /// The stars of `rating` drawn by the style sheet (a half star is half
    /// of one filled), read aloud as `strings` say (`별점 4.5점 (5점 만점)`),
    /// then the number. The stars are a picture of the number beside them, not
    /// text: drawn as generated content, they are held to the 3:1 of
    /// graphics, in colours the style sheet solves for (`SitePalette`).
    mutating func stars(_ rating: Double, _ strings: SiteStrings) {
        let value = SiteText.rating(rating)
        let percent = Int((max(0, min(5, rating)) * 20).rounded())
        open("span", [("class", "stars"), ("role", "img"), ("aria-label", strings.starsLabel(value))])
        open("span", [("class", "stars-on"), ("style", "width:\(percent)%")])
        close("span")
        close("span")
        element("span", [("class", "rating")], value)
    }

    /// The kind badge: `영화`, `책`, ...
    mutating func kind(_ kind: EntryKind, label: String) {
        element("span", [("class", "kind kind-\(kind.rawValue)")], label)
    }
}
