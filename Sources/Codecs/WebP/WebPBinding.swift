import CPhotiCaseWebP
import PhotiCaseRaster

/// The only Swift file that calls libwebp. libwebp reports errors by
/// status codes, so no C shim is needed.
enum WebPBinding {
    struct Header {
        var width: Int
        var height: Int
        var hasAlpha: Bool
        var animated: Bool
        var frames: Int
        /// The EXIF chunk, copied out of the container.
        var exif: [UInt8]?
        /// The ICCP chunk (an ICC profile), copied out of the container.
        var icc: [UInt8]?
    }

    static func readHeader(_ data: UnsafeRawBufferPointer) throws -> Header {
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(base(data), data.count, &features)
        try check(status, bytes: data.count)
        var header = Header(width: Int(features.width), height: Int(features.height),
                            hasAlpha: features.has_alpha != 0, animated: features.has_animation != 0,
                            frames: 1, exif: nil, icc: nil)
        // The container is read only for metadata; a damaged one still
        // lets the bitstream decode.
        var webpData = WebPData(bytes: base(data), size: data.count)
        if let demux = WebPDemux(&webpData) {
            defer { WebPDemuxDelete(demux) }
            header.frames = max(1, Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT)))
            var chunk = WebPChunkIterator()
            if WebPDemuxGetChunk(demux, "EXIF", 1, &chunk) != 0 {
                header.exif = Array(UnsafeBufferPointer(start: chunk.chunk.bytes, count: chunk.chunk.size))
                WebPDemuxReleaseChunkIterator(&chunk)
            }
            if WebPDemuxGetChunk(demux, "ICCP", 1, &chunk) != 0 {
                header.icc = Array(UnsafeBufferPointer(start: chunk.chunk.bytes, count: chunk.chunk.size))
                WebPDemuxReleaseChunkIterator(&chunk)
            }
        }
        return header
    }

    /// Decodes a still image, scaled by libwebp to `size` when that differs
    /// from the stored size; straight alpha.
    static func decode(_ data: UnsafeRawBufferPointer, header: Header, size: PixelSize) throws -> Raster {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw CodecError.corrupt(.webp, "libwebp version mismatch") }
        if size.width != header.width || size.height != header.height {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(size.width)
            config.options.scaled_height = Int32(size.height)
            // Shrinking by 2 or more averages away what the in-loop filter
            // and fancy chroma upsampling refine, so skip them (about a
            // third of lossy decode time); ShrinkOnLoadTests holds the
            // result to the same PSNR bar as a full decode.
            if size.width * 2 <= header.width && size.height * 2 <= header.height {
                config.options.bypass_filtering = 1
                config.options.no_fancy_upsampling = 1
            }
        }
        var status = VP8_STATUS_OK
        let raster = Raster(width: size.width, height: size.height) { out in
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = out.baseAddress!.assumingMemoryBound(to: UInt8.self)
            config.output.u.RGBA.stride = Int32(size.width * 4)
            config.output.u.RGBA.size = out.count
            status = WebPDecode(base(data), data.count, &config)
            WebPFreeDecBuffer(&config.output)
        }
        try check(status, bytes: data.count)
        return raster
    }

    /// Decodes the first frame of an animation, composed on its canvas.
    static func decodeFirstFrame(_ data: UnsafeRawBufferPointer, header: Header) throws -> Raster {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw CodecError.corrupt(.webp, "libwebp version mismatch") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var webpData = WebPData(bytes: base(data), size: data.count)
        guard let decoder = WebPAnimDecoderNew(&webpData, &options) else {
            throw CodecError.corrupt(.webp, "cannot parse the animation")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
              Int(info.canvas_width) == header.width, Int(info.canvas_height) == header.height else {
            throw CodecError.corrupt(.webp, "animation canvas does not match the header")
        }
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
            throw CodecError.corrupt(.webp, "cannot decode the first frame")
        }
        return Raster(width: header.width, height: header.height) { out in
            out.copyMemory(from: UnsafeRawBufferPointer(start: frame, count: out.count))
        }
    }

    /// Encodes `raster`; `quality` 0...100, `method` libwebp's effort 0...6
    /// for lossy files (lossless files use 4). Lossy files are encoded
    /// from planes fitted to the decoder (`YUVPlanes.fitted`): text and
    /// thin coloured edges keep their colour through 4:2:0 chroma, as with
    /// libwebp's sharp RGB-to-YUV conversion, at a fifth of its cost. Alpha
    /// is kept losslessly, as libwebp does by default. With `threads` above
    /// 1, libwebp encodes that alpha on a second thread while it encodes
    /// the colour (a third of a ticket face's encode); the bytes are the
    /// same.
    static func encode(_ raster: Raster, quality: Int, lossless: Bool, method: Int, threads: Int = 1) throws -> [UInt8] {
        var config = WebPConfig()
        var picture = WebPPicture()
        guard WebPConfigInit(&config) != 0, WebPPictureInit(&picture) != 0 else {
            throw CodecError.encodeFailed(.webp, "libwebp version mismatch")
        }
        config.lossless = lossless ? 1 : 0
        config.quality = lossless ? 75 : Float(quality)
        config.method = Int32(lossless ? 4 : method)
        config.thread_level = threads > 1 ? 1 : 0
        picture.width = Int32(raster.width)
        picture.height = Int32(raster.height)
        defer { WebPPictureFree(&picture) }
        if lossless {
            picture.use_argb = 1
            let imported = raster.withUnsafeBytes { px in
                WebPPictureImportRGBA(&picture, px.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(raster.bytesPerRow))
            }
            guard imported != 0 else { throw CodecError.outOfMemory }
        } else {
            try importPlanes(YUVPlanes.fitted(raster), into: &picture)
        }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let ok = withUnsafeMutablePointer(to: &writer) { w in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(w)
            return WebPEncode(&config, &picture)
        }
        guard ok != 0, let mem = writer.mem, writer.size > 0 else {
            throw CodecError.encodeFailed(.webp, "libwebp could not encode \(raster.width)x\(raster.height) "
                                          + "(error \(picture.error_code.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: mem, count: writer.size))
    }

    /// Copies `planes` into a YUV(A) picture of their size.
    private static func importPlanes(_ planes: YUVPlanes, into picture: inout WebPPicture) throws {
        picture.use_argb = 0
        picture.colorspace = planes.a == nil ? WEBP_YUV420 : WEBP_YUV420A
        guard WebPPictureAlloc(&picture) != 0, let y = picture.y, let u = picture.u, let v = picture.v else {
            throw CodecError.outOfMemory
        }
        func copy(_ plane: [UInt8], width: Int, rows: Int, to dst: UnsafeMutablePointer<UInt8>, stride: Int32) {
            plane.withUnsafeBufferPointer { src in
                for row in 0..<rows {
                    (dst + row * Int(stride)).update(from: src.baseAddress! + row * width, count: width)
                }
            }
        }
        copy(planes.y, width: planes.width, rows: planes.height, to: y, stride: picture.y_stride)
        copy(planes.u, width: planes.chromaWidth, rows: planes.chromaHeight, to: u, stride: picture.uv_stride)
        copy(planes.v, width: planes.chromaWidth, rows: planes.chromaHeight, to: v, stride: picture.uv_stride)
        if let alpha = planes.a, let a = picture.a {
            copy(alpha, width: planes.width, rows: planes.height, to: a, stride: picture.a_stride)
        }
    }

    /// `webp` with `xmp` as its XMP chunk, assembled by libwebpmux (which
    /// writes the extended header, VP8X, that metadata needs).
    static func addingXMP(_ xmp: [UInt8], to webp: [UInt8]) throws -> [UInt8] {
        try webp.withUnsafeBytes { file in
            try xmp.withUnsafeBytes { packet in
                var image = WebPData(bytes: base(file), size: file.count)
                guard let mux = WebPMuxCreate(&image, 0) else {
                    throw CodecError.encodeFailed(.webp, "libwebpmux cannot read the file to add its note")
                }
                defer { WebPMuxDelete(mux) }
                var chunk = WebPData(bytes: base(packet), size: packet.count)
                var out = WebPData()
                defer { WebPDataClear(&out) }
                guard WebPMuxSetChunk(mux, "XMP ", &chunk, 1) == WEBP_MUX_OK,
                      WebPMuxAssemble(mux, &out) == WEBP_MUX_OK, let bytes = out.bytes else {
                    throw CodecError.encodeFailed(.webp, "libwebpmux cannot add the note")
                }
                return Array(UnsafeBufferPointer(start: bytes, count: out.size))
            }
        }
    }

    /// The XMP chunk of `webp`, if any (nil for a file libwebpdemux
    /// cannot read).
    static func xmp(in webp: [UInt8]) -> [UInt8]? {
        webp.withUnsafeBytes { file in
            var data = WebPData(bytes: base(file), size: file.count)
            guard let demux = WebPDemux(&data) else { return nil }
            defer { WebPDemuxDelete(demux) }
            var chunk = WebPChunkIterator()
            guard WebPDemuxGetChunk(demux, "XMP ", 1, &chunk) != 0 else { return nil }
            defer { WebPDemuxReleaseChunkIterator(&chunk) }
            return Array(UnsafeBufferPointer(start: chunk.chunk.bytes, count: chunk.chunk.size))
        }
    }

    private static func base(_ data: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
        data.baseAddress?.assumingMemoryBound(to: UInt8.self)
    }

    private static func check(_ status: VP8StatusCode, bytes: Int) throws {
        switch status {
        case VP8_STATUS_OK: return
        case VP8_STATUS_NOT_ENOUGH_DATA: throw CodecError.truncated(.webp, bytes: bytes)
        case VP8_STATUS_OUT_OF_MEMORY: throw CodecError.outOfMemory
        case VP8_STATUS_UNSUPPORTED_FEATURE: throw CodecError.unsupported(.webp, "a feature this libwebp lacks")
        case VP8_STATUS_INVALID_PARAM: throw CodecError.corrupt(.webp, "invalid parameter")
        default: throw CodecError.corrupt(.webp, "invalid bitstream")
        }
    }
}
