import Testing
import PhotiCaseDiary
import PhotiCaseDiary

struct SearchTitleTests {
    @Test(arguments: [
        ("<b>헤어질</b> 결심", "헤어질 결심"),
        ("<B>Everything</B> Everywhere <b >All</b > at Once", "Everything Everywhere All at Once"),
        ("Tom &amp; Jerry", "Tom & Jerry"),
        ("&lt;b&gt;bold&lt;/b&gt;", "<b>bold</b>"),
        ("Rock &#39;n&#39; Roll &apos;99", "Rock 'n' Roll '99"),
        ("&quot;Quoted&quot;", "\"Quoted\""),
        ("&#x41;&#66;&#X43;", "ABC"),
        ("&#54756;&#xC5B4;", "헤어"),
        ("a < b > c", "a < b > c"),
        ("<i>kept</i>", "<i>kept</i>"),
        ("&foo; & bar &#; &#+12; &#0; &#xZZ;", "&foo; & bar &#; &#+12; &#0; &#xZZ;"),
        ("AT&T &amp", "AT&T &amp"),
        ("  <b>Past</b>\n Lives \t ", "Past Lives"),
    ])
    func cleans(_ raw: String, _ expected: String) {
        #expect(SearchTitle.clean(raw) == expected)
    }

    @Test func nbspEntityJoinsWords() {
        #expect(SearchTitle.clean("a&nbsp;b") == "a\u{00A0}b")
    }
}
