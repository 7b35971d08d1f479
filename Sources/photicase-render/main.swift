import PhotiCaseText
#if canImport(Glibc)
import Glibc
#endif

/// The version printed by --version; also part of cache fingerprints later.
let toolVersion = "0.1.0"

/// The options of the tool itself (`runTool` reads them before any
/// command); every command also takes `--help` and `-h`.
let toolOptions: [Option] = [
    Option(name: "help", value: nil, short: "h", help: "show this help (a command's: COMMAND --help)"),
    .flag("version", "print the version"),
]

let toolHelp = """
Usage: photicase-render COMMAND [OPTIONS]

Renders PhotiCase ticket-book images.

Commands:
  render ENTRIES       render a ticket book into the cache (incremental)
  share ENTRY_DIR      render a shareable image of an entry or a year
  serve DIARY          answer share images over HTTP, from the cache when current
  clean                empty the cache, or --prune what is gone
  inspect FILE...      print each image's header facts as JSON lines
  convert IN OUT       decode, turn upright, optionally shrink, re-encode

Run 'photicase-render COMMAND --help' for a command's options.
\(Option.helpLines(toolOptions, column: 23))
"""

/// Runs one command and turns its outcome into an exit status.
func runTool(_ argv: [String]) -> ExitStatus {
    let words = argv.dropFirst()
    guard let command = words.first else {
        Console.error(toolHelp)
        return .usage
    }
    let rest = words.dropFirst()
    let commands: [String: (help: String, run: (ArraySlice<String>) throws -> ExitStatus)] = [
        "render": (RenderCommand.help, RenderCommand.run),
        "share": (ShareCommand.help, ShareCommand.run),
        "serve": (ServeCommand.help, ServeCommand.run),
        "clean": (CleanCommand.help, CleanCommand.run),
        "inspect": (InspectCommand.help, InspectCommand.run),
        "convert": (ConvertCommand.help, ConvertCommand.run),
    ]
    switch command {
    case "--help", "-h", "help":
        Console.out(toolHelp)
        return .success
    case "--version":
        Console.out("photicase-render \(toolVersion)")
        return .success
    default:
        guard let entry = commands[command] else {
            Console.error("photicase-render: unknown command '\(command)'\n\n\(toolHelp)")
            return .usage
        }
        // Only before "--": after it, "--help" is a file's name.
        let options = rest.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            Console.out(entry.help)
            return .success
        }
        if command == "render" {
            if RenderCommand.wantsJSON(rest) { Console.startJSON() }
            // As early as can be: a signal during parsing or loading stops
            // the run before it renders, with its events and log line.
            StopSignals.install(json: Console.json)
        }
        // Every command: a crash (a bug) still ends a JSON stream with a
        // JSON line, and one of the crash signals sent by another process
        // ends the command by it (the runtime's reporter would print a
        // report and let it carry on).
        CrashSignals.install(json: Console.json)
        if command == "render" {
            // Fontconfig complains about a user's configuration on stderr as
            // it loads it: loaded from here, so a JSON stream gets it as
            // warnings, on another thread while the cache opens and the
            // book loads (every font lookup waits for it). After the signal
            // handlers, which keep stderr as it is now for their last line.
            FontConfiguration.startLoading { load in Console.capturingStderr(load) }
        }
        // Swift reads arguments as text, so an argument that is not UTF-8
        // would name another path (its bad bytes as U+FFFD): a cache folder
        // nobody asked for would be made. Refused before anything is opened.
        for i in 1..<min(argv.count, Int(CommandLine.argc)) {
            guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else { continue }
            let message = "argument \(i) ('\(argv[i])') is not valid UTF-8; photicase-render reads paths as UTF-8 "
                + "(rename the file or folder)"
            Console.fatal("photicase-render \(command): \(message)", message: message, exit: ExitStatus.usage.rawValue)
            return .usage
        }
        do {
            return try entry.run(rest)
        } catch let error as UsageError {
            Console.fatal("photicase-render \(command): \(error)\nRun 'photicase-render \(command) --help' for usage.",
                          message: "\(error)", exit: ExitStatus.usage.rawValue)
            return .usage
        } catch {
            Console.fatal("photicase-render \(command): \(error)", message: "\(error)", exit: ExitStatus.inputFailure.rawValue)
            return .inputFailure
        }
    }
}

// Progress and messages are best effort: an app or a pipe (`| head`) that
// stops reading must not kill a run before it commits its index. With
// SIGPIPE ignored a write to a closed pipe fails with EPIPE, which
// `Console` drops, and the run finishes with its own exit status.
signal(SIGPIPE, SIG_IGN)
var status = runTool(CommandLine.arguments)
// A summary or listing that could not be written (`> /dev/full`, a full
// disk) is a failure, as it is for coreutils: a script must not read an
// empty or cut file as the answer.
if let code = Console.outputError {
    if status == .success { status = .inputFailure }
    // In a JSON stream, the last line: an error with the status the tool exits with.
    let message = "cannot write to standard output: \(String(cString: strerror(code)))"
    Console.fatal("photicase-render: \(message)", message: message, exit: status.rawValue)
}
// No thread is left inside fontconfig as the process exits.
FontConfiguration.ready()
exit(status.rawValue)
