import Foundation
import PhotiCaseHashing
import PhotiCaseFileSystem
import PhotiCaseConcurrency
import Testing
import PhotiCaseCards
import PhotiCasePrint
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseText
import PhotiCaseRaster
@testable import PhotiCasePipeline

/// Cache keys are sound: each layout's key is made from its input, the
/// input from the entry, and whenever an edit to an entry changes an
/// output's bytes, it changes that output's key. Every field of an entry
/// is changed in turn, each image drawn by the real renderer, and the keys
/// compared; keys that change while the bytes do not are reported (a key
/// a little too wide redraws an image for nothing; one too narrow keeps a
/// stale image for good).
@Suite struct KeySoundnessTests {
    static let fonts = RendererVersionTests.fonts

    /// One output of one kind: its key and its bytes for an entry.
    struct Probe {
        var name: String
        var make: (_ entry: RunEntry, _ worker: inout CardsBackend.Worker) throws -> [(key: [UInt8], bytes: [UInt8])]
    }

    /// The entry every edit starts from: both photos, every text field.
    static func baseEntry(_ folder: String) -> Entry {
        var entry = Entry(id: "base", folder: folder, title: "헤어질 결심", date: CalendarDate("2022-08-27")!, rating: 4.5,
                          kind: .movie, director: "박찬욱", year: 2022, friends: ["민수", "Jen"],
                          memo: "산에서 만나요.\nSee you on the mountain.")
        entry.author = "정서경"
        entry.front = FacePhoto(name: "front.png", path: folder + "/front.png")
        entry.back = FacePhoto(name: "back.png", path: folder + "/back.png")
        return entry
    }

    static func photo(_ seed: UInt8) -> [UInt8] {
        var raster = Raster(width: 120, height: 90, fill: RGBA(40, 90, seed))
        for y in 0..<90 { for x in 0..<120 where (x / 15 + y / 15) % 2 == 0 { raster[x, y] = RGBA(230, seed, 60) } }
        return try! ImageEncoder.encode(raster, settings: .png())
    }

    /// Writes `entry`'s photos (`front`, `back` seeds) and returns it as a run loads it.
    static func loaded(_ entry: Entry, front: UInt8 = 160, back: UInt8 = 20) throws -> RunEntry {
        let frontBytes = photo(front), backBytes = photo(back)
        if let path = entry.front?.path { try Data(frontBytes).write(to: URL(fileURLWithPath: path)) }
        try Data(backBytes).write(to: URL(fileURLWithPath: entry.back!.path))
        return RunEntry(entry: entry, canonicalFolder: entry.folder, jsonHash: Digest.of(Array(entry.title.utf8)),
                        front: entry.front.map { _ in Digest.of(frontBytes) }, back: Digest.of(backBytes))
    }

    static func hex(_ key: LayoutKey) -> String { SHA256.hex(key.bytes) }

    static func probes(_ backend: CardsBackend) -> [Probe] {
        let none: PartSource = { _, _ in nil }
        func one(_ layout: some CardLayout, _ worker: inout CardsBackend.Worker) throws -> [UInt8] {
            try backend.render(layout, encodings: [.png()], parts: none, worker: &worker).value[0]
        }
        func face(_ e: RunEntry) -> FacePart {
            let input = FrontFaceInput(e.entry, digest: e.front?.hex ?? "")
            return FacePart(key: hex(input.key), reference: "", encoding: .png(), scale: 1, face: input)
        }
        return [
            Probe(name: "tickets") { e, worker in
                let input = TicketsKind.input(e, scale: 1)
                let images = try backend.render(input, encodings: [.png(), .png(), .png()], parts: none, worker: &worker).value
                return [(input.front.key.bytes, images[0]), (input.back.key.bytes, images[1]), (input.key.bytes, images[2])]
            },
            Probe(name: "shares") { e, worker in
                let input = SharesKind.input(e)
                let images = try backend.render(input, encodings: [.png(), .png()], parts: none, worker: &worker).value
                return [(input.story.key.bytes, images[0]), (input.feed.key.bytes, images[1])]
            },
            Probe(name: "days") { e, worker in
                let input = DaysKind.input([e], side: 64)
                return [(input.key.bytes, try one(input, &worker))]
            },
            Probe(name: "months") { e, worker in
                let tile = DaysKind.input([e], side: 64)
                let input = MonthSheetInput(month: MonthKey(e.entry.date), today: nil, days: [
                    (e.entry.date.day, DayPart(key: hex(tile.key), reference: "", encoding: .png(), tile: tile)),
                ])
                return [(input.key.bytes, try one(input, &worker))]
            },
            Probe(name: "books") { e, worker in
                let gallery = BookPageInput(view: .gallery, tiles: [BookTileInput(face: face(e))], page: 1, pageCount: 1,
                                            pageSize: 3, total: 1)
                let list = BookPageInput(view: .list, tiles: [BookTileInput(face: face(e), memoLine: BookTile.memoFirstLine(e.entry.memo))],
                                         page: 1, pageCount: 1, pageSize: 3, total: 1)
                let timeline = TimelinePageInput(year: e.entry.date.year, sections: [
                    .init(month: e.entry.date.month, continued: false, monthCount: 1, tiles: [BookTileInput(face: face(e))]),
                ], page: 1, pageCount: 1)
                return [(gallery.key.bytes, try one(gallery, &worker)), (list.key.bytes, try one(list, &worker)),
                        (timeline.key.bytes, try one(timeline, &worker))]
            },
            Probe(name: "years") { e, worker in
                let summary = YearSummary(year: e.entry.date.year, entries: [e.entry])
                let input = YearInput(summary, top: [face(e)], scale: 1)
                return [(input.key.bytes, try one(input, &worker))]
            },
            Probe(name: "print") { e, worker in
                let ticket = TicketsKind.input(e, scale: 1)
                let input = PrintBookInput(YearSummary(year: e.entry.date.year, entries: [e.entry]),
                                           tickets: [.init(front: ticket.front, back: ticket.back)], page: .a5)
                let folder = try Directory.open(FileManager.default.temporaryDirectory.path)
                let draft = try folder.stage("key-soundness.pdf"), final = try folder.stage("key-soundness.pdf")
                _ = try backend.renderDocument(input, metadata: DocumentMetadata(creator: "probe", createDate: input.createDate),
                                               draft: draft, final: final, spare: SpareThreads(threads: 1),
                                               stop: { false }, worker: &worker)
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: final.procPath)))
                return [(input.key.bytes, bytes)]
            },
        ]
    }

    /// Every image is drawn with RendererVersionTests' fonts: without them
    /// the test is skipped (and counted so), not passed.
    @Test(.enabled(if: RendererVersionTests.fontsInstalled, RendererVersionTests.fontsMessage))
    func everyEditThatChangesAnImageChangesItsKey() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pr-keys-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        for folder in ["a", "moved"] {
            try FileManager.default.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true)
        }
        let start = Self.baseEntry(base + "/a")
        // Each edit: a name and the entry after it (photos by content seed).
        var edits: [(String, Entry, front: UInt8, back: UInt8)] = []
        func edit(_ name: String, front: UInt8 = 160, back: UInt8 = 20, _ change: (inout Entry) -> Void = { _ in }) {
            var entry = start
            change(&entry)
            edits.append((name, entry, front, back))
        }
        edit("title") { $0.title = "Decision to Leave" }
        edit("kind") { $0.kind = .drama }
        edit("rating") { $0.rating = 2 }
        edit("date") { $0.date = CalendarDate("2022-09-03")! }
        edit("director") { $0.director = "Park Chan-wook" }
        edit("author") { $0.author = "Jeong Seo-kyeong" }
        edit("year") { $0.year = 2021 }
        edit("friends") { $0.friends = ["민수"] }
        edit("memo") { $0.memo = "Another memo." }
        edit("memo's second line") { $0.memo = "산에서 만나요.\nSomething else." }
        edit("id") { $0.id = "other" }
        edit("front photo", front: 90)
        edit("back photo", back: 200)
        edit("front crop") {
            $0.front!.crop = EditorState(placement: .normalizedRect(Rect(x: 0.1, y: 0.1, width: 0.5, height: 0.5)))
        }
        edit("back crop") { $0.back!.crop = EditorState(placement: .normalizedRect(Rect(x: 0.2, y: 0, width: 0.6, height: 0.8))) }
        edit("front flipped") { $0.front!.crop = EditorState(placement: .normalizedRect(Rect(x: 0, y: 0, width: 1, height: 1)),
                                                             flipHorizontal: true) }
        edit("front text below") { $0.frontText = .below }
        edit("kind with its own badge") { $0.kind = .concert }
        edit("no front photo") { $0.front = nil }
        edit("folder") { entry in
            entry.folder = base + "/moved"
            entry.front!.path = entry.folder + "/front.png"
            entry.back!.path = entry.folder + "/back.png"
        }

        let backend = CardsBackend(theme: Theme(), fonts: .faces(Self.fonts.map { FontFace(path: $0) }), scale: 1,
                                   thumbnailSide: 64)
        var worker = backend.makeWorker()
        let probes = Self.probes(backend)
        let original = try Self.loaded(start)
        let before = try probes.map { try $0.make(original, &worker) }
        var wider: [String] = []
        for (name, entry, front, back) in edits {
            let e = try Self.loaded(entry, front: front, back: back)
            for (probe, was) in zip(probes, before) {
                let now = try probe.make(e, &worker)
                for (i, (old, new)) in zip(was, now).enumerated() {
                    let output = "\(probe.name)[\(i)]"
                    if old.bytes != new.bytes {
                        #expect(old.key != new.key, "\(name) changes \(output)'s pixels but not its key")
                    } else if old.key != new.key {
                        wider.append("\(name): \(output)")
                    }
                }
            }
            // A book moved elsewhere draws the same and keeps its keys.
            if name == "folder" {
                for (probe, was) in zip(probes, before) {
                    #expect(try probe.make(e, &worker).map(\.key) == was.map(\.key), "\(probe.name) keyed by path")
                }
            }
            _ = try Self.loaded(start)
        }
        // Keys that change while the pixels do not: each a redraw for nothing.
        print("KeySoundnessTests: keys wider than the pixels (\(wider.count)): \(wider.joined(separator: "; "))")
    }
}
