// libFuzzer target: the JPEG decoder through the product's decode entry
// point. The signature is forced onto every input so mutations that break
// it are not wasted (for WebP the RIFF size bytes stay as mutated).
import Codecs
import FuzzSupport

let options = DecodeOptions(limits: DecodeLimits(maxPixels: 4_000_000, maxFileBytes: 8 << 20, maxJPEGScans: 64))
let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

FuzzDriver.run { input in
    var bytes = Array(input)
    for (i, b) in signature.enumerated() where i < bytes.count && !(signature.count == 12 && (4..<8).contains(i)) {
        bytes[i] = b
    }
    _ = try? ImageDecoder.decode(bytes, options: options)
}
