import PhotiCaseRaster
import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCasePipeline
import PhotiCaseSite
#if canImport(Glibc)
import Glibc
#endif

/// `photicase-render render ENTRIES`: the batch job.
enum RenderCommand {
    /// Every option `render` takes, in the order its help lists them: the
    /// parser's spec and the help are both made from this list.
    static var options: [Option] { [
        .valued("cache", "DIR", """
            cache folder (default $XDG_CACHE_HOME/photicase-render,
            else ~/.cache/photicase-render)
            """),
        .valued("only", "LIST", """
            the kinds to make, comma-separated (default all):
            \(Kinds.help(indent: 0))
            a cache keeps the kinds it holds that are made
            from the ones listed (or they from them) in
            agreement: see docs/cache.md
            """),
        .flag("no-site", """
            everything --only says but the site (a cache
            that holds a site keeps it up to date)
            """),
        .valued("site-url", "URL", """
            where the cache folder is published (http or
            https): entry and year pages get link previews
            (Open Graph, Twitter cards) with absolute URLs
            """),
        .valued("format", "png|jpeg|webp", """
            one format for all images (default: WebP tickets,
            JPEG story and feed images, day thumbnails, book
            pages and years, PNG month sheets)
            """),
        .valued("quality", "Q", """
            one quality, 1-100, for every WebP and JPEG output
            (default: each output's own, 88-93, chosen to
            keep 40 dB); lower is smaller and faster
            """),
        .valued("jobs", "N", "worker threads (default: number of cores)"),
        .flag("force", "render everything again"),
        .valued("progress", "MODE", "auto (bar on a terminal, else none), bar, json, none"),
        .flag("dry-run", "list what would be rendered and removed"),
        .valued("shard", "K/N", """
            render only shard K of N (0 <= K < N); auto: K/N
            of this Slurm array task or Indexed Job pod
            """),
        .flag("wait", "wait for another run's lock instead of exiting 3"),
        .valued("scale", "N", "ticket pixels per point: 1, 2 (default) or 3"),
        .valued("thumbnail-size", "N", "day thumbnail side in pixels (default 256)"),
        .valued("page-size", "N", "entries per gallery and list page (default 12)"),
        .valued("today", "YYYY-MM-DD", "the day marked on month sheets (default: today)"),
        .valued("theme", "FILE", "a theme JSON file"),
        .valued("font", "FILE", "a font file for all text"),
        .valued("memory-limit", "SIZE", """
            decode memory shared by all jobs, e.g. 512M or 2G
            (default 1G); a photo needing more fails alone
            """),
        .flag("allow-empty", """
            remove every output even when ENTRIES holds no
            entry (refused otherwise: an unmounted disk)
            """),
    ] + Kinds.options.map { .valued($0.name, $0.valueName, $0.help) } }

    static var help: String { """
    Usage: photicase-render render ENTRIES [options]

    Renders every entry under ENTRIES (an entry folder, or a folder of entry
    folders at any depth) into the cache: each kind --only lists, among them
    a static site to browse the rest (CACHE/index.html, opened from any
    browser or web server). Only what changed is rendered.

    \(Option.helpLines(options))

    Exit status: 0 all rendered or up to date, 1 some entries or folders
    failed (their outputs are kept as they were) or a file could not be
    written, 2 usage or configuration error, 3 another run holds the cache
    lock (or another program holds its index open). A one-line summary is
    printed on stdout at the end; warnings and failures go to stderr (or
    into the JSON events) and render.log.
    SIGINT, SIGTERM or SIGHUP stops the run after the items in progress:
    what is written is committed, the rest is left for the next run, and
    the tool then ends by that signal (a second one ends it at once).
    """ }

    static func run(_ words: ArraySlice<String>) throws -> ExitStatus {
        let args = try Arguments(words, spec: ArgumentSpec(options))
        guard args.positionals.count == 1 else { throw UsageError("render needs one ENTRIES folder") }
        var options = try renderOptions(args)
        let progress = try progressSink(args)
        let backend = try cardsBackend(args)
        options.quality = try args.int("quality", in: 1...100)
        if let settle = try settleNanoseconds() { options.settleNanoseconds = settle }
        // The handlers were installed before the words were parsed (main);
        // a dry run writes nothing, so a signal ends it as it would any
        // read-only command.
        if options.dryRun { StopSignals.endAtOnce() }
        let stop = options.dryRun ? nil : StopSignals.request
        // Every event the run reports is progress the stop watchdog sees.
        let kinds = backend.theme.kindKeys
        let run = RenderRun(options: options, backend: backend, loadEntry: diaryEntryLoading(kinds: kinds),
                            parseEntry: diaryEntryParsing(kinds: kinds), progress: Heartbeat(passingTo: progress), stop: stop)
        return finish(run, dryRun: options.dryRun)
    }

    /// The run's options from the words (all but the card options and
    /// `--quality`, which `run` reads after the progress sink).
    private static func renderOptions(_ args: Arguments) throws -> RenderOptions {
        var options = RenderOptions(entries: args.positionals[0], cache: try cacheFolder(args), today: try today(args))
        if let only = args.values["only"] {
            switch Kinds.parse(only: only) {
            case let .failure(unknown): throw UsageError("\(unknown)")
            case let .success(kinds):
                guard !kinds.isEmpty else { throw UsageError("--only needs at least one of \(Kinds.names)") }
                options.only = kinds
            }
        }
        if args.flags.contains("no-site") {
            guard options.only != [.site] else { throw UsageError("--no-site leaves nothing of --only site") }
            options.only.remove(.site)
        }
        if let url = args.values["site-url"] {
            do throws(SiteURLError) {
                options.siteURL = try SiteURL(parsing: url).description
            } catch {
                throw UsageError("--site-url: \(error) (an http or https URL such as https://example.com/tickets/)")
            }
        }
        if let format = args.values["format"] {
            let name: ImageFormatName
            switch format {
            case "png": name = .png
            case "jpeg", "jpg": name = .jpg
            case "webp": name = .webp
            default: throw UsageError("--format must be png, jpeg or webp, not '\(format)'")
            }
            for kind in Kinds.imageKinds { options.formats[kind] = name }
        }
        options.jobs = try args.int("jobs", in: 1...256) ?? cores
        options.force = args.flags.contains("force")
        options.dryRun = args.flags.contains("dry-run")
        options.wait = args.flags.contains("wait")
        options.allowEmpty = args.flags.contains("allow-empty")
        options.pageSize = try args.int("page-size", in: 1...120) ?? options.pageSize
        // The kinds' own options (`KindOption`), checked by their kinds' words.
        for option in Kinds.options {
            guard let given = args.values[option.name] else { continue }
            guard let value = option.canonical(given) else {
                throw UsageError("--\(option.name) must be \(option.valueName.split(separator: "|").joined(separator: ", ")), not '\(given)'")
            }
            options.kindOptions[option.name] = value
        }
        try applyMemoryLimit(args)
        try applyShard(args, to: &options)
        return options
    }

    /// `--shard K/N`, or `auto`: the array task's, from the engine's
    /// environment (said where the engine keeps the task's output).
    private static func applyShard(_ args: Arguments, to options: inout RenderOptions) throws {
        guard let shard = args.values["shard"] else { return }
        if shard == EngineShard.auto {
            do throws(EngineShardError) {
                let found = try EngineShard.resolve(ProcessEnvironment.value)
                options.shard = found.shard
                options.shardSource = found.source
                // Said where the engine keeps the task's output, and in render.log's start line.
                if !Console.json { Console.error("photicase-render: \(found.line)") }
            } catch { throw UsageError("\(error)") }
        } else {
            guard let parsed = Shard(shard) else { throw UsageError("--shard must be K/N with 0 <= K < N or auto, not '\(shard)'") }
            options.shard = parsed
        }
    }

    /// `--progress`: where the run's events go.
    private static func progressSink(_ args: Arguments) throws -> ProgressSink? {
        // `Console.json` was set from the words, before they were parsed
        // (`wantsJSON`), so a usage error is a JSON event too.
        switch args.values["progress"] ?? "auto" {
        case "auto": return ProgressBar.isTerminal() ? ProgressBar() : FailureLines()
        case "bar": return ProgressBar()
        case "json": return JSONProgress(writer: Console.jsonLine)
        case "none": return FailureLines()
        case let other: throw UsageError("--progress must be auto, bar, json or none, not '\(other)'")
        }
    }

    /// The drawing: the theme, the scale and the thumbnails' size.
    private static func cardsBackend(_ args: Arguments) throws -> CardsBackend {
        let cardOptions = try CardOptions(args)
        var backend = CardsBackend(theme: cardOptions.theme, scale: try args.int("scale", in: 1...3) ?? 2,
                                   thumbnailSide: try args.int("thumbnail-size", in: 16...4096) ?? CardRenderer.defaultThumbnailSide)
        // A benchmark switch (scripts/bench-decode.py): PHOTICASE_DECODE_CACHE=0
        // decodes every photo each time it is needed. Same bytes either way.
        if ProcessEnvironment.value("PHOTICASE_DECODE_CACHE") == "0" { backend.decodedPhotos = nil }
        return backend
    }

    /// For tests that write a book and check a stat-only rerun at once
    /// (docs/cli.md, "Environment"): how settled an entry.json must be.
    private static func settleNanoseconds() throws -> Int64? {
        guard let text = ProcessEnvironment.value("PHOTICASE_SETTLE_SECONDS") else { return nil }
        guard let seconds = Double(text), seconds >= 0, seconds <= 3600 else {
            throw UsageError("PHOTICASE_SETTLE_SECONDS must be a number of seconds from 0 to 3600, not '\(text)'")
        }
        return Int64(seconds * 1e9)
    }

    /// Runs `run`, says how it went, and gives the exit status.
    private static func finish(_ run: RenderRun<CardsBackend>, dryRun: Bool) -> ExitStatus {
        let summary: RunSummary
        do throws(PipelineError) {
            summary = try run.run()
        } catch {
            if case let .stopped(signal) = error {
                Console.fatal("photicase-render: \(error)", message: "\(error)", exit: 128 + signal)
                StopSignals.end(by: signal)
            }
            let status: ExitStatus = switch error {
            case .locked, .indexInUse: .locked
            default: .usage
            }
            Console.fatal("photicase-render: \(error)", message: "\(error)", exit: status.rawValue)
            return status
        }
        if dryRun {
            // Failures reached stderr as the run's events.
            for line in run.dryRunLines { Console.out(line) }
            // Counts are items, as a run's summary counts them; the lines
            // above are files (an entry's tickets are three).
            let files = run.dryRunLines.count { $0.hasPrefix("render ") }
            Console.out("dry run: would render \(summary.rendered) (\(files) file\(files == 1 ? "" : "s")), "
                        + "skip \(summary.skipped), remove \(summary.removed); \(summary.failed) failed")
        } else {
            Console.out("photicase-render: \(summary.line)")
        }
        if let signal = summary.stoppedBy { StopSignals.end(by: signal) }
        return summary.failed > 0 ? .inputFailure : .success
    }

    /// Whether `words` ask for `--progress json` (before any `--`; the
    /// last `--progress` counts, as when they are parsed), read before they
    /// are parsed so that even a usage error is reported as a JSON event.
    static func wantsJSON(_ words: ArraySlice<String>) -> Bool {
        let options = Array(words.prefix { $0 != "--" })
        var mode: String?
        for (i, word) in options.enumerated() {
            if word.hasPrefix("--progress=") { mode = String(word.dropFirst("--progress=".count)) }
            if word == "--progress", i + 1 < options.count { mode = options[i + 1] }
        }
        return mode == "json"
    }

    /// The production entry loader: entries may be the kinds `kinds` (the
    /// theme's; nil: any).
    /// The cores online: `--jobs`' default.
    static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    static func cacheFolder(_ args: Arguments) throws -> String {
        if let dir = args.values["cache"] { return dir }
        let env = ProcessEnvironment.self
        // Read as text, a value that is not UTF-8 would name another folder.
        for name in ["XDG_CACHE_HOME", "HOME"] where env.isNotUTF8(name) {
            throw UsageError("\(name) is not valid UTF-8, so it cannot name the cache folder; pass --cache")
        }
        // The XDG spec: a relative path in XDG_CACHE_HOME is invalid and
        // ignored (cron's working folder is not a cache).
        if let xdg = env.value("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/photicase-render" }
        // A relative HOME is no home either: it would grow a cache in the
        // working folder, wherever cron or a script happens to run.
        guard let home = env.value("HOME"), home.hasPrefix("/") else {
            throw UsageError("no --cache given, and neither XDG_CACHE_HOME nor HOME is set to an absolute path")
        }
        return home + "/.cache/photicase-render"
    }

    /// Sets the decode memory budget from `--memory-limit SIZE`, when given
    /// (render, share and convert).
    static func applyMemoryLimit(_ args: Arguments) throws {
        guard let text = args.values["memory-limit"] else { return }
        guard let bytes = MemoryBudget.parse(text) else {
            throw UsageError("--memory-limit must be a size of at least 1M, like 512M or 2G, not '\(text)'")
        }
        MemoryBudget.shared.limit = bytes
    }

    static func today(_ args: Arguments) throws -> CalendarDate {
        guard let text = args.values["today"] else { return localToday() }
        guard let date = CalendarDate(text) else { throw UsageError("--today must be a YYYY-MM-DD date, not '\(text)'") }
        return date
    }
}

/// Hands events on, each one a sign to the stop watchdog that the run is
/// not blocked (`StopSignals.beat`).
final class Heartbeat: ProgressSink {
    private let next: ProgressSink?

    init(passingTo next: ProgressSink?) { self.next = next }

    func handle(_ event: RenderEvent) {
        StopSignals.beat()
        next?.handle(event)
    }
}

/// Without a bar: failures and warnings as plain lines on stderr, as
/// they happen. A warning met by several outputs (the ticket, the day and
/// the month all crop the same photo) is printed once.
final class FailureLines: ProgressSink {
    private var printed: Set<String> = []

    func handle(_ event: RenderEvent) {
        if case let .waiting(cache, holder) = event {
            Console.error("photicase-render: " + RenderEvent.waitingLine(cache: cache, holder: holder))
        }
        if case let .waitingForIndex(path) = event {
            Console.error("photicase-render: " + RenderEvent.waitingForIndexLine(path))
        }
        if case let .notice(message, counted) = event {
            Console.error("photicase-render: \(counted ? "" : "warning: ")\(message)")
        }
        guard case let .item(_, _, _, _, status, error, warnings) = event else { return }
        // One message for several items (two entries with one id, a
        // photo that fails its ticket, day and page) is printed once.
        if status == .failed, let error, printed.insert(error).inserted { Console.error("photicase-render: \(error)") }
        for warning in warnings where printed.insert(warning).inserted {
            Console.error("photicase-render: warning: \(warning)")
        }
    }
}

enum ProcessEnvironment {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// True when `name` is set to bytes that are not UTF-8.
    static func isNotUTF8(_ name: String) -> Bool {
        getenv(name).map { String(validatingCString: $0) == nil } ?? false
    }
}
