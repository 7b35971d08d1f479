import PhotiCaseConcurrency
import Foundation
import Testing
import PhotiCaseCards
import PhotiCasePrint
import PhotiCaseCodecs
import PhotiCaseImaging
import PhotiCaseDiary
@testable import PhotiCasePipeline
import PhotiCaseFileSystem

/// The cache agrees with itself after every run, whatever `--only` says:
/// random sequences of edits, additions and deletions, format switches,
/// `--only` subsets, images drawn provisionally (as under a too-small
/// memory limit) and runs stopped part way. After every run no page of
/// the site links a file that is not there; after a final full run the
/// cache holds exactly the files, byte for byte, of a fresh render.
@Suite struct AgreementPropertyTests {
    /// A backend that draws as `FakeBackend` does, but as the real one,
    /// a composite's bytes do not depend on whether a part came from the
    /// cache (the fake's "reused" lists are left out); it marks the images
    /// of days showing a `provisional` title as drawn provisionally (and a
    /// sheet that had to draw such a day itself), and asks the run to stop
    /// after `stopAfter` images.
    final class Unlucky: @unchecked Sendable {
        var provisional: Set<String> = []
        var stopAfter: Int?
        let stop = StopRequest()
        private let lock = NSLock()
        private var drawn = 0

        func count() {
            lock.lock()
            defer { lock.unlock() }
            drawn += 1
            if let stopAfter, drawn >= stopAfter { stop.request(signal: 15) }
        }
    }

    struct UnluckyBackend: RenderBackend {
        let fake = FakeBackend()
        let luck: Unlucky
        var fingerprint: String { fake.fingerprint }
        func makeWorker() -> Int { 0 }
        func render(_ layout: some CardLayout, encodings: [EncodeSettings], parts: @escaping PartSource,
                    spare: SpareThreads, worker: inout Int) throws -> Rendered<[[UInt8]]> {
            luck.count()
            var rendered = try fake.render(layout, encodings: encodings, parts: parts, spare: spare, worker: &worker)
            rendered.value = rendered.value.map { bytes in
                let text = String(decoding: bytes, as: UTF8.self)
                return Array((text.components(separatedBy: " reused ").first?.components(separatedBy: " faces ").first ?? text).utf8)
            }
            func shows(_ day: DayTileInput) -> Bool { day.cells.contains { luck.provisional.contains($0.title) } }
            var provisional = false
            if let day = layout as? DayTileInput { provisional = shows(day) }
            if let month = layout as? MonthSheetInput {
                provisional = month.days.contains { parts($0.part.reference, $0.part.key) == nil && shows($0.part.tile) }
            }
            if provisional {
                rendered.provisional = true
                rendered.value = rendered.value.map { Array("placeholder ".utf8) + $0 }
            }
            return rendered
        }
        func renderDocument(_ layout: some DocumentLayout, metadata: DocumentMetadata, draft: StagedFile, final: StagedFile,
                            spare: SpareThreads, stop: @escaping @Sendable () -> Bool, worker: inout Int) throws -> Rendered<DocumentSummary> {
            luck.count()
            return try fake.renderDocument(layout, metadata: metadata, draft: draft, final: final, spare: spare, stop: stop,
                                           worker: &worker)
        }
    }

    /// A seeded generator, so a failing sequence can be replayed.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    /// Every relative `src` and `href` of every page in the cache that
    /// names no file there.
    static func brokenLinks(_ cache: String) -> [String] {
        var broken: [String] = []
        let pages = (FileManager.default.enumerator(atPath: cache)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".html") }
        for page in pages {
            guard let html = try? String(contentsOfFile: cache + "/" + page, encoding: .utf8) else { continue }
            let folder = URL(fileURLWithPath: cache + "/" + page).deletingLastPathComponent()
            for attribute in ["src=\"", "href=\""] {
                for part in html.components(separatedBy: attribute).dropFirst() {
                    guard let end = part.firstIndex(of: "\"") else { continue }
                    var link = String(part[..<end])
                    if let hash = link.firstIndex(of: "#") { link = String(link[..<hash]) }
                    guard !link.isEmpty, !link.contains(":") else { continue }
                    let decoded = link.removingPercentEncoding ?? link
                    let target = folder.appendingPathComponent(decoded).standardizedFileURL.path
                    if !FileManager.default.fileExists(atPath: target) { broken.append("\(page) -> \(link)") }
                }
            }
        }
        return broken
    }

    /// The cache's files and their bytes, but for the index, the log and the lock.
    static func contents(_ cache: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: cache) ?? NSEnumerator() {
            guard !path.hasPrefix("index"), !path.hasPrefix("render.log"), !path.hasPrefix(".lock"),
                  let data = FileManager.default.contents(atPath: cache + "/" + path) else { continue }
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: cache + "/" + path, isDirectory: &isFolder)
            if exists, !isFolder.boolValue { files[path] = data }
        }
        return files
    }

    @Test(arguments: 1...16)
    func theCacheAgreesWithItselfAfterEveryRun(seed: UInt64) throws {
        var random = Seeded(state: seed &* 0x9E37_79B9_7F4A_7C15)
        let book = try Book()
        var names = ["a", "b", "c", "d", "e"]
        func date(_ i: Int) -> String { String(format: "2022-%02d-%02d", 7 + i % 2, 1 + (i * 7) % 28) }
        for (i, name) in names.enumerated() { try book.add(name, date: date(i), memo: "memo \(i)", rating: Double(i % 5)) }
        var formats: [OutputKind: ImageFormatName] = [:]
        var log: [String] = []
        for step in 0..<8 {
            // Change the book.
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let name = "n\(step)"
                names.append(name)
                try book.add(name, date: date(step + 3), memo: "new", rating: 4)
                log.append("add \(name)")
            case 1 where names.count > 2:
                let name = names.remove(at: Int.random(in: 0..<names.count, using: &random))
                try FileManager.default.removeItem(atPath: book.root + "/" + name)
                log.append("delete \(name)")
            default:
                let name = names.randomElement(using: &random)!
                try book.add(name, date: date(Int.random(in: 0..<6, using: &random)), memo: "edit \(step)",
                             rating: Double(Int.random(in: 0...10, using: &random)) / 2, title: "\(name)")
                log.append("edit \(name)")
            }
            // Run with some kinds, maybe another format, maybe unluckily.
            let kinds = OutputKind.allCases.filter { _ in Bool.random(using: &random) }
            let only = Set(kinds.isEmpty ? [OutputKind.allCases.randomElement(using: &random)!] : kinds)
            if Bool.random(using: &random) {
                let kind = [OutputKind.tickets, .days, .months, .books, .years].randomElement(using: &random)!
                formats[kind] = ImageFormatName.allCases.randomElement(using: &random)!
            }
            let luck = Unlucky()
            if Int.random(in: 0..<4, using: &random) == 0 { luck.provisional = [names.randomElement(using: &random)!] }
            if Int.random(in: 0..<4, using: &random) == 0 { luck.stopAfter = Int.random(in: 1...12, using: &random) }
            log.append("run \(only.sorted().map(\.rawValue)) \(formats.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }) "
                       + "provisional \(luck.provisional.sorted()) stop \(luck.stopAfter.map(String.init) ?? "-")")
            let options = book.options { o in
                o.only = only
                o.formats = formats
            }
            _ = try RenderRun(options: options, backend: UnluckyBackend(luck: luck), loadEntry: fakeLoader, progress: nil,
                              stop: luck.stop).run()
            let broken = Self.brokenLinks(book.cache)
            #expect(broken.isEmpty, "seed \(seed), after \(log.joined(separator: "; ")): \(broken)")
        }
        // A last full run, in the last formats, leaves what a fresh render makes.
        let every = book.options { o in
            o.only = Set(OutputKind.allCases)
            o.formats = formats
        }
        _ = try RenderRun(options: every, backend: UnluckyBackend(luck: Unlucky()), loadEntry: fakeLoader, progress: nil).run()
        var fresh = every
        fresh.cache = book.cache + "-fresh"
        defer { try? FileManager.default.removeItem(atPath: fresh.cache) }
        _ = try RenderRun(options: fresh, backend: UnluckyBackend(luck: Unlucky()), loadEntry: fakeLoader, progress: nil).run()
        let (evolved, clean) = (Self.contents(book.cache), Self.contents(fresh.cache))
        let differ = Set(evolved.keys).union(clean.keys).filter { evolved[$0] != clean[$0] }.sorted()
        #expect(differ.isEmpty, "seed \(seed), after \(log.joined(separator: "; ")): \(differ)")
    }
}
