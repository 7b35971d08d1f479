import Diary

/// The kinds of output a run makes (`--only`).
public enum OutputKind: String, Sendable, Hashable, CaseIterable {
    case tickets, days, months, books, years
    /// The browsable book: `index.html` and `site/` (HTML, no image format).
    case site
}

/// Everything a `render` run needs to know, validated at the edge (the
/// CLI); the run does not re-check.
public struct RenderOptions: Sendable {
    /// An entry folder, or a folder of entry folders.
    public var entries: String
    /// The cache root.
    public var cache: String
    public var only: Set<OutputKind> = Set(OutputKind.allCases)
    /// Output format per kind. Defaults: WebP for ticket images (lossy,
    /// from planes fitted to the decoder, method 1, qualities per image in
    /// `CardsBackend.ticketWebP`, alpha lossless for the rounded corners:
    /// 369 KB an entry's three images at 40.3 dB worst PSNR against the
    /// lossless render, where PNG took 3.3 MB; see scripts/bench-formats.py),
    /// JPEG for day thumbnails (photos, small, read often), PNG for month
    /// sheets (text and flat colour).
    /// Book pages and the year in review are opaque pictures full of
    /// photos: JPEG at quality 90 with full-resolution chroma (text keeps
    /// its colour edges). WebP q92 made pages 29% smaller but took 0.37 s
    /// to encode a gallery page against 0.05 s, which made the book add 20%
    /// to a full render instead of under 10% (scripts/bench-book.py).
    public var formats: [OutputKind: ImageFormatName] = [.tickets: .webp, .days: .jpg, .months: .png,
                                                         .books: .jpg, .years: .jpg]
    /// Entries per gallery and list page (`--page-size`).
    public var pageSize = 12
    public var jobs: Int = 1
    /// Render everything again.
    public var force = false
    /// List what would be rendered and removed; render nothing.
    public var dryRun = false
    public var shard = Shard.all
    /// Wait for another run's lock instead of exiting with status 3.
    public var wait = false
    /// Remove every output even when ENTRIES holds no entry at all
    /// (otherwise refused: an unmounted disk looks exactly like that).
    public var allowEmpty = false
    /// The day marked on month sheets.
    public var today: CalendarDate
    /// How long before the run an entry.json must have last changed for
    /// the index to keep its stamp (see `FileStamp.isSettled`). Tests that
    /// write a book and run it at once set 0.
    var settleNanoseconds: Int64 = 2_000_000_000

    public init(entries: String, cache: String, today: CalendarDate) {
        self.entries = entries
        self.cache = cache
        self.today = today
    }
}
