// One share image, in-process, through the PhotiCase library: what a Swift
// backend does instead of starting `photicase-render share` per request.
//
//   swift run share-example ENTRY_FOLDER OUTPUT.(png|jpg|webp) [card|front|story|feed]
import Codecs
import Foundation
import PhotiCase

let args = CommandLine.arguments
guard args.count == 3 || args.count == 4,
      let format = ImageFormat(fileExtension: (args[2] as NSString).pathExtension), format.isWritable,
      let layout = ShareLayout(rawValue: args.count == 4 ? args[3] : "card") else {
    FileHandle.standardError.write(Data("usage: share-example ENTRY_FOLDER OUTPUT.(png|jpg|webp) [card|front|story|feed]\n".utf8))
    exit(2)
}
do {
    let renderer = try ShareRenderer()
    let image = try renderer.render(entryFolder: args[1], ShareRequest(layout: layout, format: format))
    for warning in image.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
    try Data(image.bytes).write(to: URL(fileURLWithPath: args[2]))
    print("wrote \(args[2]) (\(image.bytes.count) bytes, key \(image.key.prefix(12)))")
} catch {
    FileHandle.standardError.write(Data("share-example: \(error)\n".utf8))
    exit(1)
}
