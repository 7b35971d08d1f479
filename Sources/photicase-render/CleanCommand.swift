import Entries
import Pipeline

/// `photicase-render clean`: empty the cache, or prune what is gone.
enum CleanCommand {
    static let help = """
    Usage: photicase-render clean [--cache DIR] [--prune ENTRIES]

    Without --prune, removes every rendered image the cache's indexes list,
    and the indexes (the log and CACHEDIR.TAG are kept). With --prune
    ENTRIES, removes only the outputs whose entries, days, months or years no
    longer exist under ENTRIES. Only files an index of ours lists are removed;
    a folder without CACHEDIR.TAG or an index is refused.

    Exit status: 0 done, 1 some entries or folders could not be read (nothing
    is pruned then) or a file could not be removed, 2 usage error or not a
    cache, 3 a render holds the cache lock.
    """

    static func run(_ words: ArraySlice<String>) throws -> ExitStatus {
        let args = try Arguments(words, spec: ArgumentSpec(valued: ["cache", "prune"]))
        guard args.positionals.isEmpty else { throw UsageError("clean takes no positional arguments") }
        let cache = try RenderCommand.cacheFolder(args)
        do throws(PipelineError) {
            guard let root = args.values["prune"] else {
                let removed = try CacheCleaner.empty(cache: cache)
                Console.out("photicase-render: removed \(removed) files from \(cache)")
                return .success
            }
            var entries: [Entry] = []
            let discovery = try EntryDiscovery.find(in: root, excluding: cache)
            var failed = !discovery.unreadable.isEmpty
            for folder in discovery.unreadable {
                Console.error("photicase-render: \(folder.folder): cannot read folder (\(folder.reason))")
            }
            for found in discovery.found {
                do {
                    entries.append(try RenderCommand.loadEntry(found.folder, found.canonicalFolder, found.defaultID).entry)
                } catch {
                    Console.error("photicase-render: \(error)")
                    failed = true
                }
            }
            // An unreadable entry or folder might still own outputs: prune nothing.
            if failed {
                Console.error("photicase-render: nothing pruned, since not every entry could be read")
                return .inputFailure
            }
            let removed = try CacheCleaner.prune(cache: cache, entries: entries)
            for path in removed { Console.out("removed \(path)") }
            Console.out("photicase-render: removed \(removed.count) files from \(cache)")
            return .success
        } catch {
            Console.error("photicase-render: \(error)")
            switch error {
            case .locked: return .locked
            case .file: return .inputFailure
            default: return .usage
            }
        }
    }
}
