/// A font file named by the user (`--font`), checked once before any
/// text is set: a file FreeType cannot open is a configuration error,
/// better said once at the start than once for every card of a run.
public enum FontFile {
    /// Throws `TextError.fontUnreadable` (with FreeType's reason) unless
    /// `path` opens as a scalable or colour bitmap font (its first face).
    public static func check(_ path: String) throws(TextError) {
        let library = try FreeTypeLibrary()
        _ = try FreeTypeFace(library: library, path: path, index: 0)
    }
}
