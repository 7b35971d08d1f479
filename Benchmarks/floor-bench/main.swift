// floor-bench: the decode + encode floor of a render, in-process, with the
// libraries the run uses (libjpeg-turbo, libpng, libwebp, libheif).
//
//   floor-bench ENTRIES CACHE [--repeats N] [--decode-size WxH] [--day-side N]
//
// Decode: every photo the entries name, once, at the size the run needs
// it at least (--decode-size, default 600x960, a ticket face at scale 2;
// 1080x1200 for a run with story and feed images): shrink-on-load to it,
// libjpeg's DCT scaling, libheif's thumbnails. With --day-side, each
// entry's front photo is decoded once more for its day thumbnail (an N x N
// tile, with the tiles' shrink-on-load headroom): a day tile decodes its
// own photo, so its pixels do not depend on what else a run drew (issue
// 43's decision), and that decode is part of a full render's floor. Encode:
// every image the render wrote into CACHE (its files are decoded first,
// untimed, for their pixels), encoded again in its own format with the
// library at quality 90 (WebP method 1, as the run's tickets; JPEG 4:2:0;
// PNG level 1, as the run). Prints one JSON line: seconds of each, the
// best of --repeats, and what was counted.
import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import Foundation
import PhotiCaseRaster

let args = Array(CommandLine.arguments.dropFirst())
guard args.count >= 2 else {
    FileHandle.standardError.write(Data("usage: floor-bench ENTRIES CACHE [--repeats N]\n".utf8))
    exit(2)
}
let (entriesRoot, cache) = (args[0], args[1])
let repeats = args.firstIndex(of: "--repeats").flatMap { Int(args[$0 + 1]) } ?? 3
let decodeSize = args.firstIndex(of: "--decode-size").map { args[$0 + 1].split(separator: "x").compactMap { Int($0) } }
    ?? [600, 960]

func files(under root: String) -> [String] {
    (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).map { root + "/" + $0 }.sorted()
}

// The photos the entries name.
var photos: [String] = [], fronts: [String] = []
for path in files(under: entriesRoot) where path.hasSuffix("/entry.json") {
    let folder = String(path.dropLast("/entry.json".count))
    guard let entry = try? EntryLoader(kinds: nil).load(folder: folder, defaultID: "x").entry else { continue }
    photos += [entry.front?.path, entry.back?.path].compactMap { $0 }
    fronts += [entry.front?.path].compactMap { $0 }
}
func bytes(of paths: [String]) -> [[UInt8]] { paths.compactMap { try? [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) } }
let photoBytes = bytes(of: photos)
let daySide = args.firstIndex(of: "--day-side").flatMap { Int(args[$0 + 1]) }
let dayBytes = daySide == nil ? [] : bytes(of: fronts)

// The images the run wrote, decoded once (untimed), with their format.
let cacheFolders = ["tickets", "days", "months", "books", "years"]
// Its own encoding for each image, at quality 90: story and feed images
// are JPEG as the run writes them.
var images: [(raster: Raster, settings: EncodeSettings)] = []
for folder in cacheFolders {
    for path in files(under: cache + "/" + folder) {
        let settings: EncodeSettings
        if path.hasSuffix(".webp") { settings = .webp(quality: 90, method: 1) }
        else if path.hasSuffix(".jpg") { settings = .jpeg(quality: 90) }
        else if path.hasSuffix(".png") { settings = .png(compressionLevel: 1) }
        else { continue }
        guard let decoded = try? ImageDecoder.decodeFile(atPath: path) else { continue }
        images.append((decoded.raster, settings))
    }
}

let face = PixelSize(width: decodeSize[0], height: decodeSize[1])
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
var decode = Double.infinity, encode = Double.infinity, bytes = 0
for _ in 0..<repeats {
    decode = min(decode, seconds {
        for data in photoBytes { _ = try? ImageDecoder.decode(data, options: DecodeOptions(minimumSize: face)) }
        if let daySide {
            let tile = DecodeOptions(minimumSize: PixelSize(width: daySide, height: daySide),
                                     shrinkHeadroom: PhotoLoader.tileHeadroom)
            for data in dayBytes { _ = try? ImageDecoder.decode(data, options: tile) }
        }
    })
    var written = 0
    encode = min(encode, seconds {
        for image in images { written += (try? ImageEncoder.encode(image.raster, settings: image.settings))?.count ?? 0 }
    })
    bytes = written
}
let pixels = images.reduce(0) { $0 + $1.raster.width * $1.raster.height }
print("{\"decode_s\": \(decode), \"encode_s\": \(encode), \"floor_s\": \(decode + encode), \"photos\": \(photoBytes.count), "
      + "\"day_photos\": \(dayBytes.count), "
      + "\"images\": \(images.count), \"pixels\": \(pixels), \"bytes\": \(bytes)}")
