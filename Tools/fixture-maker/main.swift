// Makes the project's own fixture photos: synthetic scenes in every input
// format, some stored sideways with an EXIF orientation, as phones do.
// Usage: fixture-maker OUTDIR (four sample photos)
//        fixture-maker --book BOOKDIR (the photos of the sample ticket book)
//        fixture-maker --poster FILE.png (a transparent cut-out poster)
//        fixture-maker --icc p3|adobe-rgb|prophoto FILE (an ICC profile, for benchmarks)
import PhotiCaseCodecs
#if canImport(Glibc)
import Glibc
#endif
import PhotiCaseRaster

/// A deterministic scene: sky gradient, a sun, hills, and a grain texture
/// from a fixed-seed hash, so every run writes the same bytes.
func scene(width: Int, height: Int, hue: Double, alphaHole: Bool = false) -> Raster {
    var r = Raster(width: width, height: height)
    let sunX = Double(width) * 0.7, sunY = Double(height) * 0.3, sunR = Double(min(width, height)) * 0.12
    for y in 0..<height {
        let fy = Double(y) / Double(height)
        for x in 0..<width {
            let fx = Double(x) / Double(width)
            let hill = 0.65 + 0.08 * sin(fx * 9 + hue * 3) + 0.05 * sin(fx * 23)
            var red: Double, green: Double, blue: Double
            if fy > hill {
                red = 40 + 60 * hue; green = 110 - 50 * (fy - hill); blue = 50
            } else {
                red = 250 - 120 * fy - 60 * hue; green = 150 + 60 * fy; blue = 120 + 130 * fy + 40 * hue
            }
            let dx = Double(x) - sunX, dy = Double(y) - sunY
            if dx * dx + dy * dy < sunR * sunR { red = 255; green = 230; blue = 140 }
            // Grain: a cheap integer hash of the coordinates.
            var h = UInt32(truncatingIfNeeded: x &* 374_761_393 &+ y &* 668_265_263)
            h = (h ^ (h >> 13)) &* 1_274_126_177
            let grain = Double(h >> 24) / 255 * 12 - 6
            var a: UInt8 = 255
            if alphaHole {
                let cx = Double(x) - Double(width) / 2, cy = Double(y) - Double(height) / 2
                let d = (cx * cx + cy * cy).squareRoot() / Double(min(width, height))
                a = UInt8(max(0, min(255, (d - 0.2) * 1200)))
            }
            func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v + grain))) }
            r[x, y] = RGBA(c(red), c(green), c(blue), a)
        }
    }
    return r
}

/// Adds an APP1 Exif segment with one orientation tag after SOI.
func withOrientation(_ jpeg: [UInt8], _ orientation: UInt16) -> [UInt8] {
    let tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0,
                         UInt8(orientation), 0, 0, 0, 0, 0, 0, 0]
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 255)] + payload + jpeg[2...]
}

func write(_ bytes: [UInt8], _ path: String) throws {
    try FileIO.writeAtomically(bytes, to: path)
    print("fixture-maker: wrote \(path) (\(bytes.count) bytes)")
}

let args = CommandLine.arguments
if args.count == 3 && args[1] == "--book" {
    // The photos the sample ticket book's entry.json files name.
    let book = args[2]
    do {
        for photo in BookPhoto.all {
            try write(try photo.encoded(), "\(book)/\(photo.path)")
        }
    } catch {
        print("fixture-maker: \(error)")
        exit(1)
    }
    exit(0)
}
if args.count == 3 && args[1] == "--poster" {
    do {
        try write(try ImageEncoder.encode(CutOutPoster.render(width: 900, height: 1350), settings: .png()), args[2])
    } catch {
        print("fixture-maker: \(error)")
        exit(1)
    }
    exit(0)
}
if args.count == 6 && args[1] == "--photo" {
    // One synthetic photo of a given size (benchmarks); format from the
    // extension, hue from a number so a batch can vary.
    guard let w = Int(args[2]), let h = Int(args[3]), let hue = Double(args[4]), w > 0, h > 0,
          let format = ImageFormat(fileExtension: String(args[5].split(separator: ".").last ?? "")) else {
        print("usage: fixture-maker --photo WIDTH HEIGHT HUE FILE.{jpg,png,webp}")
        exit(2)
    }
    do {
        try write(try ImageEncoder.encode(scene(width: w, height: h, hue: hue), settings: .defaults(for: format)), args[5])
    } catch {
        print("fixture-maker: \(error)")
        exit(1)
    }
    exit(0)
}
if args.count == 4 && args[1] == "--icc" {
    // The profiles the colour tests use, written by lcms2 for scripts.
    let spaces: [String: RGBColorSpace] = ["p3": .displayP3, "adobe-rgb": .adobeRGB, "prophoto": .proPhoto]
    guard let space = spaces[args[2]], let bytes = space.iccProfile() else {
        print("usage: fixture-maker --icc p3|adobe-rgb|prophoto FILE")
        exit(2)
    }
    do { try write(bytes, args[3]) } catch {
        print("fixture-maker: \(error)")
        exit(1)
    }
    exit(0)
}
let usage = "usage: fixture-maker OUTDIR | fixture-maker --book BOOKDIR | fixture-maker --poster FILE.png"
    + " | fixture-maker --photo W H HUE FILE | fixture-maker --icc p3|adobe-rgb|prophoto FILE"
// `--help` (or any other option) is not a folder to write into.
if args.count == 2 && (args[1] == "--help" || args[1] == "-h") {
    print(usage)
    exit(0)
}
guard args.count == 2, !args[1].hasPrefix("-"), !args[1].isEmpty else {
    let line = Array((usage + "\n").utf8)
    _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    exit(2)
}
let dir = args[1]
mkdir(dir, 0o755)
do {
    let landscape = scene(width: 1600, height: 1200, hue: 0.2)
    try write(try ImageEncoder.encode(landscape, settings: .jpeg(quality: 90)), "\(dir)/sunset.jpg")
    // Stored sideways; EXIF 6 turns it upright (1200x1600), as phones do.
    let sideways = scene(width: 1200, height: 1600, hue: 0.6).oriented(.left)
    try write(withOrientation(try ImageEncoder.encode(sideways, settings: .jpeg(quality: 90)), 6), "\(dir)/portrait-exif6.jpg")
    try write(try ImageEncoder.encode(scene(width: 900, height: 700, hue: 0.9, alphaHole: true), settings: .png()),
              "\(dir)/window-alpha.png")
    try write(try ImageEncoder.encode(scene(width: 1280, height: 960, hue: 0.4), settings: .webp(quality: 85)),
              "\(dir)/hills.webp")
} catch {
    print("fixture-maker: \(error)")
    exit(1)
}
