import Testing
@testable import PhotiCaseSite

/// `--site-url` as RFC 3986 and WHATWG read a URL: each rule with the
/// exact error, and the spelling an accepted URL is written back in.
@Suite struct SiteURLTests {
    static func parsed(_ text: String) -> Result<String, SiteURLError> {
        do throws(SiteURLError) { return .success(try SiteURL(parsing: text).description) } catch { return .failure(error) }
    }

    /// Accepted, and written back as the pages will use it.
    static let acceptedCases: [(String, String)] = [
        ("https://example.com", "https://example.com/"),
        ("https://example.com/", "https://example.com/"),
        ("http://example.com/tickets", "http://example.com/tickets/"),
        ("HTTPS://Example.COM/Tickets/", "https://example.com/Tickets/"),
        ("https://example.com:443/", "https://example.com/"),
        ("http://example.com:80/a/", "http://example.com/a/"),
        ("http://example.com:443/", "http://example.com:443/"),
        ("https://example.com:8443/x", "https://example.com:8443/x/"),
        ("https://example.com:08443/", "https://example.com:8443/"),
        ("https://example.com:1/", "https://example.com:1/"),
        ("https://example.com:65535/", "https://example.com:65535/"),
        ("https://localhost/", "https://localhost/"),
        ("https://a-b.c-d.example/", "https://a-b.c-d.example/"),
        ("https://xn--bcher-kva.de/", "https://xn--bcher-kva.de/"),
        ("https://my--host.example/", "https://my--host.example/"),
        ("https://" + String(repeating: "a", count: 63) + ".com/", "https://" + String(repeating: "a", count: 63) + ".com/"),
        ("https://192.168.0.1/", "https://192.168.0.1/"),
        ("https://0.0.0.0:8080/", "https://0.0.0.0:8080/"),
        ("https://255.255.255.255/", "https://255.255.255.255/"),
        ("https://[::1]/", "https://[::1]/"),
        ("https://[::1]:8080/x", "https://[::1]:8080/x/"),
        ("https://[::]/", "https://[::]/"),
        ("https://[2001:DB8::1]/", "https://[2001:db8::1]/"),
        ("https://[2001:0db8:0000:0000:0000:0000:0000:0001]/", "https://[2001:db8::1]/"),
        ("https://[2001:db8:0:0:1:0:0:1]/", "https://[2001:db8::1:0:0:1]/"),
        ("https://[1:0:0:2:0:0:0:3]/", "https://[1:0:0:2::3]/"),
        ("https://[1:2:3:4:5:6:7:8]/", "https://[1:2:3:4:5:6:7:8]/"),
        ("https://[1:0:3:4:5:6:7:8]/", "https://[1:0:3:4:5:6:7:8]/"),
        ("https://[1:2:3:4:5:6:7::]/", "https://[1:2:3:4:5:6:7:0]/"),
        ("https://[::ffff:192.0.2.1]/", "https://[::ffff:c000:201]/"),
        ("https://[1:2:3:4:5:6:1.2.3.4]/", "https://[1:2:3:4:5:6:102:304]/"),
        ("https://[fe80::]/", "https://[fe80::]/"),
        ("https://example.com/a%20b/%E2%82%AC", "https://example.com/a%20b/%E2%82%AC/"),
        ("https://example.com/%7euser/", "https://example.com/%7euser/"),
        ("https://example.com/티켓/", "https://example.com/%ED%8B%B0%EC%BC%93/"),
        ("https://example.com/a:b@c!$&()*+,;=-._~/", "https://example.com/a:b@c!$&()*+,;=-._~/"),
        ("https://example.com//double/", "https://example.com//double/"),
        ("https://example.com/.well/..x/", "https://example.com/.well/..x/"),
    ]

    @Test(arguments: acceptedCases)
    func accepted(_ text: String, _ written: String) {
        #expect(Self.parsed(text) == .success(written))
    }

    // Refused, with what is wrong and where, one list per part.
    // The scheme.
    static let schemeCases: [(String, SiteURLError)] = [
        ("example.com", .noScheme),
        ("example.com:8080/", .noScheme),
        ("//example.com/", .noScheme),
        ("", .noScheme),
        (":", .noScheme),
        ("1http://x/", .noScheme),
        ("ftp://example.com/", .scheme("ftp")),
        ("javascript:alert(1)", .scheme("javascript")),
        ("file:///etc/passwd", .scheme("file")),
        ("https:example.com", .noSlashes(scheme: "https")),
        ("https:/example.com", .noSlashes(scheme: "https")),
        ("https:\\\\example.com", .noSlashes(scheme: "https")),
    ]
    // Credentials.
    static let credentialsCases: [(String, SiteURLError)] = [
        ("https://user:pass@example.com/", .userinfo(at: 18)),
        ("https://@example.com/", .userinfo(at: 9)),
        ("https://user@/", .userinfo(at: 13)),
    ]
    // The host.
    static let hostCases: [(String, SiteURLError)] = [
        ("https://", .noHost(scheme: "https")),
        ("https:///path", .noHost(scheme: "https")),
        ("https://:8080/", .noHost(scheme: "https")),
        ("https://exa_mple.com/", .hostCharacter("_", at: 12)),
        ("https://example.com%2F/", .hostCharacter("%", at: 20)),
        ("https://ex!ample.com/", .hostCharacter("!", at: 11)),
        ("https://bücher.de/", .unicodeHost("bücher.de")),
        ("https://例え.jp/", .unicodeHost("例え.jp")),
        ("https://example..com/", .emptyLabel(host: "example..com")),
        ("https://.example.com/", .emptyLabel(host: ".example.com")),
        ("https://example.com./", .emptyLabel(host: "example.com.")),
        ("https://-example.com/", .labelHyphen("-example")),
        ("https://example-.com/", .labelHyphen("example-")),
        ("https://" + String(repeating: "a", count: 64) + ".com/", .longLabel(String(repeating: "a", count: 64))),
        ("https://" + Array(repeating: String(repeating: "a", count: 50), count: 5).joined(separator: ".") + ".com/",
         .longHost(characters: 258)),
    ]
    // IPv4, and hosts that end in a number.
    static let ipv4Cases: [(String, SiteURLError)] = [
        ("https://1.2.3.256/", .ipv4(host: "1.2.3.256", reason: "256 is above 255")),
        ("https://1.2.3.1000/", .ipv4(host: "1.2.3.1000", reason: "1000 is above 255")),
        ("https://1.2.3/", .ipv4(host: "1.2.3", reason: "3 numbers, not four")),
        ("https://999/", .ipv4(host: "999", reason: "one number, not four")),
        ("https://2130706433/", .ipv4(host: "2130706433", reason: "one number, not four")),
        ("https://1.2.3.4.5/", .ipv4(host: "1.2.3.4.5", reason: "5 numbers, not four")),
        ("https://010.0.0.1/", .ipv4(host: "010.0.0.1", reason: "'010' has a leading zero (read as octal by browsers)")),
        ("https://0x7f.0.0.1/", .ipv4(host: "0x7f.0.0.1", reason: "'0x7f' is not a decimal number")),
        ("https://1.2..4/", .ipv4(host: "1.2..4", reason: "an empty part")),
        ("https://example.123/", .ipv4(host: "example.123", reason: "2 numbers, not four")),
        ("https://example.0x1f/", .ipv4(host: "example.0x1f", reason: "2 numbers, not four")),
    ]
    // IPv6.
    static let ipv6Cases: [(String, SiteURLError)] = [
        ("https://[::1/", .unclosedBracket(at: 9)),
        ("https://[]/", .ipv6("", reason: "is empty")),
        ("https://[:1]/", .ipv6(":1", reason: "begins with a single ':'")),
        ("https://[1:]/", .ipv6("1:", reason: "ends with a single ':'")),
        ("https://[1::2::3]/", .ipv6("1::2::3", reason: "has more than one '::'")),
        ("https://[1:::2]/", .ipv6("1:::2", reason: "has more than one '::'")),
        ("https://[12345::]/", .ipv6("12345::", reason: "has a group of more than four hex digits")),
        ("https://[1:2:3:4:5:6:7]/", .ipv6("1:2:3:4:5:6:7", reason: "has 7 groups, not 8, and no '::'")),
        ("https://[1:2:3:4:5:6:7:8:9]/", .ipv6("1:2:3:4:5:6:7:8:9", reason: "has more than eight groups")),
        ("https://[1::2:3:4:5:6:7:8]/", .ipv6("1::2:3:4:5:6:7:8", reason: "has '::' standing for no group (eight are given)")),
        ("https://[1:2:3:4:5:6:7:1.2.3.4]/",
         .ipv6("1:2:3:4:5:6:7:1.2.3.4", reason: "has an IPv4 tail after more than six groups")),
        ("https://[::1.2.3]/", .ipv6("::1.2.3", reason: "ends in '1.2.3', which is no IPv4 address")),
        ("https://[::1.2.3.256]/", .ipv6("::1.2.3.256", reason: "ends in '1.2.3.256', which is no IPv4 address")),
        ("https://[::ffff:01.2.3.4]/", .ipv6("::ffff:01.2.3.4", reason: "ends in '01.2.3.4', which is no IPv4 address")),
        ("https://[1.2.3.4]/", .ipv6("1.2.3.4", reason: "has 2 groups, not 8, and no '::'")),
        ("https://[fe80::1%25eth0]/", .ipv6("fe80::1%25eth0", reason: "has a zone (after '%'), which a URL cannot carry")),
        ("https://[::g]/", .ipv6("::g", reason: "has 'g' at character 12, not a hex digit or ':'")),
        ("https://[v1.fe]/", .ipv6("v1.fe", reason: "has 'v' at character 10, not a hex digit or ':'")),
        ("https://[::1]x/", .afterIPv6("x", at: 14)),
    ]
    // The port.
    static let portCases: [(String, SiteURLError)] = [
        ("https://example.com:/", .emptyPort(at: 20)),
        ("https://example.com:0/", .portRange("0")),
        ("https://example.com:70000/", .portRange("70000")),
        ("https://example.com:65536/", .portRange("65536")),
        ("https://example.com:99999999999999999999999/", .portRange("99999999999999999999999")),
        ("https://example.com:+80/", .portNotDigits("+80")),
        ("https://example.com:-1/", .portNotDigits("-1")),
        ("https://example.com:80a/", .portNotDigits("80a")),
        ("https://example.com:8:8/", .portNotDigits("8:8")),
        ("https://[::1]:/", .emptyPort(at: 14)),
        ("https://[::1]:0x50/", .portNotDigits("0x50")),
    ]
    // The path: escapes, characters, dot segments.
    static let pathCases: [(String, SiteURLError)] = [
        ("https://example.com/a%2", .badEscape("%2", at: 22)),
        ("https://example.com/%zz/", .badEscape("%zz", at: 21)),
        ("https://example.com/%", .badEscape("%", at: 21)),
        ("https://example.com/100%/", .badEscape("%/", at: 24)),
        ("https://example.com/a<b>/", .pathCharacter("<", at: 22)),
        ("https://x/\"><b>", .pathCharacter("\"", at: 11)),
        ("https://example.com/a\\b/", .pathCharacter("\\", at: 22)),
        ("https://example.com\\a/", .pathCharacter("\\", at: 20)),
        ("https://example.com/{x}/", .pathCharacter("{", at: 21)),
        ("https://example.com/a|b", .pathCharacter("|", at: 22)),
        ("https://example.com/a^b", .pathCharacter("^", at: 22)),
        ("https://example.com/a`b", .pathCharacter("`", at: 22)),
        ("https://example.com/it's/", .pathCharacter("'", at: 23)),
        ("https://example.com/a/../b/", .dotSegment("..", at: 23)),
        ("https://example.com/./", .dotSegment(".", at: 21)),
        ("https://example.com/a/%2E%2e", .dotSegment("%2E%2e", at: 23)),
        ("https://example.com/a/.%2E/", .dotSegment(".%2E", at: 23)),
        ("https://example.com/..", .dotSegment("..", at: 21)),
    ]
    // Query and fragment.
    static let queryAndFragmentCases: [(String, SiteURLError)] = [
        ("https://example.com/?q=1", .query(at: 21)),
        ("https://example.com?q=1", .query(at: 20)),
        ("https://example.com/#top", .fragment(at: 21)),
        ("https://example.com#top", .fragment(at: 20)),
        ("https://example.com/a/b?", .query(at: 24)),
    ]
    // Controls, spaces and invisible characters, anywhere.
    static let invisibleCases: [(String, SiteURLError)] = [
        ("https://exa mple.com/", .space(" ", at: 12)),
        ("https://example.com/my book", .space(" ", at: 23)),
        (" https://example.com/", .space(" ", at: 1)),
        ("https://example.com/\n", .control("\n", at: 21)),
        ("https://example.com/\t", .control("\t", at: 21)),
        ("https://exa\u{0}mple.com/", .control("\u{0}", at: 12)),
        ("https://example.com/\u{7F}", .control("\u{7F}", at: 21)),
        ("https://example.com/\u{85}", .control("\u{85}", at: 21)),
        ("https://example.com/\u{9B}", .control("\u{9B}", at: 21)),
        ("https://example.com/\u{A0}", .space("\u{A0}", at: 21)),
        ("https://example.com/a\u{2028}", .space("\u{2028}", at: 22)),
        ("https://example.com/a\u{2029}", .space("\u{2029}", at: 22)),
        ("https://example.com/\u{3000}", .space("\u{3000}", at: 21)),
        ("https://example.com/\u{2003}", .space("\u{2003}", at: 21)),
        ("https://example.com/\u{1680}", .space("\u{1680}", at: 21)),
        ("https://example.com/\u{200B}", .invisible("\u{200B}", at: 21)),
        ("https://example.com/\u{FEFF}", .invisible("\u{FEFF}", at: 21)),
        ("\u{FEFF}https://example.com/", .invisible("\u{FEFF}", at: 1)),
        ("https://example.com/\u{202E}", .invisible("\u{202E}", at: 21)),
        ("https://example.com/\u{AD}", .invisible("\u{AD}", at: 21)),
        ("https://example.com/\u{2060}", .invisible("\u{2060}", at: 21)),
        ("https://example.com/\u{3164}", .invisible("\u{3164}", at: 21)),
        ("https://example.com/\u{FE0F}", .invisible("\u{FE0F}", at: 21)),
        ("https://ex\u{200D}ample.com/", .invisible("\u{200D}", at: 11)),
    ]
    // Length.
    static let lengthCases: [(String, SiteURLError)] = [
        ("https://example.com/" + String(repeating: "a", count: 2100), .tooLong(bytes: 2120)),
    ]

    /// Refused, with what is wrong and where.
    static let refusals: [(String, SiteURLError)] = [
        schemeCases, credentialsCases, hostCases, ipv4Cases, ipv6Cases, portCases, pathCases, queryAndFragmentCases,
        invisibleCases, lengthCases,
    ].flatMap { $0 }

    @Test(arguments: refusals)
    func refused(_ text: String, _ error: SiteURLError) {
        #expect(Self.parsed(text) == .failure(error))
    }

    /// The longest URL is accepted, one byte more is not.
    @Test func theLengthLimitIsExact() {
        let base = "https://example.com/"
        let longest = base + String(repeating: "a", count: SiteURL.maxBytes - base.utf8.count)
        #expect(Self.parsed(longest) == .success(longest + "/"))
        #expect(Self.parsed(longest + "a") == .failure(.tooLong(bytes: SiteURL.maxBytes + 1)))
    }

    /// What the command line prints after `--site-url: `.
    @Test func messagesSayWhatAndWhere() {
        #expect(SiteURLError.portRange("70000").description == "port 70000 is outside 1-65535")
        #expect(SiteURLError.space("\u{A0}", at: 21).description == "a space character U+00A0 at character 21")
        #expect(SiteURLError.control("\n", at: 3).description == "a control character U+000A at character 3")
        #expect(SiteURLError.invisible("\u{200B}", at: 5).description == "an invisible character U+200B at character 5")
        #expect(SiteURLError.pathCharacter("<", at: 22).description
                == "'<' at character 22 is not allowed in a URL's path (percent-encode it: %3C)")
        #expect(SiteURLError.userinfo(at: 18).description.contains("would be published on every page"))
        #expect(SiteURLError.ipv6("1::2::3", reason: "has more than one '::'").description
                == "the IPv6 address '[1::2::3]' has more than one '::'")
    }

    /// Every address accepted is written in a spelling that parses to
    /// itself.
    @Test(arguments: ["HTTPS://Example.COM:443/a/티켓", "https://[0:0:0:0:0:ffff:1.2.3.4]:8080/x/", "http://10.0.0.1/a%2fb"])
    func theWrittenSpellingIsStable(_ text: String) throws {
        let once = try SiteURL(parsing: text).description
        #expect(try SiteURL(parsing: once).description == once)
    }
}
