import Foundation

/// File names as the disk spells them. macOS (HFS+) and iCloud copies
/// write names decomposed (NFD: `e` + U+0301, Hangul as jamo), the iPhone
/// app writes entry.json composed (NFC), and Linux compares bytes: the
/// same name in two spellings is "no such file". A name that is not there
/// byte for byte is looked up by listing its folder and comparing names as
/// Unicode text (Swift's `==` is canonical equivalence: NFC and NFD
/// spellings of one name are equal). A name kept as bytes is kept
/// composed (`composed`).
extension FileSystem {
    /// A name that matches more than one file of its folder.
    public struct AmbiguousName: Error, Equatable, Sendable {
        /// The folder, as given (joined with the parts before the name).
        public var folder: String
        /// The names on disk that spell the wanted one, sorted by bytes.
        public var matches: [String]
    }

    /// `relative` (slash-separated, no `.` or `..`) below `folder`, each
    /// part respelled as its folder spells it where it is not there as
    /// written; nil when nothing needs respelling or no spelling matches
    /// (the path is then missing as written, and said so by whoever opens
    /// it). Only folders on the way are listed, and only for parts missing
    /// as written: call it when the path was found missing. Throws when a
    /// folder holds two names that both spell a part.
    public static func diskSpelling(of relative: String, in folder: String) throws(AmbiguousName) -> String? {
        var current = folder.isEmpty ? "." : folder
        var spelled: [String] = []
        var changed = false
        for part in relative.split(separator: "/").map(String.init) {
            let candidate = join(current, part)
            if (try? Syscalls.status(candidate, in: Syscalls.currentDirectory, follow: false)) == nil {
                guard let names = try? Directory.open(current).list() else { return nil }
                let matches = names.filter { $0.nameIsUTF8 && $0.name == part }.map(\.name)
                    .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                guard let only = matches.first else { return nil }
                guard matches.count == 1 else { throw AmbiguousName(folder: current, matches: matches) }
                spelled.append(only)
                current = join(current, only)
                changed = true
            } else {
                spelled.append(part)
                current = candidate
            }
        }
        return changed ? spelled.joined(separator: "/") : nil
    }

    /// `name` spelled composed (NFC), as the stdlib composes it to compare
    /// strings (the same canonical equivalence `diskSpelling` matches by):
    /// two spellings of one name give the same bytes. For a name that is
    /// stored or hashed as bytes (an entry id: a cache path, an index row,
    /// a shard key), where `==` alone would leave two spellings apart.
    public static func composed(_ name: String) -> String {
        // Most names are ASCII, which is composed as it is.
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name }
        // Foundation's public normalizer, not the standard library's
        // underscored one.
        return name.precomposedStringWithCanonicalMapping
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
