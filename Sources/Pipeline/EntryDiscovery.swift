import FileSystem
import Entries

/// Finds entry folders: ENTRIES itself when it holds entry.json, else every
/// folder below it, at any depth, that holds one. Hidden folders, the cache
/// folder and symbolic links to folders are not entered; an entry folder's
/// own sub-folders are not searched for further entries.
///
/// Discovery fails closed: a folder that cannot be read is reported, never
/// taken as empty, so the run keeps every output that might belong to it.
public enum EntryDiscovery {
    /// A found entry folder and the id it gets when entry.json has none.
    public struct Found: Sendable, Hashable {
        /// The folder as ENTRIES spells it, for reading and messages.
        public var folder: String
        /// The absolute folder with links resolved: how the manifest
        /// remembers it, the same however ENTRIES is spelled.
        public var canonicalFolder: String
        /// The folder's path relative to ENTRIES, or the folder's own name
        /// when ENTRIES is the entry.
        public var defaultID: String
    }

    /// A folder below ENTRIES that could not be read.
    public struct Unreadable: Sendable, Hashable {
        public var folder: String
        public var canonicalFolder: String
        public var reason: String
    }

    public struct Result: Sendable {
        public var found: [Found] = []
        public var unreadable: [Unreadable] = []
        /// ENTRIES, absolute with links resolved.
        public var canonicalRoot: String
    }

    /// Walks `root`. Throws when `root` itself is missing or not a folder.
    public static func find(in root: String, excluding cache: String?) throws(PipelineError) -> Result {
        let trimmed = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        let top: Directory
        do throws(FileSystemError) {
            top = try Directory.open(trimmed)
        } catch {
            switch error.problem {
            case .notFound: throw .badEntries(path: root, reason: "no such folder")
            case .notADirectory: throw .badEntries(path: root, reason: "not a folder")
            default: throw .badEntries(path: root, reason: error.problem.description)
            }
        }
        let canonicalRoot = FileSystem.realPath(trimmed) ?? FileSystem.absolute(trimmed)
        var result = Result(canonicalRoot: canonicalRoot)
        do throws(FileSystemError) {
            if try top.status(EntryLoader.fileName) != nil {
                let name = canonicalRoot.split(separator: "/").last.map(String.init) ?? "/"
                result.found = [Found(folder: trimmed, canonicalFolder: canonicalRoot, defaultID: name)]
                return result
            }
        } catch {
            throw .badEntries(path: root, reason: error.problem.description)
        }
        // The cache is skipped where it sits inside ENTRIES; when it does
        // not (the usual case), no folder needs comparing with it.
        let cacheInside = cache.map { c in
            guard let real = FileSystem.realPath(c) else { return true }
            return real == canonicalRoot || real.hasPrefix(canonicalRoot == "/" ? "/" : canonicalRoot + "/")
        } ?? false
        let cacheIdentity = cacheInside ? cache.flatMap { FileSystem.identity(of: $0) } : nil

        var stack: [(dir: Directory, rel: String)] = [(top, "")]
        while let (dir, rel) = stack.popLast() {
            func unreadable(_ childRel: String, _ error: FileSystemError) {
                result.unreadable.append(Unreadable(folder: join(trimmed, childRel),
                                                    canonicalFolder: join(canonicalRoot, childRel),
                                                    reason: error.problem.description))
            }
            let names: [DirectoryEntry]
            do throws(FileSystemError) { names = try dir.list() } catch {
                unreadable(rel, error)
                continue
            }
            for entry in names.reversed() where entry.kind == .directory && !entry.name.hasPrefix(".") {
                let childRel = rel.isEmpty ? entry.name : rel + "/" + entry.name
                do throws(FileSystemError) {
                    let child = try dir.folder(entry.name)
                    if let cacheIdentity, try dir.status(entry.name)?.identity == cacheIdentity { continue }
                    if try child.status(EntryLoader.fileName) != nil {
                        result.found.append(Found(folder: join(trimmed, childRel),
                                                  canonicalFolder: join(canonicalRoot, childRel), defaultID: childRel))
                    } else {
                        stack.append((child, childRel))
                    }
                } catch {
                    unreadable(childRel, error)
                }
            }
        }
        result.found.sort { $0.defaultID < $1.defaultID }
        result.unreadable.sort { $0.folder < $1.folder }
        return result
    }

    static func join(_ base: String, _ rel: String) -> String {
        rel.isEmpty ? base : (base.hasSuffix("/") ? base + rel : base + "/" + rel)
    }
}

