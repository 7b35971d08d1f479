import CShims

/// The only Swift file that calls libjpeg (through the C shims).
enum JPEGBinding {
    struct Header {
        var width: Int
        var height: Int
        var colorSpace: ImageInfo.ColorSpace
        var precision: Int
        var progressive: Bool
        var components: Int
        var outputSize: PixelSize
    }

    /// Reads the header, and the output size a decode at `1/denominator` gives.
    static func readHeader(_ data: UnsafeRawBufferPointer, denominator: Int) throws -> Header {
        var info = pr_jpeg_info()
        var report = pr_report()
        let status = pr_jpeg_read_header(base(data), data.count, Int32(denominator), &info, &report)
        try check(status, &report, bytes: data.count)
        let space: ImageInfo.ColorSpace
        switch pr_jpeg_colorspace(rawValue: UInt32(info.colorspace)) {
        case PR_JCS_GRAY: space = .gray
        case PR_JCS_CMYK: space = .cmyk
        case PR_JCS_YCCK: space = .ycck
        default: space = .rgb
        }
        return Header(width: Int(info.width), height: Int(info.height), colorSpace: space,
                      precision: Int(info.precision), progressive: info.progressive != 0,
                      components: Int(info.components),
                      outputSize: PixelSize(width: Int(info.output_width), height: Int(info.output_height)))
    }

    /// Decodes at `1/denominator` into a new straight-alpha raster of
    /// `size` (which `readHeader` reported for the same denominator).
    static func decode(_ data: UnsafeRawBufferPointer, denominator: Int, size: PixelSize,
                       maxScans: Int) throws -> (Raster, [String]) {
        var report = pr_report()
        var status = PR_OK
        let raster = Raster(width: size.width, height: size.height) { out in
            status = pr_jpeg_decode(base(data), data.count, Int32(denominator), Int32(maxScans),
                                    out.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                    Int32(size.width), Int32(size.height), &report)
        }
        try check(status, &report, bytes: data.count)
        return (raster, report.warningTexts)
    }

    /// Encodes an opaque raster (alpha already flattened) as JPEG.
    static func encode(_ raster: Raster, quality: Int, progressive: Bool, subsample420: Bool) throws -> [UInt8] {
        var report = pr_report()
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        let status = raster.withUnsafeBytes { px in
            pr_jpeg_encode(px.baseAddress!.assumingMemoryBound(to: UInt8.self),
                           Int32(raster.width), Int32(raster.height), Int32(quality),
                           progressive ? 1 : 0, subsample420 ? 1 : 0, &out, &count, &report)
        }
        defer { pr_free(out) }
        guard status == PR_OK, let out else {
            throw CodecError.encodeFailed(.jpeg, report.messageText)
        }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }

    private static func base(_ data: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
        data.baseAddress?.assumingMemoryBound(to: UInt8.self)
    }

    private static func check(_ status: pr_status, _ report: inout pr_report, bytes: Int) throws {
        if let error = report.error(for: status, format: .jpeg, bytes: bytes) { throw error }
    }
}
