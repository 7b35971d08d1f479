import PhotiCaseCodecs

/// `photicase-render inspect FILE...`: one JSON object per line and file.
enum InspectCommand {
    /// `inspect` takes no option: every word is a FILE.
    static let options: [Option] = []

    static let help = """
    Usage: photicase-render inspect FILE...

    Reads each file's header and prints one JSON object per line with
    path, format (jpeg/png/webp/heif/avif), width and height (as stored),
    orientation (EXIF, 1-8; 1 for HEIF/AVIF, which libheif turns upright),
    hasAlpha, bitDepth, colorSpace (rgb/gray/cmyk/ycck/palette), frames and
    profile (the embedded colour profile's description, e.g. "Display P3",
    or null); or path and error. The format is sniffed from the bytes.

    Exit status: 0 all files read, 1 some could not be read, 2 usage error.
    """

    static func run(_ words: ArraySlice<String>) throws -> ExitStatus {
        let args = try Arguments(words, spec: ArgumentSpec(options))
        guard !args.positionals.isEmpty else { throw UsageError("inspect needs at least one FILE") }
        var status = ExitStatus.success
        for path in args.positionals {
            var line = JSONLine()
            line.add("path", path)
            do {
                let info = try ImageDecoder.inspectFile(atPath: path)
                line.add("format", info.format.rawValue)
                line.add("width", info.width)
                line.add("height", info.height)
                line.add("orientation", info.orientation.rawValue)
                line.add("hasAlpha", info.hasAlpha)
                line.add("bitDepth", info.bitDepth)
                line.add("colorSpace", info.colorSpace.rawValue)
                line.add("frames", info.frames)
                line.add("profile", info.profile)
            } catch let error as ImageFileError {
                line.add("error", error.reason.description)
                status = .inputFailure
            }
            Console.out(line.text)
        }
        return status
    }
}
