import Foundation
import Testing
import PhotiCaseTestSupport

/// Damaged HEIC and AVIF photos make libde265 and dav1d print on stderr.
/// Through the built binary: `convert` and `share` print one line, the
/// tool's, with the decoder's words in it; `render --progress json` writes
/// nothing but JSON lines, the words in the failed entry's error.
@Suite(.serialized, .enabled(if: CLICorpus.path != nil, "../shared/corpus not found (set PHOTICASE_CORPUS): skipped"))
struct DecoderStderrCommandTests {
    typealias Book = RenderCommandTests.Book

    static var corpus: String? { CLICorpus.path }

    /// A corpus photo with one byte changed (see CodecsTests'
    /// DecoderOutputTests), and what its decoder prints.
    static let damages: [(source: String, offset: Int, was: UInt8, becomes: UInt8, name: String, said: String)] = [
        ("heif/libheif/example_example.heic", 460, 0x9F, 0xDA, "sps.heic", "SPS error: CB alignment"),
        ("heif/libheif/example_example.avif", 286, 0x71, 0x33, "obu.avif",
         "Overrun in OBU bit buffer into next OBU; Error parsing OBU data"),
        ("heif/libheif/example_example.avif", 283, 0x0A, 0xCA, "header.avif",
         "Error parsing sequence header; Error parsing OBU data"),
    ]

    /// Writes the damaged files into `folder`; returns their paths.
    static func writeDamaged(into folder: String) throws -> [String] {
        try damages.map { damage in
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: corpus! + "/" + damage.source)))
            try #require(bytes[damage.offset] == damage.was, "\(damage.source) is not the corpus file expected")
            bytes[damage.offset] = damage.becomes
            let path = folder + "/" + damage.name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    static func format(_ name: String) -> String { name.hasSuffix(".heic") ? "HEIF" : "AVIF" }

    @Test func convertAndSharePrintOneLineWithTheDecodersWords() throws {
        let book = try Book()
        let files = try Self.writeDamaged(into: book.base)
        for (file, damage) in zip(files, Self.damages) {
            let line = "photicase-render: \(file): corrupt \(Self.format(damage.name)) data: Decoder plugin generated an "
                + "error: Unspecified; the decoder said: \(damage.said)\n"
            let convert = try Tool.run(["convert", file, book.base + "/out.png"])
            #expect(convert.status == 1)
            #expect(convert.stderr == line, "\(convert.stderr)")
            // share: the entry's front photo.
            let entry = book.root + "/" + damage.name
            try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: file, toPath: entry + "/" + damage.name)
            try Data(#"{"title": "t", "date": "2022-08-27", "rating": 3, "front": {"photo": "\#(damage.name)"}}"#.utf8)
                .write(to: URL(fileURLWithPath: entry + "/entry.json"))
            let share = try Tool.run(["share", entry, "-o", book.base + "/share.png"])
            #expect(share.status == 1)
            #expect(share.stderr == line.replacingOccurrences(of: file, with: entry + "/" + damage.name), "\(share.stderr)")
        }
    }

    @Test func renderJSONIsOnlyJSONWithTheDecodersWordsInTheErrors() throws {
        let book = try Book()
        try book.add("good", date: "2022-08-01", size: 1400)
        let files = try Self.writeDamaged(into: book.base)
        for (file, damage) in zip(files, Self.damages) {
            try book.add(damage.name, date: "2022-08-02", photo: damage.name, frontJSON: #"{"photo": "\#(damage.name)"}"#)
            try FileManager.default.removeItem(atPath: book.root + "/\(damage.name)/\(damage.name)")
            try FileManager.default.copyItem(atPath: file, toPath: book.root + "/\(damage.name)/\(damage.name)")
        }
        let r = try Tool.run(["render", book.root, "--cache", book.cache, "--progress", "json", "--jobs", "3",
                              "--today", "2022-08-30", "--only", "tickets,days,months"])
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not JSON: \(line)")
        }
        let errors = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .compactMap { $0["error"] as? String }
        for damage in Self.damages {
            #expect(errors.contains { $0.hasSuffix("/\(damage.name): corrupt \(Self.format(damage.name)) data: Decoder plugin "
                                                   + "generated an error: Unspecified; the decoder said: \(damage.said)") },
                    "\(damage.name): \(errors)")
        }
        // Without JSON: every line is the tool's.
        let plain = try Tool.run(["render", book.root, "--cache", book.cache + "2", "--progress", "none", "--jobs", "3",
                                  "--today", "2022-08-30", "--only", "tickets"])
        #expect(plain.status == 1)
        for line in plain.stderr.split(separator: "\n") {
            #expect(line.hasPrefix("photicase-render: "), "\(line)")
        }
    }
}

/// The shared test-image corpus, found as CodecsTests finds it.
enum CLICorpus {
    static let path: String? = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // file, CLITests, Tests
        let path = ProcessInfo.processInfo.environment["PHOTICASE_CORPUS"]
            ?? url.appendingPathComponent("../shared/corpus").standardizedFileURL.path
        return FileManager.default.fileExists(atPath: path + "/MANIFEST.tsv") ? path : nil
    }()
}
