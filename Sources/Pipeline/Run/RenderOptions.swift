import PhotiCaseDiary

/// Everything a `render` run needs to know, validated at the edge (the
/// CLI); the run does not re-check.
public struct RenderOptions: Sendable {
    /// An entry folder, or a folder of entry folders.
    public var entries: String
    /// The cache root.
    public var cache: String
    /// The kinds asked for (`--only`); the run adds those the cache holds
    /// that are made from them, or they from them (`Kinds.closure`).
    public var only: Set<OutputKind> = Set(OutputKind.allCases)
    /// Output formats chosen for kinds (`--format`); a kind not named here
    /// writes its declaration's `defaultFormat` (WebP tickets, JPEG day
    /// thumbnails, book pages and years, PNG month sheets: see each kind's
    /// file and docs/PERFORMANCE.md for why).
    public var formats: [OutputKind: ImageFormatName] = [:]
    /// One quality, 1...100, for every lossy output (WebP and JPEG), as
    /// `--quality` sets it; nil keeps each kind's own, chosen for 40 dB.
    /// PNG outputs ignore it.
    public var quality: Int?
    /// Entries per gallery and list page (`--page-size`).
    public var pageSize = 12
    public var jobs: Int = 1
    /// Render everything again.
    public var force = false
    /// List what would be rendered and removed; render nothing.
    public var dryRun = false
    public var shard = Shard.all
    /// Where `shard` came from when a cluster engine gave it (`--shard
    /// auto`): the variables read, `NAME=value`, for the log's start line.
    public var shardSource: [String] = []
    /// Wait for another run's lock instead of exiting with status 3.
    public var wait = false
    /// Remove every output even when ENTRIES holds no entry at all
    /// (otherwise refused: an unmounted disk looks exactly like that).
    public var allowEmpty = false
    /// The day marked on month sheets.
    public var today: CalendarDate
    /// Where the cache folder is published (`--site-url`, in the spelling
    /// `SiteURL` writes: an http or https URL ending in `/`): the site's
    /// entry and year pages then carry link
    /// previews with absolute URLs. Nil writes no absolute URL.
    public var siteURL: String?
    /// The values of the kinds' own options (`KindOption`), canonical, by
    /// name; an option not here takes its default (`value(of:)`).
    public var kindOptions: [String: String] = [:]
    /// How long before the run an entry.json must have last changed for
    /// the index to keep its stamp (see `FileStamp.isSettled`): two
    /// seconds, past any file system's timestamp granularity. Tests that
    /// write a book and run it at once set 0 (`PHOTICASE_SETTLE_SECONDS`).
    public var settleNanoseconds: Int64 = 2_000_000_000

    /// The format `kind`'s images are written in.
    public func format(_ kind: OutputKind) -> ImageFormatName {
        formats[kind] ?? kind.declaration.defaultFormat ?? .png
    }

    public init(entries: String, cache: String, today: CalendarDate) {
        self.entries = entries
        self.cache = cache
        self.today = today
    }
}
