import PhotiCaseCards
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

@Suite struct ThemeTests {
    func parse(_ json: String) throws(ThemeError) -> Theme {
        try Theme.parse(json: Array(json.utf8), file: "theme.json")
    }

    @Test func valuesOverTheDefaults() throws {
        let theme = try parse("""
            {"brandColor": "#112233", "starColor": "#ffcc0080", "cornerRadius": 8, "cardSize": [320, 500],
             "locale": "en", "firstWeekday": "monday", "fontFamily": "DejaVu Sans", "fontFile": null,
             "somethingNew": {"nested": [1, 2]}}
            """)
        #expect(theme.brandColor == RGBA(0x11, 0x22, 0x33))
        #expect(theme.starColor == RGBA(0xFF, 0xCC, 0x00, 0x80))
        #expect(theme.cornerRadius == 8 && theme.cardSize == Size(width: 320, height: 500))
        #expect(theme.locale == .en && theme.firstWeekday == .monday && theme.fontFamily == "DejaVu Sans")
        #expect(theme.backgroundColor == Theme().backgroundColor && theme.fontFile == nil)
        #expect(try parse("{}") == Theme())
    }

    @Test(arguments: [
        (#"{"cornerRadius": -4}"#, #"theme.json: "cornerRadius": -4 is outside 0...60"#),
        (#"{"brandColor": "red"}"#, ##"theme.json: "brandColor": expected a colour as "#rrggbb" or "#rrggbbaa", found "red""##),
        (#"{"locale": "fr"}"#, #"theme.json: "locale": expected "ko" or "en", found "fr""#),
        (#"{"firstWeekday": 1}"#, #"theme.json: "firstWeekday": expected "sunday" or "monday", found 1"#),
        (#"{"cardSize": [300]}"#, #"theme.json: "cardSize": expected [width, height] in points, found an array"#),
        (#"{"cardSize": [300, 100]}"#, #"theme.json: "cardSize": [300, 100] is outside [200...1000, 300...1600]"#),
        (#"{"fontFile": ""}"#, #"theme.json: "fontFile": expected a non-empty string, found """#),
        (#"[1, 2]"#, "theme.json: a theme is a JSON object, not an array"),
        // A kind's field is named by its whole path.
        (#"{"kinds": [{"key": "a", "ko": "가"}, {"key": "b", "ko": "나", "badgeColor": "blue"}]}"#,
         ##"theme.json: "kinds[1].badgeColor": expected a colour as "#rrggbb" or "#rrggbbaa", found "blue""##),
        (#"{"kinds": [{"key": "a", "ko": "가", "credit": "cast"}]}"#,
         #"theme.json: "kinds[0].credit": expected "director" or "author" or "names" or "artist" or "none", found "cast""#),
        (#"{"kinds": [{"key": "a", "ko": 3}]}"#, #"theme.json: "kinds[0].ko": expected a non-empty string, found 3"#),
        (#"{"kinds": [{"key": "a", "ko": "   "}]}"#, #"theme.json: "kinds[0].ko": expected a label with text, found "   ""#),
        (#"{"kinds": [{"key": "a", "ko": "가", "en": "A very long kind label"}]}"#,
         #"theme.json: "kinds[0].en": "A very long kind label" is 22 characters; a badge holds at most 12"#),
        (#"{"kinds": [{"key": "a", "ko": "가"}, {"key": "a", "ko": "나"}]}"#,
         #"theme.json: "kinds[1].key": "a" is declared twice (also kinds[0])"#),
    ])
    func badValuesNameTheFileAndKey(json: String, message: String) {
        do {
            _ = try parse(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func malformedJSONNamesTheFile() {
        #expect(throws: ThemeError.self) { try parse("{\"brandColor\": }") }
        do { _ = try parse("{\n  \"brandColor\": }") } catch { #expect(error.description.hasPrefix("theme.json: ")) }
    }

    @Test func missingFileNamesIt() {
        do {
            _ = try Theme.load(fromFile: "/nonexistent/theme.json")
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.description == "/nonexistent/theme.json: no such file")
        }
    }

    @Test func unusableFontFileFailsTheRenderer() {
        #expect(throws: CardError.self) { try CardRenderer(theme: Theme(fontFile: "/nonexistent/font.ttf")) }
    }
}
