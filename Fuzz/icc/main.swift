// libFuzzer target: ICC profile parsing and the transform to sRGB. Each
// input is embedded, as is, in a small JPEG's APP2 ICC_PROFILE segments
// and decoded, so lcms2 parses it, a transform is built when it parses,
// and the transform runs over real pixels. Any profile must end as a
// warning or a conversion, never a crash or a printed message.
import Codecs
import FuzzSupport

let options = DecodeOptions(limits: DecodeLimits(maxPixels: 1_000_000, maxFileBytes: 8 << 20, maxJPEGScans: 16))
let base: [UInt8] = {
    var r = Raster(width: 16, height: 16)
    for y in 0..<16 { for x in 0..<16 { r[x, y] = RGBA(UInt8(x * 16), UInt8(y * 16), UInt8((x + y) * 8)) } }
    return try! ImageEncoder.encode(r, settings: .jpeg(quality: 90))
}()

FuzzDriver.run { input in
    let profile = Array(input)
    let chunk = 65519
    let pieces = stride(from: 0, to: max(profile.count, 1), by: chunk).map {
        Array(profile[$0..<min($0 + chunk, profile.count)])
    }
    var jpeg: [UInt8] = [0xFF, 0xD8]
    for (i, piece) in pieces.enumerated() where pieces.count < 256 {
        let payload = Array("ICC_PROFILE".utf8) + [0, UInt8(i + 1), UInt8(pieces.count)] + piece
        jpeg += [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)] + payload
    }
    jpeg += base[2...]
    _ = try? ImageDecoder.decode(jpeg, options: options)
}
