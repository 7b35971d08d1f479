import PhotiCaseRaster
import PhotiCaseFileSystem

/// An entry and the exact bytes of the entry.json it came from (the batch
/// pipeline fingerprints them).
public struct LoadedEntry: Sendable, Hashable {
    public var entry: Entry
    public var jsonBytes: [UInt8]

    public init(entry: Entry, jsonBytes: [UInt8]) {
        self.entry = entry
        self.jsonBytes = jsonBytes
    }
}

/// Loads entry folders: reads `entry.json`, parses and checks every field,
/// and resolves photo names to paths inside the folder. Photos are not read.
///
/// The fields (see `Entry`): `title` (string, not blank), `date`
/// (`YYYY-MM-DD`) and `rating` (0...5 in steps of 0.5) are required;
/// `kind` (default movie), `director`, `year` (1...9999), `friends`
/// (strings), `memo`, `front` and `back` (`{"photo": name, "crop": {...}}`,
/// see `EditorState` for the crop) and `id` (default: the caller's) are
/// optional; null counts as absent. Unknown fields are ignored, so newer
/// app versions can add some.
public struct EntryLoader: Sendable {
    /// The name of the file in each entry folder.
    public static let fileName = "entry.json"

    /// The path of `folder`'s entry.json, as `load` reads it.
    public static func file(in folder: String) -> String { PhotoPath.join(folder, fileName) }

    /// Whether photo `name`, one `load` accepted, still lands inside
    /// `folder` once links are followed, as `load` checks it; `landing` is
    /// where `folder` lands. A photo moved out of its folder and replaced
    /// by a link to it keeps its stat and its entry.json: the batch
    /// pipeline's check by stat asks this too.
    public static func photoStaysInside(_ name: String, folder: String, landing: String) -> Bool {
        (try? PhotoPath.resolve(name, in: folder, field: "", file: "", landing: FolderLanding(known: landing))) != nil
    }

    /// Limits for entry.json: its size in bytes and its nesting depth.
    public var limits: JSONParser.Limits
    /// The working memory a parse holds while it runs (`--memory-limit`).
    public var memory: MemoryBudget = .shared

    /// The bytes parsing an entry.json of `size` bytes holds at its peak,
    /// besides the bytes: the value tree and its strings (about three
    /// times the text), the entry's own copies of them.
    static func parseMemory(of size: Int) -> Int { 4 * size }
    /// The kinds an entry may be: its theme's (`Theme.kindKeys`); nil takes
    /// any (`clean --prune`, which only asks what exists).
    public var kinds: [EntryKind]?

    public init(limits: JSONParser.Limits = JSONParser.Limits(), kinds: [EntryKind]? = EntryKind.allCases) {
        self.limits = limits
        self.kinds = kinds
    }

    /// Reads and checks `<folder>/entry.json`. `defaultID` is the id when
    /// the file gives none; `displayPath` names the file in errors (default
    /// `<folder>/entry.json`). Refuses an entry.json that is not a regular
    /// file (a directory, a FIFO) or is larger than `limits.maxBytes`.
    /// `landing`, when known, is where `folder` lands with its links
    /// resolved (an absolute path without links): photo names are checked
    /// against it without resolving the folder again.
    public func load(folder: String, defaultID: String, displayPath: String? = nil,
                     landing: String? = nil) throws(EntryError) -> LoadedEntry {
        let path = Self.file(in: folder)
        let file = displayPath ?? path
        let bytes: [UInt8]
        do throws(FileSystemError) {
            bytes = try FileSystem.readFile(path, limit: limits.maxBytes)
        } catch {
            switch error.problem {
            case .notFound, .notADirectory: throw .notFound(file: file)
            case .isDirectory: throw .notARegularFile(file: file, kind: FileKind.directory.phrase)
            case .notRegularFile(let kind): throw .notARegularFile(file: file, kind: kind.phrase)
            case .tooLarge(let size, _): throw .tooLarge(file: file, size: size, limit: limits.maxBytes)
            default: throw .unreadable(file: file, reason: error.problem.description)
            }
        }
        // The parse holds the document's tree and strings beside the bytes.
        let entry = try memory.withBoundedReservation(Self.parseMemory(of: bytes.count)) { () throws(EntryError) in
            try parse(json: bytes, folder: folder, defaultID: defaultID, displayPath: file, landing: landing)
        }
        return LoadedEntry(entry: entry, jsonBytes: bytes)
    }

    /// Parses and checks entry.json `bytes` of the entry in `folder`.
    /// Reads no file; the only disk access is following symbolic links of
    /// photo names (`lstat`, `readlink`) to make sure they stay inside
    /// `folder`, and none at all when `onDisk` is false (photos given as
    /// bytes: their names are checked as names). `displayPath` names the
    /// file in errors.
    public func parse(json bytes: [UInt8], folder: String, defaultID: String,
                      displayPath: String, landing: String? = nil, onDisk: Bool = true) throws(EntryError) -> Entry {
        let document: JSONValue
        do throws(JSONError) {
            document = try JSONParser.parse(bytes, limits: limits)
        } catch {
            if case .tooLarge(let size, let limit) = error.reason {
                throw .tooLarge(file: displayPath, size: size, limit: limit)
            }
            throw .malformed(file: displayPath, error)
        }
        guard let object = document.objectValue else {
            throw .notAnObject(file: displayPath, found: document.kindDescription)
        }
        var decoder = EntryDecoder(fields: FieldReader(file: displayPath, object: object), folder: folder,
                                   landing: FolderLanding(known: landing), kinds: kinds)
        decoder.onDisk = onDisk
        return try decoder.entry(defaultID: defaultID)
    }
}
