/// The address between a host's brackets (RFC 4291 section 2.2, as
/// WHATWG's IPv6 parser reads it): up to eight groups of one to four hex
/// digits, at most one `::` standing for one or more zero groups, and
/// optionally the last two groups written as an IPv4 address. A zone
/// (`%25eth0`) is refused, as WHATWG does: it means nothing off the
/// machine that wrote it.
enum IPv6Parser {
    /// `scalars` (without the brackets) start at 1-based position `at`.
    static func parse(_ scalars: ArraySlice<Unicode.Scalar>, at: Int) throws(SiteURLError) -> [UInt16] {
        let text = String(String.UnicodeScalarView(scalars))
        func fail(_ reason: String) -> SiteURLError { .ipv6(text, reason: reason) }
        let input = Array(scalars)
        guard !input.isEmpty else { throw fail("is empty") }
        var groups = [UInt16](repeating: 0, count: 8)
        var count = 0
        var compress: Int? = nil
        var i = 0
        if input[0] == ":" {
            guard input.count > 1 && input[1] == ":" else { throw fail("begins with a single ':'") }
            i = 2
            compress = 0
        }
        while i < input.count {
            guard count < 8 else { throw fail("has more than eight groups") }
            if input[i] == ":" {
                guard compress == nil else { throw fail("has more than one '::'") }
                i += 1
                compress = count
                continue
            }
            var value: UInt32 = 0, length = 0
            while i < input.count, let digit = hexValue(input[i]) {
                guard length < 4 else { throw fail("has a group of more than four hex digits") }
                value = value * 16 + digit
                length += 1
                i += 1
            }
            if i < input.count && input[i] == "." {
                // The last two groups as an IPv4 address.
                guard count <= 6 else { throw fail("has an IPv4 tail after more than six groups") }
                let tailStart = i - length
                let tail = String(String.UnicodeScalarView(input[tailStart...]))
                let bytes: [UInt8]
                do throws(SiteURLError) { bytes = try HostNameParser.ipv4(tail) } catch {
                    throw fail("ends in '\(tail)', which is no IPv4 address")
                }
                groups[count] = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
                groups[count + 1] = UInt16(bytes[2]) << 8 | UInt16(bytes[3])
                count += 2
                i = input.count
                break
            }
            guard length > 0 else {
                if input[i] == "%" { throw fail("has a zone (after '%'), which a URL cannot carry") }
                throw fail("has '\(Character(input[i]))' at character \(at + i), not a hex digit or ':'")
            }
            groups[count] = UInt16(value)
            count += 1
            if i < input.count {
                guard input[i] == ":" else {
                    if input[i] == "%" { throw fail("has a zone (after '%'), which a URL cannot carry") }
                    throw fail("has '\(Character(input[i]))' at character \(at + i), not a hex digit or ':'")
                }
                i += 1
                guard i < input.count else { throw fail("ends with a single ':'") }
            }
        }
        if let compress {
            guard count < 8 else { throw fail("has '::' standing for no group (eight are given)") }
            // The groups after `::` move to the end; zeros fill the gap.
            let after = Array(groups[compress..<count])
            for k in compress..<8 { groups[k] = 0 }
            for (k, g) in after.enumerated() { groups[8 - after.count + k] = g }
        } else if count != 8 {
            throw fail("has \(count) groups, not 8, and no '::'")
        }
        return groups
    }

    private static func hexValue(_ s: Unicode.Scalar) -> UInt32? {
        switch s {
        case "0"..."9": s.value - 0x30
        case "a"..."f": s.value - 0x61 + 10
        case "A"..."F": s.value - 0x41 + 10
        default: nil
        }
    }
}
