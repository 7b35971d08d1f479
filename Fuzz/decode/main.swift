// libFuzzer target: any bytes through the product's decode entry point
// (sniffing, header, limits, decode, orientation). Build and run with
// scripts/fuzz.sh.
import Codecs

/// Smaller limits than the product's, so the fuzzer spends its time on
/// parsing rather than on legitimately huge images.
let fuzzOptions = DecodeOptions(limits: DecodeLimits(maxPixels: 4_000_000, maxFileBytes: 8 << 20, maxJPEGScans: 64))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    _ = try? ImageDecoder.decode(bytes, options: fuzzOptions)
    return 0
}
