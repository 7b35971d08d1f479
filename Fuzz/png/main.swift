// libFuzzer target: the PNG decoder through the product's decode entry
// point. The signature is forced onto every input so mutations that break
// it are not wasted; for WebP the RIFF size bytes stay as mutated.
import Codecs

let fuzzOptions = DecodeOptions(limits: DecodeLimits(maxPixels: 4_000_000, maxFileBytes: 8 << 20, maxJPEGScans: 64))
let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for (i, b) in signature.enumerated() where i < bytes.count && !(signature.count == 12 && (4..<8).contains(i)) {
        bytes[i] = b
    }
    _ = try? ImageDecoder.decode(bytes, options: fuzzOptions)
    return 0
}
