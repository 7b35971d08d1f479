import Foundation
import PhotiCaseHashing
import PhotiCasePipeline

/// `--key-file`: every request carries `?sig=HEX`, the HMAC-SHA256 of its
/// path as sent (escapes included, the query left out) under one of the
/// keys, compared in constant time. Several keys let a key be rotated: a
/// new one is added, clients move to it, the old one is removed.
struct RequestSignature {
    /// The keys, each a line of the key file (blank lines and `#` comments
    /// aside); a line is used as its bytes.
    let keys: [[UInt8]]

    struct KeyFileError: Error, CustomStringConvertible {
        var description: String
    }

    init(keyFile text: String, path: String) throws {
        keys = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.map { Array($0.utf8) }
        guard !keys.isEmpty else { throw KeyFileError(description: "\(path): holds no key (one key a line)") }
        if let short = keys.first(where: { $0.count < 16 }) {
            throw KeyFileError(description: "\(path): a key of \(short.count) bytes is too short to sign with (16 at least)")
        }
    }

    /// Whether `signature` (hex) signs `path` under any key. Every key is
    /// tried, so the time says nothing of which one matched.
    func accepts(path: String, signature: String?) -> Bool {
        guard let signature, let given = Self.unhex(signature) else { return false }
        var matched = false
        for key in keys where SHA256.constantTimeEqual(SHA256.hmac(key: key, message: Array(path.utf8)), given) {
            matched = true
        }
        return matched
    }

    static func unhex(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 64 else { return nil }
        var out: [UInt8] = []
        for i in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: utf8[i..<(i + 2)], as: UTF8.self), radix: 16) else { return nil }
            out.append(byte)
        }
        return out
    }
}
