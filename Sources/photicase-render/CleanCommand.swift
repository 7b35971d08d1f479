import Entries
import Pipeline

/// `photicase-render clean`: empty the cache, or prune what is gone.
enum CleanCommand {
    static let help = """
    Usage: photicase-render clean [--cache DIR] [--prune ENTRIES]

    Without --prune, removes every rendered image and manifest from the cache
    (the log is kept). With --prune ENTRIES, removes only the outputs whose
    entries, days or months no longer exist under ENTRIES.

    Exit status: 0 done, 1 some entries could not be read (nothing is pruned
    then), 2 usage error, 3 a render holds the cache lock.
    """

    static func run(_ words: ArraySlice<String>) throws -> ExitStatus {
        let args = try Arguments(words, spec: ArgumentSpec(valued: ["cache", "prune"]))
        guard args.positionals.isEmpty else { throw UsageError("clean takes no positional arguments") }
        let cache = try RenderCommand.cacheFolder(args)
        do {
            guard let root = args.values["prune"] else {
                let removed = try CacheCleaner.empty(cache: cache)
                Console.out("photicase-render: removed \(removed) files from \(cache)")
                return .success
            }
            var entries: [Entry] = []
            var failed = false
            for found in try EntryDiscovery.find(in: root, excluding: cache) {
                do {
                    entries.append(try RenderCommand.loadEntry(found.folder, found.defaultID).entry)
                } catch {
                    Console.error("photicase-render: \(error)")
                    failed = true
                }
            }
            // An unreadable entry might still own outputs: prune nothing.
            if failed { return .inputFailure }
            let removed = try CacheCleaner.prune(cache: cache, entries: entries)
            for path in removed { Console.out("removed \(path)") }
            Console.out("photicase-render: removed \(removed.count) files from \(cache)")
            return .success
        } catch let error as PipelineError {
            Console.error("photicase-render: \(error)")
            if case .locked = error { return .locked }
            return .usage
        }
    }
}
