import Cards
import Codecs
import Entries
import FileSystem

/// `photicase-render share ENTRY_DIR -o FILE`: one shareable ticket,
/// straight from an entry folder, without a cache.
enum ShareCommand {
    static let help = """
    Usage: photicase-render share ENTRY_DIR -o FILE [--front-only] [--scale 1|2|3]
                                 [--theme FILE] [--font FILE]

    Renders the entry's shareable ticket (front and back side by side, or
    the front alone) and writes FILE as .png, .jpg/.jpeg or .webp.

      -o, --output FILE   where to write (format from the extension)
      --front-only        only the front face
      --scale N           pixels per card point: 1, 2 (default) or 3
      --theme FILE        a theme JSON file
      --font FILE         a font file for all text (fallback fonts still apply)

    Exit status: 0 written, 1 the entry is invalid or a photo cannot be
    decoded (the message says which and why), 2 usage error.
    """

    static func run(_ words: ArraySlice<String>) throws -> ExitStatus {
        // -o is the one short option; it is spelled out before parsing.
        let normalized = words.map { $0 == "-o" ? "--output" : $0 }[...]
        let args = try Arguments(normalized, spec: ArgumentSpec(valued: CardOptions.valued.union(["output", "scale"]),
                                                                flags: ["front-only"]))
        guard args.positionals.count == 1 else { throw UsageError("share needs one ENTRY_DIR") }
        guard let output = args.values["output"] else { throw UsageError("share needs -o FILE") }
        guard let format = OutputPath.format(of: output) else {
            throw UsageError("FILE must end in .png, .jpg, .jpeg or .webp: \(output)")
        }
        let scale = try args.int("scale", in: 1...3) ?? 2
        let cardOptions = try CardOptions(args)
        let folder = args.positionals[0]

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
            for warning in image.warnings { Console.error("photicase-render: warning: \(warning)") }
            let bytes = try ImageEncoder.encode(image.raster, settings: .defaults(for: format))
            // Never overwrite what the ticket was made from.
            let inputs = [PhotoPathJoin.entryFile(folder), entry.front?.path, entry.back?.path,
                          args.values["theme"], args.values["font"]].compactMap { $0 }
            do throws(CodecError) {
                try FileIO.writeAtomically(bytes, to: output, protecting: Set(inputs.compactMap(FileSystem.identity)))
            } catch {
                throw ImageFileError(path: output, reason: error)
            }
            return .success
        } catch {
            Console.error("photicase-render: \(error)")
            return .inputFailure
        }
    }
}

/// The entry.json path of an entry folder.
enum PhotoPathJoin {
    static func entryFile(_ folder: String) -> String {
        folder.hasSuffix("/") ? folder + EntryLoader.fileName : folder + "/" + EntryLoader.fileName
    }
}

/// Output paths and the formats their extensions name.
enum OutputPath {
    static func format(of path: String) -> ImageFormat? {
        guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return nil }
        return ImageFormat(fileExtension: String(name[name.index(after: dot)...]))
    }
}
