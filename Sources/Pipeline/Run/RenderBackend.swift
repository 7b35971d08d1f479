import Entries

/// What draws and encodes the images. The pipeline decides what to render
/// and when; the backend (the Cards layer, or a fake in tests) renders.
public protocol RenderBackend: Sendable {
    /// Per-thread state (text renderers are not thread-safe).
    associatedtype Worker

    /// Theme, fonts, scale, locale and renderer version as one string:
    /// part of every output's fingerprint, so changing any of them renders
    /// again.
    var fingerprint: String { get }

    /// Makes one thread's worker.
    func makeWorker() -> Worker

    /// The requested faces of one entry, encoded.
    func renderTickets(_ entry: Entry, faces: [TicketFace], format: ImageFormatName,
                       worker: inout Worker) throws -> [TicketFace: [UInt8]]

    /// The calendar-day thumbnail for `date` from that day's entries, encoded.
    func renderDay(_ date: CalendarDate, entries: [Entry], format: ImageFormatName,
                   worker: inout Worker) throws -> [UInt8]

    /// The month sheet, from the month's entries by day of month, encoded.
    func renderMonth(_ month: MonthKey, entriesByDay: [Int: [Entry]], today: CalendarDate,
                     format: ImageFormatName, worker: inout Worker) throws -> [UInt8]
}

/// How entry folders become entries; the Entries loader in production.
public typealias EntryLoading = @Sendable (_ folder: String, _ defaultID: String) throws -> (entry: Entry, json: [UInt8])
