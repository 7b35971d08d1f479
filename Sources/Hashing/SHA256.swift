import CPhotiCaseCrypto

/// SHA-256 for content fingerprints of photos, entries and fonts, through
/// OpenSSL's libcrypto (the only file that calls it). libcrypto picks the
/// SHA extensions or AVX2 code for the processor: 636 MB/s here against
/// 55 MB/s for the portable Swift version this replaced. Checked against
/// the standard test vectors.
///
/// A value type: copying a hash in progress and updating the copy leaves
/// the original as it was (the context is copied on first write).
public struct SHA256: Sendable {
    private var context: Context

    public init() { context = Context() }

    /// Adds bytes to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        makeUnique()
        // EVP_DigestUpdate fails only on a context in the wrong state,
        // which this type never makes.
        _ = EVP_DigestUpdate(context.pointer, bytes.baseAddress, bytes.count)
    }

    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }
    public mutating func update(_ text: String) { update(Array(text.utf8)) }

    /// The 32-byte digest. The hash must not be updated afterwards.
    public mutating func finalize() -> [UInt8] {
        makeUnique()
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var count: UInt32 = 0
        _ = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context.pointer, $0.baseAddress, &count) }
        return Array(digest[..<Int(count)])
    }

    /// The digest of `bytes` as lowercase hex.
    public static func hex(_ bytes: [UInt8]) -> String {
        var h = SHA256()
        h.update(bytes)
        return Self.hexString(h.finalize())
    }

    public static func hexString(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(digest.count * 2)
        for b in digest { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
    }

    /// Owns one EVP_MD_CTX.
    private final class Context: @unchecked Sendable {
        // Sendable: one EVP_MD_CTX used by one SHA256 value at a time: the value
        // copies it before it is changed while shared (`makeUnique`).
        let pointer: OpaquePointer

        init() {
            guard let made = EVP_MD_CTX_new() else { preconditionFailure("libcrypto could not allocate a digest context") }
            pointer = made
            EVP_DigestInit_ex(pointer, EVP_sha256(), nil)
        }

        private init(copying other: Context) {
            guard let made = EVP_MD_CTX_new() else { preconditionFailure("libcrypto could not allocate a digest context") }
            pointer = made
            EVP_MD_CTX_copy_ex(pointer, other.pointer)
        }

        func copy() -> Context { Context(copying: self) }

        deinit { EVP_MD_CTX_free(pointer) }
    }
}

extension SHA256 {
    /// HMAC-SHA256 of `message` under `key` (RFC 2104), through libcrypto:
    /// what `serve --key-file` checks a request's signature with.
    public static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var count: UInt32 = 0
        key.withUnsafeBytes { k in
            message.withUnsafeBytes { m in
                digest.withUnsafeMutableBufferPointer { d in
                    _ = HMAC(EVP_sha256(), k.baseAddress, Int32(k.count), m.baseAddress?.assumingMemoryBound(to: UInt8.self),
                             m.count, d.baseAddress, &count)
                }
            }
        }
        return Array(digest[..<Int(count)])
    }

    /// Whether `a` and `b` are equal, in time that depends on their length
    /// only (libcrypto's CRYPTO_memcmp): a signature compared so tells an
    /// attacker nothing of how much of a guess was right.
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, a.count) == 0 } }
    }
}
