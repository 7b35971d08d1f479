import Foundation

/// A photo of an entry given by the caller: its bytes, or an open file to
/// read them from (a database blob, an upload, a file the caller opened).
public enum PhotoInput: Sendable {
    /// The file's bytes (HEIC, JPEG, PNG, WebP or AVIF).
    case bytes([UInt8])
    /// An open file, read from its current offset to its end when the
    /// render starts. The caller keeps it open until the call returns,
    /// and closes it.
    case file(FileHandle)
}

/// The entry to render: a folder holding entry.json and its photos, or
/// entry.json's bytes and its photos' given by the caller.
public struct EntryInput: Sendable {
    enum Source: Sendable {
        case folder(String)
        case bytes(json: [UInt8], photos: [String: PhotoInput], name: String)
    }

    let source: Source

    /// The entry in `path`: its entry.json and the photos it names, read
    /// by the renderer (its id, when entry.json gives none, is the folder's
    /// name).
    public static func folder(_ path: String) -> EntryInput { EntryInput(source: .folder(path)) }

    /// An entry given as bytes: `json`, entry.json's bytes, and `photos`,
    /// each photo entry.json names (`"front": {"photo": "front.heic"}`) by
    /// that name. `name` stands for the entry in errors and warnings
    /// (`name/entry.json`, `name/front.heic`), and is its id when
    /// entry.json gives none. Nothing is read from disk.
    public static func bytes(json: [UInt8], photos: [String: PhotoInput] = [:], name: String = "entry") -> EntryInput {
        EntryInput(source: .bytes(json: json, photos: photos, name: name))
    }
}
