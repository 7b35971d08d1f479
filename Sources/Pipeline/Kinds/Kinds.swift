/// What is asked of all the kinds at once, derived from their
/// declarations (`OutputKind.declaration`, the registry).
public enum Kinds {
    /// Every kind's declaration, in the registry's order.
    static let all: [any KindDeclaration.Type] = OutputKind.allCases.map(\.declaration)

    /// The kind and owner kind of cache path `path` when it is one the
    /// registry's kinds make, else nil.
    static func parse(_ path: String) -> (kind: OutputKind, owner: Owner.Kind)? {
        for declaration in all {
            if let owner = declaration.ownerKind(ofPath: path) { return (declaration.kind, owner) }
        }
        return nil
    }

    /// The stem of image file name `file` (`front` of `front.webp`), nil
    /// when its extension is no image format's.
    static func imageStem(_ file: Substring) -> String? {
        guard let dot = file.lastIndex(of: "."),
              ImageFormatName(rawValue: String(file[file.index(after: dot)...])) != nil else { return nil }
        return String(file[..<dot])
    }

    /// Every output folder (nothing outside them and the root files is ever
    /// written or removed).
    static var folders: [String] {
        var seen = Set<String>()
        return all.flatMap { $0.folders.map(\.path) }.filter { seen.insert($0).inserted }
    }

    /// The output folders whose files lie one level down.
    static var nestedFolders: Set<String> { Set(all.flatMap { $0.folders.filter(\.nested).map(\.path) }) }

    /// The folders whose files belong to the whole book (`KindFolder.bookOwned`).
    static var bookFolders: [String] {
        var seen = Set<String>()
        return all.flatMap { $0.folders.flatMap(\.bookOwned) }.filter { seen.insert($0).inserted }
    }

    /// Every file the kinds make in the cache root.
    static var rootFiles: [String] { all.flatMap { $0.rootFiles } }

    /// `--only`'s words, comma-separated, in registry order.
    public static var names: String { all.map { $0.kind.rawValue }.joined(separator: ",") }

    /// `--only`'s word list, parsed: nil names the first unknown word.
    public static func parse(only list: String) -> Result<Set<OutputKind>, UnknownKind> {
        var kinds = Set<OutputKind>()
        // An empty word (`tickets,`, `,days`) is a typo, not nothing.
        for word in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let kind = OutputKind(rawValue: String(word)) else { return .failure(UnknownKind(word: String(word))) }
            kinds.insert(kind)
        }
        return .success(kinds)
    }

    /// A word of `--only` that names no kind.
    public struct UnknownKind: Error, CustomStringConvertible {
        public var word: String
        public var description: String {
            "--only takes \(Kinds.all.map { $0.kind.rawValue }.joined(separator: ", ")), "
                + (word.isEmpty ? "not an empty word (a stray comma?)" : "not '\(word)'")
        }
    }

    /// `--only`'s help: a line per kind, indented by `indent` spaces.
    public static func help(indent: Int) -> String {
        let width = all.map { $0.kind.rawValue.count }.max() ?? 0
        return all.map { d in
            String(repeating: " ", count: indent) + d.kind.rawValue
                + String(repeating: " ", count: width - d.kind.rawValue.count + 2) + d.summary
        }.joined(separator: "\n")
    }

    /// The kinds that write images (`--format` chooses their format).
    public static var imageKinds: [OutputKind] { all.filter { $0.defaultFormat != nil }.map { $0.kind } }

    /// The kinds a run over a cache that holds `held` makes when asked for
    /// `asked`: the asked ones, and every held kind made from one of them
    /// or that one of them is made from, again and again. Kinds made from
    /// each other stay together, so the cache never disagrees with itself
    /// whatever `--only` says: a run of days also redraws the month sheets
    /// the cache holds, and the site (made from every image kind) keeps
    /// every kind the cache holds up to date.
    static func closure(_ asked: Set<OutputKind>, held: Set<OutputKind>) -> Set<OutputKind> {
        var kinds = asked
        var grew = true
        while grew {
            grew = false
            for kind in held where !kinds.contains(kind) {
                let related = !kind.declaration.madeFrom.isDisjoint(with: kinds)
                    || kinds.contains { $0.declaration.madeFrom.contains(kind) }
                if related {
                    kinds.insert(kind)
                    grew = true
                }
            }
        }
        return kinds
    }
}
