import CPhotiCaseHeif
import PhotiCaseRaster
#if canImport(Glibc)
import Glibc
#endif

/// The only Swift file that calls libheif. libheif reports errors as
/// values (no longjmp), so no C shim is needed.
///
/// libheif is opened (dlopen) when the first HEIF file is read, not linked:
/// linking it loaded its decoders (libde265, libx265, libaom, libdav1d)
/// into every process and ran their set-up, 28 million instructions (6 ms)
/// of each start, `--version` included, for the few runs that read a HEIF
/// file. Without libheif1 installed only HEIF files fail, with a message.
///
/// libheif applies the geometric properties (irot, imir, clap) while
/// decoding, so its output is upright: sizes here are the upright ones and
/// the EXIF orientation a HEIF file may also carry is never applied again.
///
/// Whatever libheif hands out through an out-parameter is released when it
/// is there, whatever the status says: for an nclx box it does not know,
/// libheif 1.15 returns an error and the profile it allocated anyway.
///
/// The decoders libheif drives print on stderr for damaged data (libde265:
/// "SPS error: CB alignment"; dav1d: "Error parsing OBU data"). What they
/// print while a file decodes is caught (`DecoderOutput`) and becomes part
/// of that file's error, or a warning when it decodes all the same.
enum HEIFBinding {
    struct Thumbnail: Sendable, Hashable {
        var id: UInt32
        /// Upright size.
        var size: PixelSize
    }

    struct Header {
        /// Upright size (after rotation and cropping).
        var size: PixelSize
        /// The coded size from `ispe`, which sets the decode buffers.
        var codedSize: PixelSize
        var hasAlpha: Bool
        var bitDepth: Int
        var thumbnails: [Thumbnail]
        var color: ColorSource
        var colorWarnings: [String]
    }

    /// libheif's calls, or why it could not be opened; opened once.
    private static let library: Result<LibHeif, LibHeif.LoadError> = {
        do throws(LibHeif.LoadError) { return .success(try LibHeif()) } catch { return .failure(error) }
    }()

    static func readHeader(_ data: UnsafeRawBufferPointer, format: ImageFormat) throws -> Header {
        try DecoderOutput.catching(format: format) { try readHeader(parsing: data, format: format) }.0
    }

    private static func readHeader(parsing data: UnsafeRawBufferPointer, format: ImageFormat) throws -> Header {
        try withPrimary(data, format: format) { heif, handle in
            var thumbnails: [Thumbnail] = []
            let n = Int(heif.image_handle_get_number_of_thumbnails(handle))
            if n > 0 {
                var ids = [heif_item_id](repeating: 0, count: n)
                let got = Int(heif.image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(n)))
                for id in ids.prefix(got) {
                    var thumb: OpaquePointer?
                    let status = heif.image_handle_get_thumbnail(handle, id, &thumb)
                    defer { if let thumb { heif.image_handle_release(thumb) } }
                    guard status.code == heif_error_Ok, let thumb else { continue }
                    thumbnails.append(Thumbnail(id: id, size: PixelSize(width: Int(heif.image_handle_get_width(thumb)),
                                                                       height: Int(heif.image_handle_get_height(thumb)))))
                }
            }
            let (color, warnings) = profile(heif, handle)
            return Header(size: PixelSize(width: Int(heif.image_handle_get_width(handle)),
                                          height: Int(heif.image_handle_get_height(handle))),
                          codedSize: PixelSize(width: Int(heif.image_handle_get_ispe_width(handle)),
                                               height: Int(heif.image_handle_get_ispe_height(handle))),
                          hasAlpha: heif.image_handle_has_alpha_channel(handle) != 0,
                          bitDepth: max(8, Int(heif.image_handle_get_luma_bits_per_pixel(handle))),
                          thumbnails: thumbnails, color: color, colorWarnings: warnings)
        }
    }

    /// Decodes the primary image, or its thumbnail `thumbnail`, upright,
    /// as straight-alpha 8-bit RGBA (deeper samples rounded), with a warning
    /// when the decoder printed something yet produced the image.
    static func decode(_ data: UnsafeRawBufferPointer, format: ImageFormat,
                       thumbnail: UInt32? = nil) throws -> (Raster, warnings: [String]) {
        let (raster, said) = try DecoderOutput.catching(format: format) {
            try withPrimary(data, format: format) { heif, primary in
                guard let thumbnail else { return try decode(heif, primary, format: format, bytes: data.count) }
                var handle: OpaquePointer?
                let status = heif.image_handle_get_thumbnail(primary, thumbnail, &handle)
                defer { if let handle { heif.image_handle_release(handle) } }
                try check(status, format: format, bytes: data.count)
                guard let handle else { throw CodecError.corrupt(format, "missing thumbnail") }
                return try decode(heif, handle, format: format, bytes: data.count)
            }
        }
        return (raster, said.map { ["the decoder reported damage (\($0)); the image may show it"] } ?? [])
    }

    private static func decode(_ heif: LibHeif, _ handle: OpaquePointer, format: ImageFormat, bytes: Int) throws -> Raster {
        let deep = heif.image_handle_get_luma_bits_per_pixel(handle) > 8
        guard let options = heif.decoding_options_alloc() else { throw CodecError.outOfMemory }
        defer { heif.decoding_options_free(options) }
        options.pointee.ignore_transformations = 0
        options.pointee.convert_hdr_to_8bit = 0    // we round ourselves
        var image: OpaquePointer?
        let chroma = deep ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RGBA
        let status = heif.decode_image(handle, &image, heif_colorspace_RGB, chroma, options)
        defer { if let image { heif.image_release(image) } }
        try check(status, format: format, bytes: bytes)
        guard let image else { throw CodecError.corrupt(format, "no image decoded") }
        let width = Int(heif.image_get_width(image, heif_channel_interleaved))
        let height = Int(heif.image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif.image_get_plane_readonly(image, heif_channel_interleaved, &stride),
              Int(stride) >= width * (deep ? 8 : 4) else {
            throw CodecError.corrupt(format, "decoded image has no pixels")
        }
        let bits = Int(heif.image_get_bits_per_pixel_range(image, heif_channel_interleaved))
        let hasAlpha = heif.image_handle_has_alpha_channel(handle) != 0
        let premultiplied = hasAlpha && heif.image_handle_is_premultiplied_alpha(handle) != 0
        return Raster(width: width, height: height) { out in
            let dst = out.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for y in 0..<height {
                let row = plane + y * Int(stride)
                let o = dst + y * width * 4
                if deep {
                    reduce(UnsafeRawPointer(row), to: o, count: width * 4, bits: bits)
                } else {
                    o.update(from: row, count: width * 4)
                }
                if !hasAlpha {
                    for x in 0..<width { o[x * 4 + 3] = 255 }
                } else if premultiplied {
                    unpremultiply(o, count: width)
                }
            }
        }
    }

    /// 10- or 12-bit little-endian samples to 8 bits, rounded.
    private static func reduce(_ src: UnsafeRawPointer, to dst: UnsafeMutablePointer<UInt8>, count: Int, bits: Int) {
        let maxValue = UInt32((1 << min(max(bits, 1), 16)) - 1)
        for i in 0..<count {
            let v = UInt32(src.load(fromByteOffset: i * 2, as: UInt8.self))
                | UInt32(src.load(fromByteOffset: i * 2 + 1, as: UInt8.self)) << 8
            dst[i] = UInt8(min(255, (min(v, maxValue) * 255 + maxValue / 2) / maxValue))
        }
    }

    private static func unpremultiply(_ p: UnsafeMutablePointer<UInt8>, count: Int) {
        for x in 0..<count {
            let a = UInt32(p[x * 4 + 3])
            guard a > 0, a < 255 else { continue }
            for c in 0..<3 { p[x * 4 + c] = UInt8(min(255, (UInt32(p[x * 4 + c]) * 255 + a / 2) / a)) }
        }
    }

    /// The colr box: ICC bytes, or nclx code points.
    private static func profile(_ heif: LibHeif, _ handle: OpaquePointer) -> (ColorSource, [String]) {
        switch heif.image_handle_get_color_profile_type(handle) {
        case heif_color_profile_type_prof, heif_color_profile_type_rICC:
            let size = heif.image_handle_get_raw_color_profile_size(handle)
            guard size > 0 else { return (.untagged, []) }
            guard size <= ColorSource.maxICCBytes else {
                return (.untagged, [ProfileProblem.damaged("ICC profile of \(size) bytes is too large").description])
            }
            var bytes = [UInt8](repeating: 0, count: size)
            guard heif.image_handle_get_raw_color_profile(handle, &bytes).code == heif_error_Ok else {
                return (.untagged, [ProfileProblem.damaged("colr ICC profile unreadable").description])
            }
            return (.icc(bytes), [])
        case heif_color_profile_type_nclx:
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            let status = heif.image_handle_get_nclx_color_profile(handle, &nclx)
            // Freed whatever the status: for primaries it does not know
            // (a damaged or hostile colr box) libheif 1.15 reports an error
            // and still hands over the profile it allocated (found by
            // fuzz-decode as a leak).
            defer { if let nclx { heif.nclx_color_profile_free(nclx) } }
            guard status.code == heif_error_Ok, let nclx else {
                return (.untagged, [ProfileProblem.damaged("colr nclx box unreadable (\(text(of: status)))").description])
            }
            return (.nclx(primaries: Int(nclx.pointee.color_primaries.rawValue),
                          transfer: Int(nclx.pointee.transfer_characteristics.rawValue)), [])
        default:
            return (.untagged, [])
        }
    }

    /// Opens `data` (not copied: libheif reads it in place) and runs
    /// `body` with the primary image's handle. libheif's own security
    /// limits (image size, item counts) stay at their defaults.
    private static func withPrimary<R>(_ data: UnsafeRawBufferPointer, format: ImageFormat,
                                       _ body: (LibHeif, OpaquePointer) throws -> R) throws -> R {
        let heif: LibHeif
        switch library {
        case .success(let loaded): heif = loaded
        case .failure(let error): throw CodecError.unsupported(format, error.message)
        }
        guard let context = heif.context_alloc() else { throw CodecError.outOfMemory }
        defer { heif.context_free(context) }
        try check(heif.context_read_from_memory_without_copy(context, data.baseAddress, data.count, nil),
                  format: format, bytes: data.count)
        var handle: OpaquePointer?
        let status = heif.context_get_primary_image_handle(context, &handle)
        defer { if let handle { heif.image_handle_release(handle) } }
        try check(status, format: format, bytes: data.count)
        guard let handle else { throw CodecError.corrupt(format, "no primary image") }
        return try body(heif, handle)
    }

    /// libheif's message for `error` on one line (its messages end in a
    /// newline), or its code when it has none.
    private static func text(of error: heif_error) -> String {
        let text = error.message.map { String(cString: $0) } ?? ""
        let trimmed = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return trimmed.isEmpty ? "libheif error \(error.code.rawValue)" : trimmed
    }

    private static func check(_ error: heif_error, format: ImageFormat, bytes: Int) throws {
        guard error.code != heif_error_Ok else { return }
        let message = text(of: error)
        switch error.code {
        case heif_error_Invalid_input where error.subcode == heif_suberror_End_of_data:
            throw CodecError.truncated(format, bytes: bytes)
        case heif_error_Unsupported_filetype, heif_error_Unsupported_feature:
            throw CodecError.unsupported(format, message)
        case heif_error_Memory_allocation_error where error.subcode == heif_suberror_Security_limit_exceeded:
            throw CodecError.limitExceeded(format, message)
        case heif_error_Memory_allocation_error:
            throw CodecError.outOfMemory
        default:
            throw CodecError.corrupt(format, message)
        }
    }
}

/// libheif's calls, looked up in libheif.so.1: Debian's libheif1, the ABI
/// CHeif's header describes. Opened once and never closed.
struct LibHeif: @unchecked Sendable {
    // Sendable: immutable function pointers of libheif, loaded once; libheif's
    // calls on separate contexts are thread-safe.
    /// Why libheif cannot be used, said for each HEIF file.
    struct LoadError: Error {
        let message: String
    }

    static let soname = "libheif.so.1"

    let context_alloc: heif_context_alloc_fn
    let context_free: heif_context_free_fn
    let context_read_from_memory_without_copy: heif_context_read_from_memory_without_copy_fn
    let context_get_primary_image_handle: heif_context_get_primary_image_handle_fn
    let image_handle_release: heif_image_handle_release_fn
    let image_handle_get_width: heif_image_handle_get_width_fn
    let image_handle_get_height: heif_image_handle_get_height_fn
    let image_handle_get_ispe_width: heif_image_handle_get_ispe_width_fn
    let image_handle_get_ispe_height: heif_image_handle_get_ispe_height_fn
    let image_handle_has_alpha_channel: heif_image_handle_has_alpha_channel_fn
    let image_handle_is_premultiplied_alpha: heif_image_handle_is_premultiplied_alpha_fn
    let image_handle_get_luma_bits_per_pixel: heif_image_handle_get_luma_bits_per_pixel_fn
    let image_handle_get_number_of_thumbnails: heif_image_handle_get_number_of_thumbnails_fn
    let image_handle_get_list_of_thumbnail_IDs: heif_image_handle_get_list_of_thumbnail_IDs_fn
    let image_handle_get_thumbnail: heif_image_handle_get_thumbnail_fn
    let image_handle_get_color_profile_type: heif_image_handle_get_color_profile_type_fn
    let image_handle_get_raw_color_profile_size: heif_image_handle_get_raw_color_profile_size_fn
    let image_handle_get_raw_color_profile: heif_image_handle_get_raw_color_profile_fn
    let image_handle_get_nclx_color_profile: heif_image_handle_get_nclx_color_profile_fn
    let nclx_color_profile_free: heif_nclx_color_profile_free_fn
    let decoding_options_alloc: heif_decoding_options_alloc_fn
    let decoding_options_free: heif_decoding_options_free_fn
    let decode_image: heif_decode_image_fn
    let image_release: heif_image_release_fn
    let image_get_width: heif_image_get_width_fn
    let image_get_height: heif_image_get_height_fn
    let image_get_plane_readonly: heif_image_get_plane_readonly_fn
    let image_get_bits_per_pixel_range: heif_image_get_bits_per_pixel_range_fn

    /// Opens libheif (`soname`: tests name a missing one), looks every
    /// call up and initializes the library.
    init(soname: String = LibHeif.soname) throws(LoadError) {
        guard let library = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            throw LoadError(message: "libheif cannot be opened, so HEIF files cannot be read (\(reason))")
        }
        func call<T>(_ name: String) throws(LoadError) -> T {
            guard let address = dlsym(library, name) else {
                throw LoadError(message: "\(soname) has no \(name), so HEIF files cannot be read")
            }
            return unsafeBitCast(address, to: T.self)
        }
        context_alloc = try call("heif_context_alloc")
        context_free = try call("heif_context_free")
        context_read_from_memory_without_copy = try call("heif_context_read_from_memory_without_copy")
        context_get_primary_image_handle = try call("heif_context_get_primary_image_handle")
        image_handle_release = try call("heif_image_handle_release")
        image_handle_get_width = try call("heif_image_handle_get_width")
        image_handle_get_height = try call("heif_image_handle_get_height")
        image_handle_get_ispe_width = try call("heif_image_handle_get_ispe_width")
        image_handle_get_ispe_height = try call("heif_image_handle_get_ispe_height")
        image_handle_has_alpha_channel = try call("heif_image_handle_has_alpha_channel")
        image_handle_is_premultiplied_alpha = try call("heif_image_handle_is_premultiplied_alpha")
        image_handle_get_luma_bits_per_pixel = try call("heif_image_handle_get_luma_bits_per_pixel")
        image_handle_get_number_of_thumbnails = try call("heif_image_handle_get_number_of_thumbnails")
        image_handle_get_list_of_thumbnail_IDs = try call("heif_image_handle_get_list_of_thumbnail_IDs")
        image_handle_get_thumbnail = try call("heif_image_handle_get_thumbnail")
        image_handle_get_color_profile_type = try call("heif_image_handle_get_color_profile_type")
        image_handle_get_raw_color_profile_size = try call("heif_image_handle_get_raw_color_profile_size")
        image_handle_get_raw_color_profile = try call("heif_image_handle_get_raw_color_profile")
        image_handle_get_nclx_color_profile = try call("heif_image_handle_get_nclx_color_profile")
        nclx_color_profile_free = try call("heif_nclx_color_profile_free")
        decoding_options_alloc = try call("heif_decoding_options_alloc")
        decoding_options_free = try call("heif_decoding_options_free")
        decode_image = try call("heif_decode_image")
        image_release = try call("heif_image_release")
        image_get_width = try call("heif_image_get_width")
        image_get_height = try call("heif_image_get_height")
        image_get_plane_readonly = try call("heif_image_get_plane_readonly")
        image_get_bits_per_pixel_range = try call("heif_image_get_bits_per_pixel_range")
        let initialize: heif_init_fn = try call("heif_init")
        _ = initialize(nil)
    }
}

/// The C library's stderr stream, as libheif and its decoders use it,
/// routed by thread: while a thread decodes (`catching`), what it prints
/// there is kept for the file it concerns; any other thread's output goes
/// to file descriptor 2 as before. The decoders print unconditionally
/// (libde265's `fprintf(stderr, "SPS error: ...")` has no switch, and the
/// logger dav1d offers is a setting of its context that libheif 1.15's
/// plugin leaves at dav1d's default, stderr), so the stream itself is
/// replaced, once, before the first decode; descriptor 2 is never touched,
/// and this tool's own messages, written to it directly, pass as ever.
/// They print on the decoding thread (libde265 checks its SPS, dav1d
/// parses its OBUs, where the printing is, on the caller's thread), so
/// several threads decoding at once each keep their own.
enum DecoderOutput {
    /// The catching thread's buffer, in its thread-specific slot.
    final class Buffer {
        var bytes: [UInt8] = []
        /// A hostile file could make a decoder print without end: kept up
        /// to here, the rest counted out.
        static let limit = 2048
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Replaces the stderr stream, once (a Swift global's initialiser runs
    /// once, under a lock, before any decoding thread uses it).
    private static let installed: Void = {
        _ = key
        let functions = photicase_cookie_functions(read: nil, write: { _, bytes, count in
            guard let bytes else { return 0 }
            if let slot = pthread_getspecific(DecoderOutput.key) {
                let buffer = Unmanaged<Buffer>.fromOpaque(slot).takeUnretainedValue()
                let room = max(0, Buffer.limit - buffer.bytes.count)
                buffer.bytes += UnsafeRawBufferPointer(start: bytes, count: min(count, room))
                return count
            }
            // Not caught: on to descriptor 2, all of it.
            var done = 0
            while done < count {
                let n = write(STDERR_FILENO, bytes + done, count - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                done += n
            }
            return count
        }, seek: nil, close: nil)
        guard let stream = photicase_fopencookie(nil, "w", functions) else { return }
        // Unbuffered: each print reaches `write` at once, on its thread.
        setvbuf(stream, nil, _IONBF, 0)
        photicase_set_stderr(stream)
    }()

    /// Runs `body` (a libheif call that may decode), keeping what the
    /// decoders print meanwhile on this thread: on success it is returned
    /// as one line (nil when they printed nothing); an error thrown carries
    /// it, since it is likely the reason.
    static func catching<R>(format: ImageFormat, _ body: () throws -> R) throws -> (R, said: String?) {
        _ = installed
        let buffer = Buffer()
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(buffer).toOpaque())
        defer { pthread_setspecific(key, outer) }
        let result: R
        do {
            result = try withExtendedLifetime(buffer) { try body() }
        } catch let error as CodecError {
            guard let said = text(buffer.bytes) else { throw error }
            throw error.adding(said: said, format: format)
        }
        return (result, text(buffer.bytes))
    }

    /// The lines printed, trimmed and joined with "; ", or nil.
    private static func text(_ bytes: [UInt8]) -> String? {
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        return lines.isEmpty ? nil : lines.joined(separator: "; ")
    }
}

extension CodecError {
    /// This error with what the decoder printed about the data added.
    func adding(said: String, format: ImageFormat) -> CodecError {
        let note = "; the decoder said: \(said)"
        return switch self {
        case let .corrupt(f, message): .corrupt(f, message + note)
        case let .unsupported(f, message): .unsupported(f, message + note)
        case let .limitExceeded(f, message): .limitExceeded(f, message + note)
        case let .truncated(f, bytes): .corrupt(f, "data ends after \(bytes) bytes" + note)
        default: self
        }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
