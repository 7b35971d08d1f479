// docs/library.md, program 1: reads an entry folder into memory itself
// (entry.json and every file beside it), renders the entry's 9:16 story
// from those bytes, and writes the JPEG.
//
//   story-from-bytes ENTRY_FOLDER OUT.jpg
import Foundation
import PhotiCase

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: story-from-bytes ENTRY_FOLDER OUT.jpg\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])

do {
    // What a backend would hold in its database: entry.json's bytes, and
    // the photos by the names entry.json gives them.
    let json = try Data(contentsOf: folder.appendingPathComponent("entry.json"))
    var photos: [String: PhotoInput] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "entry.json" {
        let file = folder.appendingPathComponent(name)
        guard (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
        photos[name] = .bytes([UInt8](try Data(contentsOf: file)))
    }

    let renderer = try ShareRenderer()
    let image = try await renderer.render(
        .bytes(json: [UInt8](json), photos: photos, name: folder.lastPathComponent),
        try ShareRequest(layout: .story, format: .jpeg),
        deadline: .now + .seconds(30))
    for warning in image.warnings {
        FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
    }
    try Data(image.bytes).write(to: URL(fileURLWithPath: arguments[2]))
    print("wrote \(arguments[2]): \(image.bytes.count) bytes, key \(image.key.prefix(12))")
} catch {
    // A PhotiCaseError names the file and the reason; Foundation's errors
    // say which file could not be read.
    FileHandle.standardError.write(Data("story-from-bytes: \(error)\n".utf8))
    exit(1)
}
