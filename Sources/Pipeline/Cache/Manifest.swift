import Foundation
import Codecs

/// manifest.json: for each output, the fingerprint of everything that made
/// it; for each input file, its stat and content hash (so unchanged files
/// are not read again); for each entry, its date (so a failed entry's day
/// and month are held rather than re-rendered without it).
public struct Manifest: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public struct Output: Codable, Sendable, Equatable {
        /// Hex SHA-256 over the inputs, options, theme and renderer version.
        public var fingerprint: String
        /// The entry id, day or month the output belongs to.
        public var owner: String
    }

    public struct File: Codable, Sendable, Equatable {
        public var size: Int64
        public var mtimeNanoseconds: Int64
        public var inode: UInt64
        public var sha256: String
    }

    public struct EntryRecord: Codable, Sendable, Equatable {
        public var date: String
        public var folder: String
    }

    public var version = Manifest.currentVersion
    /// By cache-relative path.
    public var outputs: [String: Output] = [:]
    /// By absolute path.
    public var files: [String: File] = [:]
    /// By entry id.
    public var entries: [String: EntryRecord] = [:]

    public init() {}

    /// Reads a manifest; a missing, unreadable or foreign one is empty
    /// (everything renders again, which is always safe).
    public static func load(_ path: String) -> Manifest {
        guard let data = FileManager.default.contents(atPath: path),
              let m = try? JSONDecoder().decode(Manifest.self, from: data),
              m.version == currentVersion else { return Manifest() }
        return m
    }

    /// Writes atomically (temporary file + rename), with sorted keys so the
    /// file is stable between runs.
    public func save(_ path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do { data = try encoder.encode(self) } catch {
            throw PipelineError.writeFailed(path: path, reason: "\(error)")
        }
        do { try FileIO.writeAtomically([UInt8](data), to: path) } catch {
            throw PipelineError.writeFailed(path: path, reason: "\(error)")
        }
    }
}
