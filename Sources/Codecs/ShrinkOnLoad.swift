import PhotiCaseRaster
/// Chooses how far a decoder may shrink while loading.
///
/// The rule: keep at least `headroom` times the size the caller needs on
/// both axes, so the final (Lanczos) resampler still does the last and
/// largest part of the reduction and decides the quality.
public enum ShrinkOnLoad {
    /// The libjpeg DCT scale denominators, largest first.
    static let jpegDenominators = [8, 4, 2, 1]

    /// The largest JPEG denominator (1, 2, 4 or 8) whose output still
    /// covers `needed * headroom`; 1 when no target is given.
    public static func jpegDenominator(stored: PixelSize, needed: PixelSize?, headroom: Double) -> Int {
        guard let needed else { return 1 }
        for d in jpegDenominators where d > 1 {
            // libjpeg rounds scaled sizes up.
            let w = (stored.width + d - 1) / d, h = (stored.height + d - 1) / d
            if Double(w) >= Double(needed.width) * headroom && Double(h) >= Double(needed.height) * headroom {
                return d
            }
        }
        return 1
    }

    /// The block size (1...8) for a PNG read with block averaging: the
    /// largest whose output, rounded up like libjpeg's, still covers
    /// `needed * headroom`. Interlaced files decode whole (1).
    public static func pngShrink(stored: PixelSize, needed: PixelSize?, headroom: Double, interlaced: Bool) -> Int {
        guard let needed, !interlaced else { return 1 }
        for k in stride(from: 8, to: 1, by: -1) {
            let w = (stored.width + k - 1) / k, h = (stored.height + k - 1) / k
            if Double(w) >= Double(needed.width) * headroom && Double(h) >= Double(needed.height) * headroom {
                return k
            }
        }
        return 1
    }

    /// libwebp's scaler averages boxes; letting it do the whole reduction
    /// cost a 43x panorama thumbnail 6 dB (32 dB against a full decode),
    /// so it always leaves at least a 2x reduction to Lanczos (then 38+ dB).
    static let webpMinimumHeadroom = 2.0

    /// The size libwebp should scale to: `needed * headroom` (at least
    /// `webpMinimumHeadroom`) with the stored aspect ratio, or the stored
    /// size when that is not smaller.
    public static func webpSize(stored: PixelSize, needed: PixelSize?, headroom: Double) -> PixelSize {
        guard let needed else { return stored }
        let headroom = max(headroom, webpMinimumHeadroom)
        let scale = max(Double(needed.width) * headroom / Double(stored.width),
                        Double(needed.height) * headroom / Double(stored.height))
        guard scale < 1 else { return stored }
        return PixelSize(width: max(1, Int((Double(stored.width) * scale).rounded(.up))),
                         height: max(1, Int((Double(stored.height) * scale).rounded(.up))))
    }

    /// HEIF thumbnails are separately coded, smaller and coarser images;
    /// one is used only when it keeps at least `heifMinimumHeadroom` times
    /// the need, so Lanczos' reduction hides the coarser coding. Measured on
    /// libheif's example photo (320x212 thumbnail of 1280x854) against a
    /// full decode: 30.4 dB at 1x, 37.0 dB at 2x, 38.7 at 2.5x, 40.5 at 3x;
    /// 3x is the first to clear the 38 dB bar the other formats meet.
    static let heifMinimumHeadroom = 3.0

    /// The smallest thumbnail covering `needed * max(headroom, 3)` with
    /// the primary image's aspect ratio (within 1%: a thumbnail of another
    /// crop or rotation is never used), or nil to decode the full image.
    static func heifThumbnail(primary: PixelSize, thumbnails: [HEIFBinding.Thumbnail], needed: PixelSize?,
                              headroom: Double) -> HEIFBinding.Thumbnail? {
        guard let needed else { return nil }
        let headroom = max(headroom, heifMinimumHeadroom)
        let aspect = Double(primary.width) / Double(primary.height)
        return thumbnails.filter { t in
            t.size.width > 0 && t.size.height > 0 && t.size.width < primary.width
                && abs(Double(t.size.width) / Double(t.size.height) / aspect - 1) <= 0.01
                && Double(t.size.width) >= Double(needed.width) * headroom
                && Double(t.size.height) >= Double(needed.height) * headroom
        }.min { $0.size.width < $1.size.width }
    }
}
