import PhotiCaseDiary
import Testing
@testable import PhotiCaseSite

/// The site speaks the theme's language (`SiteStrings`): an English site
/// holds no Korean but what the entries hold, a Korean one is as it was
/// (the other suites and the golden pages pin it), and every word has
/// both languages (`SiteStrings.pick` takes both, so the compiler checks
/// the table; the holidays' names, looked up by their Korean, are
/// checked here).
@Suite struct SiteStringsTests {
    /// A book in English: every kind of credit (a director, an unknown
    /// one, an artist), companions past the first thousand, a memo, a
    /// year, an untitled entry and two entries on one day.
    static func entries() -> [Entry] {
        var a = Entry(id: "a", folder: "/book/a", title: "Decision to Leave", date: CalendarDate("2022-08-27")!, rating: 4.5,
                      kind: .movie, director: "Park Chan-wook", year: 2022, friends: ["Minsu", "Jiyoung", "Tom", "Ann"],
                      memo: "Fog on the mountain.\n\nThe second paragraph.")
        a.friendsLeftOut = 3
        let b = Entry(id: "b", folder: "/book/b", title: "Untold", date: CalendarDate("2022-08-27")!, rating: 3, kind: .movie)
        let c = Entry(id: "c", folder: "/book/c", title: "Almond", date: CalendarDate("2022-08-20")!, rating: 0.5, kind: .book,
                      director: "Sohn Won-pyung", year: 2017)
        let d = Entry(id: "d", folder: "/book/d", title: "Infinity Rooms", date: CalendarDate("2022-09-10")!, rating: 5,
                      kind: .exhibition, director: "Kusama", friends: ["Minsu"])
        let e = Entry(id: "e", folder: "/book/e", title: "", date: CalendarDate("2023-01-22")!, rating: 2, kind: .concert,
                      friends: ["Ann", "Tom"])
        return [a, b, c, d, e]
    }

    /// The English book with every image the site places (the day's
    /// thumbnail, the year's image, and links to the month's, the book
    /// page's and the timeline's images), with `today` on a month with
    /// entries or on an empty one (the diary and this day a year ago).
    static func input(today: String, locale: CardLocale = .en) -> SiteInput {
        var input = SitePagesTests.input(entries())
        input.theme.locale = locale
        input.today = CalendarDate(today)!
        input.links.placements += TestRegistry.years + [
            SitePlacement(.monthLink, label: "달력 이미지 보기", english: ("See the calendar image", ""), size: nil) {
                guard case let .month(month) = $0 else { return nil }
                return "months/\(month).png"
            },
            SitePlacement(.bookPageLink, label: "이 쪽을 이미지로 보기", english: ("See this page as an image", ""), size: nil) {
                guard case let .bookPage(view, page) = $0 else { return nil }
                return "books/\(view.rawValue)-\(page).jpg"
            },
            SitePlacement(.timelineLink, label: "타임라인 이미지 보기", alt: "타임라인 이미지",
                          english: ("See the timeline image", "Timeline image"), size: nil) {
                guard case let .timeline(year, _) = $0 else { return nil }
                return "books/timeline-\(year).jpg"
            },
        ]
        return input
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        [0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F].contains { $0.contains(Int(scalar.value)) }
    }

    @Test(arguments: ["2022-08-30", "2023-08-27"], [nil, "https://example.com/diary/"])
    func anEnglishSiteHoldsNoKorean(today: String, siteURL: String?) throws {
        var input = Self.input(today: today)
        // With the site's address, the link previews and their images too.
        input.siteURL = siteURL
        input.links.placements += TestRegistry.previews
        let pages = SitePagesTests.rendered(input)
        if siteURL != nil {
            #expect(pages["index.html"]?.contains("<meta property=\"og:locale\" content=\"en_US\">") == true)
            #expect(pages["site/entries/a.html"]?.contains("<meta property=\"og:site_name\" content=\"PhotiCase Ticket book\">") == true)
        }
        #expect(pages.count > 30)
        for (path, page) in pages {
            let korean = page.unicodeScalars.filter(Self.isHangul)
            #expect(korean.isEmpty, "\(path): \(String(String.UnicodeScalarView(korean.prefix(40))))")
        }
        // It speaks English, not nothing.
        let home = try #require(pages["index.html"])
        #expect(home.contains("<a class=\"skip\" href=\"#main\">Skip to content</a>"))
        #expect(home.contains(">Calendar</a>"))
        let entry = try #require(pages["site/entries/a.html"])
        #expect(entry.contains("<time datetime=\"2022-08-27\">Sat, Aug 27, 2022</time>"))
        #expect(entry.contains("<dt>Director</dt>"))
        #expect(entry.contains("<li class=\"more\">and 3 more</li>"))
        #expect(entry.contains("aria-label=\"Rated 4.5 out of 5\""))
        let untitled = try #require(pages["site/entries/e.html"])
        #expect(untitled.contains("<h1 dir=\"auto\">Untitled</h1>"))
    }

    /// The home page of a month without entries shows the diary and the
    /// entries of this day in earlier years, in English.
    @Test func anEnglishHomePageSaysItsDiary() throws {
        let home = try #require(SitePagesTests.rendered(Self.input(today: "2023-08-27"))["index.html"])
        #expect(home.contains("No entries this month yet."))
        #expect(home.contains(">On this day</h2>"))
        #expect(home.contains("1 year ago today"))
        #expect(home.contains("Latest entries"))
        #expect(home.contains("The year 2023") || home.contains("This year (2023)"))
    }

    /// The search's script speaks the site's language: its messages are
    /// the table's, a count said apart for one.
    @Test func theSearchScriptSpeaksTheSitesLanguage() throws {
        let english = try #require(SitePagesTests.rendered(Self.input(today: "2022-08-30"))["site/search.js"])
        #expect(english.contains("stars.setAttribute(\"aria-label\", \"Rated \" + e.rating.toFixed(1) + \" out of 5\");"))
        #expect(english.contains("results.length + (results.length === 1 ? \" entry · \" : \" entries · \") + how"))
        #expect(english.contains("a.title.localeCompare(b.title, \"en\")"))
        let korean = try #require(SitePagesTests.rendered(Self.input(today: "2022-08-30", locale: .ko))["site/search.js"])
        #expect(korean.contains("\"기록 \" + results.length + \"개 · \" + how"))
        #expect(korean.contains("var CHO = \"ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ\";"))
        // The same letters, escaped, find Korean titles on an English site.
        #expect(english.contains("var CHO = \"\\u3131\\u3132\\u3134"))
    }

    @Test func theDocumentsLanguageIsTheSites() throws {
        for locale in CardLocale.allCases {
            let pages = SitePagesTests.rendered(Self.input(today: "2022-08-30", locale: locale))
            for (path, page) in pages where path.hasSuffix(".html") {
                #expect(page.hasPrefix("<!doctype html>\n<html lang=\"\(locale.rawValue)\">"), "\(path)")
            }
        }
    }

    /// A page's key names the language, so a theme's change of locale
    /// remakes the pages; a Korean site's keys are those it had.
    @Test func pageKeysNameTheLanguage() {
        func keys(_ locale: CardLocale) -> [String: String] {
            var out: [String: String] = [:]
            for page in Site(Self.input(today: "2022-08-30", locale: locale)).pages() {
                out[page.path.relative] = page.key { $0.id }
            }
            return out
        }
        let korean = keys(.ko), english = keys(.en)
        #expect(korean.values.count > 20)
        for (path, key) in korean { #expect(english[path] != key, "\(path)") }
        #expect(korean.values.allSatisfy { !$0.contains("locale") })
    }

    /// A declaration's words in the site's language: its English where it
    /// gives them, else the words it has.
    @Test func placementsSpeakTheSitesLanguage() {
        let front = TestRegistry.tickets[0]
        #expect(front.speaking(.en).label == "Front" && front.speaking(.en).alt == "ticket front")
        #expect(front.speaking(.ko).label == "앞면" && front.speaking(.ko).alt == "티켓 앞면")
        let feed = TestRegistry.shares[0]
        #expect(feed.speaking(.en).label == "피드")
    }

    /// Every holiday `KoreanHolidays` names has an English name.
    @Test func everyHolidayHasAnEnglishName() {
        let names = Set(KoreanHolidays.years.flatMap { KoreanHolidays.holidays(in: $0).map(\.name) })
        #expect(names.count > 10)
        let strings = SiteStrings(.en)
        for name in names {
            let english = strings.holiday(name)
            #expect(!english.unicodeScalars.contains(where: Self.isHangul), "\(name)")
        }
        #expect(SiteStrings(.ko).holiday("추석") == "추석")
    }

    /// A phrase around a number, as the script writes it: the Korean as
    /// the script always had it, the English singular apart.
    @Test func numberPhrasesAsScript() {
        let ko = SiteStrings(.ko), en = SiteStrings(.en)
        #expect(ko.moreLeft.script("(results.length - shown)") == "\"더 보기 (\" + (results.length - shown) + \"개 남음)\"")
        #expect(en.resultCount.script("n") == "n + (n === 1 ? \" entry · \" : \" entries · \")")
        #expect(en.resultCount("1", isOne: true) == "1 entry · " && en.resultCount("2") == "2 entries · ")
        #expect(ko.starsLabel("4.5") == "별점 4.5점 (5점 만점)")
    }
}
