// Times what colour management adds to a decode, in process and in CPU
// time of one thread, so other load on the machine mostly cancels out: the same 12 MP JPEG
// untagged and tagged Display P3, decoded for a 256-pixel day thumbnail
// (shrink-on-load) and at full size, alternating, median of N rounds.
// Run in release:
//   swift run -c release color-bench JPEG [rounds]
import PhotiCaseCodecs
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PhotiCaseRaster

func readFile(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return bytes
}

/// The JPEG without APP2 ICC_PROFILE segments, and with one holding `profile`.
func variants(_ jpeg: [UInt8], profile: [UInt8]) -> (untagged: [UInt8], tagged: [UInt8]) {
    var out: [UInt8] = [0xFF, 0xD8]
    var i = 2
    while i + 4 <= jpeg.count, jpeg[i] == 0xFF, jpeg[i + 1] != 0xDA {
        let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
        let isICC = jpeg[i + 1] == 0xE2 && i + 16 <= jpeg.count && Array(jpeg[(i + 4)..<(i + 15)]) == Array("ICC_PROFILE".utf8)
        if !isICC { out += jpeg[i..<(i + 2 + length)] }
        i += 2 + length
    }
    out += jpeg[i...]
    let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
    let tagged = [0xFF, 0xD8, 0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)]
        + payload + out[2...]
    return (out, tagged)
}

/// CPU time of this thread: other processes on a shared machine slow the
/// wall clock, not this.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }
    let start = now()
    try body()
    return now() - start
}

let args = CommandLine.arguments
guard args.count >= 2, let source = readFile(args[1]), let p3 = RGBColorSpace.displayP3.iccProfile() else {
    print("usage: color-bench JPEG [rounds]")
    exit(2)
}
let rounds = args.count >= 3 ? Int(args[2]) ?? 15 : 15
let (untagged, tagged) = variants(source, profile: p3)
for (label, options) in [("day thumbnail (256 px, shrink-on-load)", DecodeOptions(minimumSize: PixelSize(width: 256, height: 192))),
                         ("full size", DecodeOptions())] {
    var plain: [Double] = [], managed: [Double] = []
    _ = try ImageDecoder.decode(tagged, options: options)         // builds and caches the transform
    for _ in 0..<rounds {
        plain.append(try milliseconds { _ = try ImageDecoder.decode(untagged, options: options) })
        managed.append(try milliseconds { _ = try ImageDecoder.decode(tagged, options: options) })
    }
    let a: Double = plain.sorted()[rounds / 2]
    let b: Double = managed.sorted()[rounds / 2]
    let change: Double = 100 * (b / a - 1)
    let line = "\(label): untagged \(String(format: "%.1f", a)) ms, Display P3 \(String(format: "%.1f", b)) ms, "
    print(line + "\(String(format: "%+.1f", change))% (median of \(rounds))")
}
