/// A site page not written this run because images it links are not in
/// the cache: images this run could not write (a full disk, a quota, a
/// read-only folder). A page never links a missing file: the page as it
/// was stays (`kept`), or, when there was none, the page waits; the next
/// run with room writes both.
struct PageWaits: Error, Sendable, CustomStringConvertible {
    /// The page's cache-relative path.
    let page: String
    /// The images it would link that the cache does not hold.
    let missing: [String]
    /// Whether the cache holds an earlier version of the page.
    let kept: Bool

    var description: String {
        let shown = missing.prefix(3).joined(separator: ", ") + (missing.count > 3 ? " and \(missing.count - 3) more" : "")
        return "\(page): \(kept ? "the page as it was is kept" : "the page is not written yet"): it would link "
            + "\(shown), not in the cache (not written this run); the next run writes it"
    }
}

/// The outputs a run could not write (a full disk, a quota, a read-only
/// folder), and the entries they belong to. Only this run's failures
/// count: a shard's pages link images other shards write.
struct Unwritten: Sendable {
    private(set) var paths: Set<String> = []
    private(set) var entries: Set<String> = []

    mutating func add(_ outputs: some Sequence<String>, of owner: Owner) {
        paths.formUnion(outputs)
        if owner.kind == .entry { entries.insert(owner.key) }
    }
}
