import Foundation
import PhotiCase
import PhotiCaseCodecs
import PhotiCaseRaster
import Testing

/// The library as a backend uses it: entries as bytes or folders, typed
/// errors for every bad value, a deadline and cancellation, many callers
/// on a bounded pool.
@Suite struct ShareRendererTests {
    /// One renderer for the suite: two threads, as on the CI machine.
    static let renderer = Result { () throws(PhotiCaseError) in try ShareRenderer(workers: 2) }

    /// A folder with entry.json and a photo of `width`×`height` pixels
    /// (a PNG of a gradient, so that its decode and resize are real work).
    static func entryFolder(width: Int = 640, height: Int = 480, title: String = "헤어질 결심",
                            photo: String = "front.png") throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pc-lib-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var raster = Raster(width: width, height: height, fill: RGBA(40, 90, 160))
        for y in stride(from: 0, to: height, by: 7) {
            for x in stride(from: 0, to: width, by: 5) { raster[x, y] = RGBA(UInt8(x % 256), UInt8(y % 256), 200) }
        }
        let settings: EncodeSettings = photo.hasSuffix(".png") ? .png(compressionLevel: 1) : .defaults(for: .jpeg)
        try Data(try ImageEncoder.encode(raster, settings: settings)).write(to: URL(fileURLWithPath: dir + "/" + photo))
        let json = #"{"title": "\#(title)", "date": "2022-08-03", "rating": 4.5, "front": {"photo": "\#(photo)"}}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: dir + "/entry.json"))
        return dir
    }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func bytesAndAFolderGiveTheSameImageAndKey() async throws {
        let renderer = try Self.renderer.get()
        let folder = try Self.entryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = (folder as NSString).lastPathComponent
        let request = try ShareRequest(layout: .story, format: .jpeg)
        let fromFolder = try await renderer.render(.folder(folder), request)
        let fromBytes = try await renderer.render(
            .bytes(json: try Self.bytes(folder + "/entry.json"), photos: ["front.png": .bytes(try Self.bytes(folder + "/front.png"))],
                   name: name), request)
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: folder + "/front.png"))
        defer { try? handle.close() }
        let fromHandle = try await renderer.render(
            .bytes(json: try Self.bytes(folder + "/entry.json"), photos: ["front.png": .file(handle)], name: name), request)
        #expect(fromFolder.bytes == fromBytes.bytes && fromBytes.bytes == fromHandle.bytes)
        #expect(fromFolder.key == fromBytes.key && fromBytes.key == fromHandle.key)
        // A story is 1080×1920, a JPEG.
        let info = try ImageDecoder.inspect(fromBytes.bytes)
        #expect(info.format == .jpeg && info.uprightSize == PixelSize(width: 1080, height: 1920))
        // Another request, another key.
        let card = try await renderer.render(.folder(folder), try ShareRequest())
        #expect(card.key != fromFolder.key)
    }

    @Test func everyBadValueIsATypedError() async throws {
        let renderer = try Self.renderer.get()
        #expect(throws: PhotiCaseError.invalidRequest(field: "scale", reason: "is 0; it takes 1, 2 or 3")) {
            try ShareRequest(scale: 0)
        }
        #expect(throws: PhotiCaseError.invalidRequest(field: "quality", reason: "is 101; it takes 1 to 100")) {
            try ShareRequest(format: .jpeg, quality: 101)
        }
        func error(_ input: EntryInput) async -> PhotiCaseError? {
            do throws(PhotiCaseError) {
                _ = try await renderer.render(input, try ShareRequest())
                return nil
            } catch {
                return error
            }
        }
        // Malformed JSON, a field out of range, a photo not given, a photo
        // that is no image, a folder that is not there.
        let malformed = await error(.bytes(json: Array("{\"title\": ".utf8), name: "d"))
        guard case .invalidEntry(file: "d/entry.json", field: nil, _)? = malformed else {
            Issue.record("\(String(describing: malformed))")
            return
        }
        let rating = await error(.bytes(json: Array(#"{"title": "t", "date": "2022-08-03", "rating": 7}"#.utf8), name: "d"))
        guard case .invalidEntry(file: "d/entry.json", field: "rating", _)? = rating else {
            Issue.record("\(String(describing: rating))")
            return
        }
        let json = Array(#"{"title": "t", "date": "2022-08-03", "rating": 3, "front": {"photo": "front.heic"}}"#.utf8)
        let missing = await error(.bytes(json: json, name: "d"))
        #expect(missing == .invalidPhoto(file: "d/front.heic", reason: "entry.json names it, and no photo of that name was given"))
        let garbage = await error(.bytes(json: json, photos: ["front.heic": .bytes(Array("not an image".utf8))], name: "d"))
        guard case .invalidPhoto(file: "d/front.heic", _)? = garbage else {
            Issue.record("\(String(describing: garbage))")
            return
        }
        let gone = await error(.folder("/nonexistent/entry"))
        guard case .unreadable(file: "/nonexistent/entry/entry.json", _)? = gone else {
            Issue.record("\(String(describing: gone))")
            return
        }
        // A photo name that leaves the entry.
        let outside = await error(.bytes(json: Array(#"{"title": "t", "date": "2022-08-03", "rating": 3, "front": {"photo": "../x.png"}}"#.utf8),
                                         name: "d"))
        guard case .invalidEntry(file: "d/entry.json", field: "front.photo", _)? = outside else {
            Issue.record("\(String(describing: outside))")
            return
        }
    }

    /// What a deadline and a cancellation give. How soon (the answer at
    /// once, the render stopped within a band) is timed by
    /// Tools/thread-check in a process of its own (scripts/sanitize.sh
    /// thread): here other suites block the cooperative threads the
    /// answer comes back on.
    @Test func aDeadlinePassedOrATaskCancelledStopsTheRender() async throws {
        let renderer = try Self.renderer.get()
        // 3 MP: its decode and resize take far longer than the checks.
        let folder = try Self.entryFolder(width: 2000, height: 1500, photo: "front.jpg")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let request = try ShareRequest(layout: .story, format: .jpeg)
        let clock = ContinuousClock()
        let whole = try await clock.measure { _ = try await renderer.render(.folder(folder), request) }

        // Past already: refused before anything is queued.
        let past = await clock.measure {
            await #expect(throws: PhotiCaseError.deadlineExceeded) {
                try await renderer.render(.folder(folder), request, deadline: .now - .seconds(1))
            }
        }
        // A deadline a millisecond ahead: passed before the render can end
        // (dropped from the queue, or stopped part-way).
        await #expect(throws: PhotiCaseError.deadlineExceeded) {
            try await renderer.render(.folder(folder), request, deadline: .now + .milliseconds(1))
        }
        // Cancelled as soon as asked: before the render can end (whether
        // the task had asked yet, the job was queued, or drawing).
        let task = Task { try await renderer.render(.folder(folder), request) }
        task.cancel()
        let result = await task.result
        #expect(throws: PhotiCaseError.cancelled) { try result.get() }
        // A task cancelled before it asks: refused at once.
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await renderer.render(.folder(folder), request)
        }
        let first = await cancelledFirst.result
        #expect(throws: PhotiCaseError.cancelled) { try first.get() }
        // The renderer goes on: the same image as before.
        let again = try await renderer.render(.folder(folder), request)
        #expect(!again.bytes.isEmpty)
        print("library: whole render \(whole), a past deadline answered in \(past)")
    }

    @Test func manyCallersShareTheBoundedPool() async throws {
        let renderer = try Self.renderer.get()
        #expect(renderer.workers == 2)
        let folder = try Self.entryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let request = try ShareRequest(layout: .card, format: .png, scale: 1)
        let first = try await renderer.render(.folder(folder), request)
        let images = try await withThrowingTaskGroup(of: SharedImage.self) { group in
            for _ in 0..<24 { group.addTask { try await renderer.render(.folder(folder), request) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(images.count == 24)
        #expect(images.allSatisfy { $0.bytes == first.bytes && $0.key == first.key })
    }
}
