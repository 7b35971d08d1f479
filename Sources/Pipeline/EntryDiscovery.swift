import PhotiCaseConcurrency
import PhotiCaseFileSystem
import PhotiCaseDiary
import PhotiCaseImaging

/// Finds entry folders: ENTRIES itself when it holds entry.json, else every
/// folder below it, at any depth, that holds one. Hidden folders and the
/// cache folder are not entered; an entry folder's own sub-folders are not
/// searched for further entries.
///
/// A symbolic link to a folder is followed (`book/2022 -> /data/2022`, a
/// year moved to another disk), and its entries keep the path through the
/// link: moving a folder and linking it back changes no id and no record.
/// A link that leads inside ENTRIES, or to a folder above one on its way
/// (a loop), is not followed: what it leads to is walked where it is.
///
/// Discovery fails closed: a folder that cannot be read, and a link whose
/// target cannot be reached (a disk not mounted), is reported, never taken
/// as empty, so the run keeps every output that might belong to it.
public enum EntryDiscovery {
    /// A found entry folder and the id it gets when entry.json has none.
    public struct Found: Sendable, Hashable {
        /// The folder as ENTRIES spells it, for reading and messages.
        public var folder: String
        /// ENTRIES absolute with its links resolved, joined with the path
        /// below it as walked (through any link the walk followed): how
        /// the index remembers the folder, the same however ENTRIES is
        /// spelled and wherever a linked folder really is.
        public var canonicalFolder: String
        /// The folder's path relative to ENTRIES, or the folder's own name
        /// when ENTRIES is the entry, spelled as an id is
        /// (`Entry.spelling(ofID:)`): a failed entry is known by it.
        public var defaultID: String
        /// entry.json's stamp as the walk found it, before anything read
        /// it (nil when it is not a regular file).
        var stamp: FileStamp?
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
    /// The folders below `root` are walked on up to `threads` threads
    /// (each sub-folder's tree by one); the result is the same, sorted.
    public static func find(in root: String, excluding cache: String?,
                            threads: Int = 1) throws(PipelineError) -> Result {
        let (top, walker, single) = try start(root, excluding: cache)
        if let single { return single }
        var result = Result(canonicalRoot: walker.canonicalRoot)
        // The top folder first; then each folder below it that is not an
        // entry (a year, a category) is a tree of its own.
        var part = Part()
        let subtrees = walker.visit(Pending(dir: top, rel: "", followed: []), into: &part)
        result.found = part.found
        result.unreadable = part.unreadable
        let parts = Results<Part>(count: subtrees.count)
        WorkPool.run(count: subtrees.count, threads: threads, makeWorker: { () }) { _, i in
            var part = Part()
            var stack = [subtrees[i]]
            while let folder = stack.popLast() {
                stack += walker.visit(folder, into: &part)
            }
            parts.set(i, part)
        }
        // Moved out of the threads' parts, each let go once copied, into one
        // list sized once: growing it part by part held up to twice a large
        // book's list.
        var total = result.found.count
        parts.forEach { _, part in total += part.found.count }
        result.found.reserveCapacity(total)
        parts.consume { _, part in
            result.found += part.found
            result.unreadable += part.unreadable
        }
        result.found.sort { $0.defaultID < $1.defaultID }
        result.unreadable.sort { $0.folder < $1.folder }
        return result
    }

    /// Walks `root` as `find` does, on the calling thread, handing the
    /// entry folders found to `body` up to `chunk` at a time, in no set
    /// order, and keeping none of them: a large book streams through in
    /// constant memory (the unchanged-book check, `RenderRun.checkUnchanged`).
    /// `body` returns false to end the walk early. Returns the folders that
    /// could not be read, ENTRIES with links resolved, and whether the walk
    /// went to its end.
    static func walk(in root: String, excluding cache: String?, chunk: Int,
                     _ body: ([Found]) -> Bool) throws(PipelineError)
        -> (unreadable: [Unreadable], canonicalRoot: String, complete: Bool) {
        let (top, walker, single) = try start(root, excluding: cache)
        if let single { return ([], single.canonicalRoot, body(single.found)) }
        var part = Part()
        var stack = [Pending(dir: top, rel: "", followed: [])]
        while let folder = stack.popLast() {
            stack += walker.visit(folder, into: &part, flushAt: chunk) { part in
                defer { part.found.removeAll(keepingCapacity: true) }
                return body(part.found)
            }
            if part.stopped { return (part.unreadable, walker.canonicalRoot, false) }
        }
        let complete = part.found.isEmpty || body(part.found)
        return (part.unreadable, walker.canonicalRoot, complete)
    }

    /// Opens `root`: the top folder, the walker below it, and when `root`
    /// is itself an entry, the whole result.
    /// Opens ENTRIES, or says why it is not a folder that can be read: a
    /// run checks this before it creates or touches its cache, so a typo
    /// (a file, a missing folder) leaves no cache behind.
    public static func openRoot(_ root: String) throws(PipelineError) -> Directory {
        // An empty path opens as the current folder but joins into paths
        // from the root ("" + "/" + name): refused rather than guessed.
        guard !root.isEmpty else {
            throw .badEntries(path: "\"\"", reason: "an empty path is not a folder (\".\" is the current one)")
        }
        do throws(FileSystemError) {
            return try Directory.open(Self.trimmed(root))
        } catch {
            switch error.problem {
            case .notFound: throw .badEntries(path: root, reason: "no such folder")
            case .notADirectory: throw .badEntries(path: root, reason: "not a folder")
            default: throw .badEntries(path: root, reason: error.problem.description)
            }
        }
    }

    private static func start(_ root: String, excluding cache: String?) throws(PipelineError)
        -> (Directory, Walker, Result?) {
        let top = try openRoot(root)
        let trimmed = Self.trimmed(root)
        let canonicalRoot = Self.canonicalRoot(root)
        do throws(FileSystemError) {
            if let status = try top.status(EntryLoader.fileName) {
                let name = canonicalRoot.split(separator: "/").last.map(String.init) ?? "/"
                var result = Result(canonicalRoot: canonicalRoot)
                result.found = [Found(folder: trimmed, canonicalFolder: canonicalRoot,
                                      defaultID: Entry.spelling(ofID: name), stamp: FileStamp(status))]
                return (top, Walker(root: trimmed, canonicalRoot: canonicalRoot, cacheIdentity: nil), result)
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
        let walker = Walker(root: trimmed, canonicalRoot: canonicalRoot,
                            cacheIdentity: cacheInside ? cache.flatMap { FileSystem.identity(of: $0) } : nil)
        return (top, walker, nil)
    }

    /// ENTRIES without a trailing slash (but "/").
    private static func trimmed(_ root: String) -> String {
        root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// ENTRIES as a walk of it names its canonical folders: absolute,
    /// links resolved.
    static func canonicalRoot(_ root: String) -> String {
        let path = trimmed(root)
        return FileSystem.realPath(path) ?? FileSystem.absolute(path)
    }

    /// What one thread found.
    private struct Part: Sendable {
        var found: [Found] = []
        var unreadable: [Unreadable] = []
        /// A `flush` asked the walk to end.
        var stopped = false
    }

    /// A folder still to visit: its handle, its path below ENTRIES, and
    /// the real paths of the links followed to reach it.
    private struct Pending: Sendable {
        var dir: Directory
        var rel: String
        var followed: [String]
    }

    /// Visits one folder at a time.
    private struct Walker: Sendable {
        var root: String
        var canonicalRoot: String
        var cacheIdentity: FileIdentity?

        /// Lists `folder`, adds the entries and the unreadable folders in
        /// it to `part`, and returns its sub-folders that are not entries,
        /// to visit next.
        func visit(_ folder: Pending, into part: inout Part) -> [Pending] {
            visit(folder, into: &part, flushAt: .max) { _ in true }
        }

        /// `visit`, handing `part` to `flush` whenever it holds `flushAt`
        /// entries, in the middle of a listing too (a book of 100,000
        /// entry folders in one folder streams through). When `flush`
        /// returns false the visit ends, and `part.stopped` says so.
        func visit(_ folder: Pending, into part: inout Part, flushAt: Int,
                   flush: (inout Part) -> Bool) -> [Pending] {
            let (dir, rel) = (folder.dir, folder.rel)
            func unreadable(_ childRel: String, _ reason: String) {
                part.unreadable.append(Unreadable(folder: join(root, childRel),
                                                  canonicalFolder: join(canonicalRoot, childRel), reason: reason))
            }
            let names: [DirectoryEntry]
            do throws(FileSystemError) { names = try dir.list() } catch {
                unreadable(rel, error.problem.description)
                return []
            }
            var next: [Pending] = []
            for entry in names.reversed()
            where (entry.kind == .directory || entry.kind == .symbolicLink) && !entry.name.hasPrefix(".") {
                let childRel = rel.isEmpty ? entry.name : rel + "/" + entry.name
                // Paths are text here: a name that is not UTF-8 cannot be
                // spelled back to the file system. Said so, and held.
                guard entry.nameIsUTF8 else {
                    unreadable(childRel, "its name is not valid UTF-8; rename it to render it")
                    continue
                }
                var followed = folder.followed
                if entry.kind == .symbolicLink {
                    switch link(entry.name, in: dir, childRel: childRel, followed: folder.followed) {
                    case .skip: continue
                    case let .unreachable(reason):
                        unreadable(childRel, reason)
                        continue
                    case let .follow(real): followed.append(real)
                    }
                }
                do throws(FileSystemError) {
                    if entry.kind == .directory, let cacheIdentity, try dir.status(entry.name)?.identity == cacheIdentity {
                        continue
                    }
                    // One `fstatat` through the child, which the listing
                    // gave as a folder (or a link followed to one): most
                    // children are entries, and only folders without
                    // entry.json are opened and searched. A child that
                    // cannot be searched fails here as its opening would.
                    if let status = try dir.status(entry.name + "/" + EntryLoader.fileName) {
                        // ENTRIES given as its canonical path (the usual
                        // case) spells both alike: one string, not two per entry.
                        let path = join(root, childRel)
                        let canonical = root == canonicalRoot ? path : join(canonicalRoot, childRel)
                        part.found.append(Found(folder: path, canonicalFolder: canonical,
                                                defaultID: Entry.spelling(ofID: childRel),
                                                stamp: FileStamp(status)))
                        if part.found.count >= flushAt && !flush(&part) {
                            part.stopped = true
                            return []
                        }
                    } else {
                        let child = entry.kind == .directory ? try dir.folder(entry.name) : try dir.followedFolder(entry.name)
                        next.append(Pending(dir: child, rel: childRel, followed: followed))
                    }
                } catch {
                    unreadable(childRel, error.problem.description)
                }
            }
            return next
        }

        /// What the walk does with the symbolic link `name`.
        enum LinkStep {
            /// Not a folder, or one walked elsewhere: passed by, as a file is.
            case skip
            /// Its target cannot be reached: held, as an unreadable folder.
            case unreachable(String)
            /// A folder outside ENTRIES, at this real path: entered.
            case follow(String)
        }

        /// Follows link `name` (at `childRel`) only to a folder outside
        /// ENTRIES that is neither on the way to it nor inside a folder on
        /// the way (`followed`: the links followed to get here), so no
        /// folder is walked twice and no loop is walked at all.
        func link(_ name: String, in dir: Directory, childRel: String, followed: [String]) -> LinkStep {
            let target: FileStatus?
            let to = dir.linkTarget(name).map { "a symbolic link to \($0)" } ?? "a symbolic link"
            do throws(FileSystemError) { target = try dir.followedStatus(name) } catch {
                return .unreachable("\(to), which cannot be followed: \(error.problem)")
            }
            guard let target else { return .unreachable("\(to), which does not exist (is its disk mounted?)") }
            guard target.kind == .directory, target.identity != cacheIdentity,
                  let real = FileSystem.realPath(join(root, childRel)) else { return .skip }
            func overlaps(_ folder: String) -> Bool {
                folder == real || folder.hasPrefix(real == "/" ? "/" : real + "/")
                    || real.hasPrefix(folder == "/" ? "/" : folder + "/")
            }
            guard !overlaps(canonicalRoot), !followed.contains(where: overlaps) else { return .skip }
            return .follow(real)
        }
    }

    static func join(_ base: String, _ rel: String) -> String {
        rel.isEmpty ? base : (base.hasSuffix("/") ? base + rel : base + "/" + rel)
    }
}

