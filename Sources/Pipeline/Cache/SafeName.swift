import PhotiCaseHashing
/// Turns entry ids into single file-name components that cannot leave the
/// cache: no `/`, no `..`, no leading dot, no control characters, and
/// distinct ids always give distinct names.
public enum SafeName {
    /// Longest name kept readable; longer ones are cut and given a hash.
    static let maxBytes = 180

    /// The encoding is percent-escaping of every byte outside a safe set
    /// (ASCII letters, digits, `-`, `_`, `.` except in front, and
    /// printable non-ASCII letters), with `%` itself escaped, so it is
    /// reversible and therefore injective. `/` becomes `%2F`.
    public static func encode(_ id: String) -> String {
        var out = ""
        var first = true
        for scalar in id.unicodeScalars {
            if isSafe(scalar, first: first) {
                out.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { out += "%" + hex(byte) }
            }
            first = false
        }
        if out.isEmpty { out = "%00" }  // the empty id; no other id encodes so
        if out.utf8.count > maxBytes {
            // Keep a readable prefix; the digest of the whole id keeps
            // distinct ids apart.
            var prefix = ""
            for ch in out {
                if prefix.utf8.count + String(ch).utf8.count > maxBytes - 66 { break }
                prefix.append(ch)
            }
            // Never cut inside an escape: `d%` + `~…` would not read back
            // as a name `encode` makes (`isEncoded`), so its files could
            // never be found again.
            if let percent = prefix.suffix(2).lastIndex(of: "%") { prefix = String(prefix[..<percent]) }
            out = prefix + "~" + SHA256.hex(Array(id.utf8))
        }
        return out
    }

    /// True when `name` could have come from `encode`: one non-empty file
    /// name component that cannot leave its folder. Names read back from a
    /// manifest are checked with this before they are used as paths.
    public static func isEncoded(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maxBytes else { return false }
        var first = true
        var pendingHex = 0
        for scalar in name.unicodeScalars {
            defer { first = false }
            if pendingHex > 0 {
                guard scalar.properties.isASCIIHexDigit else { return false }
                pendingHex -= 1
                continue
            }
            if scalar == "%" { pendingHex = 2; continue }
            if scalar == "~" && !first { continue }
            guard isSafe(scalar, first: first) else { return false }
        }
        return pendingHex == 0
    }

    private static func isSafe(_ s: Unicode.Scalar, first: Bool) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
        case ".": return !first
        default:
            guard s.value >= 0x80 else { return false }
            // Letters and digits of any script (Hangul ids stay readable);
            // everything else, including invisible and spacing
            // characters, is escaped.
            switch s.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .otherNumber, .letterNumber:
                return true
            default:
                return false
            }
        }
    }

    private static func hex(_ b: UInt8) -> String {
        let d = Array("0123456789ABCDEF")
        return String([d[Int(b >> 4)], d[Int(b & 15)]])
    }
}
