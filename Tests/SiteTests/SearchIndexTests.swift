import Foundation
import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// The search's index: a script per year holding what the search page
/// reads of each entry, every string a JavaScript literal that no text
/// can end early.
@Suite struct SearchIndexTests {
    /// The object a year's index pushes, read back as JSON.
    static func object(_ script: String) throws -> [String: Any] {
        let start = try #require(script.range(of: ".push("))
        let end = try #require(script.range(of: ");\n", options: .backwards))
        let json = String(script[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    static func entries() -> [Entry] {
        var entries = SitePagesTests.entries()
        entries[0].front = FacePhoto(name: "front.jpg", path: "/book/a/front.jpg")
        return entries
    }

    @Test func aYearsIndexHoldsItsEntriesAsTheSearchReadsThem() throws {
        let pages = SitePagesTests.rendered(SitePagesTests.input(Self.entries()))
        let script = try #require(pages["site/search/2022.js"])
        #expect(script.hasPrefix("// PhotiCase"))
        #expect(script.contains("(window.photicaseIndex = window.photicaseIndex || []).push({"))
        let index = try Self.object(script)
        #expect(index["year"] as? Int == 2022)
        // The face's link as the search page makes it, split around the name.
        #expect(index["face"] as? [String] == ["../tickets/", "/front.webp"])
        #expect(index["size"] as? [Int] == [600, 960])
        let rows = try #require(index["entries"] as? [[Any]])
        #expect(rows.count == 2)
        // Diary order: b (08-20), then a (08-27).
        let b = rows[0], a = rows[1]
        #expect(b[0] as? String == "b" && b[1] as? String == "아몬드" && b[2] as? String == "2022-08-20")
        #expect(b[3] as? Double == 0.5 && b[4] as? String == "book" && b[5] as? String == "손원평")
        #expect(b[8] as? Int == 0, "no face photo: nothing to show")
        // Names as links spell them, text as shown, the hostile parts intact as text.
        #expect(a[0] as? String == "2022%252F08%252Fdecision")
        #expect(a[1] as? String == SiteText.title(Self.entries()[0]))
        #expect(a[5] as? String == "박찬욱 <i>")
        #expect(a[6] as? [String] == ["민수\" onclick=\"x", "<지영>"])
        #expect(a[7] as? String == "첫 줄 </p><img src=x onerror=alert(1)>\n\n\"둘째\" 단락 & <b>굵게</b>")
        #expect(a[8] as? Int == 1)
        // No text reaches the file as markup or ends a literal.
        #expect(!script.contains("<"))
        #expect(pages["site/search/2023.js"].map { try? Self.object($0) }??["year"] as? Int == 2023)
    }

    @Test func aFaceLinkOffTheTemplateIsWrittenWhole() throws {
        var entries = Self.entries()
        // A name that the link holds twice cannot be split around it.
        entries[1] = Entry(id: "tickets", folder: "/book/t", title: "T", date: CalendarDate("2022-08-21")!, rating: 3,
                           front: FacePhoto(name: "front.jpg", path: "/book/t/front.jpg"))
        let script = try #require(SitePagesTests.rendered(SitePagesTests.input(entries))["site/search/2022.js"])
        let rows = try #require(try Self.object(script)["entries"] as? [[Any]])
        let t = try #require(rows.first { $0[0] as? String == "tickets" })
        #expect(t[8] as? String == "../tickets/tickets/front.webp")
    }

    @Test(arguments: [
        ("plain 한글 🎬", #""plain 한글 🎬""#),
        (#"a "quoted" \ back"#, #""a \"quoted\" \\ back""#),
        ("</script><!--", #""\u003c/script>\u003c!--""#),
        ("line\nnext\r\tend\u{0}\u{1F}\u{7F}\u{85}", #""line\nnext\u000d\u0009end\u0000\u001f\u007f\u0085""#),
        ("\u{2028}\u{2029}", #""\u2028\u2029""#),
    ])
    func javaScriptLiteralsHoldAnyText(_ text: String, _ literal: String) throws {
        #expect(JSString.literal(text) == literal)
        // JSON reads a JavaScript string literal of this form the same way.
        let back = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String
        #expect(back == text)
    }

    @Test func theSearchPageLoadsEveryYearsIndexThenTheSearch() throws {
        let page = try #require(SitePagesTests.rendered()["site/search.html"])
        let scripts = page.matches(of: /<script src="([^"]+)" defer><\/script>/).map { String($0.1) }
        #expect(scripts == ["../site/site.js", "../site/search/2022.js", "../site/search/2023.js", "../site/search.js"])
        // Without script the form is hidden, and the page says where to go instead.
        #expect(page.contains("<form class=\"search-form\" id=\"search-form\" role=\"search\""))
        #expect(page.contains(" hidden>"))
        #expect(page.contains("<noscript>") && page.contains("href=\"../site/book/gallery-001.html\""))
        for name in ["q", "kind", "min", "friend", "year", "sort"] { #expect(page.contains("id=\"\(name)\"")) }
        #expect(page.contains("<option value=\"2023\">2023년</option><option value=\"2022\">2022년</option>"))
    }

    @Test func everyPageLinksTheSearchFromItsHeader() {
        for (path, page) in SitePagesTests.rendered() where path.hasSuffix(".html") {
            #expect(page.contains(">검색</a></nav></header>"), "\(path)")
        }
    }

    @Test(arguments: [
        (SearchQuery(), ""),
        (SearchQuery(kind: .book, sort: .date), "#kind=book&sort=date"),
        (SearchQuery(text: "헤어질 결심", minimumRating: 4), "#q=%ED%97%A4%EC%96%B4%EC%A7%88%20%EA%B2%B0%EC%8B%AC&min=4.0"),
        (SearchQuery(friend: "a&b=c#d", year: 2022), "#friend=a%26b%3Dc%23d&year=2022"),
    ])
    func searchViewsAreSpelledAsTheScriptReadsThem(_ query: SearchQuery, _ fragment: String) {
        #expect(query.fragment == fragment)
    }

    /// A theme's own kind reads as the theme names it: its badge on the
    /// pages, its option in the kind filter, and the words search finds
    /// it by; the script never indexes a table by a kind it lacks.
    @Test func aThemesOwnKindIsNamedAsTheThemeNamesIt() throws {
        var entries = Self.entries()
        let musical = EntryKind(rawValue: "musical")
        entries[0].kind = musical
        var input = SitePagesTests.input(entries)
        input.theme.kinds.append(KindStyle(kind: musical, korean: "뮤지컬", english: "Musical", credit: .names))
        let pages = SitePagesTests.rendered(input)
        let entryPage = try #require(pages["site/entries/2022%2F08%2Fdecision.html"])
        #expect(entryPage.contains(">뮤지컬</a>") && !entryPage.contains(">musical<"))
        let search = try #require(pages["site/search.html"])
        #expect(search.contains("<option value=\"musical\">뮤지컬</option>"))
        #expect(search.contains("<option value=\"exhibition\">전시</option>"), "the built-in kinds stay offered")
        let script = try #require(pages["site/search.js"])
        #expect(script.contains("\"musical\":\"뮤지컬\""))
        #expect(script.contains("\"musical\":[\"뮤지컬\",\"musical\"]"))
        #expect(script.contains("\"concert\":[\"콘서트\",\"concert\"]"))
        #expect(!script.contains("@KIND_"))
    }

    /// The credit a page shows follows the theme's kind: a theme whose
    /// movies credit nobody shows no director; its own kind that credits
    /// an author labels the name 저자, in the page and the search's index.
    @Test func theCreditFollowsTheThemesKind() throws {
        var entries = Self.entries()
        entries[0].kind = .movie
        entries[0].director = "박찬욱"
        entries[1].kind = EntryKind(rawValue: "webtoon")
        entries[1].author = "기안84"
        var input = SitePagesTests.input(entries)
        let page = { (pages: [String: String], id: String) in
            try #require(pages["site/entries/\(HTML.percentEncoded(segment: id)).html"])
        }
        let usual = SitePagesTests.rendered(input)
        #expect(try page(usual, entries[0].id).contains("<dt>감독</dt>"))
        input.theme.kinds = input.theme.kinds.map { style in
            var style = style
            if style.kind == .movie { style.credit = .none }
            return style
        }
        input.theme.kinds.append(KindStyle(kind: EntryKind(rawValue: "webtoon"), korean: "웹툰", english: "Webtoon",
                                           credit: .author))
        let themed = SitePagesTests.rendered(input)
        let movie = try page(themed, entries[0].id)
        #expect(!movie.contains("<dt>감독</dt>") && !movie.contains("박찬욱</a>"), "a kind that credits nobody")
        let webtoon = try page(themed, entries[1].id)
        #expect(webtoon.contains("<dt>저자</dt>") && webtoon.contains("기안84"), "the theme's kind credits an author")
        let index = themed.filter { $0.key.hasPrefix("site/search/") }.values.joined()
        #expect(index.contains("\"기안84\"") && !index.contains("\"박찬욱\""))
    }

    /// An exhibition credits its artist (작가, not 출연), and a movie with no
    /// director reads 감독 미상 as its card does, with no search link and
    /// nothing in the search's index.
    @Test func anExhibitionCreditsItsArtistAndUnknownReadsAsOnCards() throws {
        var entries = Self.entries()
        entries[0].kind = .exhibition
        entries[0].director = "이중섭"
        entries[1].kind = .movie
        entries[1].director = nil
        let pages = SitePagesTests.rendered(SitePagesTests.input(entries))
        let page = { (id: String) in try #require(pages["site/entries/\(HTML.percentEncoded(segment: id)).html"]) }
        let exhibition = try page(entries[0].id)
        #expect(exhibition.contains("<dt>작가</dt>") && !exhibition.contains("<dt>출연</dt>"))
        let movie = try page(entries[1].id)
        #expect(movie.contains("<dt>감독</dt><dd>미상</dd>"))
        #expect(CardStrings(.ko).credit(kind: .movie, director: nil, author: nil, year: nil) == "감독 미상")
        let index = pages.filter { $0.key.hasPrefix("site/search/") }.values.joined()
        #expect(!index.contains("\"미상\""))
    }
}
