import PhotiCaseCodecs
import Foundation
import PhotiCaseRaster
import Testing

/// The site `render` writes, crawled in headless Chromium by
/// scripts/site-browser-test.py: every page reachable from index.html,
/// over file:// and a local static server; links, images, downloads,
/// console, headings, phone width, arrow keys; axe-core on every kind of
/// page in the light and dark schemes; the search; hostile text shown as
/// text. Skipped with a message where Chromium, chromedriver, Selenium or
/// axe-selenium-python are missing (scripts/setup.sh --test installs
/// them); under CI=true a missing browser fails instead.
@Suite(.serialized) struct SiteBrowserTests {
    static let missing = Browser.missing()
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"
    static let runs = missing == nil || required

    @Test(.enabled(if: runs, "no browser to test the site in: \(missing ?? ""); run scripts/setup.sh --test"))
    func aHostileBookShowsItsTextAsText() throws {
        try Browser.require()
        let book = try HostileBook()
        // October has no entry yet: the home page shows the diary beside it.
        let render = try Tool.run(["render", book.root, "--cache", book.cache, "--today", "2022-10-05", "--progress", "none"])
        #expect(render.status == 0, "\(render.stderr)")
        let crawl = try Browser.crawl(cache: book.cache, expect: book.expectations, search: book.searches,
                                      homeDiary: true, rtl: book.rightToLeft)
        #expect(crawl.status == 0, "\(crawl.stderr)")
        #expect(crawl.stdout.contains("\"failures\": 0"), "\(crawl.stdout)")
        // A day of two entries, a month and the gallery paged on a touch screen;
        // right-to-left text measured where it shows.
        #expect(crawl.stdout.contains("\"paged\": 3"), "\(crawl.stdout)")
        let measured = try #require(crawl.stdout.firstMatch(of: /"rtl": (\d+)/).flatMap { Int($0.1) })
        #expect(measured >= 40, "\(crawl.stdout)")
    }

    @Test(.enabled(if: runs, "no browser to test the site in: \(missing ?? ""); run scripts/setup.sh --test"))
    func theSampleBookCrawlsCleanAndIsPictured() throws {
        try Browser.require()
        let photos = Browser.repository + "/fixtures/book/2022-08-27-decision/front.jpg"
        guard FileManager.default.fileExists(atPath: photos) else {
            // scripts/test.sh makes them (fixture-maker --book) before the tests.
            if Self.required { Issue.record("fixtures/book has no photos: run fixture-maker --book fixtures/book") }
            return
        }
        let base = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let render = try Tool.run(["render", Browser.repository + "/fixtures/book", "--cache", base + "/cache",
                                   "--today", "2022-08-30", "--progress", "none"])
        #expect(render.status == 0, "\(render.stderr)")
        let again = try Tool.run(["render", Browser.repository + "/fixtures/book", "--cache", base + "/cache",
                                  "--today", "2022-08-30", "--progress", "none"])
        #expect(again.stdout.contains("rendered 0,"), "\(again.stdout)")
        // README pictures when scripts/readme-images.sh asks; a scratch folder otherwise.
        let pictures = ProcessInfo.processInfo.environment["PHOTICASE_README_IMAGES"] ?? base + "/shots"
        // What the sample book's search finds (fixtures/book's entry.json files).
        let searches = base + "/search.json"
        try JSONSerialization.data(withJSONObject: [
            ["fragment": "q=%E3%85%8E%E3%85%87%E3%85%88", "titles": ["헤어질 결심"], "first": "헤어질 결심"],
            ["fragment": "q=%EB%AF%BC%EC%88%98", "titles": ["헤어질 결심", "탑건: 매버릭", "작은 아씨들"]],
            ["fragment": "friend=%EB%AF%BC%EC%88%98&sort=date", "titles": ["헤어질 결심", "탑건: 매버릭", "작은 아씨들"],
             "first": "작은 아씨들"],
            ["fragment": "kind=book", "titles": ["파친코", "아몬드", "Dune"]],
            ["fragment": "q=%EB%B0%95%EC%B0%AC%EC%9A%B1", "titles": ["헤어질 결심"]],
            ["fragment": "q=2022.9&min=5", "titles": ["아이유 콘서트: The Golden Hour", "Everything Everywhere All at Once"]],
        ]).write(to: URL(fileURLWithPath: searches))
        let crawl = try Browser.crawl(cache: base + "/cache", search: searches, screenshots: pictures, shoot: [
            "entry=site/entries/2022-08-27-decision.html", "day=site/days/2022-08-20.html",
            "month=site/months/2022-09.html",
        ])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        for kind in ["home", "month", "day", "entry", "gallery", "list", "timeline", "year", "years", "search",
                     "phone-entry", "phone-day", "phone-home"] {
            #expect(FileManager.default.fileExists(atPath: "\(pictures)/site-\(kind).png"), "\(kind)")
        }
    }
}

/// Finding and running the browser test.
enum Browser {
    /// The checkout this test file is in.
    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// What is missing to drive Chromium, or nil when nothing is.
    static func missing() -> String? {
        var missing: [String] = []
        let shell = { (command: String) in (try? Tool.run(["-c", command], executable: "/bin/sh").status) == 0 }
        if !shell("command -v chromium || command -v chromium-browser") { missing.append("chromium") }
        if !shell("command -v chromedriver || test -x /usr/lib/chromium/chromedriver") { missing.append("chromium-driver") }
        if !shell("python3 -c 'import selenium'") { missing.append("Selenium for python3") }
        if !shell("python3 -c 'import axe_selenium_python'") { missing.append("axe-selenium-python for python3") }
        return missing.isEmpty ? nil : missing.joined(separator: ", ")
    }

    /// Fails the test when the browser is missing (only reached under CI).
    static func require() throws {
        if let missing = SiteBrowserTests.missing {
            Issue.record("CI=true but \(missing) cannot be found: scripts/setup.sh --test installs them")
            throw CocoaError(.featureUnsupported)
        }
    }

    static func crawl(cache: String, expect: String? = nil, search: String? = nil, homeDiary: Bool = false,
                      rtl: String? = nil, screenshots: String? = nil, shoot: [String] = []) throws -> Tool.Result {
        var args = [repository + "/scripts/site-browser-test.py", "--cache", cache]
        if let expect { args += ["--expect", expect] }
        if let search { args += ["--search", search] }
        if homeDiary { args.append("--expect-home-diary") }
        if let rtl { args += ["--rtl", rtl] }
        if let screenshots { args += ["--screenshots", screenshots] + shoot.flatMap { ["--shoot", $0] } }
        return try Tool.run(["python3"] + args, executable: "/usr/bin/env")
    }
}

/// Entries whose every string tries to become markup or script, with the
/// text each entry page must show instead.
final class HostileBook {
    let base: String
    var root: String { base + "/book" }
    var cache: String { base + "/cache" }
    var expectations: String { base + "/expect.json" }
    /// What the search must find in this book.
    var searches: String { base + "/search.json" }
    /// The right-to-left texts, which every page must set right to left.
    var rightToLeft: String { base + "/rtl.json" }

    init() throws {
        base = try Tool.temporaryDirectory()
        var expected: [[String: Any]] = []
        func add(_ folder: String, _ fields: [String: Any], page: String, title: String, photo: Bool = true) throws {
            let dir = root + "/" + folder
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            var json = fields
            if photo {
                let raster = Raster(width: 480, height: 360, fill: RGBA(40, 90, UInt8(folder.utf8.count * 20 % 250)))
                try Data(try ImageEncoder.encode(raster, settings: .jpeg(quality: 85))).write(to: URL(fileURLWithPath: dir + "/front.jpg"))
                json["front"] = ["photo": "front.jpg"]
            }
            try JSONSerialization.data(withJSONObject: json, options: .sortedKeys).write(to: URL(fileURLWithPath: dir + "/entry.json"))
            let memo = (fields["memo"] as? String ?? "").split(separator: "\n").map {
                $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }.filter { !$0.isEmpty }
            expected.append(["page": page, "title": title, "memo": memo, "friends": fields["friends"] ?? []])
        }
        let script = "<script>window.__pwned=1;alert(1)</script>"
        try add("script", ["title": script, "date": "2022-08-20", "rating": 4.5, "id": "2022/08/script",
                           "memo": "\(script)\n</p><img src=x onerror=\"window.__pwned=1\">", "director": "<i>감독</i>"],
                page: "site/entries/2022%2F08%2Fscript.html", title: script)
        let attribute = "\"><img src=x onerror=\"window.__pwned=1\"> ' onmouseover='window.__pwned=1"
        try add("attribute", ["title": attribute, "date": "2022-08-20", "rating": 3, "kind": "drama",
                              "friends": ["<b>민수</b>", "' onfocus='window.__pwned=1", "&amp;지영"],
                              "memo": "첫 줄 & 둘째 <u>줄</u>\n\n{{7*7}} ${x} javascript:alert(1)"],
                page: "site/entries/attribute.html", title: attribute)
        try add("search", ["title": "<b>헤어질</b> &lt;결심&gt; &amp; &#39;인용&#39;", "date": "2022-08-27", "rating": 5,
                           "friends": ["민수"], "memo": "마침내."],
                page: "site/entries/search.html", title: "헤어질 <결심> & '인용'")
        try add("percent", ["title": "🎬🍿 영화의 밤 👨‍👩‍👧", "date": "2022-09-03", "rating": 0.5, "kind": "other",
                            "id": "c 100% 완료?#", "memo": "이모지 😂🍿❤️"],
                page: "site/entries/c%20100%25%20완료%3F%23.html", title: "🎬🍿 영화의 밤 👨‍👩‍👧", photo: false)
        let long = String(repeating: "가나다라마바사아자차카타파하", count: 8) + String(repeating: "W", count: 120)
        try add("long", ["title": long, "date": "2021-12-31", "rating": 2, "kind": "book", "author": long,
                         "memo": String(repeating: "x", count: 400)],
                page: "site/entries/long.html", title: long)
        // Right to left: Arabic and Hebrew, mixed with Latin and numbers,
        // two on one day (its pager), names and a credit too.
        let arabic = "فيلم الليلة 2024 مع Dune", arabicMemo = "ذهبنا مع Jamie في الساعة 9 مساءً"
        let hebrew = "הסרט 2 של Nolan", hebrewMemo = "ראינו את זה ב-IMAX עם 4 חברים"
        let names = ["سارة", "נועה כהן", "أصغر فرهادي"]
        try add("arabic", ["title": arabic, "date": "2022-09-10", "rating": 4, "friends": [names[0], names[1]],
                           "memo": arabicMemo, "director": names[2]],
                page: "site/entries/arabic.html", title: arabic)
        try add("hebrew", ["title": hebrew, "date": "2022-09-10", "rating": 3.5, "kind": "drama", "memo": hebrewMemo],
                page: "site/entries/hebrew.html", title: hebrew, photo: false)
        try JSONSerialization.data(withJSONObject: [arabic, arabicMemo, hebrew, hebrewMemo] + names)
            .write(to: URL(fileURLWithPath: rightToLeft))
        try JSONSerialization.data(withJSONObject: expected).write(to: URL(fileURLWithPath: expectations))
        // Hostile words find their entries as text; a companion by name.
        try JSONSerialization.data(withJSONObject: [
            ["fragment": "q=%3Cscript%3E", "titles": [script], "first": script],
            ["fragment": "friend=%3Cb%3E%EB%AF%BC%EC%88%98%3C%2Fb%3E", "titles": [attribute]],
            ["fragment": "q=%EB%AF%BC%EC%88%98", "titles": [attribute, "헤어질 <결심> & '인용'"]],
            ["fragment": "q=%E3%85%8E%E3%85%87%E3%85%88", "titles": ["헤어질 <결심> & '인용'"]],
            ["fragment": "kind=book", "titles": [long]],
            ["fragment": "q=%F0%9F%98%82", "titles": ["🎬🍿 영화의 밤 👨‍👩‍👧"]],
        ]).write(to: URL(fileURLWithPath: searches))
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }
}
