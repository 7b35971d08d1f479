import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseRaster

extension PhotoLoader {
    /// `photo`'s file itself (less its EXIF, XMP and other personal
    /// metadata: `JPEGPlacement.stripped`) when a document can place it as
    /// it is in a box of `box` pixels: a baseline or progressive JPEG of 8-bit YCbCr
    /// or grey samples, upright (no EXIF turn), in sRGB or untagged (a
    /// PDF's DCT image is shown as sRGB here), shown whole (the edit crops,
    /// turns and mirrors nothing), and with no more than 1.25 times the
    /// box's pixels across (a larger one is resampled to the box: printing
    /// would throw the rest away). Decoding and encoding it again could
    /// only lose detail; nil for any other photo.
    public func passThroughJPEG(_ photo: FacePhoto, box: PixelSize) -> (bytes: [UInt8], size: PixelSize)? {
        guard let bytes = photoBytes[photo.path] ?? (try? FileIO.read(photo.path, limit: limits.maxFileBytes)),
              bytes.count <= limits.maxFileBytes,
              let info = try? ImageDecoder.inspect(bytes, limits: limits),
              info.format == .jpeg, info.bitDepth == 8, info.colorSpace == .rgb || info.colorSpace == .gray,
              info.orientation == .up, info.profile.map({ $0.hasPrefix("sRGB") }) ?? true else { return nil }
        let size = info.storedSize
        let (plan, warnings) = resolver.resolve(state: photo.crop, photo: size,
                                                face: Size(width: Double(box.width), height: Double(box.height)))
        let whole = plan.sourceRect.width >= Double(size.width) * 0.99 && plan.sourceRect.height >= Double(size.height) * 0.99
        guard warnings.isEmpty, whole, plan.quarterTurns == 0, !plan.flipHorizontal,
              Double(size.width) <= Double(box.width) * 1.25,
              let placed = JPEGPlacement.stripped(bytes) else { return nil }
        return (placed, size)
    }
}
