// Times the resampler on a synthetic 12-megapixel photo and prints source
// megapixels per second and milliseconds per image, single-threaded and
// with the automatic thread split, for the fixed point (what images are
// drawn with: its best SIMD path, then each path) and the float
// reference. Run in release:
//   swift run -c release resample-bench [iterations]
// For a peer measured in the same run (scripts/bench-resample.py), one
// resize of raw RGBA pixels, printing "best_ms mean_ms":
//   resample-bench --raw FILE WxH --to WxH [--iterations N] [--threads auto]
//                  [--arithmetic fixed|float|scalar|sse2|avx2]
import Dispatch
import Foundation
import PhotiCaseImaging
import PhotiCaseRaster

/// A deterministic 4032x3024 opaque photo stand-in: smooth gradients plus noise.
func syntheticPhoto(width: Int, height: Int) -> Raster {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return Raster(width: width, height: height, alphaMode: .straight) { raw in
        let p = raw.bindMemory(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                // xorshift64: cheap noise that does not repeat along a row.
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let noise = Int(state & 31) - 16
                let i = (y * width + x) * 4
                p[i] = UInt8(clamping: x * 255 / width + noise)
                p[i + 1] = UInt8(clamping: y * 255 / height + noise)
                p[i + 2] = UInt8(clamping: (x + y) * 255 / (width + height) - noise)
                p[i + 3] = 255
            }
        }
    }
}

struct Case {
    let name: String
    let size: PixelSize
    let rect: Rect?
}

func measure(_ photo: Raster, _ c: Case, _ resampler: Resampler, iterations: Int) -> (best: Double, mean: Double) {
    var times: [Double] = []
    var checksum = 0
    for _ in 0..<iterations {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let out = resampler.resample(photo, to: c.size, from: c.rect)
        let t1 = DispatchTime.now().uptimeNanoseconds
        checksum &+= Int(out[out.width / 2, out.height / 2].r)
        times.append(Double(t1 - t0) / 1e6)
    }
    precondition(checksum >= 0)
    return (times.min()!, times.reduce(0, +) / Double(times.count))
}

func size(_ text: String) -> PixelSize? {
    let parts = text.split(separator: "x").compactMap { Int($0) }
    return parts.count == 2 && parts.allSatisfy({ $0 > 0 }) ? PixelSize(width: parts[0], height: parts[1]) : nil
}

func arithmetic(_ name: String) -> Resampler.Arithmetic? {
    switch name {
    case "fixed": .fixed
    case "float": .float
    default: Resampler.SIMDPath.allCases.first { "\($0)" == name }.map { .fixedPath($0) }
    }
}

/// `--raw`: one resize of a peer's pixels, "best_ms mean_ms".
func rawMode(_ args: [String]) -> Never {
    func value(_ flag: String) -> String? { args.firstIndex(of: flag).flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil } }
    guard let file = value("--raw"), let i = args.firstIndex(of: "--raw"), i + 2 < args.count,
          let from = size(args[i + 2]), let to = value("--to").flatMap(size),
          let mode = arithmetic(value("--arithmetic") ?? "fixed"),
          let bytes = FileManager.default.contents(atPath: file), bytes.count == from.width * from.height * 4 else {
        FileHandle.standardError.write(Data("resample-bench: --raw FILE WxH (RGBA bytes) --to WxH [--iterations N] [--threads auto] [--arithmetic fixed|float|scalar|sse2|avx2]\n".utf8))
        exit(2)
    }
    let photo = Raster(width: from.width, height: from.height, alphaMode: .straight) { raw in
        bytes.withUnsafeBytes { raw.copyMemory(from: $0) }
    }
    var resampler = Resampler(parallelism: value("--threads") == "auto" ? .automatic : .single)
    resampler.arithmetic = mode
    let r = measure(photo, Case(name: "raw", size: to, rect: nil), resampler, iterations: Int(value("--iterations") ?? "") ?? 10)
    print(r.best, r.mean)
    exit(0)
}

if CommandLine.arguments.contains("--raw") { rawMode(Array(CommandLine.arguments.dropFirst())) }

let iterations = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 10
let photo = syntheticPhoto(width: 4032, height: 3024)
let sourceMP = Double(photo.width * photo.height) / 1e6
let cases = [
    Case(name: "12MP -> 1080x810", size: PixelSize(width: 1080, height: 810), rect: nil),
    Case(name: "12MP cover -> 256x256", size: PixelSize(width: 256, height: 256),
         rect: Rect(x: 504, y: 0, width: 3024, height: 3024)),
]
// What Codecs does after an 8x shrink-on-load decode of the same photo.
let thumbnail = Case(name: "504x378 -> 256x192", size: PixelSize(width: 256, height: 192), rect: nil)
let modes: [(String, Resampler.Parallelism)] = [("1 thread", .single), ("automatic", .automatic)]
print("resample-bench: \(photo.width)x\(photo.height) source, \(iterations) iterations, best / mean; "
      + "fixed point on \(Resampler.SIMDPath.best)")
for c in cases {
    var single = 0.0
    for (label, mode) in modes {
        let r = measure(photo, c, Resampler(parallelism: mode), iterations: iterations)
        let mps = sourceMP / (r.best / 1000)
        var line = "\(c.name) [\(label)]: \(fmt(r.best)) ms best, \(fmt(r.mean)) ms mean, \(fmt(mps)) source MP/s"
        if mode == .single { single = r.best } else { line += ", \(fmt(single / r.best))x one thread" }
        print(line)
    }
    for (label, mode) in [("scalar", Resampler.Arithmetic.fixedPath(.scalar)), ("sse2", .fixedPath(.sse2)),
                          ("avx2", .fixedPath(.avx2)), ("float reference", .float)] {
        var resampler = Resampler(parallelism: .single)
        resampler.arithmetic = mode
        let r = measure(photo, c, resampler, iterations: iterations)
        print("\(c.name) [1 thread, \(label)]: \(fmt(r.best)) ms best, \(fmt(r.mean)) ms mean")
    }
}

let small = photo.resized(to: PixelSize(width: 504, height: 378))
let r = measure(small, thumbnail, Resampler(parallelism: .single), iterations: iterations * 20)
print("\(thumbnail.name) [1 thread]: \(fmt(r.best * 1000)) us best, \(fmt(r.mean * 1000)) us mean")

func fmt(_ v: Double) -> String {
    let r = (v * 10).rounded() / 10
    return String(describing: r)
}
