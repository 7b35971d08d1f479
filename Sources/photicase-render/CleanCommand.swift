import PhotiCaseDiary
import PhotiCasePipeline
#if canImport(Glibc)
import Glibc
#endif

/// `photicase-render clean`: empty the cache, or prune what is gone.
enum CleanCommand {
    /// Every option `clean` takes, in the order its help lists them: the
    /// parser's spec and the help are both made from this list.
    static let options: [Option] = [
        .valued("cache", "DIR", """
            cache folder (default $XDG_CACHE_HOME/photicase-render,
            else ~/.cache/photicase-render)
            """),
        .valued("prune", "ENTRIES", """
            remove only what is provably gone from ENTRIES
            (instead of emptying the cache)
            """),
        .valued("today", "YYYY-MM-DD", """
            the day render marks on month sheets (default:
            today); its month's sheet is kept
            """),
        .flag("allow-empty", """
            prune even when ENTRIES holds no entry at all
            (refused otherwise: an unmounted disk?)
            """),
    ]

    static let help = """
    Usage: photicase-render clean [--cache DIR] [--prune ENTRIES [--today YYYY-MM-DD] [--allow-empty]]

    Without --prune, removes every rendered image the cache's indexes list,
    and the indexes (the log and CACHEDIR.TAG are kept). With --prune
    ENTRIES, removes only the outputs of entries that are provably gone (not
    under ENTRIES, and their recorded folder no longer holds entry.json), and
    of the days, months and years no remaining entry shows. Only files an
    index of ours lists are removed; a folder without CACHEDIR.TAG or an index
    is refused.

    \(Option.helpLines(options, column: 26))

    Exit status: 0 done, 1 some entries or folders could not be read (nothing
    is pruned then) or a file could not be removed, 2 usage error, not a
    cache, or ENTRIES holds no entry over a cache that records some, 3 a
    render holds the cache lock.
    """

    static func run(_ words: ArraySlice<String>) throws -> ExitStatus {
        let args = try Arguments(words, spec: ArgumentSpec(options))
        guard args.positionals.isEmpty else { throw UsageError("clean takes no positional arguments") }
        let cache = try RenderCommand.cacheFolder(args)
        // Only pruning keeps a month by today; an empty-out would ignore it.
        for option in ["today", "allow-empty"] where args.values["prune"] == nil
            && (args.values[option] != nil || args.flags.contains(option)) {
            throw UsageError("--\(option) goes with --prune ENTRIES")
        }
        let today = try RenderCommand.today(args)
        let warn: (String) -> Void = { Console.error("photicase-render: warning: \($0)") }
        do throws(PipelineError) {
            guard let root = args.values["prune"] else {
                var kept: [String] = []
                let removed = try CacheCleaner.empty(cache: cache, notice: warn) { paths, why in
                    kept = paths
                    let shown = paths.prefix(10).map { cache + "/" + $0 }.joined(separator: ", ")
                    warn("left \(paths.count) files at the cache's output paths (\(shown)"
                         + (paths.count > 10 ? " and \(paths.count - 10) more" : "") + "): \(why); "
                         + "`render` writes over those it makes, or remove them by hand")
                }
                Console.out("photicase-render: removed \(removed) files from \(cache)"
                            + (kept.isEmpty ? "" : ", left \(kept.count)"))
                return kept.isEmpty ? .success : .inputFailure
            }
            let book = try BookLoader.entries(in: root, excluding: cache, jobs: RenderCommand.cores,
                                              loadEntry: diaryEntryLoading(kinds: nil))
            let entries = book.entries
            for (_, failure) in book.failures { Console.error("photicase-render: \(failure)") }
            let failed = !book.failures.isEmpty
            // An unreadable entry or folder might still own outputs: prune nothing.
            if failed {
                Console.error("photicase-render: nothing pruned, since not every entry could be read")
                return .inputFailure
            }
            let removed = try CacheCleaner.prune(cache: cache, entries: entries, today: today,
                                                 entriesPath: root, allowEmpty: args.flags.contains("allow-empty"),
                                                 notice: warn)
            for path in removed { Console.out("removed \(path)") }
            Console.out("photicase-render: removed \(removed.count) files from \(cache)")
            return .success
        } catch {
            Console.error("photicase-render: \(error)")
            switch error {
            case .locked, .indexInUse: return .locked
            case .file: return .inputFailure
            default: return .usage
            }
        }
    }
}
