import Entries
import FileSystem

/// `clean`: empties a cache, or with `--prune` removes only the outputs
/// whose entries or dates are gone. Both remove only what an index of
/// ours lists, at the layout's paths, under every lock (shard locks too).
public enum CacheCleaner {
    /// Removes every output the indexes list, and the indexes; keeps
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
        for name in store.indexNames() {
            let index = try store.openIndex(name)
            var paths: [String] = []
            do throws(SQLiteError) { try index.forEachOutput { path, _ in paths.append(path) } } catch {
                throw .badCache(path: index.displayName, reason: error.message)
            }
            index.close()
            for path in paths.sorted() {
                do throws(FileSystemError) {
                    if try store.remove(path) { removed += 1 }
                } catch {
                    problems.append(error)
                }
            }
            guard problems.isEmpty else { break }
            do throws(FileSystemError) { try CacheIndex.removeFiles(name, in: store) } catch { problems.append(error) }
        }
        for folder in CacheLayout.folders { store.root.removeFolderIfEmpty(folder) }
        store.openLog()?.write("clean: removed \(removed) outputs")
        if let first = problems.first { throw .file(first) }
        return removed
    }

    /// Removes the outputs owned by entries, days, months and years not in
    /// `entries` (tickets by id, days by date, months by month, years in
    /// review by year), and their index records, in every (shard) index.
    /// The book's pages and the site's style files are kept: they show the
    /// whole book, and the next `render` updates them. Returns the removed
    /// cache-relative paths.
    public static func prune(cache: String, entries: [Entry]) throws(PipelineError) -> [String] {
        let store = try CacheStore(path: cache, create: false)
        guard store.isMarked else { throw .notACache(path: store.layout.root) }
        let locks = try store.lockAll()
        defer { withExtendedLifetime(locks) {} }
        let ids = Set(entries.map(\.id))
        let owners = ids.union(entries.map { $0.date.description }).union(entries.map { MonthKey($0.date).description })
            .union(entries.map { CacheLayout.yearText($0.date.year) }).union([CacheLayout.bookOwner, "site"])
        var removed: [String] = []
        for name in store.indexNames() {
            let index = try store.openIndex(name)
            defer { index.close() }
            var gone: [String] = []
            var records: [String: Manifest.EntryRecord] = [:]
            do throws(SQLiteError) {
                try index.forEachOutput { path, record in if !owners.contains(record.owner) { gone.append(path) } }
                try index.forEachEntry { id, record in if ids.contains(id) { records[id] = record } }
            } catch {
                throw .badCache(path: index.displayName, reason: error.message)
            }
            for path in gone.sorted() {
                do throws(FileSystemError) {
                    try store.remove(path)
                } catch {
                    try? index.commit()
                    throw .file(error)
                }
                index.removeOutput(path)
                removed.append(path)
            }
            do throws(SQLiteError) { try index.commit(entries: .init(records)) } catch {
                throw .badCache(path: index.displayName, reason: "cannot be updated: \(error.message)")
            }
        }
        store.openLog()?.write("clean --prune: removed \(removed.count) outputs")
        return removed.sorted()
    }
}
