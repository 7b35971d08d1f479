import PhotiCaseCodecs
import PhotiCaseRaster

/// The decoders' targets: any bytes through the product's decode entry
/// point (`ImageDecoder`: sniffing, header, limits, decode, colour,
/// orientation), once for any format and once per decoder with its
/// signature forced onto every input, so mutations that break the
/// signature are not wasted on the sniffer.
enum DecodeTargets {
    /// Smaller limits than the product's, so the fuzzer spends its time on
    /// parsing rather than on legitimately large images.
    static let limits = DecodeLimits(maxPixels: 4_000_000, maxFileBytes: 8 << 20, maxJPEGScans: 64)
    static let options = DecodeOptions(limits: limits)

    static let decode = FuzzTarget(name: "decode", summary: "any bytes, format sniffed") { input in
        _ = try? ImageDecoder.decode(input, options: options)
    }

    /// The JPEG decoder, whole and then a part of it (the region decode
    /// faces use), at a scale and a part picked from the input's last bytes.
    static let jpeg = FuzzTarget(name: "jpeg", summary: "JPEG, whole and a part at a DCT scale") { input in
        let bytes = forcing([0xFF, 0xD8, 0xFF], at: 0, onto: Array(input))
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

    static let png = FuzzTarget(name: "png", summary: "PNG (libpng through the shims)") { input in
        _ = try? ImageDecoder.decode(forcing([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0, onto: Array(input)),
                                     options: options)
    }

    /// The RIFF size bytes (4..<8) stay as mutated.
    static let webp = FuzzTarget(name: "webp", summary: "WebP (libwebp, animations' first frame)") { input in
        let riff = forcing(Array("RIFF".utf8), at: 0, onto: Array(input))
        _ = try? ImageDecoder.decode(forcing(Array("WEBP".utf8), at: 8, onto: riff), options: options)
    }

    /// HEIF and AVIF through libheif (opened at run time) and its decoder
    /// plugins (libde265, dav1d). Only the `ftyp` box's type is forced:
    /// its size and brands stay as mutated, so the brand sniffing and both
    /// formats are reached from the corpus's HEIC and AVIF seeds.
    static let heif = FuzzTarget(name: "heif", summary: "HEIF and AVIF (libheif, libde265, dav1d)") { input in
        _ = try? ImageDecoder.decode(forcing(Array("ftyp".utf8), at: 4, onto: Array(input)), options: options)
    }

    /// The EXIF orientation parser on raw blocks.
    static let exif = FuzzTarget(name: "exif", summary: "EXIF orientation parser on raw blocks") { input in
        _ = EXIFOrientation.parse(input)
    }

    /// A small JPEG that ICC profiles are embedded in.
    static let iccBase: [UInt8] = {
        var r = Raster(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { r[x, y] = RGBA(UInt8(x * 16), UInt8(y * 16), UInt8((x + y) * 8)) } }
        return try! ImageEncoder.encode(r, settings: .jpeg(quality: 90))
    }()

    /// ICC profile parsing and the transform to sRGB. Each input is
    /// embedded, as is, in a small JPEG's APP2 ICC_PROFILE segments and
    /// decoded, so lcms2 parses it, a transform is built when it parses,
    /// and the transform runs over real pixels. Any profile must end as a
    /// warning or a conversion, never a crash or a printed message.
    static let icc = FuzzTarget(name: "icc", summary: "ICC profiles in a JPEG's APP2 segments (lcms2)",
                                prepare: { _ = iccBase }) { input in
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
        jpeg += iccBase[2...]
        _ = try? ImageDecoder.decode(jpeg, options: options)
    }

    /// `input` with `signature` written over it from `offset`, as far as
    /// the input reaches.
    static func forcing(_ signature: [UInt8], at offset: Int, onto input: [UInt8]) -> [UInt8] {
        var bytes = input
        for (i, b) in signature.enumerated() where offset + i < bytes.count { bytes[offset + i] = b }
        return bytes
    }
}
