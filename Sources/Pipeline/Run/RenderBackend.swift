import Cards
import Diary
import Site

/// What draws and encodes the images. The pipeline decides what to render
/// and when; the backend (the Cards layer, or a fake in tests) renders.
public protocol RenderBackend: Sendable {
    /// Per-thread state (text renderers are not thread-safe).
    associatedtype Worker

    /// Theme, fonts, scale, locale and renderer version as canonical text
    /// (sorted JSON, content hashes): part of every output's fingerprint,
    /// so changing any of them renders again.
    var fingerprint: String { get }

    /// Files whose content is part of every output's fingerprint (the font
    /// files text is set in): the run hashes them, reusing the index's
    /// records of unchanged files, so replacing a font renders again.
    var inputFiles: [String] { get }

    /// Makes one thread's worker.
    func makeWorker() -> Worker

    /// The requested faces of one entry, encoded.
    func renderTickets(_ entry: Entry, faces: [TicketFace], format: ImageFormatName,
                       worker: inout Worker) throws -> Rendered<[TicketFace: [UInt8]]>

    /// The calendar-day thumbnail for `date` from that day's entries, encoded.
    func renderDay(_ date: CalendarDate, entries: [Entry], format: ImageFormatName,
                   worker: inout Worker) throws -> Rendered<[UInt8]>

    /// The month sheet, from the month's entries by day of month, encoded.
    /// `dayThumbnails` holds the encoded day thumbnails of this run or the
    /// cache, by day of month, for the days that have an up-to-date one: the
    /// sheet is composed from them rather than drawing each day again; a
    /// day without one (or whose bytes do not decode) is drawn.
    func renderMonth(_ month: MonthKey, entriesByDay: [Int: [Entry]], dayThumbnails: [Int: [UInt8]],
                     today: CalendarDate, format: ImageFormatName, worker: inout Worker) throws -> Rendered<[UInt8]>

    /// A gallery or list page of the ticket book: `entries` in reading
    /// order, page `page` of `pageCount` (from 1), `total` entries in the
    /// book. `faces` holds the entries' up-to-date encoded front faces by
    /// entry id (this run's or the cache's), so no page decodes a photo; an
    /// entry without one is drawn small.
    func renderBookPage(_ view: BookPageView, entries: [Entry], page: Int, pageCount: Int, pageSize: Int, total: Int,
                        faces: [String: [UInt8]], format: ImageFormatName, worker: inout Worker) throws -> Rendered<[UInt8]>

    /// One page of a year's timeline: `sections` are the months (or the
    /// parts of months) on this page, in order.
    func renderTimeline(year: Int, sections: [TimelineSection], page: Int, pageCount: Int,
                        faces: [String: [UInt8]], format: ImageFormatName, worker: inout Worker) throws -> Rendered<[UInt8]>

    /// The year-in-review story image of `year` from its entries.
    func renderYear(_ year: Int, entries: [Entry], faces: [String: [UInt8]], format: ImageFormatName,
                    worker: inout Worker) throws -> Rendered<[UInt8]>

    /// The theme the site's style sheet takes its colours and first
    /// weekday from, and the pixel sizes of the images this backend makes
    /// (the pages' `width` and `height` attributes).
    func siteLook() -> (theme: Theme, sizes: SiteImageSizes)
    /// How many times the items about to render will load each photo, by
    /// path (photos loaded once are left out): a backend that keeps
    /// decoded photos keeps only those and only until their last load.
    func expectPhotoLoads(_ loads: [String: Int])
}

extension RenderBackend {
    public var inputFiles: [String] { [] }

    public func expectPhotoLoads(_ loads: [String: Int]) {}

    /// The default theme, and the default sizes at scale 2.
    public func siteLook() -> (theme: Theme, sizes: SiteImageSizes) {
        (Theme(), .standard)
    }
}

/// A backend's result and the warnings it met on the way (clamped crops,
/// missing glyphs, placeholders for photos it could not decode).
public struct Rendered<Value: Sendable>: Sendable {
    public var value: Value
    public var warnings: [String]

    public init(_ value: Value, warnings: [String] = []) {
        self.value = value
        self.warnings = warnings
    }
}

/// How entry folders become entries; the Entries loader in production.
/// `canonicalFolder` is where the folder lands with every link resolved,
/// as discovery found it (photo names are checked against it).
public typealias EntryLoading = @Sendable (_ folder: String, _ canonicalFolder: String, _ defaultID: String) throws
    -> (entry: Entry, json: [UInt8])
