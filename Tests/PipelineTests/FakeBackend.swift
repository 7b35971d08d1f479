import PhotiCaseConcurrency
import Foundation
import PhotiCasePipeline
import PhotiCaseDiary
import PhotiCaseCards
import PhotiCasePrint
import PhotiCaseCodecs
import PhotiCaseImaging
import PhotiCaseFileSystem

/// A backend that "renders" text instead of images, so the pipeline's
/// planning, caching and safety can be tested fast and exactly.
struct FakeBackend: RenderBackend {
    var fingerprint = "fake-1"
    /// Entry ids (titles, for days) whose rendering fails.
    var failing: Set<String> = []
    /// Entry ids whose ticket rendering reports a warning.
    var warning: Set<String> = []
    /// Files whose content counts in every fingerprint (as fonts do).
    var fonts: [String] = []
    /// Documents fail after writing part of both their files (a full disk,
    /// qpdf refusing the draft).
    var failingDocuments = false

    var inputFiles: [String] { fonts }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func makeWorker() -> Int { 0 }

    /// "Draws" each layout as text of what its input holds, so tests read
    /// what the pipeline handed it: a face its title, a back its id and
    /// memo, a day its titles, a sheet which days it read from the cache.
    func render(_ layout: some CardLayout, encodings: [EncodeSettings], parts: @escaping PartSource,
                spare: SpareThreads, worker: inout Int) throws -> Rendered<[[UInt8]]> {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        switch layout {
        case let ticket as TicketInput:
            let id = ticket.back.barcode
            let folder = String(ticket.back.source.dropLast("/entry.json".count))
            if failing.contains(id) { throw Failure(description: "\(folder)/front.jpg: corrupt") }
            worker += 1
            let memo = ticket.back.memo ?? ""
            return Rendered([bytes("front \(ticket.front.title)"), bytes("back \(id) \(memo)"), bytes("ticket \(id) \(memo)")],
                            warnings: warning.contains(id) ? ["\(folder)/front.jpg: crop clamped"] : [])
        case let day as DayTileInput:
            if let bad = day.cells.first(where: { failing.contains($0.title) }) {
                throw Failure(description: "\(bad.photo?.file.path ?? bad.title): corrupt")
            }
            return Rendered([bytes("day \(day.cells.map(\.title))")])
        case let month as MonthSheetInput:
            // Records which days came from thumbnails, so tests can see the reuse.
            let reused = month.days.filter { parts($0.part.reference, $0.part.key) != nil }.map(\.day)
            return Rendered([bytes("month \(month.month) \(month.days.map(\.day)) reused \(reused)")])
        case let page as BookPageInput:
            let rows = page.tiles.map { page.view == .list ? "\($0.face.face.title):\($0.memoLine ?? "")" : $0.face.face.title }
            let faces = page.tiles.filter { parts($0.face.reference, $0.face.key) != nil }.map(\.face.face.title).sorted()
            return Rendered([bytes("\(page.view.rawValue) \(page.page)/\(page.pageCount) of \(page.total) \(rows) faces \(faces)")])
        case let page as TimelinePageInput:
            let sections = page.sections.map { "\($0.month):\($0.tiles.map(\.face.face.title))" }
            return Rendered([bytes("timeline \(page.year) \(page.page)/\(page.pageCount) \(sections)")])
        case let year as YearInput:
            return Rendered([bytes("year \(year.year) \(year.count) \(year.top.map(\.face.title))")])
        default:
            // Any other layout (a kind these tests do not look into): its
            // input's key, once per image.
            return Rendered(encodings.indices.map { bytes("\(type(of: layout)) \($0) ") + layout.key.bytes })
        }
    }
}

extension FakeBackend {
    /// "Writes" a document as a line of text naming its metadata and its
    /// input's key, straight into the final file (the draft stays empty).
    func renderDocument(_ layout: some DocumentLayout, metadata: DocumentMetadata, draft: StagedFile, final: StagedFile,
                        spare: SpareThreads, stop: @escaping @Sendable () -> Bool, worker: inout Int) throws -> Rendered<DocumentSummary> {
        let text = "document \(type(of: layout)) creator \(metadata.creator) date \(metadata.createDate) "
        let bytes = Array(text.utf8) + layout.key.bytes
        if failingDocuments {
            try bytes.withUnsafeBytes { try draft.write($0) }
            try bytes.prefix(8).withUnsafeBytes { try final.write($0) }
            throw Failure(description: "no space left on device")
        }
        try bytes.withUnsafeBytes { try final.write($0) }
        return Rendered(DocumentSummary(pages: 1))
    }
}

/// Reads a tiny entry.json ({"title","date","memo","front","id"}) for the
/// pipeline tests; the real loader is tested in EntriesTests.
let fakeLoader: EntryLoading = { folder, _, defaultID in
    let json = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/entry.json")))
    return (try fakeParser(json, folder, defaultID), json)
}

/// Parses what `fakeLoader` reads, as a run parses the entry.json the
/// index kept of a held entry.
let fakeParser: EntryParsing = { json, folder, defaultID in
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
    return entry
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
             id: String? = nil, rating: Double = 3, title: String? = nil) throws {
        let dir = root + "/" + name
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var object: [String: Any] = ["title": title ?? name, "date": date, "memo": memo]
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
    func run(_ backend: FakeBackend = FakeBackend(), parsing: Bool = true,
             _ configure: (inout RenderOptions) -> Void = { _ in }) throws -> (summary: RunSummary, events: Recorder) {
        let recorder = Recorder()
        let run = RenderRun(options: options(configure), backend: backend, loadEntry: fakeLoader,
                            parseEntry: parsing ? fakeParser : nil, progress: recorder)
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
