import CPhotiCaseShims
import PhotiCaseRaster
import PhotiCaseConcurrency

/// The only Swift file that calls libjpeg (through the C shims).
enum JPEGBinding {
    struct Header {
        var width: Int
        var height: Int
        var colorSpace: ImageInfo.ColorSpace
        var precision: Int
        var progressive: Bool
        var components: Int
        /// An Adobe APP14 segment: its CMYK is stored inverted.
        var adobeMarker: Bool
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
                      adobeMarker: info.adobe_marker != 0,
                      outputSize: PixelSize(width: Int(info.output_width), height: Int(info.output_height)))
    }

    /// Decodes at `1/denominator` into a new straight-alpha raster of
    /// `size` (which `readHeader` reported for the same denominator).
    /// With `cmykSamples`, CMYK and YCCK files keep their four samples
    /// per pixel for a CMYK profile to convert (see ColorPlan).
    /// A raised `stop` ends the decode within a few rows
    /// (`CodecError.stopped`).
    static func decode(_ data: UnsafeRawBufferPointer, denominator: Int, size: PixelSize,
                       maxScans: Int, cmykSamples: Bool = false, stop: StopSignal? = nil) throws -> (Raster, [String]) {
        try decoded(size, bytes: data.count, stop: stop) { out, report, hook in
            pr_jpeg_decode(base(data), data.count, Int32(denominator), Int32(maxScans), out,
                           Int32(size.width), Int32(size.height), &report, cmykSamples ? 1 : 0, hook)
        }
    }

    /// Decodes the part `region` (in pixels of the decode at
    /// `1/denominator`, stored axes) into a new raster of the region's size:
    /// the pixels the whole decode has there. Damaged or truncated data
    /// anywhere in the file fails as `decode` fails.
    static func decode(_ data: UnsafeRawBufferPointer, denominator: Int, region: PixelRect,
                       maxScans: Int, cmykSamples: Bool = false, stop: StopSignal? = nil) throws -> (Raster, [String]) {
        try decoded(PixelSize(width: region.width, height: region.height), bytes: data.count, stop: stop) { out, report, hook in
            pr_jpeg_decode_region(base(data), data.count, Int32(denominator), Int32(maxScans),
                                  Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height),
                                  out, &report, cmykSamples ? 1 : 0, hook)
        }
    }

    /// A new raster of `size` filled by `call`, and the warnings it
    /// reported; throws what its status says.
    private static func decoded(_ size: PixelSize, bytes: Int, stop: StopSignal?,
                                _ call: (UnsafeMutablePointer<UInt8>, inout pr_report, UnsafePointer<pr_stop>?) -> pr_status)
        throws -> (Raster, [String]) {
        var report = pr_report()
        var status = PR_OK
        let raster = Raster(width: size.width, height: size.height) { out in
            status = withShimStop(stop) { call(out.baseAddress!.assumingMemoryBound(to: UInt8.self), &report, $0) }
        }
        if let error = report.error(for: status, format: .jpeg, bytes: bytes, stop: stop) { throw error }
        return (raster, report.warningTexts)
    }

    /// The embedded ICC profile, joined from its APP2 segments. A header
    /// libjpeg rejects yields `.untagged`: decoding reports that error.
    static func readProfile(_ data: UnsafeRawBufferPointer) -> (ColorSource, [String]) {
        var report = pr_report()
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var result = PR_ICC_NONE
        let status = pr_jpeg_read_icc(base(data), data.count, ColorSource.maxICCBytes, &out, &count, &result, &report)
        defer { pr_free(out) }
        guard status == PR_OK else { return (.untagged, []) }
        switch result {
        case PR_ICC_FOUND where out != nil:
            return (.icc(Array(UnsafeBufferPointer(start: out, count: count))), [])
        case PR_ICC_DAMAGED:
            return (.untagged, [ProfileProblem.damaged(report.warningTexts.first ?? "damaged ICC_PROFILE segments").description])
        default:
            return (.untagged, [])
        }
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
