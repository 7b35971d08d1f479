import Foundation

/// The records the cache index keeps, and manifest.json, the index of the
/// first version (one JSON file rewritten whole), now read only to migrate
/// into `CacheIndex`: for each output, the fingerprint of everything that
/// made it; for each input file, its stat and content hash (so unchanged
/// files are not read again); for each entry, its date and canonical folder
/// (so a failed entry's outputs, day and month are held rather than
/// removed, and removal happens only once the folder is provably gone).
public struct Manifest: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public struct Output: Codable, Sendable, Equatable {
        /// Hex SHA-256 over the inputs, options, theme and renderer version.
        public var fingerprint: String
        /// The entry id, day or month the output belongs to.
        public var owner: String
        /// The file's size as written: a file of another size was cut short
        /// or replaced, and is rendered again. Nil in records from before
        /// sizes were kept (the file's presence is then all that counts,
        /// until it is next written).
        public var size: Int64? = nil
    }

    public struct File: Codable, Sendable, Equatable {
        public var size: Int64
        public var mtimeNanoseconds: Int64
        public var inode: UInt64
        public var sha256: String
    }

    public struct EntryRecord: Codable, Sendable, Equatable {
        public var date: String
        /// Absolute, links resolved (older caches may hold the folder as
        /// that run spelled it: such a record is held until its entry is
        /// seen again).
        public var folder: String

        /// Equal as the index stores them, byte for byte: `==` on strings
        /// is canonical equivalence, and a row whose folder is spelled
        /// otherwise (renamed from NFC to NFD) must be written again.
        public static func == (a: EntryRecord, b: EntryRecord) -> Bool {
            a.date.utf8.elementsEqual(b.date.utf8) && a.folder.utf8.elementsEqual(b.folder.utf8)
        }
    }

    public var version = Manifest.currentVersion
    /// By cache-relative path.
    public var outputs: [String: Output] = [:]
    /// By absolute path.
    public var files: [String: File] = [:]
    /// By entry id.
    public var entries: [String: EntryRecord] = [:]

    public init() {}
}
