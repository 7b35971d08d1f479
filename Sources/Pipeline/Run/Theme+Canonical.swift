import PhotiCaseCards
import PhotiCaseDiary
import PhotiCaseRaster

extension Theme {
    /// The theme as JSON with sorted keys and exact numbers: a stable
    /// identity for cache keys, unlike reflection text, which changes with
    /// the compiler. Every stored property appears (checked by a test).
    public var canonicalJSON: String {
        func color(_ c: RGBA) -> JSONValue {
            let hex = [c.r, c.g, c.b, c.a].map { b in
                let s = String(b, radix: 16, uppercase: true)
                return s.count == 1 ? "0" + s : s
            }.joined()
            return .string("#" + hex)
        }
        func number(_ x: Double) -> JSONValue { .number(JSONNumber(x)) }
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        let fields: [(String, JSONValue)] = [
            ("backPhotoDim", number(backPhotoDim)),
            ("backgroundColor", color(backgroundColor)),
            ("boldFontFile", text(boldFontFile)),
            ("brandColor", color(brandColor)),
            ("brandSecondaryColor", color(brandSecondaryColor)),
            ("cardSize", [number(cardSize.width), number(cardSize.height)]),
            ("cornerRadius", number(cornerRadius)),
            ("firstWeekday", .string(firstWeekday.rawValue)),
            ("fontFamily", .string(fontFamily)),
            ("fontFile", text(fontFile)),
            ("frontText", .string(frontText.rawValue)),
            ("holidays", .string(holidays.rawValue)),
            ("inverseTextColor", color(inverseTextColor)),
            ("kinds", .array(kinds.map { k in
                .object(JSONObject([("badgeColor", k.badgeColor.map(color) ?? .null), ("credit", .string(k.credit.rawValue)),
                                    ("en", .string(k.english)), ("key", .string(k.kind.rawValue)),
                                    ("ko", .string(k.korean))].map { JSONMember(key: $0.0, value: $0.1) }))
            })),
            ("locale", .string(locale.rawValue)),
            ("saturdayColor", color(saturdayColor)),
            ("secondaryTextColor", color(secondaryTextColor)),
            ("shareBackgroundColor", color(shareBackgroundColor)),
            ("starColor", color(starColor)),
            ("sundayColor", color(sundayColor)),
            ("textColor", color(textColor)),
        ]
        return JSONWriter.text(of: .object(JSONObject(fields.map { JSONMember(key: $0.0, value: $0.1) })))
    }

    /// How many stored properties `canonicalJSON` covers; a test compares
    /// it with the type's own count so a new property cannot be missed.
    static let canonicalFieldCount = 21
}
