import CPhotiCaseShims
#if canImport(Glibc)
import Glibc
#endif
import PhotiCaseRaster
import PhotiCaseConcurrency

/// The only Swift file that calls libpng (through the C shims).
enum PNGBinding {
    struct Header {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var hasTransparency: Bool
        var interlaced: Bool
    }

    static func readHeader(_ data: UnsafeRawBufferPointer) throws -> Header {
        var info = pr_png_info()
        var report = pr_report()
        let status = pr_png_read_header(base(data), data.count, &info, &report)
        if let error = report.error(for: status, format: .png, bytes: data.count) { throw error }
        return Header(width: Int(info.width), height: Int(info.height), bitDepth: Int(info.bit_depth),
                      colorType: Int(info.color_type), hasTransparency: info.has_trns != 0,
                      interlaced: info.interlaced != 0)
    }

    /// The iCCP profile, or the sRGB chunk. `hasICCP` (from the chunk walk)
    /// tells a profile libpng rejected from no profile at all.
    static func readProfile(_ data: UnsafeRawBufferPointer, hasICCP: Bool) -> (ColorSource, [String]) {
        var report = pr_report()
        var icc: UnsafeMutablePointer<UInt8>?
        var count = 0
        var srgb: Int32 = 0
        let status = pr_png_read_color(base(data), data.count, ColorSource.maxICCBytes, &icc, &count, &srgb, &report)
        defer { pr_free(icc) }
        guard status == PR_OK else { return (.untagged, []) }
        if let icc, count > 0 { return (.icc(Array(UnsafeBufferPointer(start: icc, count: count))), []) }
        if srgb != 0 { return (.srgbChunk, []) }
        guard hasICCP else { return (.untagged, []) }
        return (.untagged, [ProfileProblem.damaged("iCCP chunk rejected: \(report.warningTexts.first ?? "libpng could not read it")").description])
    }

    /// Decodes to a straight-alpha raster of `size`: the header's size
    /// divided by `shrink`, rounded up (block averaging while reading).
    /// A raised `stop` ends the decode within 16 rows (`CodecError.stopped`).
    static func decode(_ data: UnsafeRawBufferPointer, shrink: Int, size: PixelSize,
                       stop: StopSignal? = nil) throws -> (Raster, [String]) {
        var report = pr_report()
        var status = PR_OK
        let raster = Raster(width: size.width, height: size.height) { out in
            status = withShimStop(stop) { hook in
                pr_png_decode(base(data), data.count, Int32(shrink), out.baseAddress!.assumingMemoryBound(to: UInt8.self),
                              Int32(size.width), Int32(size.height), &report, hook)
            }
        }
        if let error = report.error(for: status, format: .png, bytes: data.count, stop: stop) { throw error }
        return (raster, report.warningTexts)
    }

    /// Benchmark switches (scripts/bench-png.py, bench-peers.py), to
    /// measure the writers in one run; the pixels are the same:
    /// PHOTICASE_PNG_ZLIB=1 writes every level through libpng and zlib
    /// (the writer libdeflate replaced), PHOTICASE_PNG_LIBDEFLATE=1 level 1
    /// too through libdeflate (the writer igzip replaced there).
    /// PHOTICASE_PNG_SSE2=1 filters rows with the portable SSE2 code
    /// where the CPU has AVX2 (the same bytes).
    private static let writer: pr_png_writer_kind = {
        func on(_ name: String) -> Bool { getenv(name).map { String(cString: $0) == "1" } ?? false }
        if on("PHOTICASE_PNG_SSE2") { pr_png_use_simd(0) }
        return on("PHOTICASE_PNG_ZLIB") ? PR_PNG_ZLIB : on("PHOTICASE_PNG_LIBDEFLATE") ? PR_PNG_LIBDEFLATE : PR_PNG_FAST
    }()

    /// Encodes straight-alpha RGBA; opaque rasters are written as RGB.
    static func encode(_ raster: Raster, compressionLevel: Int, threads: Int = 1) throws -> [UInt8] {
        var report = pr_report()
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        let withAlpha = !raster.isOpaque
        let status = raster.withUnsafeBytes { px in
            pr_png_encode(px.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(raster.width),
                          Int32(raster.height), withAlpha ? 1 : 0, Int32(compressionLevel), writer,
                          Int32(min(max(threads, 1), 64)), &out, &count, &report)
        }
        defer { pr_free(out) }
        guard status == PR_OK, let out else { throw CodecError.encodeFailed(.png, report.messageText) }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }

    private static func base(_ data: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
        data.baseAddress?.assumingMemoryBound(to: UInt8.self)
    }
}
