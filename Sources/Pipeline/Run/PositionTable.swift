/// Finds an element of an array by a string key the element already holds
/// (an entry by its id, a photo by its path), without a dictionary.
///
/// A `[String: Value]` over a large book keeps a 16-byte key and the value
/// in each slot and grows to at most three quarters full: a dictionary from
/// an entry's id or photo path to a record or digest held about 126 bytes
/// an entry at 100,000 entries, two of them a quarter of an unchanged
/// rerun's heap. This table keeps only positions, 4 bytes a slot, at most
/// half full (8 to 16 bytes an element), and reads keys back from the
/// array they live in. `position(of:key:)` compares keys as `String`s do,
/// so it finds exactly what a dictionary would; `position(of:where:)`
/// leaves the comparison to the caller (photo paths compare as bytes).
struct PositionTable: Sendable {
    /// Position + 1 of an element whose key hashes near the slot; 0 is empty.
    private var slots: [UInt32]
    private let mask: Int

    /// Indexes positions `0..<count` by `key(i)`; positions whose key is
    /// nil are left out. Several positions may share a key: `position(of:)`
    /// gives one of them.
    init(count: Int, key: (Int) -> String?) {
        precondition(count < Int(UInt32.max), "too many elements for a position table")
        var capacity = 16
        while capacity < 2 * count { capacity <<= 1 }
        var slots = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for i in 0..<count {
            guard let k = key(i) else { continue }
            var s = k.hashValue & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = UInt32(i + 1)
        }
        self.slots = slots
        self.mask = mask
    }

    /// The position of an element whose key, as `key` reads it, is `wanted`.
    func position(of wanted: String, key: (Int) -> String?) -> Int? {
        position(of: wanted) { key($0) == wanted }
    }

    /// The position of an element whose key is `wanted`, as `matches` tells
    /// (for keys that are costly to make, such as a photo's path: `matches`
    /// compares without making it). `matches` must agree with the keys the
    /// table was made with.
    func position(of wanted: String, where matches: (Int) -> Bool) -> Int? {
        var s = wanted.hashValue & mask
        while slots[s] != 0 {
            let i = Int(slots[s] - 1)
            if matches(i) { return i }
            s = (s + 1) & mask
        }
        return nil
    }
}
