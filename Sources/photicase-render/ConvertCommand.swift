import PhotiCaseCodecs
import PhotiCaseImaging
import PhotiCaseFileSystem
import PhotiCaseRaster

/// `photicase-render convert IN OUT`: decode upright, optionally shrink,
/// encode in the format OUT's extension names.
enum ConvertCommand {
    /// Every option `convert` takes, in the order its help lists them: the
    /// parser's spec and the help are both made from this list.
    static let options: [Option] = [
        .valued("max-size", "N", "fit inside N x N pixels (1-65535)"),
        .valued("memory-limit", "SIZE", "decode memory, e.g. 512M or 2G (default 1G)"),
        .valued("quality", "Q", "JPEG/WebP quality 1-100 (defaults 88 and 85)"),
        .flag("progressive", "progressive JPEG"),
        .valued("chroma", "420|444", "JPEG chroma subsampling: 420 (default) or 444 (none)"),
        .flag("lossless", "lossless WebP"),
    ]

    static let help = """
    Usage: photicase-render convert IN OUT [--max-size N] [--quality Q]
                                   [--progressive] [--lossless] [--chroma 420|444]
                                   [--memory-limit SIZE]

    Decodes IN (JPEG, PNG, WebP, HEIF or AVIF, sniffed from its bytes), turns
    it upright by its EXIF orientation and into sRGB, shrinks it to fit
    inside NxN when --max-size is given (never enlarging), and writes OUT as
    .png, .jpg/.jpeg or .webp. OUT is replaced atomically: it is never left
    half-written. OUT may not be IN itself, nor a folder, link, FIFO or
    device.

    \(Option.helpLines(options))

    An option OUT's format has no use for (--quality on PNG, --progressive
    or --chroma off JPEG, --lossless off WebP) is a usage error.

    Exit status: 0 written, 1 IN could not be read or OUT written, 2 usage error.
    """

    static func run(_ words: ArraySlice<String>) throws -> ExitStatus {
        let args = try Arguments(words, spec: ArgumentSpec(options))
        guard args.positionals.count <= 2 else {
            throw UsageError("convert takes one IN and one OUT; unexpected \(args.positionals.dropFirst(2).map { "'\($0)'" }.joined(separator: ", "))")
        }
        guard args.positionals.count == 2 else { throw UsageError("convert needs IN and OUT") }
        let input = args.positionals[0], output = args.positionals[1]
        let ext = output.split(separator: "/").last.flatMap { $0.contains(".") ? $0.split(separator: ".").last : nil }
        guard let ext, let format = ImageFormat(fileExtension: String(ext)) else {
            throw UsageError("OUT must end in .png, .jpg, .jpeg or .webp: \(output)")
        }
        try RenderCommand.applyMemoryLimit(args)
        let maxSize = try args.int("max-size", in: 1...65535)
        let quality = try args.int("quality", in: 1...100)
        let chroma: EncodeSettings.ChromaSubsampling
        switch args.values["chroma"] {
        case nil, "420", "4:2:0": chroma = .s420
        case "444", "4:4:4": chroma = .s444
        case let other?: throw UsageError("--chroma must be 420 or 444, not '\(other)'")
        }
        // An option the output format has no use for is said, not ignored:
        // `--quality 90` on a PNG would otherwise look as if it did something.
        let applies: [(option: String, given: Bool, formats: Set<ImageFormat>, name: String)] = [
            ("--quality", quality != nil, [.jpeg, .webp], "JPEG and WebP"),
            ("--chroma", args.values["chroma"] != nil, [.jpeg], "JPEG"),
            ("--progressive", args.flags.contains("progressive"), [.jpeg], "JPEG"),
            ("--lossless", args.flags.contains("lossless"), [.webp], "WebP"),
        ]
        for option in applies where option.given && !option.formats.contains(format) {
            throw UsageError("\(option.option) applies to \(option.name) output, not to \(output)")
        }
        let settings: EncodeSettings
        switch format {
        case .png: settings = .png()
        case .jpeg:
            settings = .jpeg(quality: quality ?? 88, progressive: args.flags.contains("progressive"), chroma: chroma)
        case .webp: settings = .webp(quality: quality ?? 85, lossless: args.flags.contains("lossless"))
        case .heif, .avif: throw UsageError("OUT must end in .png, .jpg, .jpeg or .webp: \(output)")
        }

        do {
            var options = DecodeOptions()
            let decoded: DecodedImage
            do {
                // Read once; the header tells shrink-on-load the goal.
                let bytes = try FileIO.read(input, limit: options.limits.maxFileBytes)
                if let maxSize {
                    let info = try ImageDecoder.inspect(bytes, limits: options.limits)
                    options.minimumSize = Fit.inside(info.uprightSize, box: maxSize)
                }
                decoded = try ImageDecoder.decode(bytes, options: options)
            } catch let error as CodecError {
                throw ImageFileError(path: input, reason: error)
            }
            for warning in decoded.warnings { Console.error("\(input): warning: \(warning)") }
            var raster = decoded.raster
            if let target = options.minimumSize, target != raster.size {
                raster = raster.resized(to: target)
            }
            let bytes: [UInt8]
            do {
                bytes = try ImageEncoder.encode(raster, settings: settings)
                // `convert a.jpg a.jpg` (or through a link) must not replace its input.
                try FileIO.writeAtomically(bytes, to: output, protecting: InputFiles([input]))
            } catch let error as CodecError {
                throw ImageFileError(path: output, reason: error)
            }
            return .success
        } catch let error as ImageFileError {
            Console.error("photicase-render: \(error)")
            return .inputFailure
        }
    }
}

/// Fitting sizes into boxes.
enum Fit {
    /// `size` scaled down to fit inside `box` x `box`, keeping its aspect
    /// ratio; never enlarged.
    static func inside(_ size: PixelSize, box: Int) -> PixelSize {
        let scale = min(1, Double(box) / Double(size.width), Double(box) / Double(size.height))
        guard scale < 1 else { return size }
        return PixelSize(width: max(1, Int((Double(size.width) * scale).rounded())),
                         height: max(1, Int((Double(size.height) * scale).rounded())))
    }
}
