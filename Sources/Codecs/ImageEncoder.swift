import PhotiCaseRaster
/// Output settings for one encoded file.
public enum EncodeSettings: Sendable, Hashable {
    /// PNG, deflate level 0...9. Opaque images are written as RGB. Levels
    /// 1...9 filter every row with Paeth and deflate with libdeflate at that
    /// level (`render` writes level 1); level 0, and images over 16
    /// megapixels, go through libpng and zlib, with libpng's adaptive
    /// filters from level 4.
    case png(compressionLevel: Int = 6)
    /// JPEG, quality 1...100, optionally progressive, 4:2:0 or 4:4:4 chroma.
    case jpeg(quality: Int = 88, progressive: Bool = false, chroma: ChromaSubsampling = .s420)
    /// WebP, quality 0...100, or lossless; `method` is libwebp's effort for
    /// lossy files, 0 (fastest) to 6. Method 3, one step faster than
    /// libwebp's default 4, keeps ticket faces at 40 dB (bench-formats.py).
    case webp(quality: Int = 85, lossless: Bool = false, method: Int = 3)

    /// JPEG chroma subsampling.
    public enum ChromaSubsampling: String, Sendable, Hashable {
        case s420 = "4:2:0"
        case s444 = "4:4:4"
    }

    /// The format these settings write.
    public var format: ImageFormat {
        switch self {
        case .png: .png
        case .jpeg: .jpeg
        case .webp: .webp
        }
    }

    /// Default settings for `format`, with `quality` applied where it means
    /// something. `format` must be writable (`isWritable`).
    public static func defaults(for format: ImageFormat, quality: Int? = nil) -> EncodeSettings {
        switch format {
        case .png: .png()
        case .jpeg: .jpeg(quality: quality ?? 88)
        case .webp: .webp(quality: quality ?? 85)
        case .heif, .avif: preconditionFailure("\(format.displayName) is read-only")
        }
    }
}

/// Encodes rasters. Outputs carry no metadata (no EXIF, no text chunks;
/// the cache adds its one-line owner mark after, through `ImageNote`),
/// so they are upright for every viewer and identical for identical pixels.
public enum ImageEncoder {
    /// Encodes `raster` (either alpha mode). JPEG has no alpha: transparent
    /// pixels are flattened over `background` first. `threads`: how many a
    /// PNG at level 1 may deflate its segments on, and, above 1, a lossy
    /// WebP's alpha is encoded on a thread of its own beside the colour
    /// (libwebp's `thread_level`), for a caller that encodes while someone
    /// waits or a core is free; the bytes are the same for any count.
    public static func encode(_ raster: Raster, settings: EncodeSettings, background: RGBA = .white,
                              threads: Int = 1) throws -> [UInt8] {
        let straight = raster.unpremultiplied()
        switch settings {
        case let .png(level):
            return try PNGBinding.encode(straight, compressionLevel: min(9, max(0, level)), threads: threads)
        case let .jpeg(quality, progressive, chroma):
            let opaque = straight.isOpaque ? straight : flatten(straight, over: background)
            return try JPEGBinding.encode(opaque, quality: min(100, max(1, quality)), progressive: progressive,
                                          subsample420: chroma == .s420)
        case let .webp(quality, lossless, method):
            return try WebPBinding.encode(straight, quality: min(100, max(0, quality)), lossless: lossless,
                                          method: min(6, max(0, method)), threads: threads)
        }
    }

    /// `raster` composed over an opaque colour.
    static func flatten(_ raster: Raster, over background: RGBA) -> Raster {
        var out = Raster(width: raster.width, height: raster.height, fill: RGBA(background.r, background.g, background.b))
        let br = UInt32(background.r), bg = UInt32(background.g), bb = UInt32(background.b)
        raster.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                let s = src.bindMemory(to: UInt8.self), d = dst.bindMemory(to: UInt8.self)
                var i = 0
                while i < s.count {
                    let a = UInt32(s[i + 3]), ia = 255 - a
                    d[i] = UInt8(RGBA.mul255(UInt32(s[i]), a) + RGBA.mul255(br, ia))
                    d[i + 1] = UInt8(RGBA.mul255(UInt32(s[i + 1]), a) + RGBA.mul255(bg, ia))
                    d[i + 2] = UInt8(RGBA.mul255(UInt32(s[i + 2]), a) + RGBA.mul255(bb, ia))
                    i += 4
                }
            }
        }
        return out
    }
}
