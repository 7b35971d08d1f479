import Foundation

/// A process-wide budget for working memory (`--memory-limit`). Every
/// decode reserves what it will hold at its peak (the output raster, plus
/// libjpeg's whole-image coefficient buffers for a progressive JPEG, plus
/// a full-size buffer for an interlaced PNG) before it allocates, and
/// gives it back when it returns; so do the reading of an entry.json (its
/// bytes and parse) and every text layout (its window of the text and the
/// shaped graphemes). With `--jobs N`, holders that do not fit wait for
/// others to finish instead of multiplying; a decode that could never fit
/// fails alone.
public final class MemoryBudget: @unchecked Sendable, Hashable {
    // Sendable: `limitBytes` and `reserved` are read and written only with
    // `condition` locked.
    /// The budget all decodes share unless told otherwise. 1 GiB by
    /// default; `render --memory-limit` changes it.
    public static let shared = MemoryBudget(limit: 1 << 30)

    private let condition = NSCondition()
    private var limitBytes: Int
    private var reserved = 0

    public init(limit: Int) {
        precondition(limit > 0, "memory limit \(limit) must be positive")
        limitBytes = limit
    }

    /// The budget in bytes.
    public var limit: Int {
        get { condition.withLock { limitBytes } }
        set {
            precondition(newValue > 0, "memory limit \(newValue) must be positive")
            condition.withLock { limitBytes = newValue }
            condition.broadcast()
        }
    }

    /// Bytes reserved now (for tests and reports).
    public var inUse: Int { condition.withLock { reserved } }

    /// A reservation larger than the whole budget.
    public struct Exceeded: Error, Sendable {
        public let need: Int
        public let limit: Int
    }

    /// Runs `body` holding `bytes` of the budget, waiting while other
    /// holders leave too little. Throws `Exceeded` at once when `bytes`
    /// alone is more than the whole budget.
    public func withReservation<T>(_ bytes: Int, _ body: () throws -> T) throws -> T {
        let need = max(0, bytes)
        guard acquire(need, orFailAbove: true) else { throw Exceeded(need: need, limit: limit) }
        defer { release(need) }
        return try body()
    }

    /// Runs `body` holding `bytes`, or the whole budget when `bytes` is
    /// more: for work that is bounded anyway (an entry.json of at most its
    /// limit, a layout of at most its window), which then waits to run
    /// alone rather than failing.
    public func withBoundedReservation<T, E: Error>(_ bytes: Int, _ body: () throws(E) -> T) throws(E) -> T {
        var need = max(0, bytes)
        _ = acquire(&need)
        defer { release(need) }
        return try body()
    }

    /// Waits until `need` fits beside the other holders and takes it.
    /// Above the whole budget: fails without waiting when `orFailAbove`,
    /// else takes the whole budget (and says so through `need`).
    private func acquire(_ need: inout Int, orFailAbove: Bool = false) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if need > limitBytes {
            if orFailAbove { return false }
            need = limitBytes
        }
        while reserved + need > limitBytes { condition.wait() }
        reserved += need
        return true
    }

    private func acquire(_ need: Int, orFailAbove: Bool) -> Bool {
        var need = need
        return acquire(&need, orFailAbove: orFailAbove)
    }

    private func release(_ bytes: Int) {
        condition.lock()
        reserved -= bytes
        condition.unlock()
        condition.broadcast()
    }

    /// `1.5 GiB`, `620 MiB`, `12 KiB`.
    public static func text(_ bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) bytes" }
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) \(units[unit])" : "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// Parses `512M`, `2G`, `1.5GiB`, `800000000` (bytes); nil when invalid.
    public static func parse(_ text: String) -> Int? {
        var digits = text.trimmingCharacters(in: .whitespaces)
        var multiplier = 1.0
        let (k, m, g) = (1024.0, 1024.0 * 1024, 1024.0 * 1024 * 1024)
        let suffixes: [(String, Double)] = [("GiB", g), ("MiB", m), ("KiB", k), ("GB", g), ("MB", m), ("KB", k),
                                            ("G", g), ("M", m), ("K", k)]
        for (suffix, factor) in suffixes where digits.uppercased().hasSuffix(suffix.uppercased()) {
            digits = String(digits.dropLast(suffix.count))
            multiplier = factor
            break
        }
        guard let value = Double(digits), value.isFinite, value > 0 else { return nil }
        let bytes = value * multiplier
        guard bytes >= m, bytes < Double(Int.max / 2) else { return nil }
        return Int(bytes)
    }

    public static func == (a: MemoryBudget, b: MemoryBudget) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
