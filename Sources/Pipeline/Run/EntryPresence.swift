import PhotiCaseFileSystem

/// Whether an entry the index remembers is provably gone. Outputs are
/// removed only on proof: the folder (or a folder above it, below
/// ENTRIES) was looked for in a folder that could be read and is not
/// there, or it no longer holds entry.json. Anything that cannot be read
/// on the way, and any folder outside ENTRIES, proves nothing.
///
/// A symbolic link on the way is followed, as discovery follows it (the
/// index records a linked folder by its path through the link): a folder
/// moved to another disk and linked back is there. A link whose target
/// cannot be reached (the disk not mounted) proves nothing either.
enum EntryPresence: Equatable {
    case gone
    case present
    case unknown(reason: String)

    /// Checks `folder` (canonical, as the index records it) against
    /// ENTRIES' canonical `root`.
    static func check(_ folder: String, root: String) -> EntryPresence {
        let prefix = root == "/" ? "/" : root + "/"
        guard folder == root || folder.hasPrefix(prefix) else { return .unknown(reason: "outside ENTRIES") }
        var dir: Directory
        do throws(FileSystemError) { dir = try Directory.open(root) } catch { return .unknown(reason: error.description) }
        let rel = folder == root ? "" : String(folder.dropFirst(prefix.count))
        for part in rel.split(separator: "/").map(String.init) {
            do throws(FileSystemError) {
                // fstatat in a folder we hold open: "no such file" here is
                // an answer, not an accident of permissions on the way.
                guard let status = try dir.status(part) else { return .gone }
                switch status.kind {
                case .directory:
                    dir = try dir.folder(part)
                case .symbolicLink:
                    // Followed: a dangling link is a folder out of reach,
                    // not a folder gone; a link to a file is no folder.
                    guard let target = try dir.followedStatus(part) else {
                        return .unknown(reason: "\(dir.display(part)) is a symbolic link whose target does not exist")
                    }
                    guard target.kind == .directory else { return .gone }
                    dir = try dir.followedFolder(part)
                default:
                    return .gone
                }
            } catch {
                return .unknown(reason: error.description)
            }
        }
        do throws(FileSystemError) {
            return try dir.status("entry.json") == nil ? .gone : .present
        } catch {
            return .unknown(reason: error.description)
        }
    }
}
