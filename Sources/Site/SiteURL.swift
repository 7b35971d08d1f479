/// Where the cache folder is published (`render --site-url`): an http or
/// https URL that the pages' paths are appended to, checked the way RFC
/// 3986 and the WHATWG URL standard read it, and written back in one
/// spelling (scheme and host in lower case, an IPv6 host compressed, the
/// scheme's default port dropped, non-ASCII path characters
/// percent-encoded as UTF-8, a `/` at the end).
///
/// Stricter than a browser where a browser would guess: the `//` after the
/// scheme is required, a host ending in a number must be four decimal
/// numbers (a browser reads `010.1` as octal), dot segments are not
/// resolved, a host is ASCII (an internationalized name is given in its
/// `xn--` form: mapping Unicode to it needs UTS #46's tables), and a query,
/// a fragment or a user name is refused: the pages' paths are appended to
/// this address, and credentials would be published on every page.
///
/// Foundation's `URL` is not used: it is not WHATWG-conformant, and its
/// rules differ between platforms and versions; this is the one reading
/// the docs describe (cli.md).
public struct SiteURL: Sendable, Hashable, CustomStringConvertible {
    public enum Scheme: String, Sendable, Hashable {
        case http, https

        /// The port a browser uses when none is given.
        public var defaultPort: Int { self == .http ? 80 : 443 }
    }

    public enum Host: Sendable, Hashable {
        /// A DNS name in lower case: letters, digits and hyphens in labels
        /// of 1 to 63, at most 253 in all.
        case name(String)
        case ipv4([UInt8])
        /// Eight 16-bit groups.
        case ipv6([UInt16])
    }

    public var scheme: Scheme
    public var host: Host
    /// nil: the scheme's default.
    public var port: Int?
    /// Begins and ends with `/`; ASCII, with valid percent-escapes.
    public var path: String

    /// The longest URL accepted, in UTF-8 bytes: every page's preview
    /// repeats it, and link scrapers cut much shorter ones.
    public static let maxBytes = 2048

    /// Parses `text`, or says what is wrong and where.
    public init(parsing text: String) throws(SiteURLError) {
        guard text.utf8.count <= Self.maxBytes else { throw .tooLong(bytes: text.utf8.count) }
        let scalars = Array(text.unicodeScalars)
        try Self.checkCharacters(scalars)
        var reader = Reader(scalars: scalars)
        scheme = try reader.scheme()
        (host, port) = try reader.authority(scheme: scheme)
        path = try reader.path()
    }

    /// The URL as the pages use it: ends in `/`.
    public var description: String {
        var out = scheme.rawValue + "://" + host.serialized
        if let port, port != scheme.defaultPort { out += ":" + String(port) }
        return out + path
    }

    /// Controls (Cc), spaces of any script (White_Space) and invisible
    /// characters (Cf, Default_Ignorable_Code_Point) are refused anywhere:
    /// a pasted URL carries them unseen (U+00A0 from a web page, U+2028
    /// from a document, U+200B from a chat), and each makes a link that
    /// looks right and leads elsewhere.
    private static func checkCharacters(_ scalars: [Unicode.Scalar]) throws(SiteURLError) {
        for (i, s) in scalars.enumerated() {
            let properties = s.properties
            if properties.generalCategory == .control {
                throw .control(s, at: i + 1)
            }
            if properties.isWhitespace {
                throw .space(s, at: i + 1)
            }
            if properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint {
                throw .invisible(s, at: i + 1)
            }
        }
    }
}

extension SiteURL {
    /// Reads the URL's parts in order; positions are 1-based, in Unicode
    /// scalars, as the messages give them.
    struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        /// `http:` or `https:` and the `//` after it.
        mutating func scheme() throws(SiteURLError) -> Scheme {
            // RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
            guard let colon = scalars.firstIndex(of: ":"), colon > 0, Self.isLetter(scalars[0]),
                  scalars[..<colon].allSatisfy({ Self.isLetter($0) || ("0"..."9").contains($0)
                                                 || $0 == "+" || $0 == "-" || $0 == "." })
            else { throw .noScheme }
            let name = String(String.UnicodeScalarView(scalars[..<colon])).lowercased()
            guard let scheme = Scheme(rawValue: name) else {
                // `example.com:8080/`: a host and a port, no scheme.
                if colon + 1 < scalars.count, ("0"..."9").contains(scalars[colon + 1]) { throw .noScheme }
                throw .scheme(name)
            }
            index = colon + 1
            guard scalars[index...].starts(with: ["/", "/"]) else { throw .noSlashes(scheme: name) }
            index += 2
            return scheme
        }

        /// The host and the port, up to the path.
        mutating func authority(scheme: Scheme) throws(SiteURLError) -> (Host, Int?) {
            let start = index
            let end = scalars[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" || $0 == "\\" } ?? scalars.count
            if let at = scalars[start..<end].firstIndex(of: "@") { throw .userinfo(at: at + 1) }
            guard end > start else { throw .noHost(scheme: scheme.rawValue) }
            index = end
            let hostEnd: Int
            let host: Host
            if scalars[start] == "[" {
                guard let close = scalars[start..<end].firstIndex(of: "]") else { throw .unclosedBracket(at: start + 1) }
                host = .ipv6(try IPv6Parser.parse(scalars[(start + 1)..<close], at: start + 2))
                hostEnd = close + 1
                if hostEnd < end && scalars[hostEnd] != ":" { throw .afterIPv6(scalars[hostEnd], at: hostEnd + 1) }
            } else {
                hostEnd = scalars[start..<end].firstIndex(of: ":") ?? end
                guard hostEnd > start else { throw .noHost(scheme: scheme.rawValue) }
                host = try HostNameParser.parse(scalars[start..<hostEnd], at: start + 1)
            }
            guard hostEnd < end else { return (host, nil) }
            // scalars[hostEnd] is ":".
            let digits = scalars[(hostEnd + 1)..<end]
            guard !digits.isEmpty else { throw .emptyPort(at: hostEnd + 1) }
            let text = String(String.UnicodeScalarView(digits))
            guard digits.allSatisfy({ ("0"..."9").contains($0) }) else { throw .portNotDigits(text) }
            // Leading zeros are a number's spelling (WHATWG reads them);
            // the digits after them decide the range, without overflow.
            let significant = digits.drop { $0 == "0" }
            guard significant.count <= 5, let port = Int(String(String.UnicodeScalarView(significant))),
                  (1...65535).contains(port) else { throw .portRange(text) }
            return (host, port)
        }

        /// The path: pchar (RFC 3986) and `/`, valid percent-escapes, no
        /// dot segments; non-ASCII characters percent-encoded as UTF-8.
        mutating func path() throws(SiteURLError) -> String {
            var out = "/"
            guard index < scalars.count else { return out }
            if scalars[index] == "\\" { throw .pathCharacter("\\", at: index + 1) }
            if scalars[index] == "?" { throw .query(at: index + 1) }
            if scalars[index] == "#" { throw .fragment(at: index + 1) }
            // scalars[index] is "/", already written.
            var segmentStart = index + 1
            var i = index + 1
            while i <= scalars.count {
                let s = i < scalars.count ? scalars[i] : "/"
                switch s {
                case "/":
                    let segment = String(String.UnicodeScalarView(scalars[segmentStart..<min(i, scalars.count)]))
                    if Self.isDotSegment(segment) { throw .dotSegment(segment, at: segmentStart + 1) }
                    if i < scalars.count || !out.hasSuffix("/") { out += "/" }
                    segmentStart = i + 1
                case "?": throw .query(at: i + 1)
                case "#": throw .fragment(at: i + 1)
                case "%":
                    guard i + 2 < scalars.count, scalars[i + 1].properties.isASCIIHexDigit,
                          scalars[i + 2].properties.isASCIIHexDigit else {
                        let shown = String(String.UnicodeScalarView(scalars[i..<min(i + 3, scalars.count)]))
                        throw .badEscape(shown, at: i + 1)
                    }
                    out.unicodeScalars.append(contentsOf: scalars[i...(i + 2)])
                    i += 2
                default:
                    if s.isASCII {
                        guard Self.pathCharacters.contains(s) else { throw .pathCharacter(s, at: i + 1) }
                        out.unicodeScalars.append(s)
                    } else {
                        for byte in String(s).utf8 { out += "%" + Self.hex(byte) }
                    }
                }
                i += 1
            }
            return out
        }

        /// RFC 3986's pchar without `%` (read as an escape) and without
        /// `'`, which the old check refused and which no address needs.
        static let pathCharacters: Set<Unicode.Scalar> = Set(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&()*+,;=:@".unicodeScalars)

        /// `.` and `..`, also escaped (`%2e`, as WHATWG lists them): a
        /// browser resolves them, so the pages' URLs would not be the ones
        /// written.
        static func isDotSegment(_ segment: String) -> Bool {
            [".", "%2e", "..", ".%2e", "%2e.", "%2e%2e"].contains(segment.lowercased())
        }

        static func isLetter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }

        static func hex(_ byte: UInt8) -> String {
            let digits = Array("0123456789ABCDEF".unicodeScalars)
            return String(String.UnicodeScalarView([digits[Int(byte >> 4)], digits[Int(byte & 15)]]))
        }
    }
}
