import Foundation
import Pipeline
import Diary
import Cards

/// A backend that "renders" text instead of images, so the pipeline's
/// planning, caching and safety can be tested fast and exactly.
struct FakeBackend: RenderBackend {
    var fingerprint = "fake-1"
    /// Entry ids whose rendering fails.
    var failing: Set<String> = []
    /// Entry ids whose ticket rendering reports a warning.
    var warning: Set<String> = []
    /// Files whose content counts in every fingerprint (as fonts do).
    var fonts: [String] = []
    /// Writes the memos of a day's entries into its thumbnail, to show
    /// which runs hand days the entries' text.
    var dayShowsMemo = false

    var inputFiles: [String] { fonts }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func makeWorker() -> Int { 0 }

    func renderTickets(_ entry: Entry, faces: [TicketFace], format: ImageFormatName,
                       worker: inout Int) throws -> Rendered<[TicketFace: [UInt8]]> {
        if failing.contains(entry.id) { throw Failure(description: "\(entry.folder)/front.jpg: corrupt") }
        worker += 1
        let images = Dictionary(uniqueKeysWithValues: faces.map { ($0, Array("\($0.rawValue) \(entry.id) \(entry.memo ?? "")".utf8)) })
        return Rendered(images, warnings: warning.contains(entry.id) ? ["\(entry.folder)/front.jpg: crop clamped"] : [])
    }

    func renderDay(_ date: CalendarDate, entries: [Entry], format: ImageFormatName,
                   worker: inout Int) throws -> Rendered<[UInt8]> {
        if let bad = entries.first(where: { failing.contains($0.id) }) {
            throw Failure(description: "\(bad.folder)/front.jpg: corrupt")
        }
        let memos = dayShowsMemo ? " memos \(entries.map { $0.memo ?? "-" })" : ""
        return Rendered(Array("day \(date) \(entries.map(\.id))\(memos)".utf8))
    }

    func renderMonth(_ month: MonthKey, entriesByDay: [Int: [Entry]], dayThumbnails: [Int: [UInt8]],
                     today: CalendarDate, format: ImageFormatName, worker: inout Int) throws -> Rendered<[UInt8]> {
        // Records which days came from thumbnails, so tests can see the reuse.
        let reused = dayThumbnails.keys.sorted()
        return Rendered(Array("month \(month) \(entriesByDay.keys.sorted()) reused \(reused)".utf8))
    }

    func renderBookPage(_ view: BookPageView, entries: [Entry], page: Int, pageCount: Int, pageSize: Int, total: Int,
                        faces: [String: [UInt8]], format: ImageFormatName, worker: inout Int) throws -> Rendered<[UInt8]> {
        let rows = entries.map { view == .list ? "\($0.id):\($0.memo ?? "")" : $0.id }
        return Rendered(Array("\(view.rawValue) \(page)/\(pageCount) of \(total) \(rows) faces \(faces.keys.sorted())".utf8))
    }

    func renderTimeline(year: Int, sections: [TimelineSection], page: Int, pageCount: Int, faces: [String: [UInt8]],
                        format: ImageFormatName, worker: inout Int) throws -> Rendered<[UInt8]> {
        Rendered(Array("timeline \(year) \(page)/\(pageCount) \(sections.map { "\($0.month):\($0.entries.map(\.id))" })".utf8))
    }

    func renderYear(_ year: Int, entries: [Entry], faces: [String: [UInt8]], format: ImageFormatName,
                    worker: inout Int) throws -> Rendered<[UInt8]> {
        Rendered(Array("year \(year) \(entries.map(\.id))".utf8))
    }
}

/// Reads a tiny entry.json ({"title","date","memo","front","id"}) for the
/// pipeline tests; the real loader is tested in EntriesTests.
let fakeLoader: EntryLoading = { folder, _, defaultID in
    let json = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/entry.json")))
    guard let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
          let title = object["title"] as? String, let dateText = object["date"] as? String,
          let date = CalendarDate(dateText) else {
        throw FakeBackend.Failure(description: "\(folder)/entry.json: invalid")
    }
    var entry = Entry(id: object["id"] as? String ?? defaultID, folder: folder, title: title, date: date,
                      rating: object["rating"] as? Double ?? 3, memo: object["memo"] as? String)
    if let front = object["front"] as? String {
        entry.front = FacePhoto(name: front, path: folder + "/" + front)
    }
    return (entry, json)
}

/// A temporary ticket book.
final class Book {
    let root: String
    let cache: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pr-pipe-\(UUID().uuidString)").path
        root = base + "/book"
        cache = base + "/cache"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: root).deletingLastPathComponent().path) }

    func add(_ name: String, date: String, memo: String = "", photo: String? = "front.jpg", photoBytes: String = "pixels",
             id: String? = nil, rating: Double = 3) throws {
        let dir = root + "/" + name
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var object: [String: Any] = ["title": name, "date": date, "memo": memo]
        if let photo {
            object["front"] = photo
            try Data(photoBytes.utf8).write(to: URL(fileURLWithPath: dir + "/" + photo))
        }
        if let id { object["id"] = id }
        object["rating"] = rating
        try JSONSerialization.data(withJSONObject: object, options: .sortedKeys).write(to: URL(fileURLWithPath: dir + "/entry.json"))
    }

    func options(_ configure: (inout RenderOptions) -> Void = { _ in }) -> RenderOptions {
        var o = RenderOptions(entries: root, cache: cache, today: CalendarDate("2022-08-30")!)
        o.jobs = 2
        // The book's pages and years have their own tests (BookTests).
        o.only = [.tickets, .days, .months]
        configure(&o)
        return o
    }

    /// Runs and returns the summary plus the ids by status.
    func run(_ backend: FakeBackend = FakeBackend(), _ configure: (inout RenderOptions) -> Void = { _ in }) throws
        -> (summary: RunSummary, events: Recorder) {
        let recorder = Recorder()
        let run = RenderRun(options: options(configure), backend: backend, loadEntry: fakeLoader, progress: recorder)
        return (try run.run(), recorder)
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: cache + "/" + relative) }
    func read(_ relative: String) -> String? { try? String(contentsOfFile: cache + "/" + relative, encoding: .utf8) }
}

/// Collects progress events.
final class Recorder: ProgressSink {
    var events: [RenderEvent] = []
    func handle(_ event: RenderEvent) { events.append(event) }

    func ids(_ status: ItemStatus) -> [String] {
        events.compactMap { if case let .item(_, _, id, _, s, _, _) = $0, s == status { return id }; return nil }.sorted()
    }
}
