import Entries
import FileSystem

/// `clean`: empties a cache, or with `--prune` removes only the outputs
/// whose entries or dates are gone. Both remove only what a manifest of
/// ours lists, at the layout's paths, under every lock (shard locks too).
public enum CacheCleaner {
    /// Removes every output the manifests list, and the manifests; keeps
    /// the log and the cache tag. Refuses a folder that is not a cache of
    /// ours (no CACHEDIR.TAG and no manifest). Returns the number of files
    /// removed.
    public static func empty(cache: String) throws(PipelineError) -> Int {
        let store = try CacheStore(path: cache, create: false)
        guard store.isMarked else { throw .notACache(path: store.layout.root) }
        let locks = try store.lockAll()
        defer { withExtendedLifetime(locks) {} }
        store.sweepTemporaryFiles()
        var removed = 0
        var problems: [FileSystemError] = []
        for name in store.manifestNames() {
            let (manifest, _) = store.loadManifest(name)
            for path in manifest.outputs.keys.sorted() {
                do throws(FileSystemError) {
                    if try store.remove(path) { removed += 1 }
                } catch {
                    problems.append(error)
                }
            }
            guard problems.isEmpty else { break }
            do throws(FileSystemError) { try store.root.remove(name) } catch { problems.append(error) }
        }
        for folder in CacheLayout.folders { store.root.removeFolderIfEmpty(folder) }
        store.openLog()?.write("clean: removed \(removed) outputs")
        if let first = problems.first { throw .file(first) }
        return removed
    }

    /// Removes outputs of entries, days and months not in `entries`
    /// (tickets by id, days by date, months by month), and their manifest
    /// records, in every (shard) manifest. Returns the removed
    /// cache-relative paths.
    public static func prune(cache: String, entries: [Entry]) throws(PipelineError) -> [String] {
        let store = try CacheStore(path: cache, create: false)
        guard store.isMarked else { throw .notACache(path: store.layout.root) }
        let locks = try store.lockAll()
        defer { withExtendedLifetime(locks) {} }
        let ids = Set(entries.map(\.id))
        let owners = ids.union(entries.map { $0.date.description }).union(entries.map { MonthKey($0.date).description })
        var removed: [String] = []
        for name in store.manifestNames() {
            var (manifest, _) = store.loadManifest(name)
            for (path, record) in manifest.outputs.sorted(by: { $0.key < $1.key }) where !owners.contains(record.owner) {
                do throws(FileSystemError) {
                    try store.remove(path)
                } catch {
                    throw .file(error)
                }
                manifest.outputs[path] = nil
                removed.append(path)
            }
            manifest.entries = manifest.entries.filter { ids.contains($0.key) }
            do throws(FileSystemError) { try store.saveManifest(manifest, name: name) } catch { throw .file(error) }
        }
        store.openLog()?.write("clean --prune: removed \(removed.count) outputs")
        return removed.sorted()
    }
}
