/// What is wrong with a site URL (`SiteURL(parsing:)`), and where:
/// positions are 1-based, counted in Unicode scalars.
public enum SiteURLError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooLong(bytes: Int)
    case control(Unicode.Scalar, at: Int)
    case space(Unicode.Scalar, at: Int)
    case invisible(Unicode.Scalar, at: Int)
    case noScheme
    case scheme(String)
    case noSlashes(scheme: String)
    case userinfo(at: Int)
    case noHost(scheme: String)
    case hostCharacter(Unicode.Scalar, at: Int)
    case unicodeHost(String)
    case emptyLabel(host: String)
    case longLabel(String)
    case longHost(characters: Int)
    case labelHyphen(String)
    case ipv4(host: String, reason: String)
    case unclosedBracket(at: Int)
    case ipv6(String, reason: String)
    case afterIPv6(Unicode.Scalar, at: Int)
    case emptyPort(at: Int)
    case portNotDigits(String)
    case portRange(String)
    case query(at: Int)
    case fragment(at: Int)
    case pathCharacter(Unicode.Scalar, at: Int)
    case badEscape(String, at: Int)
    case dotSegment(String, at: Int)

    public var description: String {
        switch self {
        case let .tooLong(bytes):
            "it is \(bytes) bytes long, more than \(SiteURL.maxBytes)"
        case let .control(s, at):
            "a control character \(Self.code(s)) at character \(at)"
        case let .space(s, at):
            s == " " ? "a space at character \(at)" : "a space character \(Self.code(s)) at character \(at)"
        case let .invisible(s, at):
            "an invisible character \(Self.code(s)) at character \(at)"
        case .noScheme:
            "it does not begin with http:// or https://"
        case let .scheme(name):
            "the scheme '\(name)' is not http or https"
        case let .noSlashes(scheme):
            "'\(scheme):' must be followed by '//' and a host"
        case let .userinfo(at):
            "a user name or password (the '@' at character \(at)) would be published on every page"
        case let .noHost(scheme):
            "no host after '\(scheme)://'"
        case let .hostCharacter(s, at):
            "'\(Character(s))' at character \(at) cannot be in a host name (letters, digits, hyphens and dots)"
        case let .unicodeHost(host):
            "the host '\(host)' is not ASCII: give an internationalized name in its xn-- (punycode) form"
        case let .emptyLabel(host):
            "the host '\(host)' has an empty label (two dots, or a dot at an end)"
        case let .longLabel(label):
            "the host's label '\(label)' is longer than 63 characters"
        case let .longHost(characters):
            "the host is \(characters) characters long, more than 253"
        case let .labelHyphen(label):
            "the host's label '\(label)' begins or ends with a hyphen"
        case let .ipv4(host, reason):
            "the host '\(host)' ends in a number but is no IPv4 address: \(reason)"
        case let .unclosedBracket(at):
            "the '[' at character \(at) has no ']'"
        case let .ipv6(text, reason):
            "the IPv6 address '[\(text)]' \(reason)"
        case let .afterIPv6(s, at):
            "'\(Character(s))' at character \(at) follows the IPv6 address (a port begins with ':')"
        case let .emptyPort(at):
            "the ':' at character \(at) has no port after it"
        case let .portNotDigits(text):
            "port '\(text)' is not a number (digits only)"
        case let .portRange(text):
            "port \(text) is outside 1-65535"
        case let .query(at):
            "a query (the '?' at character \(at)) cannot end the address the pages' paths are appended to"
        case let .fragment(at):
            "a fragment (the '#' at character \(at)) cannot end the address the pages' paths are appended to"
        case let .pathCharacter(s, at):
            "'\(Character(s))' at character \(at) is not allowed in a URL's path (percent-encode it: "
                + "\(String(s).utf8.map { "%" + SiteURL.Reader.hex($0) }.joined()))"
        case let .badEscape(text, at):
            "'\(text)' at character \(at) is not a percent-escape ('%' and two hex digits)"
        case let .dotSegment(segment, at):
            "the path segment '\(segment)' at character \(at) would be resolved by a browser: write the path without it"
        }
    }

    /// `U+00A0`.
    static func code(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
