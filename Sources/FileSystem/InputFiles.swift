/// The files a command reads (photos, entry.json files, the theme, fonts),
/// which no write of the same command may replace. Known by device and
/// inode, so a hard link, a symbolic link or another spelling of the path
/// is the same file; each keeps the path it was given by, to name it when
/// a write is refused.
public struct InputFiles: Sendable {
    private var paths: [FileIdentity: String] = [:]

    public init() {}

    /// The inputs at `paths` (those that exist; links followed).
    public init(_ paths: some Sequence<String>) {
        for path in paths { insert(path) }
    }

    /// Adds the file at `path`, when there is one; the first path given
    /// for a file is the one messages name.
    public mutating func insert(_ path: String) {
        guard let identity = FileSystem.identity(of: path), paths[identity] == nil else { return }
        paths[identity] = path
    }

    /// Adds every file of `other`.
    public mutating func formUnion(_ other: InputFiles) {
        paths.merge(other.paths) { mine, _ in mine }
    }

    /// The path of the input that is the file `identity`, or nil.
    public func path(of identity: FileIdentity) -> String? { paths[identity] }

    /// How many distinct files are inputs.
    public var count: Int { paths.count }
}
