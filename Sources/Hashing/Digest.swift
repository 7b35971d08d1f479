/// A SHA-256 digest as a 32-byte value: what a run keeps of each entry.json
/// and photo hash. The 64-character hex text the index and fingerprints
/// use is a heap string of 112 bytes behind a 16-byte reference; a large
/// book's run keeps one or two per entry, so it keeps these instead and
/// spells them (`hex`) only where text is needed.
public struct Digest: Sendable, Hashable {
    /// The 32 bytes, big-endian in eight-byte words (word 0 holds bytes 0...7).
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// The digest of 32 `bytes`, as `SHA256.finalize` returns them.
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 32, "a SHA-256 digest has 32 bytes, not \(bytes.count)")
        func word(_ at: Int) -> UInt64 {
            var w: UInt64 = 0
            for b in bytes[at..<at + 8] { w = w << 8 | UInt64(b) }
            return w
        }
        words = (word(0), word(8), word(16), word(24))
    }

    /// The digest spelled by `hex`: 64 lowercase hex digits, as `hex` spells
    /// it. Nil for any other text (an index row someone edited), so a
    /// digest always spells back to the text it was read from.
    public init?(hex: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var high: UInt8?
        for c in hex.utf8 {
            let v: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): v = c - UInt8(ascii: "a") + 10
            default: return nil
            }
            if let h = high {
                guard bytes.count < 32 else { return nil }
                bytes.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
        }
        guard bytes.count == 32, high == nil else { return nil }
        self.init(bytes: bytes)
    }

    /// The digest of `bytes`.
    public static func of(_ bytes: [UInt8]) -> Digest {
        var h = SHA256()
        h.update(bytes)
        return Digest(bytes: h.finalize())
    }

    /// The 32 bytes.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for w in [words.0, words.1, words.2, words.3] {
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: w >> UInt64(shift))) }
        }
        return out
    }

    /// Lowercase hex, as `SHA256.hex` spells the same digest.
    public var hex: String { SHA256.hexString(bytes) }

    public static func == (a: Digest, b: Digest) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
