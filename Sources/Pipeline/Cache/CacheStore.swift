import Foundation
import PhotiCaseDiary
import PhotiCaseFileSystem

/// The cache folder as a closed world. Every path it touches comes from
/// `CacheLayout`, is opened relative to the cache root's handle, and never
/// passes through a symbolic link: a link planted inside the cache (to
/// `/etc`, to the user's photos) is refused, not followed.
public final class CacheStore: @unchecked Sendable {
    // Sendable: `openFolders` is read and written only under `folderLock`; the
    // rest is let.
    public let layout: CacheLayout
    let root: Directory
    private var openFolders: [String: Directory] = [:]
    private let folderLock = NSLock()
    /// The root with every link resolved: SQLite opens the index by this
    /// name, and refuses any link in it.
    let canonicalRoot: String

    /// The standard cache-directory tag (bford.info/cachedir): backup
    /// tools skip the folder, and `clean` knows the folder is ours.
    static let tagContents = "Signature: 8a477f597d28d172789f06886806bc55\n"
        + "# This file is a cache directory tag created by photicase-render.\n"
        + "# For information about cache directory tags, see https://bford.info/cachedir/\n"

    /// Opens the cache at `path`. With `create`, makes the folder (and its
    /// parents) when missing and tags it; an existing folder must be
    /// empty, tagged, or hold a manifest, so a mistyped `--cache ~/Photos`
    /// is refused instead of written into.
    public init(path: String, create: Bool) throws(PipelineError) {
        layout = CacheLayout(root: path)
        if create {
            do throws(FileSystemError) {
                try FileSystem.makeDirectories(layout.root)
            } catch {
                // `--cache notes.txt`: say what is there, not how mkdir failed.
                if let status = try? FileSystem.status(layout.root), status.kind != .directory {
                    throw .badCache(path: layout.root, reason: "\(status.kind.phrase), not a folder")
                }
                throw .badCache(path: error.path, reason: "cannot create folder: \(error.problem)")
            }
        }
        do throws(FileSystemError) {
            root = try Directory.open(layout.root)
        } catch {
            if case .notFound = error.problem { throw .badCache(path: layout.root, reason: "no such cache folder") }
            throw .badCache(path: layout.root, reason: error.problem.description)
        }
        canonicalRoot = FileSystem.realPath(layout.root) ?? layout.root
        guard create else { return }
        let names: [DirectoryEntry]
        do throws(FileSystemError) { names = try root.list() } catch {
            throw .badCache(path: layout.root, reason: error.problem.description)
        }
        if !isOurs(names) {
            guard names.allSatisfy({ $0.name.hasPrefix(".") }) else {
                throw .notACache(path: layout.root)
            }
        }
        if !names.contains(where: { $0.name == CacheLayout.tagName }) {
            do throws(FileSystemError) {
                try root.write(CacheLayout.tagName, bytes: Array(CacheStore.tagContents.utf8))
            } catch {
                throw .badCache(path: layout.root, reason: error.description)
            }
        }
    }

    /// True when the folder carries our tag or an index of ours.
    public var isMarked: Bool { isOurs((try? root.list()) ?? []) }

    private func isOurs(_ names: [DirectoryEntry]) -> Bool {
        names.contains { entry in
            guard entry.kind == .regular else { return false }
            if entry.name == CacheLayout.tagName {
                let bytes = (try? root.readFile(entry.name, limit: 4096)) ?? []
                return bytes.starts(with: Array("Signature: 8a477f597d28d172789f06886806bc55".utf8))
            }
            // By content, not by name: `manifest.json` is a web app's
            // manifest as often as ours, and another program may keep an
            // `index.sqlite`. Taking such a folder for a cache would
            // overwrite its index.html and set its files aside.
            if CacheLayout.isManifestName(entry.name) { return loadManifest(entry.name).isOurs }
            if CacheLayout.isIndexName(entry.name) { return holdsIndexOfOurs(entry.name) }
            return false
        }
    }

    /// Whether `name` is an SQLite database that carries our
    /// `PRAGMA application_id` in its header (every index made or opened
    /// for writing by this build has it; an older build's index is known
    /// by the cache's tag, which every build writes first).
    private func holdsIndexOfOurs(_ name: String) -> Bool {
        guard let header = try? root.readPrefix(name, count: 100), header.count == 100,
              header.starts(with: Array("SQLite format 3\0".utf8)) else { return false }
        let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return id == CacheIndex.applicationID
    }

    /// The path of `relative` for messages.
    public func display(_ relative: String) -> String { layout.path(relative) }

    // MARK: - Outputs

    /// Writes an output atomically, making its folders (never through a link).
    public func write(_ relative: String, bytes: [UInt8], durable: Bool = true) throws(FileSystemError) {
        let (folder, name) = FileSystem.split(relative)
        try root.folder(folder, create: true).write(name, bytes: bytes, durable: durable)
    }

    /// A file to land as output `relative` (`StagedFile`), in its folder,
    /// made as needed (never through a link).
    public func stage(_ relative: String) throws(FileSystemError) -> StagedFile {
        let (folder, name) = FileSystem.split(relative)
        return try root.folder(folder, create: true).stage(name)
    }

    /// The bytes of output `relative`, or nil when it is missing, a link or
    /// unreadable.
    public func read(_ relative: String, limit: Int) -> [UInt8]? {
        let (folder, name) = FileSystem.split(relative)
        return try? openedFolder(folder)?.readFile(name, limit: limit)
    }

    /// The first `count` bytes of output `relative` (all of a shorter
    /// one), or nil when it is missing, a link or unreadable.
    public func readPrefix(_ relative: String, count: Int) -> [UInt8]? {
        let (folder, name) = FileSystem.split(relative)
        return try? openedFolder(folder)?.readPrefix(name, count: count)
    }

    /// The last `count` bytes of output `relative` (all of a shorter
    /// one), or nil when it is missing, a link or unreadable.
    public func readSuffix(_ relative: String, count: Int) -> [UInt8]? {
        let (folder, name) = FileSystem.split(relative)
        return try? openedFolder(folder)?.readSuffix(name, count: count)
    }

    /// True when `relative` is a regular file (a link there does not count).
    public func holdsFile(_ relative: String) -> Bool {
        fileSize(relative) != nil
    }

    /// Whether any of the cache-relative `folders` holds a regular file
    /// (a missing or unreadable folder holds none).
    public func holdsAnyFile(in folders: [String]) -> Bool {
        folders.contains { folder in
            guard let dir = try? root.folder(folder) else { return false }
            return ((try? dir.list()) ?? []).contains { $0.kind == .regular }
        }
    }

    /// The size of `relative` when it is a regular file (a link there
    /// does not count), else nil.
    public func fileSize(_ relative: String) -> Int64? {
        let (folder, name) = FileSystem.split(relative)
        guard let dir = openedFolder(folder), let status = try? dir.status(name), status.kind == .regular else {
            return nil
        }
        return status.size
    }

    /// Folder handles kept for reads: an unchanged book's rerun checks tens
    /// of thousands of outputs in a few folders (days/, site/entries/), and
    /// opening each path again is most of that. Bounded, so the many ticket
    /// folders cannot use up file descriptors. A folder replaced meanwhile
    /// is seen as it was when opened: reads only, and writes open afresh.
    private func openedFolder(_ folder: String) -> Directory? {
        folderLock.lock()
        if let dir = openFolders[folder] {
            folderLock.unlock()
            return dir
        }
        folderLock.unlock()
        guard let dir = try? root.folder(folder) else { return nil }
        folderLock.lock()
        if openFolders.count >= 32 { openFolders.removeAll() }
        openFolders[folder] = dir
        folderLock.unlock()
        return dir
    }

    /// Removes an output and then its ticket folder when that is empty.
    /// Refuses to remove anything but a regular file or a link (a folder
    /// planted at an output's name stays).
    @discardableResult
    public func remove(_ relative: String) throws(FileSystemError) -> Bool {
        let (folder, name) = FileSystem.split(relative)
        let dir: Directory
        do throws(FileSystemError) { dir = try root.folder(folder) } catch {
            if case .notFound = error.problem { return false }
            throw error
        }
        guard let status = try dir.status(name) else { return false }
        guard status.kind == .regular || status.kind == .symbolicLink else {
            throw FileSystemError(path: display(relative), wrongKind: status.kind)
        }
        let removed = try dir.remove(name)
        // Keep tickets/, days/ and months/ themselves.
        let parts = folder.split(separator: "/")
        if parts.count == 2, let top = try? root.folder(String(parts[0])) {
            top.removeFolderIfEmpty(String(parts[1]))
        }
        return removed
    }

    /// Deletes temporary files left by killed runs in the root and the
    /// output folders, without entering links.
    public func sweepTemporaryFiles() {
        var folders: [Directory] = [root]
        let nested = Kinds.nestedFolders
        for top in Kinds.folders {
            guard let dir = try? root.folder(top) else { continue }
            folders.append(dir)
            if nested.contains(top) {
                for entry in (try? dir.list()) ?? [] where entry.kind == .directory {
                    if let sub = try? dir.folder(entry.name) { folders.append(sub) }
                }
            }
        }
        for dir in folders {
            for entry in (try? dir.list()) ?? [] where entry.kind == .regular {
                // The age only matters for a writer of another process
                // space (another machine, another container): stat those only.
                guard Directory.isTemporaryName(entry.name) else { continue }
                let modified = (try? dir.status(entry.name))??.mtimeNanoseconds
                let age = modified.map { (FileSystem.nowNanoseconds() - $0) / 1_000_000_000 }
                if Directory.isAbandonedTemporary(entry.name, ageSeconds: age) { _ = try? dir.remove(entry.name) }
            }
        }
    }

    /// The files at the layout's paths (`Kinds.parse` accepts them: an
    /// output's folder and name) that the cache holds now, sorted; the
    /// writers' temporary files aside.
    public func layoutFiles() -> [String] {
        var found: [String] = Kinds.rootFiles.filter { (try? root.status($0))??.kind == .regular }
        func walk(_ dir: Directory, _ prefix: String, depth: Int) {
            for entry in (try? dir.list()) ?? [] {
                let path = prefix + "/" + entry.name
                if entry.kind == .regular, !Directory.isTemporaryName(entry.name), Kinds.parse(path) != nil {
                    found.append(path)
                } else if entry.kind == .directory, depth > 0, let sub = try? dir.folder(entry.name) {
                    walk(sub, path, depth: depth - 1)
                }
            }
        }
        for top in Kinds.folders {
            guard let dir = try? root.folder(top) else { continue }
            walk(dir, top, depth: 1)
        }
        return found.sorted()
    }

    // MARK: - Manifests, log, locks

    /// The names of every index in the cache (one per shard layout),
    /// counting a manifest.json of ours not yet migrated as its index.
    public func indexNames() -> [String] {
        var names: Set<String> = []
        for entry in (try? root.list()) ?? [] where entry.kind == .regular {
            if CacheLayout.isIndexName(entry.name) { names.insert(entry.name) }
            if CacheLayout.isManifestName(entry.name) && loadManifest(entry.name).isOurs {
                names.insert(CacheLayout.indexName(forManifest: entry.name))
            }
        }
        return names.sorted()
    }

    /// Indexes set aside as damaged (`index*.sqlite.corrupt`).
    func setAsideIndexNames() -> [String] {
        ((try? root.list()) ?? []).filter { entry in
            entry.kind == .regular && entry.name.hasSuffix(".corrupt")
                && CacheLayout.isIndexName(String(entry.name.dropLast(".corrupt".count)))
        }.map(\.name).sorted()
    }

    /// Opens index `name` (see `CacheIndex.open`). With `wait`, an index
    /// another program holds open is waited for: `waiting` hears of it
    /// once, and `stop` ends the wait.
    public func openIndex(_ name: String, readOnly: Bool = false, wait: Bool,
                          waiting: ((String) -> Void)? = nil, stop: StopRequest? = nil) throws(PipelineError) -> CacheIndex {
        var announced = false
        while true {
            do throws(PipelineError) {
                return try openIndex(name, readOnly: readOnly)
            } catch {
                guard wait, case let .indexInUse(path) = error else { throw error }
                if let signal = stop?.signal { throw .stopped(signal: signal) }
                if !announced {
                    waiting?(path)
                    announced = true
                }
                usleep(100_000)
            }
        }
    }

    /// Opens index `name` (see `CacheIndex.open`).
    public func openIndex(_ name: String, readOnly: Bool = false) throws(PipelineError) -> CacheIndex {
        try CacheIndex.open(in: self, name: name, readOnly: readOnly)
    }

    /// Reads manifest.json `name` (the first version's index), to migrate
    /// it. A missing one is empty and not found; one that cannot be parsed
    /// is empty with a warning (everything renders again, which is safe,
    /// and nothing is removed, since removal needs a record). Records whose
    /// output paths are not the layout's are dropped with a warning.
    func loadManifest(_ name: String) -> (Manifest, isOurs: Bool, warnings: [String]) {
        let bytes: [UInt8]
        do throws(FileSystemError) {
            bytes = try root.readFile(name, limit: 1 << 30)
        } catch {
            if case .notFound = error.problem { return (Manifest(), false, []) }
            return (Manifest(), false, ["\(error); the manifest is ignored"])
        }
        // Not ours (a web app's manifest.json): ignored and left in place;
        // only a manifest that imported is ever removed.
        guard let decoded = try? JSONDecoder().decode(Manifest.self, from: Data(bytes)),
              decoded.version == Manifest.currentVersion else {
            return (Manifest(), false, ["\(display(name)): not a manifest of this version; ignored and left as it is"])
        }
        var manifest = decoded
        var warnings: [String] = []
        for path in manifest.outputs.keys.sorted() where Kinds.parse(path) == nil {
            manifest.outputs[path] = nil
            warnings.append("\(display(name)): ignoring record \(JSONWriter.quoted(path)), which is not a cache output path")
        }
        return (manifest, true, warnings)
    }

    /// Opens render.log for appending; throws when it cannot be written
    /// (not ours to write, a link planted in its place).
    public func openLog(shard: Shard = .all) throws(FileSystemError) -> RenderLog {
        // Bounded: a cron job every 15 minutes adds about 37 KB a day. Past
        // `logLimit` the log becomes render.log.1 (replacing the one
        // before), so the cache keeps at most about twice the limit of it.
        if let size = (try? root.status(CacheLayout.logName))??.size, size > CacheStore.logLimit {
            try? root.rename(CacheLayout.logName, to: CacheLayout.logName + ".1")
        }
        return RenderLog(try root.appender(CacheLayout.logName), shard: shard)
    }

    /// The size past which the log is rotated (`openLog`).
    public static let logLimit: Int64 = 4 << 20

    /// The locks a render run takes: the cache lock alone, or for a shard
    /// the cache lock shared (so `clean` and unsharded runs wait) and the
    /// shard's own lock exclusive.
    /// With `wait`, a held lock is waited for: `waiting` hears of it once,
    /// with the holder's pid, and `stop` ends the wait.
    public func lockForRun(shard: Shard, wait: Bool, waiting: ((Int32?) -> Void)? = nil,
                           stop: StopRequest? = nil) throws(PipelineError) -> [FileLock] {
        let wait = wait ? Waiting(announce: waiting, stop: stop) : nil
        guard shard.count > 1 else { return [try take(CacheLayout.lockName, exclusive: true, wait: wait)] }
        return [try take(CacheLayout.lockName, exclusive: false, wait: wait),
                try take(CacheLayout.lockName + shard.fileSuffix, exclusive: true, wait: wait)]
    }

    /// The locks a dry run takes: the same ones shared, and only those
    /// whose files exist (a dry run creates nothing), so it reads the index
    /// as a run leaves it, never half written, and a run waits for it.
    public func lockForDryRun(shard: Shard, wait: Bool, waiting: ((Int32?) -> Void)? = nil,
                              stop: StopRequest? = nil) throws(PipelineError) -> [FileLock] {
        let wait = wait ? Waiting(announce: waiting, stop: stop) : nil
        let names = [CacheLayout.lockName] + (shard.count > 1 ? [CacheLayout.lockName + shard.fileSuffix] : [])
        var locks: [FileLock] = []
        for name in names where (try? root.status(name)) != nil {
            // A lock file this user cannot open is a cache it cannot read
            // whole either: the dry run goes on and says what it can.
            guard let lock = try? take(name, exclusive: false, wait: wait, readOnly: true) else {
                // Opened but not taken means another run holds it: that is
                // worth saying; an unopenable file is not.
                var heldByAnother = false
                do { heldByAnother = try root.lock(name, exclusive: false, wait: false, readOnly: true) == nil } catch {}
                if heldByAnother {
                    throw .locked(cache: layout.root, holder: root.lockHolder(CacheLayout.lockName))
                }
                continue
            }
            locks.append(lock)
        }
        return locks
    }

    /// How a run waits for a held lock.
    private struct Waiting {
        var announce: ((Int32?) -> Void)?
        var stop: StopRequest?
    }

    /// Every lock: the cache lock exclusive, and each shard lock present.
    public func lockAll() throws(PipelineError) -> [FileLock] {
        var locks = [try take(CacheLayout.lockName, exclusive: true, wait: nil)]
        for entry in (try? root.list()) ?? [] where entry.kind == .regular && entry.name.hasPrefix(CacheLayout.lockName + "-") {
            locks.append(try take(entry.name, exclusive: true, wait: nil))
        }
        return locks
    }

    /// Takes lock `name`; a held one fails the run at once (exit status
    /// 3), or with `wait` is tried again every tenth of a second. Polled
    /// rather than a blocking `flock`, so a stop request (SIGTERM while
    /// waiting) ends the wait instead of being retried as an interrupted call.
    private func take(_ name: String, exclusive: Bool, wait: Waiting?, readOnly: Bool = false) throws(PipelineError) -> FileLock {
        var announced = false
        while true {
            let lock: FileLock?
            do throws(FileSystemError) {
                lock = try root.lock(name, exclusive: exclusive, wait: false, readOnly: readOnly)
            } catch {
                throw .badCache(path: display(name), reason: error.problem.description)
            }
            if let lock { return lock }
            let holder = root.lockHolder(CacheLayout.lockName)
            guard let wait else { throw .locked(cache: layout.root, holder: holder) }
            if let signal = wait.stop?.signal { throw .stopped(signal: signal) }
            if !announced {
                wait.announce?(holder)
                announced = true
            }
            usleep(100_000)
        }
    }
}
