import Foundation
import Entries
#if canImport(Glibc)
import Glibc
#endif

/// `clean`: empties a cache, or with `--prune` removes only the outputs
/// whose entries or dates are gone. Also sweeps temporary files left by
/// killed runs.
public enum CacheCleaner {
    /// Output folders; nothing outside them (and the manifests) is touched.
    static let folders = ["tickets", "days", "months"]

    /// Removes every output and manifest; keeps the log. Returns the number
    /// of files removed.
    public static func empty(cache: String) throws -> Int {
        let layout = CacheLayout(root: cache)
        let lock = try CacheLock(path: layout.lock, cacheDisplay: cache, wait: false)
        defer { withExtendedLifetime(lock) {} }
        var removed = 0
        for folder in folders {
            removed += countFiles(layout.path(folder))
            try? FileManager.default.removeItem(atPath: layout.path(folder))
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
        where name.hasPrefix("manifest") && name.hasSuffix(".json") {
            unlink(layout.path(name))
        }
        RenderLog(path: layout.log)?.write("clean: removed \(removed) outputs")
        return removed
    }

    /// Removes outputs of entries, days and months not in `entries`
    /// (tickets by id, days by date, months by month), and their manifest
    /// records. Returns the removed cache-relative paths.
    public static func prune(cache: String, entries: [Entry]) throws -> [String] {
        let layout = CacheLayout(root: cache)
        let lock = try CacheLock(path: layout.lock, cacheDisplay: cache, wait: false)
        defer { withExtendedLifetime(lock) {} }
        let ids = Set(entries.map { SafeName.encode($0.id) })
        let days = Set(entries.map { $0.date.description })
        let months = Set(entries.map { MonthKey($0.date).description })
        var removed: [String] = []
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: layout.path("tickets"))) ?? [] where !ids.contains(name) {
            for file in ((try? fm.contentsOfDirectory(atPath: layout.path("tickets/\(name)"))) ?? []).sorted() {
                removed.append("tickets/\(name)/\(file)")
            }
            try? fm.removeItem(atPath: layout.path("tickets/\(name)"))
        }
        for (folder, keep) in [("days", days), ("months", months)] {
            for name in (try? fm.contentsOfDirectory(atPath: layout.path(folder))) ?? [] {
                let stem = name.split(separator: ".").first.map(String.init) ?? name
                if !keep.contains(stem) && !name.hasPrefix(".") {
                    unlink(layout.path("\(folder)/\(name)"))
                    removed.append("\(folder)/\(name)")
                }
            }
        }
        // Forget what was removed, in every (shard) manifest.
        let gone = Set(removed)
        for name in (try? fm.contentsOfDirectory(atPath: cache)) ?? [] where name.hasPrefix("manifest") && name.hasSuffix(".json") {
            var m = Manifest.load(layout.path(name))
            let before = m.outputs.count
            m.outputs = m.outputs.filter { !gone.contains($0.key) }
            if m.outputs.count != before { try m.save(layout.path(name)) }
        }
        RenderLog(path: layout.log)?.write("clean --prune: removed \(removed.count) outputs")
        return removed.sorted()
    }

    /// Deletes `.name.tmp-PID-N` files whose writer is no longer running
    /// (a run killed between writing and renaming).
    public static func sweepTemporaryFiles(cache: String) {
        let layout = CacheLayout(root: cache)
        var dirs = [cache] + folders.map { layout.path($0) }
        dirs += ((try? FileManager.default.contentsOfDirectory(atPath: layout.path("tickets"))) ?? [])
            .map { layout.path("tickets/\($0)") }
        for dir in dirs {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] {
                guard name.hasPrefix("."), let range = name.range(of: ".tmp-", options: .backwards) else { continue }
                let parts = name[range.upperBound...].split(separator: "-")
                guard parts.count == 2, let pid = Int32(parts[0]) else { continue }
                if pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
                    unlink(dir + "/" + name)
                }
            }
        }
    }

    private static func countFiles(_ dir: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: dir) else { return 0 }
        var n = 0
        for case let rel as String in walker {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir + "/" + rel, isDirectory: &isDir), !isDir.boolValue { n += 1 }
        }
        return n
    }
}
