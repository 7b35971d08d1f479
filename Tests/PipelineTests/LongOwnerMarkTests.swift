import Foundation
import Testing
import PhotiCaseCodecs
import PhotiCaseRaster
@testable import PhotiCasePipeline

/// The mark names an owner of any length whole, in every kind of file the
/// cache writes, and the cache reads it back from the file: an id of 111
/// Hangul syllables escapes to 1,000 bytes, past the first kilobyte of a
/// page, where the mark was looked for, and past the 1,024 bytes an image
/// note allowed.
@Suite struct LongOwnerMarkTests {
    static let owners: [String: Owner] = ["111 Hangul syllables": .entry(String(repeating: "각", count: 111)),
                                          "996 letters": .entry(String(repeating: "a", count: 996)),
                                          "3,000 folders": .entry((0..<3_000).map { "폴더-\($0)/" }.joined())]

    @Test(arguments: owners.keys.sorted()) func aLongOwnerReadsBackFromEveryFile(_ name: String) throws {
        let owner = Self.owners[name]!
        let page = Array("<!doctype html>\n<html lang=\"ko\">\n<head>\n<meta charset=\"utf-8\">\n<title>t</title>\n".utf8)
        let raster = Raster(width: 4, height: 3, fill: RGBA(1, 2, 3))
        let files: [(String, [UInt8])] = [
            ("site/entries/x.html", page + Array(repeating: UInt8(ascii: "p"), count: 300_000)),
            ("site/style.css", Array(":root {}\n".utf8)), ("site/search.js", Array("var x;\n".utf8)),
            ("tickets/x/front.png", try ImageEncoder.encode(raster, settings: .png(compressionLevel: 1))),
            ("tickets/x/story.jpg", try ImageEncoder.encode(raster, settings: .jpeg())),
            ("tickets/x/front.webp", try ImageEncoder.encode(raster, settings: .webp()))]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pr-mark-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try CacheStore(path: folder, create: true)
        for (path, bytes) in files {
            let marked = try OutputMark.marking(bytes, path: path, owner: owner)
            #expect(OutputMark.owner(ofFile: marked, path: path) == owner, "\(path)")
            try FileManager.default.createDirectory(atPath: folder + "/" + (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data(marked).write(to: URL(fileURLWithPath: folder + "/" + path))
            #expect(store.markedOwner(path) == owner, "\(path) read from the cache")
        }
    }
}
