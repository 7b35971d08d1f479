import Cards
import Codecs
import Diary
import FileSystem
import Pipeline
import Raster

/// `photicase-render share ENTRY_DIR -o FILE`: one shareable ticket,
/// straight from an entry folder, without a cache.
enum ShareCommand {
    static let help = """
    Usage: photicase-render share ENTRY_DIR -o FILE [--front-only] [--scale 1|2|3]
                                 [--quality Q] [--theme FILE] [--font FILE] [--memory-limit SIZE]
           photicase-render share --year YYYY ENTRIES -o FILE [--scale 1|2|3] ...

    Renders the entry's shareable ticket (front and back side by side, or
    the front alone) and writes FILE as .png, .jpg/.jpeg or .webp. With
    --year, renders the year-in-review story image (9:16, 1080x1920 at the
    default scale 2) of every entry of that year under ENTRIES; an entry
    that cannot be read is left out with a warning.

      -o, --output FILE   where to write (format from the extension)
      --front-only        only the front face (not with --year)
      --scale N           pixels per card point: 1, 2 (default) or 3
      --quality Q         JPEG or WebP quality 1-100 (defaults 88 and 85; not for .png)
      --theme FILE        a theme JSON file
      --font FILE         a font file for all text (fallback fonts still apply)
      --memory-limit SIZE decode memory, e.g. 512M or 2G (default 1G)

    Exit status: 0 written, 1 the entry is invalid or a photo cannot be
    decoded (the message says which and why), 2 usage error.
    """

    static func run(_ words: ArraySlice<String>) throws -> ExitStatus {
        // -o is the one short option; it is spelled out before parsing.
        let normalized = words.map { $0 == "-o" ? "--output" : $0 }[...]
        let args = try Arguments(normalized, spec: ArgumentSpec(valued: CardOptions.valued.union(["output", "scale", "year", "quality",
                                                                                                          "memory-limit"]),
                                                                flags: ["front-only"]))
        guard args.positionals.count == 1 else {
            throw UsageError(args.values["year"] == nil ? "share needs one ENTRY_DIR" : "share --year needs one ENTRIES folder")
        }
        guard let output = args.values["output"] else { throw UsageError("share needs -o FILE") }
        try RenderCommand.applyMemoryLimit(args)
        guard let format = OutputPath.format(of: output) else {
            throw UsageError("FILE must end in .png, .jpg, .jpeg or .webp: \(output)")
        }
        let scale = try args.int("scale", in: 1...3) ?? 2
        let quality = try args.int("quality", in: 1...100)
        // Said, not ignored, as `convert` says it: an option that would do
        // nothing here must not look as if it did something.
        if quality != nil && format == .png {
            throw UsageError("--quality applies to JPEG and WebP output, not to \(output)")
        }
        if args.values["year"] != nil && args.flags.contains("front-only") {
            throw UsageError("--front-only is for a ticket; a year (--year) has no faces to choose")
        }
        let cardOptions = try CardOptions(args)
        let folder = args.positionals[0]
        if let yearText = args.values["year"] {
            guard let year = Int(yearText), (1...9999).contains(year) else {
                throw UsageError("--year must be a year from 1 to 9999, not '\(yearText)'")
            }
            return shareYear(year, entries: folder, output: output, format: format, scale: scale, quality: quality,
                             options: cardOptions)
        }

        let entry: Entry
        do throws(EntryError) {
            let name = folder.split(separator: "/").last.map(String.init) ?? folder
            entry = try EntryLoader().load(folder: folder, defaultID: name).entry
        } catch {
            Console.error("photicase-render: \(error)")
            return .inputFailure
        }
        do {
            let renderer = try CardRenderer(theme: cardOptions.theme)
            let image = try renderer.renderShare(entry, options: ShareOptions(scale: scale, frontOnly: args.flags.contains("front-only")))
            // Never overwrite what the ticket was made from.
            var inputs = cardOptions.inputs
            inputs.formUnion(InputFiles([EntryLoader.file(in: folder), entry.front?.path, entry.back?.path].compactMap { $0 }))
            return try write(image, format: format, quality: quality, to: output, protecting: inputs)
        } catch {
            Console.error("photicase-render: \(error)")
            return .inputFailure
        }
    }

    /// The deflate level of a PNG share image, an image people send, so
    /// its size counts too. On the corpus's 12 MP photo and a 64x64 one
    /// (docs/PERFORMANCE.md, "Against what people script instead"), level
    /// 3's files are 4% larger than libpng's zlib at 6 wrote (`share`
    /// before) and its encode two thirds of level 6's; level 1 would save
    /// 40% more of the encode for 3-6% more bytes.
    static let pngLevel = 3

    /// Prints `image`'s warnings, encodes it (`quality` for JPEG and WebP,
    /// nil: the format's default) and writes it atomically, refusing when
    /// `output` is one of `inputs` (compared by file identity).
    static func write(_ image: RenderedImage, format: ImageFormat, quality: Int?, to output: String,
                      protecting inputs: InputFiles) throws -> ExitStatus {
        for warning in image.warnings { Console.error("photicase-render: warning: \(warning)") }
        let settings: EncodeSettings = format == .png ? .png(compressionLevel: pngLevel)
            : .defaults(for: format, quality: quality)
        let bytes = try ImageEncoder.encode(image.raster, settings: settings)
        do throws(CodecError) {
            try FileIO.writeAtomically(bytes, to: output, protecting: inputs)
        } catch {
            throw ImageFileError(path: output, reason: error)
        }
        return .success
    }
}

extension ShareCommand {
    /// `share --year`: the year in review straight from ENTRIES, no cache.
    /// The top five faces are drawn at their size in the image (their
    /// photos decoded small); every other entry only counts.
    ///
    /// The output may replace none of the command's inputs: the theme, the
    /// fonts, and every entry.json and photo under ENTRIES, whatever the
    /// year (ENTRIES is the user's book, and `-o` a path into it is a slip).
    static func shareYear(_ year: Int, entries root: String, output: String, format: ImageFormat, scale: Int,
                          quality: Int?, options: CardOptions) -> ExitStatus {
        var entries: [Entry] = []
        var inputs = options.inputs
        do throws(PipelineError) {
            let discovery = try EntryDiscovery.find(in: root, excluding: nil)
            for folder in discovery.unreadable {
                Console.error("photicase-render: warning: \(folder.folder): cannot read folder (\(folder.reason)); left out")
            }
            for found in discovery.found {
                // An entry left out (its entry.json broken, a photo gone) is
                // the user's all the same.
                inputs.insert(EntryLoader.file(in: found.folder))
                do {
                    let entry = try RenderCommand.loadEntry(found.folder, found.canonicalFolder, found.defaultID).entry
                    inputs.formUnion(InputFiles([entry.front?.path, entry.back?.path].compactMap { $0 }))
                    // A photo that cannot be read (missing, unreadable, a
                    // folder) leaves its entry out, as `render` holds it; one
                    // that reads but does not decode is drawn as a placeholder.
                    for path in [entry.front?.path, entry.back?.path].compactMap({ $0 }) {
                        let status = try FileSystem.readableStatus(path)
                        guard status.kind == .regular else {
                            throw FileSystemError(path: path, wrongKind: status.kind)
                        }
                    }
                    entries.append(entry)
                } catch {
                    Console.error("photicase-render: warning: \(error); left out")
                }
            }
        } catch {
            Console.error("photicase-render: \(error)")
            return .inputFailure
        }
        let ofYear = entries.filter { $0.date.year == year }
        let summary = YearSummary(year: year, entries: ofYear)
        guard summary.count > 0 else {
            Console.error("photicase-render: \(root): no entries in \(year)")
            return .inputFailure
        }
        do {
            let renderer = try CardRenderer(theme: options.theme)
            let tile = renderer.galleryTileSize(scale: Double(scale))
            var faces: [Raster?] = []
            for entry in summary.top {
                do throws(CardError) {
                    let face = try renderer.renderFront(entry, scale: Double(tile.width * 2) / options.theme.cardSize.width)
                    for warning in face.warnings { Console.error("photicase-render: warning: \(warning)") }
                    faces.append(face.raster)
                } catch {
                    // The year draws this entry's face itself, with the
                    // placeholder `render`'s year image shows for it.
                    guard case .photo = error else { throw error }
                    Console.error("photicase-render: warning: \(error); drawn as a placeholder")
                    faces.append(nil)
                }
            }
            let image = try renderer.renderYearInReview(summary, topFaces: faces, scale: Double(scale))
            return try write(image, format: format, quality: quality, to: output, protecting: inputs)
        } catch {
            Console.error("photicase-render: \(error)")
            return .inputFailure
        }
    }
}

/// Output paths and the formats their extensions name.
enum OutputPath {
    static func format(of path: String) -> ImageFormat? {
        guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return nil }
        return ImageFormat(fileExtension: String(name[name.index(after: dot)...]))
    }
}
