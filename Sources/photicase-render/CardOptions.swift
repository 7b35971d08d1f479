import Cards
import Codecs
import Entries
import Text
#if canImport(Glibc)
import Glibc
#endif

/// The theme and font options `share` and `render` have in common.
struct CardOptions {
    static let valued: Set<String> = ["theme", "font"]

    var theme: Theme
    var fontFile: String?

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
        if let font = args.values["font"] {
            var st = stat()
            guard stat(font, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
                throw UsageError("\(font): no such font file")
            }
            fontFile = font
            theme.fontFile = font
        }
    }

    /// The font file's content hash, so replacing the file re-renders.
    var fontIdentity: String {
        guard let path = theme.fontFile, let bytes = try? FileIO.read(path, limit: 1 << 30) else { return "" }
        var h = 0xcbf2_9ce4_8422_2325 as UInt64  // FNV-1a: identity only, not security
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }
}

/// Today's date in the local time zone.
func localToday() -> CalendarDate {
    var t = time(nil)
    var parts = tm()
    localtime_r(&t, &parts)
    return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
}
