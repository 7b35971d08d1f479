// serve-floor: the in-process floors a served share image is measured
// against (scripts/bench-serve.py), with the renderer `serve` uses.
//
//   serve-floor ENTRY_FOLDER LAYOUT FORMAT [--repeats N]
//
// Prints one JSON line, each figure the best of --repeats (default 5):
// encode_s, encoding the drawn image with the request's settings;
// encode_all_cores_s, the same on every core (as `share` encodes a PNG);
// decode_s, decoding the entry's photos at the size the layout draws them
// (shrink-on-load to 600x960, a face at scale 2, or 1080x1200 for a story
// or feed); render_s, ShareRenderer.render warm (draw and encode, entry
// already read); and the image's size. For a story, also resize_s: the
// first photo, decoded so, resized into the story's 960x1200 card from its
// centred 4:5 part on one thread (as `serve` resizes), the one step of
// drawing any renderer of the story must take. The renderer is `serve`'s
// (`parallelResizes: false`).
import PhotiCaseCodecs
import PhotiCaseDiary
import Foundation
import PhotiCaseImaging
import PhotiCase
import PhotiCaseRaster

let args = Array(CommandLine.arguments.dropFirst())
guard args.count >= 3, let layout = ShareLayout(rawValue: args[1]), let format = ShareFormat(fileExtension: args[2]),
      let request = try? ShareRequest(layout: layout, format: format) else {
    FileHandle.standardError.write(Data("usage: serve-floor ENTRY_FOLDER card|front|story|feed png|jpg|webp [--repeats N]\n".utf8))
    exit(2)
}
let repeats = args.firstIndex(of: "--repeats").flatMap { Int(args[$0 + 1]) } ?? 5

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

do {
    let renderer = try ShareRenderer(theme: Theme(), workers: 1, parallelResizes: false)
    let (entry, json) = try renderer.entry(in: args[0])
    let read = try ShareRenderer.read(.folder(args[0]), theme: renderer.theme)
    let key = ShareRenderer.key(json: json, photos: read.digests, request)
    let drawn = try renderer.draw(entry, request)
    let photos = try [entry.front?.path, entry.back?.path].compactMap { $0 }.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
    let size = layout == .story || layout == .feed ? PixelSize(width: 1080, height: 1200) : PixelSize(width: 600, height: 960)
    var encode = Double.infinity, decode = Double.infinity, render = Double.infinity, resize = Double.infinity, bytes = 0
    var encodeAllCores = Double.infinity
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let first = layout == .story ? try photos.first.map { try ImageDecoder.decode($0, options: DecodeOptions(minimumSize: size)).raster } : nil
    for _ in 0..<repeats {
        encode = min(encode, try seconds { bytes = try ImageEncoder.encode(drawn.raster, settings: request.settings).count })
        encodeAllCores = min(encodeAllCores, try seconds {
            _ = try ImageEncoder.encode(drawn.raster, settings: request.settings, threads: cores)
        })
        decode = min(decode, try seconds { for p in photos { _ = try ImageDecoder.decode(p, options: DecodeOptions(minimumSize: size)) } })
        render = min(render, try seconds { _ = try renderer.render(entry, key: key, request) })
        if let first {
            let w = min(Double(first.width), Double(first.height) * 4 / 5), h = w * 5 / 4
            let part = Rect(x: (Double(first.width) - w) / 2, y: (Double(first.height) - h) / 2, width: w, height: h)
            resize = min(resize, seconds {
                _ = Resampler(parallelism: .single).resample(first, to: PixelSize(width: 960, height: 1200), from: part)
            })
        }
    }
    print("{\"encode_s\": \(encode), \"encode_all_cores_s\": \(encodeAllCores), \"decode_s\": \(decode), \"render_s\": \(render), \"bytes\": \(bytes), "
          + (first == nil ? "" : "\"resize_s\": \(resize), ")
          + "\"width\": \(drawn.raster.width), \"height\": \(drawn.raster.height)}")
} catch {
    FileHandle.standardError.write(Data("serve-floor: \(error)\n".utf8))
    exit(1)
}
