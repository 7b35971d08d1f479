
/// The cache directory's own files: the index, the log, the locks, the
/// tag. Each kind of output declares its own folder and paths (`Kinds`):
///
/// ```
/// tickets/<id>/front.<ext>, back.<ext>, ticket.<ext>   TicketsKind
/// days/<YYYY-MM-DD>.<ext>                              DaysKind
/// months/<YYYY-MM>.<ext>                               MonthsKind
/// books/gallery-<NNN>.<ext>, list-<NNN>, timeline-<YYYY>[-<NNN>]   BookPagesKind
/// years/<YYYY>.<ext>                                   YearsKind
/// index.html, site/...                                 SiteKind (`SitePath`)
/// index.sqlite, render.log, .lock, .kinds/, CACHEDIR.TAG
/// ```
/// Paths are relative to the cache root; ids are encoded by `SafeName`.
public struct CacheLayout: Sendable {
    /// The cache root.
    public var root: String

    public init(root: String) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// File names in the cache root.
    public static let logName = "render.log"
    public static let lockName = ".lock"
    public static let tagName = "CACHEDIR.TAG"
    public var log: String { root + "/" + CacheLayout.logName }
    public var lock: String { root + "/" + CacheLayout.lockName }

    /// The index's file name for `shard`.
    public static func indexName(_ shard: Shard) -> String { "index\(shard.fileSuffix).sqlite" }

    /// True for names `indexName` gives (any shard).
    public static func isIndexName(_ name: String) -> Bool {
        guard name.hasPrefix("index"), name.hasSuffix(".sqlite") else { return false }
        return isShardSuffix(name.dropFirst("index".count).dropLast(".sqlite".count))
    }

    /// The shard whose index `name` is (`indexName`'s inverse), nil for
    /// another name.
    static func shard(ofIndexName name: String) -> Shard? {
        guard isIndexName(name) else { return nil }
        let middle = name.dropFirst("index".count).dropLast(".sqlite".count)
        if middle.isEmpty { return .all }
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        return Shard("\(parts[1])/\(parts[3])")
    }

    /// manifest.json of the first version, for the index named `name`.
    static func manifestName(forIndex name: String) -> String {
        "manifest" + name.dropFirst("index".count).dropLast(".sqlite".count) + ".json"
    }

    /// The index that replaces manifest.json `name`.
    static func indexName(forManifest name: String) -> String {
        "index" + name.dropFirst("manifest".count).dropLast(".json".count) + ".sqlite"
    }

    /// `""` or `-K-of-N`.
    private static func isShardSuffix(_ middle: Substring) -> Bool {
        if middle.isEmpty { return true }
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0].isEmpty && parts[2] == "of" && Int(parts[1]) != nil && Int(parts[3]) != nil
    }

    /// The first version's manifest file name for `shard`.
    public static func manifestName(_ shard: Shard) -> String { "manifest\(shard.fileSuffix).json" }

    /// True for names `manifestName` gives (any shard).
    public static func isManifestName(_ name: String) -> Bool {
        guard name.hasPrefix("manifest"), name.hasSuffix(".json") else { return false }
        return isShardSuffix(name.dropFirst("manifest".count).dropLast(".json".count))
    }

    public func path(_ relative: String) -> String { root + "/" + relative }

    /// `001`: at least three digits.
    public static func pageNumber(_ page: Int) -> String {
        let text = String(page)
        return String(repeating: "0", count: max(0, 3 - text.count)) + text
    }

    /// `2022`, `0001`: four digits.
    public static func yearText(_ year: Int) -> String {
        let text = String(year)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}

