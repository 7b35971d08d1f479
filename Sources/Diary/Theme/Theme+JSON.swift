import PhotiCaseFileSystem
import PhotiCaseRaster

/// Why a theme file could not be used; prints as
/// `theme.json: "cornerRadius": -4 is outside 0...60`.
public struct ThemeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// The offending key; nil when the file as a whole is at fault.
    public var key: String?
    /// What is wrong.
    public var reason: String

    public init(file: String, key: String? = nil, reason: String) {
        self.file = file
        self.key = key
        self.reason = reason
    }

    public var description: String {
        key.map { "\(file): \"\($0)\": \(reason)" } ?? "\(file): \(reason)"
    }
}

extension Theme {
    /// The largest theme file read, in bytes.
    public static let maxFileBytes = 1 << 20

    /// The default theme with the values of the JSON file at `path` laid
    /// over it. Every key is optional and unknown keys are ignored:
    ///
    /// ```
    /// {"brandColor": "#FF5A5F", "brandSecondaryColor": "#7B4DDB", "backgroundColor": "#FBF7F0",
    ///  "textColor": "#1E1B18", "secondaryTextColor": "#6E675F", "inverseTextColor": "#FFFFFF",
    ///  "starColor": "#FFB400", "sundayColor": "#E5484D", "saturdayColor": "#3E63DD",
    ///  "shareBackgroundColor": "#EEEBE6", "cornerRadius": 18, "cardSize": [300, 480],
    ///  "fontFile": "/path/regular.ttf", "boldFontFile": "/path/bold.ttf", "fontFamily": "NanumSquareRound",
    ///  "locale": "ko", "firstWeekday": "sunday", "holidays": "kr", "backPhotoDim": 0.55}
    /// ```
    /// Colours are `#rrggbb` or `#rrggbbaa`. Throws `ThemeError` naming the
    /// file and, for a bad value, the key.
    public static func load(fromFile path: String) throws(ThemeError) -> Theme {
        let bytes: [UInt8]
        do throws(FileSystemError) {
            bytes = try FileSystem.readFile(path, limit: maxFileBytes)
        } catch {
            throw ThemeError(file: path, reason: error.problem.description)
        }
        return try parse(json: bytes, file: path)
    }

    /// The default theme with the values of the JSON document `bytes` laid
    /// over it; `file` names the document in errors.
    public static func parse(json bytes: [UInt8], file: String) throws(ThemeError) -> Theme {
        let document: JSONValue
        do throws(JSONError) {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ThemeError(file: file, reason: error.description)
        }
        guard let object = document.objectValue else {
            throw ThemeError(file: file, reason: "a theme is a JSON object, not \(document.kindDescription)")
        }
        var theme = Theme()
        let reader = ThemeReader(file: file, object: object)
        let colors: [(String, WritableKeyPath<Theme, RGBA>)] = [
            ("brandColor", \.brandColor), ("brandSecondaryColor", \.brandSecondaryColor),
            ("backgroundColor", \.backgroundColor), ("textColor", \.textColor),
            ("secondaryTextColor", \.secondaryTextColor), ("inverseTextColor", \.inverseTextColor),
            ("starColor", \.starColor), ("sundayColor", \.sundayColor), ("saturdayColor", \.saturdayColor),
            ("shareBackgroundColor", \.shareBackgroundColor),
        ]
        for (key, path) in colors {
            if let color = try reader.color(key) { theme[keyPath: path] = color }
        }
        if let radius = try reader.number("cornerRadius", in: 0...60) { theme.cornerRadius = radius }
        if let dim = try reader.number("backPhotoDim", in: 0...1) { theme.backPhotoDim = dim }
        if let size = try reader.cardSize("cardSize") { theme.cardSize = size }
        if let file = try reader.string("fontFile") { theme.fontFile = file }
        if let file = try reader.string("boldFontFile") { theme.boldFontFile = file }
        if let family = try reader.string("fontFamily") { theme.fontFamily = family }
        if let locale = try reader.choice("locale", CardLocale.self) { theme.locale = locale }
        if let first = try reader.choice("firstWeekday", FirstWeekday.self) { theme.firstWeekday = first }
        if let holidays = try reader.choice("holidays", HolidayCalendar.self) { theme.holidays = holidays }
        if let placement = try reader.choice("frontText", FrontTextPlacement.self) { theme.frontText = placement }
        for style in try reader.kinds("kinds") {
            if let i = theme.kinds.firstIndex(where: { $0.kind == style.kind }) {
                theme.kinds[i] = style
            } else {
                theme.kinds.append(style)
            }
        }
        return theme
    }
}

/// Reads typed theme values, naming the file and key in every error.
private struct ThemeReader {
    let file: String
    let object: JSONObject
    /// Where `object` is in the theme (`kinds[1].`): errors name the field
    /// by its whole path.
    var path = ""

    /// The value of `key`, nil when absent or null.
    private func value(_ key: String) -> JSONValue? {
        guard let v = object[key], !v.isNull else { return nil }
        return v
    }

    private func fail(_ key: String, _ reason: String) -> ThemeError {
        ThemeError(file: file, key: path + key, reason: reason)
    }

    func color(_ key: String) throws(ThemeError) -> RGBA? {
        guard let v = value(key) else { return nil }
        guard let text = v.stringValue, text.hasPrefix("#"), let color = RGBA(hex: text) else {
            throw fail(key, "expected a colour as \"#rrggbb\" or \"#rrggbbaa\", found \(describe(v))")
        }
        return color
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(ThemeError) -> Double? {
        guard let v = value(key) else { return nil }
        guard let n = v.doubleValue else { throw fail(key, "expected a number, found \(describe(v))") }
        guard range.contains(n) else { throw fail(key, "\(describe(v)) is outside \(format(range.lowerBound))...\(format(range.upperBound))") }
        return n
    }

    /// `[width, height]` in points, each within the sizes a card can be laid out in.
    func cardSize(_ key: String) throws(ThemeError) -> Size? {
        guard let v = value(key) else { return nil }
        guard let pair = v.arrayValue, pair.count == 2, let w = pair[0].doubleValue, let h = pair[1].doubleValue else {
            throw fail(key, "expected [width, height] in points, found \(describe(v))")
        }
        guard Theme.cardWidths.contains(w), Theme.cardHeights.contains(h) else {
            throw fail(key, "[\(format(w)), \(format(h))] is outside [\(format(Theme.cardWidths.lowerBound))...\(format(Theme.cardWidths.upperBound)), "
                       + "\(format(Theme.cardHeights.lowerBound))...\(format(Theme.cardHeights.upperBound))]")
        }
        return Size(width: w, height: h)
    }

    func string(_ key: String) throws(ThemeError) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.stringValue, !s.isEmpty else { throw fail(key, "expected a non-empty string, found \(describe(v))") }
        return s
    }

    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(ThemeError) -> T?
    where T.RawValue == String {
        guard let v = value(key) else { return nil }
        guard let s = v.stringValue, let choice = T(rawValue: s) else {
            let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw fail(key, "expected \(names), found \(describe(v))")
        }
        return choice
    }

    /// `"kinds"`: kinds to add, or to change by key, each
    /// `{"key": "festival", "ko": "페스티벌", "en": "Festival",
    /// "badgeColor": "#1B756A", "credit": "names"}` (`en` defaults to
    /// `ko`, the colour to the brand colour, the credit to `names`).
    func kinds(_ key: String) throws(ThemeError) -> [KindStyle] {
        guard let v = value(key) else { return [] }
        guard let list = v.arrayValue else { throw fail(key, "expected a list of kinds, found \(describe(v))") }
        var styles: [KindStyle] = []
        for (i, item) in list.enumerated() {
            let at = "\(key)[\(i)]"
            guard let object = item.objectValue else { throw fail(at, "expected an object, found \(describe(item))") }
            let kind = ThemeReader(file: file, object: object, path: path + at + ".")
            guard let name = try kind.string("key") else { throw fail(at, "has no \"key\"") }
            guard name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
                  name.count <= 32 else {
                throw fail(at + ".key", "\"\(name)\" is not a key of lower-case letters, digits and '-' (at most 32)")
            }
            if let first = styles.firstIndex(where: { $0.kind.rawValue == name }) {
                throw fail(at + ".key", "\"\(name)\" is declared twice (also \(key)[\(first)])")
            }
            guard let korean = try kind.label("ko") else { throw fail(at, "has no \"ko\" label") }
            styles.append(KindStyle(kind: EntryKind(rawValue: name), korean: korean,
                                    english: try kind.label("en") ?? korean,
                                    badgeColor: try kind.color("badgeColor"),
                                    credit: try kind.choice("credit", KindStyle.Credit.self) ?? .names))
        }
        return styles
    }

    /// The most characters a kind's label may have: its badge fits the
    /// narrowest card a theme allows (200 points) at the badge's size.
    static let labelLimit = 12

    /// A kind's badge label: text that shows (not only spaces), at most
    /// `labelLimit` characters.
    func label(_ key: String) throws(ThemeError) -> String? {
        guard let label = try string(key) else { return nil }
        let shown = TextCleaner.collapsingWhitespace(label)
        guard !shown.isEmpty else { throw fail(key, "expected a label with text, found \"\(label)\"") }
        guard shown.count <= Self.labelLimit else {
            throw fail(key, "\"\(shown)\" is \(shown.count) characters; a badge holds at most \(Self.labelLimit)")
        }
        return shown
    }

    /// A value as it would be written in JSON, shortened.
    private func describe(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .number(let n): n.exactInteger.map(String.init) ?? format(n.value)
        case .bool(let b): String(b)
        default: v.kindDescription
        }
    }

    private func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}

extension Theme {
    /// Card widths a theme may set, in points.
    public static let cardWidths: ClosedRange<Double> = 200...1000
    /// Card heights a theme may set, in points: enough for the stub and the
    /// corners around its notches.
    public static let cardHeights: ClosedRange<Double> = 300...1600
}
