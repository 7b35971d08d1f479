import PhotiCaseHashing
/// `--shard K/N`: this run renders only the entries, days and months whose
/// key hashes to K (0-based, so a Kubernetes Indexed Job can pass
/// $JOB_COMPLETION_INDEX directly). Each day and month belongs to exactly
/// one shard, so no two shards write the same file.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public static let all = Shard(index: 0, count: 1)

    public init(index: Int, count: Int) {
        precondition(count >= 1 && index >= 0 && index < count, "shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 0 <= K < N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1_000_000, k >= 0, k < n
        else { return nil }
        self.init(index: k, count: n)
    }

    /// True when `key` belongs to this shard. The hash is SHA-256, so the
    /// split is the same on every machine and every run.
    public func owns(_ key: String) -> Bool {
        guard count > 1 else { return true }
        var h = SHA256()
        h.update(key)
        let d = h.finalize()
        var v: UInt64 = 0
        for i in 0..<8 { v = v << 8 | UInt64(d[i]) }
        return Int(v % UInt64(count)) == index
    }

    /// Suffix for per-shard manifest and lock names; empty when unsharded.
    public var fileSuffix: String { count > 1 ? "-\(index)-of-\(count)" : "" }

    public var description: String { "\(index)/\(count)" }
}
