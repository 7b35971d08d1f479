import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseText
import PhotiCaseFileSystem
#if canImport(Glibc)
import Glibc
#endif

/// The theme and font options `share` and `render` have in common.
struct CardOptions {
    var theme: Theme
    var fontFile: String?
    /// The theme file and every font file given (by the theme or
    /// `--font`): inputs no output of the command may replace.
    var inputs = InputFiles()

    /// Reads `--theme FILE` and `--font FILE`. A theme that cannot be read
    /// and a font file that does not exist are configuration errors
    /// (status 2); the message names the file.
    init(_ args: Arguments) throws {
        theme = Theme()
        if let path = args.values["theme"] {
            do throws(ThemeError) {
                theme = try Theme.load(fromFile: path)
            } catch {
                throw UsageError("\(error)")
            }
        }
        let themeFonts = [theme.fontFile, theme.boldFontFile].compactMap { $0 }
        if let path = args.values["theme"] {
            // The theme's font files are checked here too, so a missing one
            // is a configuration error naming the theme, not a failure of
            // every item.
            for (key, font) in [("fontFile", theme.fontFile), ("boldFontFile", theme.boldFontFile)] {
                guard let font else { continue }
                try Self.checkFont(font, context: "\(path): \"\(key)\": ")
            }
        }
        if let font = args.values["font"] {
            try Self.checkFont(font, context: "")
            fontFile = font
            theme.fontFile = font
        }
        // The theme's own font files too, though `--font` takes the place
        // of its fontFile: they are files of the user's all the same.
        inputs = InputFiles([args.values["theme"], fontFile].compactMap { $0 } + themeFonts)
    }

    /// Throws a usage error, prefixed with `context`, unless `path` is a
    /// regular file FreeType can open as a font.
    static func checkFont(_ path: String, context: String) throws {
        let status: FileStatus?
        do throws(FileSystemError) { status = try FileSystem.status(path) } catch { throw UsageError("\(context)\(error)") }
        guard let status else { throw UsageError("\(context)\(path): no such font file") }
        guard status.kind == .regular else { throw UsageError("\(context)\(path): is \(status.kind.phrase), not a font file") }
        do throws(TextError) {
            try FontFile.check(path)
        } catch {
            throw UsageError("\(context)\(error)")
        }
    }
}

/// Today's date in the local time zone.
func localToday() -> CalendarDate {
    var t = time(nil)
    var parts = tm()
    localtime_r(&t, &parts)
    // A clock set outside 0001...9999 is clamped to the nearest day we can draw.
    let year = min(max(Int(parts.tm_year) + 1900, 1), 9999)
    return CalendarDate(year: year, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        ?? CalendarDate(year: year, month: 1, day: 1) ?? CalendarDate("2000-01-01")!
}
