// libFuzzer target: any bytes through the product's decode entry point
// (sniffing, header, limits, decode, orientation). Run with scripts/fuzz.sh.
import Codecs
import FuzzSupport

/// Smaller limits than the product's, so the fuzzer spends its time on
/// parsing rather than on legitimately large images.
let options = DecodeOptions(limits: DecodeLimits(maxPixels: 4_000_000, maxFileBytes: 8 << 20, maxJPEGScans: 64))

FuzzDriver.run { bytes in
    _ = try? ImageDecoder.decode(bytes, options: options)
}
