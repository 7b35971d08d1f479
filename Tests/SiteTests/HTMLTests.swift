import Testing
@testable import PhotiCaseSite

/// Escaping and URLs: no user text can become markup, and every id
/// reaches a URL as the file name the cache gave it.
@Suite struct HTMLTests {
    @Test(arguments: [
        (#"<script>alert("x")</script>"#, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"),
        (#"" onmouseover="alert(1)"#, "&quot; onmouseover=&quot;alert(1)"),
        ("' autofocus onfocus='x", "&#39; autofocus onfocus=&#39;x"),
        ("Tom & Jerry &amp; co", "Tom &amp; Jerry &amp;amp; co"),
        ("<b>헤어질</b> 결심", "&lt;b&gt;헤어질&lt;/b&gt; 결심"),
        ("🎬🍿 영화의 밤 👨‍👩‍👧", "🎬🍿 영화의 밤 👨‍👩‍👧"),
        ("a\u{0}b\u{1B}c\u{7F}d\u{85}e", "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e"),
        ("line\nnext\tcell", "line\nnext\tcell"),
        ("", ""),
    ])
    func escapes(_ raw: String, _ escaped: String) {
        #expect(HTML.escape(raw) == escaped)
    }

    @Test func escapedTextHoldsNoMarkupCharacters() {
        var seed: UInt64 = 0x5EED
        let alphabet = Array("<>&\"'=/ ab가\u{0}\u{9F}😀;#x")
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<24 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                text.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            let out = HTML.escape(text)
            #expect(!out.contains(where: { "<>\"'".contains($0) }), "\(out)")
            #expect(!out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
            // Every & starts a reference this escaping writes.
            let amps = out.components(separatedBy: "&").dropFirst()
            #expect(amps.allSatisfy { rest in ["amp;", "lt;", "gt;", "quot;", "#39;"].contains { rest.hasPrefix($0) } })
        }
    }

    @Test(arguments: [
        ("2022%2F08%2Fdecision", "2022%252F08%252Fdecision"),
        ("헤어질", "%ED%97%A4%EC%96%B4%EC%A7%88"),
        ("a b?c#d&e", "a%20b%3Fc%23d%26e"),
        ("safe-._~09AZaz", "safe-._~09AZaz"),
        ("..", ".."),
    ])
    func percentEncodes(_ segment: String, _ encoded: String) {
        #expect(HTML.percentEncoded(segment: segment) == encoded)
    }

    @Test func linksAreRelativeToThePage() {
        #expect(HTML.href(from: "index.html", to: "site/style.css") == "site/style.css")
        #expect(HTML.href(from: "site/entries/a%2Fb.html", to: "tickets/a%2Fb/front.webp")
                == "../../tickets/a%252Fb/front.webp")
        #expect(HTML.href(from: "site/days/2022-08-20.html", to: "index.html") == "../../index.html")
    }

    @Test func builderEscapesAttributesAndText() {
        var html = HTML()
        html.element("a", [("href", "x\"y"), ("title", nil), ("download", "")], "<i>")
        #expect(html.text == "<a href=\"x&quot;y\" download>&lt;i&gt;</a>")
    }
}
