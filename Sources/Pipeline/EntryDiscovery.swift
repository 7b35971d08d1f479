import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Finds entry folders: ENTRIES itself when it holds entry.json, else every
/// folder below it, at any depth, that holds one. Hidden folders, the cache
/// folder and symbolic links to folders are not entered; an entry folder's
/// own sub-folders are not searched for further entries.
public enum EntryDiscovery {
    /// A found entry folder and the id it gets when entry.json has none.
    public struct Found: Sendable, Hashable {
        public var folder: String
        public var defaultID: String
    }

    public static func find(in root: String, excluding cache: String?) throws -> [Found] {
        var st = stat()
        guard stat(root, &st) == 0 else {
            throw PipelineError.badEntries(path: root, reason: "no such folder")
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw PipelineError.badEntries(path: root, reason: "not a folder")
        }
        let trimmed = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        if isFile(trimmed + "/entry.json") {
            let name = URL(fileURLWithPath: trimmed).standardizedFileURL.lastPathComponent
            return [Found(folder: trimmed, defaultID: name)]
        }
        let cacheReal = cache.flatMap(realPath)
        var found: [Found] = []
        var stack: [String] = [""]
        while let rel = stack.popLast() {
            let dir = rel.isEmpty ? trimmed : trimmed + "/" + rel
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted().reversed() where !name.hasPrefix(".") {
                let childRel = rel.isEmpty ? name : rel + "/" + name
                let child = trimmed + "/" + childRel
                var ls = stat()
                // lstat: a symbolic link to a folder is not followed.
                guard lstat(child, &ls) == 0, ls.st_mode & S_IFMT == S_IFDIR else { continue }
                if let cacheReal, realPath(child) == cacheReal { continue }
                if isFile(child + "/entry.json") {
                    found.append(Found(folder: child, defaultID: childRel))
                } else {
                    stack.append(childRel)
                }
            }
        }
        return found.sorted { $0.defaultID < $1.defaultID }
    }

    static func isFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
