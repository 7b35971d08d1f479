import Foundation
import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCase
import PhotiCasePipeline
import PhotiCaseRaster

/// `photicase-render share ENTRY_DIR -o FILE`: one shareable ticket,
/// straight from an entry folder, without a cache.
enum ShareCommand {
    /// Every option `share` takes, in the order its help lists them: the
    /// parser's spec and the help are both made from this list.
    static let options: [Option] = [
        .valued("output", "FILE", short: "o", """
            where to write (format from the extension); -
            writes to standard output, with --format
            """),
        .valued("format", "png|jpg|webp", """
            the image's format when it goes to standard output
            (-o -); with a FILE, it must agree with the name
            """),
        .valued("layout", "NAME", """
            card (default: both faces on the share backdrop),
            front (the front face alone), story, feed, square,
            link (not with --year)
            """),
        .flag("front-only", "the same as --layout front"),
        .valued("year", "YYYY", """
            the year in review of that year's entries under
            ENTRIES (a 9:16 story image), instead of one entry
            """),
        .valued("scale", "N", """
            pixels per card point: 1, 2 (default) or 3 (card
            and front; story, feed, square and link have
            fixed sizes)
            """),
        .valued("quality", "Q", """
            JPEG or WebP quality 1-100 (defaults 88 and 85;
            not for .png)
            """),
        .valued("theme", "FILE", "a theme JSON file"),
        .valued("font", "FILE", """
            a font file for all text (fallback fonts still
            apply)
            """),
        .valued("memory-limit", "SIZE", "decode memory, e.g. 512M or 2G (default 1G)"),
    ]

    static let help = """
    Usage: photicase-render share ENTRY_DIR -o FILE|- [--format png|jpg|webp] [--layout card|front|story|feed|square|link]
                                 [--scale 1|2|3] [--quality Q] [--theme FILE] [--font FILE]
                                 [--memory-limit SIZE]
           photicase-render share --year YYYY ENTRIES -o FILE [--scale 1|2|3] ...

    Renders one image of the entry and writes FILE as .png, .jpg/.jpeg or
    .webp: its shareable ticket (front and back side by side, or the front
    alone), or an image sized to post: a 9:16 story (1080x1920), a 4:5
    feed post (1080x1350), a square (1080x1080), a 1.91:1 link preview
    (1200x630). With --year, renders the year-in-review story
    image (9:16, 1080x1920 at the default scale 2) of every entry of that
    year under ENTRIES; an entry that cannot be read is left out with a
    warning.

    \(Option.helpLines(options))

    Exit status: 0 written, 1 the entry is invalid or a photo cannot be
    decoded (the message says which and why), 2 usage error.
    """

    static func run(_ words: ArraySlice<String>) throws -> ExitStatus {
        let args = try Arguments(words, spec: ArgumentSpec(options))
        guard args.positionals.count == 1 else {
            throw UsageError(args.values["year"] == nil ? "share needs one ENTRY_DIR" : "share --year needs one ENTRIES folder")
        }
        guard let output = args.values["output"] else { throw UsageError("share needs -o FILE") }
        try RenderCommand.applyMemoryLimit(args)
        let format = try OutputPath.format(of: output, named: args.values["format"])
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
        let layout = try Self.layout(args)
        if args.values["year"] != nil && args.values["layout"] != nil {
            throw UsageError("--layout is for an entry's image; a year (--year) is a story image of its own")
        }
        if let frame = layout.frame, args.values["scale"] != nil {
            throw UsageError("--scale sets a ticket's pixels per point; a \(layout.rawValue) image is "
                             + "\(frame.width)x\(frame.height) whatever it is")
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
            entry = try EntryLoader(kinds: cardOptions.theme.kindKeys).load(folder: folder, defaultID: name).entry
        } catch {
            Console.error("photicase-render: \(error)")
            return .inputFailure
        }
        do {
            // The library's drawing, as `serve` and a linked backend draw.
            guard let shareFormat = ShareFormat(fileExtension: format.fileExtension) else {
                Console.error("photicase-render: \(output): a share image is PNG, JPEG or WebP")
                return .inputFailure
            }
            let request = try ShareRequest(layout: layout, format: shareFormat, scale: scale, quality: quality)
            // What needs no font is drawn while the renderer loads its fonts.
            let prepared = ShareRenderer.prepare(entry, request, theme: cardOptions.theme)
            let image = try ShareRenderer(theme: cardOptions.theme, workers: 1, parallelResizes: true)
                .draw(entry, request, prepared: prepared)
            // Never overwrite what the ticket was made from.
            var inputs = cardOptions.inputs
            inputs.formUnion(InputFiles([EntryLoader.file(in: folder), entry.front?.path, entry.back?.path].compactMap { $0 }))
            return try write(image, format: format, quality: quality, to: output, protecting: inputs)
        } catch {
            Console.error("photicase-render: \(error)")
            return .inputFailure
        }
    }

    /// `--layout` (the library's `ShareLayout`), with `--front-only` as
    /// another name for `front`.
    static func layout(_ args: Arguments) throws -> ShareLayout {
        let frontOnly = args.flags.contains("front-only")
        guard let text = args.values["layout"] else { return frontOnly ? .front : .card }
        guard let layout = ShareLayout(rawValue: text) else {
            let names = ShareLayout.allCases.map(\.rawValue)
            throw UsageError("--layout must be \(names.dropLast().joined(separator: ", ")) or \(names.last!), not '\(text)'")
        }
        if frontOnly && layout != .front {
            throw UsageError("--front-only is --layout front; it cannot go with --layout \(layout.rawValue)")
        }
        return layout
    }

    /// Prints `image`'s warnings, encodes it (`quality` for JPEG and WebP,
    /// nil: the format's default; a PNG's segments deflated on every core,
    /// as someone waits for this one image) and writes it atomically, refusing when
    /// `output` is one of `inputs` (compared by file identity).
    static func write(_ image: RenderedImage, format: ImageFormat, quality: Int?, to output: String,
                      protecting inputs: InputFiles) throws -> ExitStatus {
        for warning in image.warnings { Console.error("photicase-render: warning: \(warning)") }
        let bytes = try ImageEncoder.encode(image.raster, settings: ShareRequest.settings(format, quality: quality),
                                            threads: RenderCommand.cores)
        if output == OutputPath.standardOutput {
            // Piped on, as `curl -o -` and ImageMagick's `png:-` do.
            do {
                try FileHandle.standardOutput.write(contentsOf: Data(bytes))
            } catch {
                Console.error("photicase-render: cannot write the image to standard output: \(error.localizedDescription)")
                return .inputFailure
            }
            return .success
        }
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
            // The one book loader, as `render` and `clean --prune` read a book.
            let book = try BookLoader.entries(in: root, excluding: nil, jobs: RenderCommand.cores,
                                              loadEntry: diaryEntryLoading(kinds: options.theme.kindKeys))
            // An entry left out (its entry.json broken, a folder unreadable)
            // is the user's all the same.
            for (folder, failure) in book.failures {
                inputs.insert(EntryLoader.file(in: folder))
                Console.error("photicase-render: warning: \(failure); left out")
            }
            for entry in book.entries {
                inputs.insert(EntryLoader.file(in: entry.folder))
                inputs.formUnion(InputFiles([entry.front?.path, entry.back?.path].compactMap { $0 }))
                // A photo that cannot be read (missing, unreadable, a
                // folder) leaves its entry out, as `render` holds it; one
                // that reads but does not decode is drawn as a placeholder.
                do throws(FileSystemError) {
                    for path in [entry.front?.path, entry.back?.path].compactMap({ $0 }) {
                        let status = try FileSystem.readableStatus(path)
                        guard status.kind == .regular else { throw FileSystemError(path: path, wrongKind: status.kind) }
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
    /// The path `-o -` names: standard output.
    static let standardOutput = "-"

    static func format(of path: String) -> ImageFormat? {
        guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return nil }
        return ImageFormat(fileExtension: String(name[name.index(after: dot)...]))
    }

    /// The format `share` writes `path` in: `--format`'s (`named`) for
    /// standard output, where it is needed; else the extension's, which
    /// a `--format` given too must agree with.
    static func format(of path: String, named: String?) throws(UsageError) -> ImageFormat {
        let chosen = try named.map { text throws(UsageError) -> ImageFormat in
            guard let format = ImageFormat(fileExtension: text), [.png, .jpeg, .webp].contains(format) else {
                throw UsageError("--format must be png, jpg or webp, not '\(text)'")
            }
            return format
        }
        if path == standardOutput {
            guard let chosen else { throw UsageError("-o - writes to standard output: say its format with --format png|jpg|webp") }
            return chosen
        }
        guard let format = format(of: path) else {
            throw UsageError("FILE must end in .png, .jpg, .jpeg or .webp: \(path)")
        }
        if let chosen, chosen != format {
            throw UsageError("--format \(named ?? "") does not agree with \(path): name the file for its format")
        }
        return format
    }
}
