import PhotiCaseConcurrency
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseHashing
import PhotiCasePipeline

/// One photo of an entry, held open: its key and its pixels come from
/// this file, whatever is renamed over its path meanwhile.
struct OpenedPhoto {
    let file: OpenedFile
    /// The path the entry names it by (the loader's key for its bytes).
    let path: String
    let digest: Digest
    /// The bytes, when reading them for the digest already did.
    var bytes: [UInt8]?

    /// The photo's bytes (read once).
    mutating func read(limit: Int) throws(FileSystemError) -> [UInt8] {
        if let bytes { return bytes }
        let read = try file.read(limit: limit)
        bytes = read
        return read
    }
}

/// An entry as it stands at the moment of a request, read through the
/// diary's handle: its entry.json's bytes, the entry they give, and its
/// photos held open (front, then back).
struct ReadEntry {
    var entry: Entry
    var json: [UInt8]
    var place: EntryPlace
    var photos: [OpenedPhoto]
}

/// Reads entries at the places the `DiaryIndex` found, each time afresh:
/// the entry folder is opened below the diary's handle, entry.json and
/// the photos below the folder's, each resolved as the file system stands
/// now, following links that stay inside and refusing those that lead out
/// (openat2's RESOLVE_BENEATH). No remembered path is resolved again.
struct EntryReader: Sendable {
    let diary: DiaryIndex
    let loader: EntryLoader
    let digests: PhotoDigests
    let photoLimit = DecodeLimits().maxFileBytes

    /// What a place holds now.
    enum Outcome {
        /// The entry, read whole.
        case read(ReadEntry)
        /// Nothing there now, or only through a link out of the diary: the
        /// index is out of date.
        case gone
        /// Its entry.json or a photo cannot be read (the sentence names the
        /// file and why).
        case broken(String)
    }

    func read(_ place: EntryPlace) -> Outcome {
        let folder: Directory
        do throws(FileSystemError) {
            folder = try diary.root.folderBeneath(place.relative, display: place.display)
        } catch {
            return Self.isGone(error) ? .gone : .broken("\(error)")
        }
        let jsonFile = EntryLoader.file(in: place.display)
        let json: [UInt8]
        do throws(FileSystemError) {
            json = try folder.openBeneath(EntryLoader.fileName, display: jsonFile).read(limit: loader.limits.maxBytes)
        } catch {
            return Self.isGone(error) ? .gone : .broken("\(error)")
        }
        let entry: Entry
        do throws(EntryError) {
            entry = try loader.parse(json: json, folder: place.display, defaultID: place.defaultID, displayPath: jsonFile)
        } catch {
            return .broken("\(error)")
        }
        var photos: [OpenedPhoto] = []
        for photo in [entry.front, entry.back].compactMap({ $0 }) {
            do throws(FileSystemError) {
                let file = try folder.openBeneath(photo.name, display: photo.path)
                photos.append(try digests.digest(of: file, path: photo.path, limit: photoLimit))
            } catch {
                return .broken("\(error)")
            }
        }
        return .read(ReadEntry(entry: entry, json: json, place: place, photos: photos))
    }

    /// Whether `error` means there is nothing at the place now (or only a
    /// way out of the diary).
    private static func isGone(_ error: FileSystemError) -> Bool {
        switch error.problem {
        case .notFound, .notADirectory, .leadsOutside: true
        default: false
        }
    }
}

/// The SHA-256 of photos, remembered by what `fstat` says of the file
/// (device, inode, size, modification and change times): a photo is
/// hashed once, not on every request. The digest is of the bytes, so it is
/// the same on every machine; the status only says when to hash again.
final class PhotoDigests: Sendable {
    private struct Seen: Hashable {
        var identity: FileIdentity
        var size: Int64
        var mtime: Int64
        var ctime: Int64
    }
    private let known = Locked<[Seen: Digest]>([:])
    /// Photos remembered at most; past it the memory starts again.
    static let capacity = 4096

    func digest(of file: OpenedFile, path: String, limit: Int) throws(FileSystemError) -> OpenedPhoto {
        let s = file.status
        let seen = Seen(identity: s.identity, size: s.size, mtime: s.mtimeNanoseconds, ctime: s.ctimeNanoseconds)
        if let digest = known.withLock({ $0[seen] }) {
            return OpenedPhoto(file: file, path: path, digest: digest, bytes: nil)
        }
        let bytes = try file.read(limit: limit)
        let digest = Digest.of(bytes)
        known.withLock {
            if $0.count >= Self.capacity { $0.removeAll() }
            $0[seen] = digest
        }
        return OpenedPhoto(file: file, path: path, digest: digest, bytes: bytes)
    }
}
