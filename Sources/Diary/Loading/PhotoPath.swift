import PhotiCaseFileSystem

/// Checks a photo name from entry.json and turns it into a path inside the
/// entry folder.
///
/// A name is a relative path inside the folder (`front.jpg`,
/// `photos/back.webp`). Refused: empty names and names that reduce to the
/// folder itself (`.`), NUL characters, absolute paths, `..` components,
/// and any name that, once symbolic links are followed, lands outside the
/// folder (a link may point elsewhere inside it). A name not on disk as
/// written is looked for as the disk may spell it (NFD where entry.json
/// says NFC, or the other way round: `FileSystem.diskSpelling`); two files
/// that both spell it are an error. Otherwise whether the photo exists is
/// not checked: the decoder reports missing files.
enum PhotoPath {
    /// The path of photo `name` in `folder`: the folder, a slash, and the
    /// name without `.` components or repeated slashes. `field` and `file`
    /// are for messages.
    /// `onDisk` false checks the name alone, touching no file: for an
    /// entry whose photos are given as bytes, not as files in a folder.
    static func resolve(_ name: String, in folder: String, field: String, file: String,
                        landing: FolderLanding = FolderLanding(), onDisk: Bool = true) throws(EntryError) -> String {
        let quoted = FieldReader.quote(.string(name))
        guard !name.unicodeScalars.contains("\0") else { throw .nulInPhotoPath(file: file, field: field) }
        guard !name.hasPrefix("/") else { throw .absolutePhotoPath(file: file, field: field, value: quoted) }
        let parts = name.split(separator: "/").filter { $0 != "." }
        if parts.contains("..") {
            // Said as it is: out of the folder on paper, or a `..` that
            // only looks inside (the folder it passes may be a link).
            var depth = 0
            let escapes = parts.contains { part in
                depth += part == ".." ? -1 : 1
                return depth < 0
            }
            throw escapes ? .photoOutsideFolder(file: file, field: field, value: quoted)
                : .parentInPhotoPath(file: file, field: field, value: quoted)
        }
        guard !parts.isEmpty else { throw .notAFileName(file: file, field: field, value: quoted) }
        var relative = parts.joined(separator: "/")
        guard onDisk else { return join(folder, relative) }

        // Symbolic links inside the folder may lead anywhere; compare where
        // the folder and the photo really are.
        let landedFolder: [UInt8]
        var landedPhoto: FileSystem.Landing
        func land() throws(EntryError) -> FileSystem.Landing {
            do throws(FileSystem.ResolveProblem) {
                return try FileSystem.landing(of: relative, from: landedFolder)
            } catch {
                throw .unresolvablePhotoPath(file: file, field: field, value: quoted, reason: error.reason)
            }
        }
        do throws(FileSystem.ResolveProblem) {
            landedFolder = try landing.of(folder.isEmpty ? "." : folder)
        } catch {
            throw .unresolvablePhotoPath(file: file, field: field, value: quoted, reason: error.reason)
        }
        landedPhoto = try land()
        // Not there as written: perhaps as the disk spells it. Only then is
        // the folder listed (an unchanged book costs nothing more).
        if !landedPhoto.exists, let spelled = try respelled(relative, in: folder, field: field, file: file, value: quoted) {
            relative = spelled
            landedPhoto = try land()
        }
        let path = join(folder, relative)
        // Bytes, not String comparison: Unicode equivalence must not make
        // two different paths look alike.
        let folderPrefix = landedFolder == [UInt8(ascii: "/")] ? landedFolder : landedFolder + [UInt8(ascii: "/")]
        let inside = landedPhoto.path.count > folderPrefix.count && landedPhoto.path.starts(with: folderPrefix)
        guard inside else { throw .photoOutsideFolder(file: file, field: field, value: quoted) }
        return path
    }

    /// `relative` as the disk spells it in `folder`, when it differs.
    private static func respelled(_ relative: String, in folder: String, field: String, file: String,
                                  value: String) throws(EntryError) -> String? {
        do throws(FileSystem.AmbiguousName) {
            return try FileSystem.diskSpelling(of: relative, in: folder)
        } catch {
            throw .ambiguousPhotoName(file: file, field: field, value: value, folder: error.folder, matches: error.matches)
        }
    }

    /// `folder/name`, without doubling a trailing slash; just `name` in the
    /// current directory (an empty folder).
    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// The landing of one entry folder, found once for all its photos.
final class FolderLanding {
    private var cached: [UInt8]?

    /// `known`: the folder's landing when the caller has it already.
    init(known: String? = nil) {
        cached = known.map { Array($0.utf8) }
    }

    func of(_ folder: String) throws(FileSystem.ResolveProblem) -> [UInt8] {
        if let cached { return cached }
        let landed = try FileSystem.landingPath(of: folder)
        cached = landed
        return landed
    }
}
