extension SiteURL.Host {
    /// The host as a URL writes it: an IPv6 address in brackets, its
    /// longest run of zero groups (two or more, the first of equals)
    /// written `::`, hex in lower case (RFC 5952, WHATWG's serializer).
    public var serialized: String {
        switch self {
        case let .name(name): return name
        case let .ipv4(parts): return parts.map(String.init).joined(separator: ".")
        case let .ipv6(groups):
            var best: Range<Int>? = nil
            var i = 0
            while i < groups.count {
                guard groups[i] == 0 else { i += 1; continue }
                let start = i
                while i < groups.count && groups[i] == 0 { i += 1 }
                if i - start > 1 && i - start > (best?.count ?? 0) { best = start..<i }
            }
            func hex(_ range: Range<Int>) -> String {
                groups[range].map { String($0, radix: 16) }.joined(separator: ":")
            }
            guard let best else { return "[" + hex(0..<groups.count) + "]" }
            return "[" + hex(0..<best.lowerBound) + "::" + hex(best.upperBound..<groups.count) + "]"
        }
    }
}

/// A host that is not in brackets: a DNS name, or, when its last label is
/// a number, an IPv4 address.
enum HostNameParser {
    /// `scalars` start at 1-based position `at`.
    static func parse(_ scalars: ArraySlice<Unicode.Scalar>, at: Int) throws(SiteURLError) -> SiteURL.Host {
        let text = String(String.UnicodeScalarView(scalars))
        if scalars.contains(where: { !$0.isASCII }) { throw .unicodeHost(text) }
        for (offset, s) in scalars.enumerated() where !isLetterDigitHyphenDot(s) {
            throw .hostCharacter(s, at: at + offset)
        }
        let name = text.lowercased()
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        // WHATWG: a host whose last label is a number (decimal, or 0x hex)
        // is an IPv4 address or nothing.
        if let last = labels.last, !last.isEmpty && last.allSatisfy(\.isASCIIDigit)
            || last.hasPrefix("0x") && last.dropFirst(2).allSatisfy(\.isHexDigit) {
            return .ipv4(try ipv4(name))
        }
        if labels.contains(where: \.isEmpty) { throw .emptyLabel(host: text) }
        guard name.utf8.count <= 253 else { throw .longHost(characters: name.utf8.count) }
        for label in labels {
            guard label.utf8.count <= 63 else { throw .longLabel(String(label)) }
            guard !label.hasPrefix("-") && !label.hasSuffix("-") else { throw .labelHyphen(String(label)) }
        }
        return .name(name)
    }

    /// Four decimal numbers 0-255 without leading zeros (RFC 3986's
    /// dec-octet): the forms a browser also reads (`0x7f.1`, `010.0.0.1`
    /// as octal, `2130706433`) are refused, as they mean what few expect.
    static func ipv4<S: StringProtocol>(_ text: S) throws(SiteURLError) -> [UInt8] {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            throw .ipv4(host: String(text), reason: parts.count == 1 ? "one number, not four" : "\(parts.count) numbers, not four")
        }
        var bytes: [UInt8] = []
        for part in parts {
            guard !part.isEmpty else { throw .ipv4(host: String(text), reason: "an empty part") }
            guard part.allSatisfy(\.isASCIIDigit) else {
                throw .ipv4(host: String(text), reason: "'\(part)' is not a decimal number")
            }
            guard part == "0" || !part.hasPrefix("0") else {
                throw .ipv4(host: String(text), reason: "'\(part)' has a leading zero (read as octal by browsers)")
            }
            guard part.count <= 3, let value = UInt8(part) else {
                throw .ipv4(host: String(text), reason: "\(part) is above 255")
            }
            bytes.append(value)
        }
        return bytes
    }

    private static func isLetterDigitHyphenDot(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-" || s == "."
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
