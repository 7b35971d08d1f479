// libFuzzer target: the JPEG decoder through the product's decode entry
// point, whole and then a part of it (the region decode faces use), at a
// scale and a part picked from the input's last bytes. The signature is
// forced onto every input so mutations that break it are not wasted.
import Codecs
import FuzzSupport
import Raster

let limits = DecodeLimits(maxPixels: 4_000_000, maxFileBytes: 8 << 20, maxJPEGScans: 64)
let options = DecodeOptions(limits: limits)
let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

FuzzDriver.run { input in
    var bytes = Array(input)
    for (i, b) in signature.enumerated() where i < bytes.count { bytes[i] = b }
    _ = try? ImageDecoder.decode(bytes, options: options)

    guard let info = try? ImageDecoder.inspect(bytes, limits: limits) else { return }
    // Eight bytes of the input pick the DCT scale and the part.
    var pick: UInt64 = 0
    for b in bytes.suffix(8) { pick = pick << 8 | UInt64(b) }
    let upright = info.uprightSize
    let shift = Int(pick & 3)
    let minimum = PixelSize(width: max(1, upright.width >> shift), height: max(1, upright.height >> shift))
    let plan = DecodePlan(info: info, options: DecodeOptions(limits: limits, minimumSize: minimum))
    guard plan.canRestrict else { return }
    let whole = plan.uprightDecodedSize
    guard whole.width > 0, whole.height > 0 else { return }
    let x = Int((pick >> 2) % UInt64(whole.width)), y = Int((pick >> 18) % UInt64(whole.height))
    let w = 1 + Int((pick >> 34) % UInt64(whole.width - x)), h = 1 + Int((pick >> 50) % UInt64(whole.height - y))
    _ = try? ImageDecoder.decode(bytes, plan: plan.restricted(to: PixelRect(x: x, y: y, width: w, height: h)),
                                 limits: limits)
}
